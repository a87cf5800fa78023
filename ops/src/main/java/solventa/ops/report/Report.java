package solventa.ops.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import solventa.gatling.Acceptance;
import solventa.ops.analysis.BreakerTransition;
import solventa.ops.analysis.NodeFigures;
import solventa.ops.analysis.Recommendation;
import solventa.ops.analysis.SanityCheck;
import solventa.ops.analysis.StepResult;
import solventa.ops.analysis.StepResults;
import solventa.ops.analysis.TimelinePoint;
import solventa.ops.analysis.Verdict;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.results.ExperimentRecord;
import solventa.providerdouble.control.ProviderState;

/**
 * Builds the experiment report as a list of blocks (headings, paragraphs, tables, charts), which
 * {@link ReportWriter} renders as Markdown and HTML. Every number comes from a {@link StepResult};
 * a cell that could not be measured says "— (why)".
 */
public final class Report {
  sealed interface Block {}

  record Heading(int level, String text) implements Block {}

  record Para(String text) implements Block {}

  record Bullets(List<String> items) implements Block {}

  record Table(List<String> headers, List<List<String>> rows) implements Block {}

  record Chart(String file, String svg, String caption) implements Block {}

  /** An (arm, provider state) row of the card's tables. */
  private record Row(BenchArm arm, ProviderState state) {}

  /** Card table 1's rows; table 2 has the same without C down. */
  private static final List<Row> CARD_ROWS =
      List.of(
          new Row(BenchArm.A, ProviderState.HEALTHY),
          new Row(BenchArm.A, ProviderState.DEGRADED),
          new Row(BenchArm.B, ProviderState.HEALTHY),
          new Row(BenchArm.B, ProviderState.DEGRADED),
          new Row(BenchArm.C, ProviderState.HEALTHY),
          new Row(BenchArm.C, ProviderState.DEGRADED),
          new Row(BenchArm.C, ProviderState.UNRESPONSIVE),
          new Row(BenchArm.C, ProviderState.DOWN),
          new Row(BenchArm.C_PRIME, ProviderState.DEGRADED));

  private static final List<Row> SUMMARY_ROWS =
      CARD_ROWS.stream()
          .filter(x -> !(x.arm() == BenchArm.C && x.state() == ProviderState.DOWN))
          .toList();

  private final ExperimentRecord e;
  private final StepResults r;
  private final List<Block> blocks = new ArrayList<>();

  /** Whether a relative link of the report leads to a file beside it. */
  private final java.util.function.Predicate<String> present;

  private Report(ExperimentRecord e, java.util.function.Predicate<String> present) {
    this.e = e;
    this.r = new StepResults(e.steps());
    this.present = present;
  }

  /** The report's blocks, every link listed (tests). */
  static List<Block> build(ExperimentRecord e) {
    return build(e, link -> true);
  }

  /**
   * The report's blocks, linking only the files {@code present} finds beside the report: a copy of
   * a results folder without its Gatling reports (the committed sample) says so instead.
   */
  static List<Block> build(ExperimentRecord e, java.util.function.Predicate<String> present) {
    Report rep = new Report(e, present);
    rep.build();
    return rep.blocks;
  }

  public static String ms(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.0f", v);
  }

  public static String pct(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.2f", v);
  }

  /** A cell: the value, or "— (reason)" when it was not measured. */
  static String cell(String value, String reason) {
    return value != null ? value : "— (" + (reason == null ? "not measured" : reason) + ")";
  }

  static String why(StepResult s, String field) {
    return s.missing().getOrDefault(field, "not measured");
  }

  private static String yesNo(Boolean b, String reason) {
    return b == null ? cell(null, reason) : b ? "yes" : "no";
  }

  /** Why a cell of the protocol has no step: the profile leaves it out, or the run stopped. */
  private String notRun() {
    return e.complete()
        ? "not run in profile " + e.profile()
        : "not run: the experiment stopped before this step";
  }

  private ExperimentProfile profileOf() {
    return ExperimentProfile.named(e.profile());
  }

  /** Measured hit rate beside its target, flagged when more than 1.5 points off. */
  static String hitCell(StepResult s) {
    if (s.hitRatePct() == null) {
      return cell(null, why(s, "endToEnd"));
    }
    String measured = String.format(Locale.ROOT, "%.1f", s.hitRatePct());
    if (s.hitRateTargetPct() == null) {
      return measured + " (" + why(s, "hitRateTargetPct") + ")";
    }
    return measured
        + " / "
        + String.format(Locale.ROOT, "%.0f", s.hitRateTargetPct())
        + (Boolean.TRUE.equals(s.hitRateOff()) ? " ⚠ off by > 1.5 pts" : "");
  }

  private void h(int level, String text) {
    blocks.add(new Heading(level, text));
  }

  private void p(String text) {
    blocks.add(new Para(text));
  }

  private void build() {
    int nodes = e.nodeCount();
    h(
        1,
        "HA-01 latency lab — experiment report ("
            + e.profile()
            + (nodes > 1 ? ", " + nodes + " nodes" : "")
            + ")");
    p(
        "Can the embedded quote keep "
            + Acceptance.p95()
            + " and "
            + Acceptance.p99()
            + " (service side) when the Open Finance"
            + " provider degrades? Profile `"
            + e.profile()
            + "`, "
            + (nodes == 1
                ? "1 quote node"
                : nodes
                    + " quote nodes: each arm ran on a "
                    + nodes
                    + "-node Pekko cluster, the load round-robined over the nodes (see Per node"
                    + " and Environment)")
            + (e.nodes() == null ? " (results older than --nodes: one node then)" : "")
            + ", seed "
            + e.seed()
            + ", started "
            + e.startedAt()
            + ", finished "
            + e.finishedAt()
            + "."
            + (e.complete()
                ? ""
                : " **INCOMPLETE: "
                    + e.incompleteReason()
                    + "** — the tables hold what was measured before that."));
    answer();
    h(2, "How this run was measured");
    p(
        "Absolute thresholds do not transfer from this machine (2 cores shared by every process of the run,"
            + " no API gateway, one host): the *relative* result between arms is the main result; absolute values"
            + " are indicative. Latency is end to end at the load generator over each step's steady-state window"
            + " (the warm-up slice at the start of every step is discarded); errors count in the percentiles, and a"
            + " step \"meets\" only with "
            + Acceptance.p95()
            + ", "
            + Acceptance.p99()
            + " and at most 1 % errors.");
    p(
        "Verdicts follow docs/verdict-rules.md, rules version "
            + (e.rulesVersion() == null
                ? "unknown (results older than the versioned rules)"
                : e.rulesVersion())
            + ". Cache dynamics: known customers' values expire after T = "
            + profileOf().refreshAfterSec()
            + " s (quote.refresh-after); each walk and policy step draws from K known customers, K ="
            + " λT(1−h)/h, whose stored values start at steady-state ages (fresh ones uniform over"
            + " [0, T)), plus "
            + String.format(Locale.ROOT, "%.1f", profileOf().neverSeenShare() * 100)
            + " % never-seen customers; with the provider failing nothing is refreshed and such a"
            + " population drains. A hit-rate sweep step instead draws its hits from customers"
            + " seeded fresh until past the step's end, its misses once each from customers seeded"
            + " already expired, in a fixed order that holds the target throughout (the sweep's key"
            + " set, decision 0043). The measured hit rate (CACHED share) is shown beside the"
            + " target.");
    Verdict overall = e.verdicts().get("HD-01");
    if (overall != null && Boolean.TRUE.equals(overall.provisional())) {
      p(
          "**Provisional**: this profile made "
              + r.runs().size()
              + " run(s); the card's rule for HD-01 requires three.");
    }
    glossary();
    List<Chart> charts = Charts.of(r);
    verdicts(charts);
    perRunTables();
    summaryTable();
    sweepTable();
    policyTable();
    stampedeTable();
    intermediate();
    recommendation();
    blocks.addAll(OutageCostSection.of(r, profileOf()));
    recoveryTable();
    threats();
    h(2, "Appendix");
    p(
        "The detail behind the sections above: the charts no verdict shows, the sanity checks,"
            + " every step's figures, each node's, the environment and Gatling's own reports.");
    List<Chart> rest =
        charts.stream().filter(c -> !CHARTS_BY_VERDICT.containsValue(chartKey(c))).toList();
    if (!rest.isEmpty()) {
      h(2, "Other charts");
      blocks.addAll(rest);
    }
    sanity();
    walkDetail();
    perNode();
    environment();
    gatlingLinks();
  }

  /**
   * Which chart goes under which verdict (the chart's file name without its arm suffix, see {@link
   * #chartKey}); a verdict may show several, a chart shows once.
   */
  private static final Map<String, String> CHARTS_BY_VERDICT =
      Map.of(
          "HD-01.2", "latency",
          "HD-01.4", "hit-rate",
          "HD-01.7", "provider-calls",
          "HD-01.8", "recovery-fallback");

  /**
   * Where each verdict's detail is: the section of the card's table its evidence comes from (a
   * Markdown link to the heading's anchor).
   */
  private static final Map<String, String> EVIDENCE_SECTION =
      Map.of(
          "HD-01.1", "Results per run (card table 1)",
          "HD-01.2", "Summary across runs (card table 2)",
          "HD-01.3", "Every step in detail",
          "HD-01.4", "Hit-rate sweep, provider degraded (card table 3)",
          "HD-01.5", "Breaker policy × traffic, provider turned unresponsive (card table 4)",
          "HD-01.6", "Breaker policy × traffic, provider turned unresponsive (card table 4)",
          "HD-01.7", "Concurrent misses on one key, C vs C' (card table 5)",
          "HD-01.8", "Recovery second by second (C and C')",
          "HD-01", "Recommendation");

  /** "latency" for latency-c.svg, "hit-rate" for hit-rate.svg. */
  static String chartKey(Chart c) {
    String f = c.file().replace(".svg", "");
    return f.startsWith("latency-") ? "latency" : f;
  }

  /** The anchor GitHub and {@link ReportWriter} give a heading: lower case, spaces to hyphens. */
  static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} \\-]", "").replace(' ', '-');
  }

  /**
   * The glossary: every term the report uses, with the card's Spanish term (see {@link Glossary}).
   */
  private void glossary() {
    h(2, "Glossary");
    blocks.add(new Table(Glossary.HEADERS, Glossary.rows(profileOf())));
  }

  /** The answer first: one sentence, the arm × state grid of the walk (see {@link Summary}). */
  private void answer() {
    Summary sum = Summary.of(e);
    h(2, "Answer");
    p("**" + sum.answer() + "**");
    p(
        "The state walk at a glance: ✓ every run met "
            + Acceptance.describe()
            + " (worst run's p95/p99, ms, at the generator), ✗ a run missed (the worst missing"
            + " step, with its errors), — not walked. Arms A and B run without a breaker; B+CB is B"
            + " with one. Terms: the Glossary; details: the verdicts, Results per run and the"
            + " Recommendation below.");
    blocks.add(new Table(sum.gridHeaders(), sum.grid()));
  }

  private void verdicts(List<Chart> charts) {
    h(2, "Verdicts");
    List<List<String>> rows = new ArrayList<>();
    for (Verdict v : e.verdicts().values()) {
      rows.add(List.of(v.id(), v.statement(), v.verdict().toUpperCase(Locale.ROOT)));
    }
    blocks.add(new Table(List.of("Hypothesis", "Statement", "Verdict"), rows));
    for (Verdict v : e.verdicts().values()) {
      h(3, v.id() + " — " + v.verdict());
      p(v.statement());
      blocks.add(new Bullets(v.evidence()));
      String key = CHARTS_BY_VERDICT.get(v.id());
      if (key != null) {
        charts.stream().filter(c -> chartKey(c).equals(key)).forEach(blocks::add);
      }
      String section = EVIDENCE_SECTION.get(v.id());
      if (section != null) {
        p("Evidence in detail: [" + section + "](#" + anchor(section) + ").");
      }
    }
  }

  private List<String> cardRow(StepResult s, boolean fallbackApplies) {
    return List.of(
        s.spec().arm().label(),
        s.spec().run(),
        StateNames.label(s.spec().state()),
        cell(ms(s.endToEnd().p50()), why(s, "endToEnd")),
        cell(ms(s.endToEnd().p95()), why(s, "endToEnd")),
        cell(ms(s.endToEnd().p99()), why(s, "endToEnd")),
        cell(pct(s.errorPct()), why(s, "errorPct")),
        fallbackApplies
            ? cell(pct(s.fallbackPct()), why(s, "fallbackPct"))
            : "n/a (arm A has no fallback)",
        s.spec().arm().caches() ? hitCell(s) : "n/a (arm A has no cache)",
        yesNo(s.meets(), why(s, "endToEnd")));
  }

  private void perRunTables() {
    h(2, "Results per run (card table 1)");
    if (r.runs().isEmpty()) {
      p("— (no state walk was run)");
    }
    for (String run : r.runs()) {
      List<List<String>> rows = new ArrayList<>();
      for (Row l : CARD_ROWS) {
        BenchArm arm = l.arm();
        ProviderState st = l.state();
        Optional<StepResult> s = r.walk(run, arm, st);
        if (s.isPresent()) {
          rows.add(cardRow(s.get(), arm != BenchArm.A));
        } else {
          String m = cell(null, notRun());
          rows.add(List.of(arm.label(), run, StateNames.label(st), m, m, m, m, m, m, m));
        }
      }
      h(3, "Run " + run);
      blocks.add(
          new Table(
              List.of(
                  "Arm",
                  "Run",
                  "Provider state",
                  "p50 (ms)",
                  "p95 (ms)",
                  "p99 (ms)",
                  "Error (%)",
                  "Fallback (%)",
                  "Hit % measured / target",
                  "Meets?"),
              rows));
    }
  }

  private void summaryTable() {
    h(2, "Summary across runs (card table 2)");
    List<List<String>> rows = new ArrayList<>();
    for (Row l : SUMMARY_ROWS) {
      BenchArm arm = l.arm();
      ProviderState st = l.state();
      List<StepResult> steps =
          r.runs().stream().map(run -> r.walk(run, arm, st)).flatMap(Optional::stream).toList();
      List<Double> p95s =
          steps.stream().map(s -> s.endToEnd().p95()).filter(x -> x != null).toList();
      Double mean = p95s.isEmpty() ? null : p95s.stream().mapToDouble(x -> x).average().orElse(0);
      Double sd = p95s.size() < 2 ? null : stddev(p95s, mean);
      long meets = steps.stream().filter(s -> Boolean.TRUE.equals(s.meets())).count();
      String verdict;
      if (steps.isEmpty()) {
        verdict = cell(null, "not measured");
      } else if (meets < steps.size()) {
        verdict = "misses (" + (steps.size() - meets) + " of " + steps.size() + " runs)";
      } else if (sd != null && mean + 2 * sd > Acceptance.P95_MS) {
        verdict = "unstable: meets, but mean + 2 sd exceeds " + Acceptance.P95_MS + " ms";
      } else {
        verdict = "meets";
      }
      rows.add(
          List.of(
              arm.label(),
              StateNames.label(st),
              cell(ms(mean), "not measured"),
              cell(
                  sd == null ? null : String.format(Locale.ROOT, "%.1f", sd),
                  p95s.size() < 2
                      ? "needs ≥ 2 runs; profile " + e.profile() + " has " + p95s.size()
                      : "not measured"),
              steps.isEmpty() ? cell(null, "not measured") : meets + "/" + steps.size() + " runs",
              verdict));
    }
    blocks.add(
        new Table(
            List.of(
                "Arm",
                "Provider state",
                "Mean p95 (ms)",
                "Standard deviation",
                "Meets in every run?",
                "Verdict"),
            rows));
  }

  static double stddev(List<Double> xs, double mean) {
    double ss = 0;
    for (double x : xs) {
      ss += (x - mean) * (x - mean);
    }
    return Math.sqrt(ss / (xs.size() - 1));
  }

  private void sweepTable() {
    h(2, "Hit-rate sweep, provider degraded (card table 3)");
    List<List<String>> rows = new ArrayList<>();
    for (double h : sweepRows()) {
      Optional<StepResult> b = r.sweep(BenchArm.B, h);
      Optional<StepResult> c = r.sweep(BenchArm.C, h);
      boolean cBisection = c.isPresent() && c.get().spec().bisection();
      boolean bBisection = b.isPresent() && b.get().spec().bisection();
      boolean bisection = cBisection || bBisection;
      // each arm's bisection steps measure that arm only: the other's cell says so, not a number
      String notRun =
          cBisection
              ? "no B step: C's bisection steps measure C only"
              : bBisection ? "no C step: B's bisection steps measure B only" : notRun();
      rows.add(
          List.of(
              solventa.ops.protocol.ProtocolPlan.points(h)
                  + " %"
                  + (bisection ? " (bisection)" : ""),
              b.map(s -> cell(ms(s.endToEnd().p95()), why(s, "endToEnd")))
                  .orElse(cell(null, notRun)),
              b.map(s -> cell(ms(s.endToEnd().p99()), why(s, "endToEnd")))
                  .orElse(cell(null, notRun)),
              c.map(s -> cell(ms(s.endToEnd().p95()), why(s, "endToEnd")))
                  .orElse(cell(null, notRun)),
              c.map(s -> cell(ms(s.endToEnd().p99()), why(s, "endToEnd")))
                  .orElse(cell(null, notRun)),
              c.map(s -> cell(pct(s.fallbackPct()), why(s, "fallbackPct")))
                  .orElse(cell(null, notRun)),
              b.map(Report::hitCell).orElse(cell(null, notRun))
                  + " | "
                  + c.map(Report::hitCell).orElse(cell(null, notRun)),
              b.map(s -> yesNo(s.meets(), why(s, "endToEnd"))).orElse(cell(null, notRun))));
    }
    if (profileOf().maxBisectionSteps() > 0) {
      p(
          "Rows marked (bisection) are B's or C's extra sweep steps: after an arm's planned rates"
              + " the runner bisects the bracket of its minimum hit rate (highest failing, lowest"
              + " holding measured rate) until it is at most "
              + profileOf().bisectionResolutionPts()
              + " points wide, or, with no bracket, extends the sweep past its end (down to 0 %,"
              + " or up to the highest target the never-seen share allows), in at most "
              + profileOf().maxBisectionSteps()
              + " steps per arm (decisions 0022, 0043). The other arm has no step at those"
              + " rates.");
    }
    p(
        "Each sweep step's hit rate is a controlled variable (the sweep's key set, decision 0043):"
            + " a step whose measured CACHED share is more than "
            + String.format(Locale.ROOT, "%.1f", StepResult.HIT_RATE_TOLERANCE_PTS)
            + " points from its target is invalid and re-run once, and HD-01.4 judges every rate"
            + " at its measured hit rate, the target beside it.");
    p(
        "C holds at a hit rate when it meets the thresholds (HD-01.4 is about latency, as the card"
            + " writes it); its fallback share, shown beside, is judged against the actuarial"
            + " ceiling of "
            + String.format(Locale.ROOT, "%.0f", profileOf().fallbackCeilingPct())
            + " % (an assumption: the card leaves the acceptable share to actuaries) by HD-01's"
            + " clause (b).");
    blocks.add(
        new Table(
            List.of(
                "Target hit rate",
                "B p95 (ms)",
                "B p99 (ms)",
                "C p95 (ms)",
                "C p99 (ms)",
                "C fallback (%)",
                "Hit % measured / target (B | C)",
                "Does B already meet?"),
            rows));
  }

  /**
   * The sweep table's rows, highest first: the profile's planned rates (shown missing when not run)
   * and every rate measured, C's bisected rates among them.
   */
  private List<Double> sweepRows() {
    TreeSet<Double> rates = new TreeSet<>(Comparator.reverseOrder());
    rates.addAll(List.of(0.99, 0.96, 0.90, 0.50)); // the card table 3 rows
    for (double h : r.sweepHitRates()) {
      if (rates.stream().noneMatch(x -> Math.abs(x - h) < 1e-9)) {
        rates.add(h);
      }
    }
    return List.copyOf(rates);
  }

  private void policyTable() {
    h(2, "Breaker policy × traffic, provider turned unresponsive (card table 4)");
    ExperimentProfile pr = profileOf();
    p(
        "Sacrificed: quotes admitted while the breaker was CLOSED (stamped at admission) whose resolution waited"
            + " on a provider call that failed, over the requests sent in the fixed exposure window [change, change"
            + " + W), W = "
            + pr.exposureWindowSec()
            + " s in every profile. Arm C at a 96 % hit-rate target. Policies: count opens after "
            + pr.countPolicyN()
            + " consecutive failures; rate opens at "
            + String.format(Locale.ROOT, "%.0f", pr.ratePolicy().thresholdPct())
            + " % failures over "
            + pr.ratePolicy().windowSec()
            + " s with at least "
            + pr.ratePolicy().minCalls()
            + " calls."
            + breakersNote());
    List<List<String>> rows = new ArrayList<>();
    List<Integer> rates = r.policyRates();
    if (rates.isEmpty()) {
      rates = List.of(200, 10);
    }
    for (int i = 0; i < rates.size(); i++) {
      int rate = rates.get(i);
      String traffic = (i == 0 ? "Alto" : "Bajo") + " (" + rate + " sol/s)";
      for (String policy : List.of("count", "rate")) {
        Optional<StepResult> s = r.policy(policy, rate);
        String notRun = notRun();
        rows.add(
            List.of(
                traffic,
                policy.equals("count") ? "Por conteo" : "Por tasa",
                s.map(x -> cell(pct(x.sacrificedPct()), why(x, "sacrificedPct")))
                    .orElse(cell(null, notRun)),
                s.map(
                        x ->
                            x.sacrificed() == null
                                ? cell(null, why(x, "sacrificed"))
                                : x.sacrificed() + " of " + x.requestsSinceChange())
                    .orElse(cell(null, notRun)),
                s.map(
                        x ->
                            cell(
                                x.timeToOpenMs() == null ? null : x.timeToOpenMs().toString(),
                                why(x, "timeToOpenMs")))
                    .orElse(cell(null, notRun)),
                s.map(
                        x ->
                            x.sacrificedPct() == null
                                ? cell(null, why(x, "sacrificedPct"))
                                : x.sacrificedPct() < 1 ? "yes" : "no")
                    .orElse(cell(null, notRun))));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Traffic",
                "Policy",
                "Sacrificed (% of W)",
                "Sacrificed / sent",
                "Time to open (ms)",
                "< 1 %?"),
            rows));
  }

  private void stampedeTable() {
    h(2, "Concurrent misses on one key, C vs C' (card table 5)");
    List<List<String>> rows = new ArrayList<>();
    for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
      Optional<StepResult> s = r.stampede(arm);
      rows.add(
          List.of(
              arm == BenchArm.C ? "C (sin coalescencia)" : "C' (con coalescencia)",
              s.map(
                      x ->
                          x.providerCalls() == null
                              ? cell(null, why(x, "providerCalls"))
                              : x.providerCalls()
                                  + " calls for "
                                  + x.spec().concurrent()
                                  + " concurrent misses")
                  .orElse(cell(null, notRun())),
              s.map(
                      x ->
                          x.poolMaxInFlight() == null
                              ? cell(null, why(x, "poolMaxInFlight"))
                              : "max in-flight "
                                  + x.poolMaxInFlight()
                                  + " of pool "
                                  + x.poolSize()
                                  + ", "
                                  + x.rejections()
                                  + " rejected by the bulkhead")
                  .orElse(cell(null, notRun()))));
    }
    blocks.add(
        new Table(
            List.of("Arm", "Provider calls per concurrent miss", "Pool saturation observed"),
            rows));
  }

  private void intermediate() {
    h(2, "Intermediate result: does B, or B with a breaker, meet the thresholds?");
    p(
        "B is cache-aside that waits up to the 700 ms hard timeout on a miss, with no breaker (the card's arm B)."
            + " B+CB is the same with the circuit breaker: the simpler design with a breaker alone. Run "
            + (r.runs().isEmpty() ? "—" : r.runs().get(0))
            + ".");
    List<List<String>> rows = new ArrayList<>();
    String run = r.runs().isEmpty() ? "R1" : r.runs().get(0);
    for (ProviderState st :
        List.of(ProviderState.HEALTHY, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
      for (BenchArm arm : List.of(BenchArm.B, BenchArm.B_CB)) {
        Optional<StepResult> s = r.walk(run, arm, st);
        String m = cell(null, notRun());
        rows.add(
            s.map(
                    x ->
                        List.of(
                            arm.label(),
                            StateNames.label(st),
                            cell(ms(x.endToEnd().p95()), why(x, "endToEnd")),
                            cell(ms(x.endToEnd().p99()), why(x, "endToEnd")),
                            cell(pct(x.errorPct()), why(x, "errorPct")),
                            hitCell(x),
                            yesNo(x.meets(), why(x, "endToEnd"))))
                .orElse(List.of(arm.label(), StateNames.label(st), m, m, m, m, m)));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Arm",
                "Provider state",
                "p95 (ms)",
                "p99 (ms)",
                "Error (%)",
                "Hit % measured / target",
                "Meets?"),
            rows));
    for (BenchArm arm : List.of(BenchArm.B, BenchArm.B_CB)) {
      Optional<StepResult> d = r.walk(run, arm, ProviderState.DEGRADED);
      if (d.isEmpty() || d.get().meets() == null) {
        continue;
      }
      StepResult x = d.get();
      boolean latencyOk =
          x.endToEnd().p95() <= Acceptance.P95_MS && x.endToEnd().p99() <= Acceptance.P99_MS;
      p(
          "**"
              + arm.label()
              + " degraded**: "
              + (x.meets()
                  ? "meets the thresholds (errors " + pct(x.errorPct()) + " %)."
                  : latencyOk
                      ? "its p95 and p99 are within the thresholds, but "
                          + pct(x.errorPct())
                          + " % of its quotes fail (> 1 %)."
                      : "misses the latency thresholds (p95 "
                          + ms(x.endToEnd().p95())
                          + " ms, p99 "
                          + ms(x.endToEnd().p99())
                          + " ms) with "
                          + pct(x.errorPct())
                          + " % errors."));
    }
  }

  /**
   * The card's decision ({@link Recommendation}): the simplest design that meets the requirements
   * in every required state of every run, within the actuarial ceiling, with every design's
   * standing.
   */
  private void recommendation() {
    Recommendation rec = Recommendation.of(r, profileOf().fallbackCeilingPct());
    h(2, "Recommendation");
    p("**" + rec.sentence() + "**");
    p(
        "The rule (docs/verdict-rules.md, Recommendation): designs from the simplest ("
            + String.join(
                ", ", Recommendation.SIMPLEST_FIRST.stream().map(BenchArm::label).toList())
            + "); the first that meets "
            + Acceptance.describe()
            + " in every one of "
            + String.join(
                ", ", Recommendation.REQUIRED_STATES.stream().map(StateNames::label).toList())
            + " in every run, with its fallback share at most the assumed "
            + String.format(Locale.ROOT, "%.0f", rec.ceilingPct())
            + " % actuarial ceiling in the failure states, is recommended. A step not run or not"
            + " usable leaves a design not established. Cost: the highest fallback share, p95 data"
            + " age and error share over its failure states.");
    List<List<String>> rows = new ArrayList<>();
    for (Recommendation.Candidate c : rec.candidates()) {
      String noCost = c.status() == Recommendation.Status.MISSES ? "misses" : "not established";
      rows.add(
          List.of(
              c.arm().label(),
              switch (c.status()) {
                case QUALIFIES -> "qualifies";
                case ABOVE_CEILING -> "meets the latency, fallback above the ceiling";
                case MISSES -> "misses";
                case NOT_ESTABLISHED -> "not established";
              },
              cell(pct(c.worstFallbackPct()), noCost),
              cell(
                  c.worstAgeP95Ms() == null
                      ? null
                      : String.format(Locale.ROOT, "%.1f", c.worstAgeP95Ms() / 1000),
                  noCost),
              cell(pct(c.worstErrorPct()), noCost),
              c.evidence().size() <= 2
                  ? String.join("; ", c.evidence())
                  : c.evidence().get(0) + "; … (" + (c.evidence().size() - 1) + " more)"));
    }
    blocks.add(
        new Table(
            List.of(
                "Design",
                "Standing",
                "Fallback % (worst)",
                "Data age p95 (s, worst)",
                "Errors % (worst)",
                "Evidence"),
            rows));
  }

  /** Per second of C's and C''s recovery: what HD-01.8's stampede rule reads. */
  private void recoveryTable() {
    h(2, "Recovery second by second (C and C')");
    p(
        "From the change to RECOVERY: requests, distinct customers requested, fallback share, breaker state,"
            + " provider calls completed and adapter calls in flight (sampled), per second."
            + breakersNote());
    String run = r.runs().isEmpty() ? null : r.runs().get(0);
    for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
      Optional<StepResult> s =
          run == null ? Optional.empty() : r.walk(run, arm, ProviderState.RECOVERY);
      if (s.isEmpty()) {
        p(arm.label() + ": " + cell(null, notRun()));
        continue;
      }
      List<List<String>> rows = new ArrayList<>();
      for (TimelinePoint t : s.get().timeline()) {
        rows.add(
            List.of(
                Integer.toString(t.second()),
                Integer.toString(t.requests()),
                t.customers() == null ? "—" : t.customers().toString(),
                cell(pct(t.fallbackShare()), "no request"),
                t.breaker() == null ? "—" : t.breaker(),
                t.providerCalls() == null ? "—" : t.providerCalls().toString(),
                t.inFlight() == null ? "—" : t.inFlight().toString()));
      }
      h(3, arm.label() + " " + run + " recovery");
      blocks.add(
          new Table(
              List.of(
                  "s",
                  "requests",
                  "customers",
                  "fallback %",
                  "breaker",
                  "provider calls",
                  "in flight"),
              rows));
    }
  }

  private void sanity() {
    h(2, "Sanity checks");
    List<List<String>> rows = new ArrayList<>();
    for (SanityCheck c : e.sanity()) {
      rows.add(
          List.of(
              c.run(), c.name(), c.passed() ? "passed" : "FAILED — run invalidated", c.detail()));
    }
    if (rows.isEmpty()) {
      p("— (no run completed, so no sanity check ran)");
    } else {
      blocks.add(new Table(List.of("Run", "Check", "Result", "Detail"), rows));
    }
    h(3, "Invalidations");
    List<String> inv = new ArrayList<>();
    for (StepResult s : e.steps()) {
      for (String reason : s.invalidations()) {
        inv.add(s.spec().id() + ": " + reason + (s.valid() ? " (re-run valid)" : ""));
      }
    }
    if (inv.isEmpty()) {
      p("None: every step passed its checks at the first attempt.");
    } else {
      blocks.add(new Bullets(inv));
    }
    List<String> off = new ArrayList<>();
    for (StepResult s : e.steps()) {
      if (Boolean.TRUE.equals(s.hitRateOff())) {
        off.add(s.spec().id() + ": measured hit rate " + hitCell(s));
      }
    }
    h(3, "Hit rate off target by more than 1.5 points");
    p(
        "A sweep step this far off is invalid (its hit rate is the sweep's controlled variable); a"
            + " walk step's is shown, not invalidated: its population drains while the provider"
            + " fails.");
    if (off.isEmpty()) {
      p("None.");
    } else {
      blocks.add(new Bullets(off));
    }
  }

  private void walkDetail() {
    h(2, "Every step in detail");
    List<List<String>> rows = new ArrayList<>();
    for (StepResult s : e.steps()) {
      rows.add(
          List.of(
              s.spec().id(),
              s.spec().rate()
                  + " ("
                  + (s.achievedRate() == null
                      ? "—"
                      : String.format(Locale.ROOT, "%.1f", s.achievedRate()))
                  + ")",
              Long.toString(s.requests()),
              cell(ms(s.endToEnd().p50()), why(s, "endToEnd"))
                  + " / "
                  + cell(ms(s.endToEnd().p95()), why(s, "endToEnd"))
                  + " / "
                  + cell(ms(s.endToEnd().p99()), why(s, "endToEnd"))
                  + " / "
                  + cell(ms(s.endToEnd().max()), why(s, "endToEnd")),
              cell(ms(s.internal().p95()), why(s, "internal"))
                  + " / "
                  + cell(ms(s.internal().p99()), why(s, "internal")),
              cell(pct(s.errorPct()), why(s, "errorPct")),
              cell(pct(s.stalePct()), why(s, "fallbackPct"))
                  + " / "
                  + cell(pct(s.defaultPct()), why(s, "fallbackPct")),
              cell(ms(s.ageP50()), why(s, "ageP50"))
                  + " / "
                  + cell(ms(s.ageP95()), why(s, "ageP50")),
              s.sacrificed() == null
                  ? cell(null, why(s, "sacrificed"))
                  : s.sacrificed()
                      + " ("
                      + cell(pct(s.sacrificedPct()), why(s, "sacrificedPct"))
                      + " %)",
              cell(
                  s.timeToOpenMs() == null ? null : s.timeToOpenMs().toString(),
                  why(s, "timeToOpenMs")),
              cell(
                  s.providerCallsPerMiss() == null
                      ? null
                      : String.format(Locale.ROOT, "%.2f", s.providerCallsPerMiss()),
                  why(s, "providerCallsPerMiss")),
              s.poolMaxInFlight() == null
                  ? cell(null, why(s, "poolMaxInFlight"))
                  : s.poolMaxInFlight() + "/" + s.poolSize() + ", " + s.rejections() + " rej.",
              cell(
                  s.doubleLagP99() == null
                      ? null
                      : String.format(Locale.ROOT, "%.1f", s.doubleLagP99()),
                  why(s, "doubleLagP99")),
              cell(ms(s.scheduleLagP99Ms()), why(s, "scheduleLagP99Ms")),
              cell(ms(s.nodeWorstSecondP99Ms()), why(s, "nodeWorstSecondP99Ms")),
              s.spec().arm().caches() ? hitCell(s) : "n/a",
              s.valid() ? (s.attempts() > 1 ? "valid (re-run)" : "valid") : "INVALID"));
    }
    p(
        "Rate: target (achieved over the window). Latency: p50 / p95 / p99 / max at the generator; internal: the"
            + " node's own p95 / p99. Fallback: STALE % / DEFAULT %. Age: data age p50 / p95 (ms). Pool: the most"
            + " adapter calls in flight sampled during the step / pool size, and bulkhead rejections in the step."
            + " Sched. lag: the generator's schedule lag p99; node worst s: the highest per-second p99 of the node's"
            + " own service time.");
    blocks.add(
        new Table(
            List.of(
                "Step",
                "Rate req/s",
                "n",
                "Latency ms",
                "Internal ms",
                "Error %",
                "Fallback %",
                "Age ms",
                "Sacrificed",
                "Time to open ms",
                "Calls/miss",
                "Pool",
                "Double lag p99 ms",
                "Sched. lag p99 ms",
                "Node worst s p99 ms",
                "Hit %",
                "Valid"),
            rows));
  }

  /** What N breakers mean for the breaker figures; empty with one node. */
  private String breakersNote() {
    int n = e.nodeCount();
    return n == 1
        ? ""
        : " "
            + n
            + " nodes, so "
            + n
            + " breakers per arm (one per node's adapter, see decision 0016): time to open is the"
            + " first breaker's, \"closed after\" waits for the last one, the degraded path starts"
            + " when every breaker has opened, and a breaker column lists each node's state"
            + " (node-1,node-2,…) when they differ.";
  }

  /** Each member's own figures per step, when the experiment ran on several nodes. */
  private void perNode() {
    if (e.nodeCount() == 1) {
      return;
    }
    h(2, "Per node");
    p(
        "Each cluster member's own figures per step. In the tables above, counts add up over the"
            + " nodes (quotes, provider calls, cache misses, sacrificed, rejections), the pool is the"
            + " busiest node's (most in flight on one node's pool / one node's pool size), \"node"
            + " worst s\" is the worst second of any node (the stall check applies to every node),"
            + " and the node's own percentiles are shown only here: they do not merge into one."
            + breakersNote()
            + " Requests: sent by the generator to that node's quote API in the window; quotes:"
            + " answered by the node (its own counter).");
    List<List<String>> rows = new ArrayList<>();
    for (StepResult s : e.steps()) {
      for (NodeFigures n : s.nodes()) {
        List<String> tr = new ArrayList<>();
        for (BreakerTransition t : n.transitions()) {
          tr.add(
              t.from()
                  + "→"
                  + t.to()
                  + String.format(Locale.ROOT, " %+.1f s", (t.atMs() - s.changeMs()) / 1000.0));
        }
        rows.add(
            List.of(
                s.spec().id(),
                n.node(),
                Long.toString(n.requests()),
                n.quotes() == null ? cell(null, "node stats unavailable") : n.quotes().toString(),
                cell(ms(n.internal().p95()), "no quote on this node")
                    + " / "
                    + cell(ms(n.internal().p99()), "no quote on this node"),
                cell(ms(n.worstSecondP99Ms()), "no per-second reading"),
                n.poolMaxInFlight() == null
                    ? cell(null, "no adapter snapshot")
                    : n.poolMaxInFlight() + "/" + n.poolSize() + ", " + n.rejections() + " rej.",
                n.providerCalls() == null ? "—" : n.providerCalls().toString(),
                tr.isEmpty() ? "none" : String.join("; ", tr)));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Step",
                "Node",
                "Requests",
                "Quotes",
                "Internal p95 / p99 ms",
                "Worst s p99 ms",
                "Pool",
                "Provider calls",
                "Breaker transitions (s from the change)"),
            rows));
  }

  private void threats() {
    h(2, "Threats to validity");
    List<String> t = new ArrayList<>();
    t.add(
        "Absolute thresholds do not transfer: a development machine, no API gateway hop; the relative result between arms is the main result.");
    t.add(
        "Everything runs on one host with 2 cores: the load generator, Toxiproxy, the double, Redis, PostgreSQL and the node compete for CPU. Heaps are fixed; the generator's achieved rate and the double's lag are checked per step (Sanity checks).");
    t.add(
        "One host underestimates the network latency between the quote node, Redis and the adapter, which sit on different nodes in production.");
    t.add(
        "The OS page cache and JIT warm-up are not controlled; arms run in Latin-square order and every step discards a warm-up slice.");
    t.add(
        "Tail variability mostly affects p99; "
            + (r.runs().size() >= 3
                ? "three runs and the standard deviation of p95 are reported."
                : "this profile has "
                    + r.runs().size()
                    + " run(s), so no deviation across runs is available: use profile full for the card's three runs."));
    t.add(
        "The double's log-normal latency is a reasoned tail shape, not a measurement of the real provider.");
    t.add(
        "The fallback is one default profile per line of business; actuarial calibration is out of scope. The report assumes a fallback share above "
            + ExperimentProfile.FALLBACK_CEILING_PCT
            + " % is unacceptable (the card leaves the figure to actuaries).");
    t.add("Two discrete traffic levels for the breaker policies, not a curve.");
    t.add(
        "Toxiproxy degrades the connection, not the provider's application: provider-specific behaviour (e.g. 429 rate limiting) is only covered by the double's error shares, not used in this protocol.");
    // every figure from the profile that ran, so the line stays true when a setting changes
    ExperimentProfile pr = profileOf();
    int shortest = pr.warmupSec() + Math.min(pr.measureSec(), pr.pathMeasureSec());
    int longest = pr.warmupSec() + Math.max(pr.measureSec(), pr.pathMeasureSec());
    t.add(
        "Known customers' values expire after T = refresh-after = "
            + pr.refreshAfterSec()
            + " s. Every step but recovery draws new known customers, seeded before it through the node's adapter with steady-state ages (the fresh ones uniform over [0, T), the others already past T); recovery continues the outage step before it. With the provider failing nothing is refreshed and fresh values expire at about 1/T of them per second, so C falls back on STALE for known customers whose value is past T and on DEFAULT for never-seen customers ("
            + String.format(Locale.ROOT, "%.1f", pr.neverSeenShare() * 100)
            + " % of requests) and any that could not be seeded. The walk's outage steps end "
            + (shortest == longest ? shortest : shortest + "–" + longest)
            + " s after the change ("
            + (shortest == longest
                ? Math.round(100.0 * shortest / pr.refreshAfterSec())
                : Math.round(100.0 * shortest / pr.refreshAfterSec())
                    + "–"
                    + Math.round(100.0 * longest / pr.refreshAfterSec()))
            + " % of T): their fallback share grows with the outage's length relative to T, not only with the design.");
    long invalid = e.sanity().stream().filter(c -> !c.passed()).count();
    if (invalid > 0) {
      t.add(
          invalid
              + " sanity check(s) failed: see Sanity checks; the affected runs are invalid for acceptance.");
    }
    blocks.add(new Bullets(t));
  }

  private void environment() {
    h(2, "Environment");
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<String, String> en : e.environment().entrySet()) {
      rows.add(List.of(en.getKey(), en.getValue()));
    }
    blocks.add(new Table(List.of("Item", "Value"), rows));
  }

  private void gatlingLinks() {
    h(2, "Gatling reports");
    List<String> items = new ArrayList<>();
    int absent = 0;
    for (StepResult s : e.steps()) {
      if (s.gatlingReport() != null) {
        if (present.test(s.gatlingReport())) {
          items.add("[" + s.spec().id() + "](" + s.gatlingReport() + ")");
        } else {
          absent++;
        }
      }
    }
    if (absent > 0) {
      p(
          "— ("
              + absent
              + " Gatling HTML reports were written in the run's own folder, under gatling/, and"
              + " are not in this copy of it; a run of the experiment writes them again)");
    }
    if (!items.isEmpty()) {
      blocks.add(new Bullets(items));
    } else if (absent == 0) {
      p("— (none: profile " + e.profile() + " runs Gatling without its HTML reports to save time)");
    }
  }
}
