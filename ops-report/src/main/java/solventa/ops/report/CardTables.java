package solventa.ops.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * The card's tables: results per run (table 1), the summary across runs (table 2), the hit-rate
 * sweep (table 3, a row per rate and run when several runs measured it) and the breaker policy ×
 * traffic (table 4, each setting's trials pooled); table 5 is {@link StampedeSection}.
 */
final class CardTables extends ReportSection {
  CardTables(ReportSection report) {
    super(report);
  }

  /** An (arm, provider state) row of the card's tables; {@code summary}: also a row of table 2. */
  private record Row(BenchArm arm, ProviderState state, boolean summary) {}

  /** Card table 1's rows, as the card lists them; table 2 has the same without C down. */
  private static final List<Row> CARD_ROWS =
      List.of(
          new Row(BenchArm.A, ProviderState.HEALTHY, true),
          new Row(BenchArm.A, ProviderState.DEGRADED, true),
          new Row(BenchArm.B, ProviderState.HEALTHY, true),
          new Row(BenchArm.B, ProviderState.DEGRADED, true),
          new Row(BenchArm.C, ProviderState.HEALTHY, true),
          new Row(BenchArm.C, ProviderState.DEGRADED, true),
          new Row(BenchArm.C, ProviderState.UNRESPONSIVE, true),
          new Row(BenchArm.C, ProviderState.DOWN, false),
          new Row(BenchArm.C_PRIME, ProviderState.DEGRADED, true));

  private static final List<Row> SUMMARY_ROWS = CARD_ROWS.stream().filter(Row::summary).toList();

  List<String> cardRow(StepResult s, boolean fallbackApplies) {
    return List.of(
        s.spec().arm().label(),
        s.spec().run(),
        StateNames.label(s.spec().state()),
        cell(ms(s.endToEnd().p50()), why(s, "endToEnd")),
        msCell(s, s.endToEnd().p95(), s.intervals() == null ? null : s.intervals().p95()),
        msCell(s, s.endToEnd().p99(), s.intervals() == null ? null : s.intervals().p99()),
        cell(pct(s.errorPct()), why(s, "errorPct")),
        fallbackApplies
            ? cell(pct(s.fallbackPct()), why(s, "fallbackPct"))
            : "n/a (arm A has no fallback)",
        s.spec().arm().caches() ? hitCell(s) : "n/a (arm A has no cache)",
        meetsCell(s));
  }

  void perRunTables() {
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
          rows.add(cardRow(s.get(), arm.caches()));
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

  void summaryTable() {
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
      // "meets" by the intervals (rules version 5), as card table 1's column
      long meets = steps.stream().filter(s -> Call.meets(s) == Call.HOLDS).count();
      long misses = steps.stream().filter(s -> Call.meets(s) == Call.FAILS).count();
      String verdict;
      if (steps.isEmpty()) {
        verdict = cell(null, "not measured");
      } else if (misses > 0) {
        verdict = "misses (" + misses + " of " + steps.size() + " runs)";
      } else if (meets < steps.size()) {
        verdict =
            "too close to call or not decided ("
                + (steps.size() - meets)
                + " of "
                + steps.size()
                + " runs)";
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

  void sweepTable() {
    h(2, "Hit-rate sweep, provider degraded (card table 3)");
    List<List<String>> rows = new ArrayList<>();
    // every run's sweep (rules version 12), a row per rate and run; the bisected rates are R1's
    List<String> runs = r.runsOf(solventa.ops.protocol.StepKind.SWEEP);
    boolean perRun = runs.size() > 1;
    for (double h : sweepRows()) {
      for (String run : perRun ? runs : List.of("")) {
        Optional<StepResult> b = perRun ? r.sweep(run, BenchArm.B, h) : r.sweep(BenchArm.B, h);
        Optional<StepResult> c = perRun ? r.sweep(run, BenchArm.C, h) : r.sweep(BenchArm.C, h);
        if (perRun && b.isEmpty() && c.isEmpty() && !run.equals(runs.get(0))) {
          continue;
        }
        sweepRow(rows, h, perRun ? " · " + run : "", b, c);
      }
    }
    if (perRun) {
      p(
          "Every run measures the sweep (a row per rate and run; bisection rows are the first"
              + " run's). \"Does B already meet?\" is each row's run; over every run (yes only when"
              + " B meets in every run) it is in HD-01.4's evidence.");
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
              + " steps per arm. The other arm has no step at those"
              + " rates.");
    }
    p(
        "Each sweep step's hit rate is a controlled variable (the sweep's key set):"
            + " a step whose measured CACHED share is more than "
            + String.format(Locale.ROOT, "%.1f", StepResult.HIT_RATE_TOLERANCE_PTS)
            + " points from its target is invalid and re-run once, and HD-01.4 judges every rate"
            + " at its measured hit rate, the target beside it.");
    p(
        "C holds at a hit rate when it meets the thresholds (HD-01.4 is about latency, as the card"
            + " writes it); its fallback share, shown beside, is judged against the actuarial"
            + " ceiling of "
            + solventa.ops.analysis.hypotheses.Actuarial.num(e.judgedWith().fallbackCeilingPct())
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

  /** One row of the sweep table: rate {@code h} ({@code label} names the run), B's and C's step. */
  private void sweepRow(
      List<List<String>> rows,
      double h,
      String label,
      Optional<StepResult> b,
      Optional<StepResult> c) {
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
            solventa.ops.protocol.SweepPlan.points(h)
                + " %"
                + label
                + (bisection ? " (bisection)" : ""),
            b.map(
                    s ->
                        cell(
                            withInterval(ms(s.endToEnd().p95()), s, StepIntervals::p95),
                            why(s, "endToEnd")))
                .orElse(cell(null, notRun)),
            b.map(
                    s ->
                        cell(
                            withInterval(ms(s.endToEnd().p99()), s, StepIntervals::p99),
                            why(s, "endToEnd")))
                .orElse(cell(null, notRun)),
            c.map(
                    s ->
                        cell(
                            withInterval(ms(s.endToEnd().p95()), s, StepIntervals::p95),
                            why(s, "endToEnd")))
                .orElse(cell(null, notRun)),
            c.map(
                    s ->
                        cell(
                            withInterval(ms(s.endToEnd().p99()), s, StepIntervals::p99),
                            why(s, "endToEnd")))
                .orElse(cell(null, notRun)),
            c.map(s -> cell(pct(s.fallbackPct()), why(s, "fallbackPct")))
                .orElse(cell(null, notRun)),
            b.map(Report::hitCell).orElse(cell(null, notRun))
                + " | "
                + c.map(Report::hitCell).orElse(cell(null, notRun)),
            b.map(
                    s ->
                        s.meets() == null
                            ? cell(null, why(s, "endToEnd"))
                            : SweepWords.alreadyMeets(s, Call.meets(s)))
                .orElse(cell(null, notRun))));
  }

  /** A figure with its 95 % interval, "118 [63, 701]"; the figure alone when it has none. */
  private static String withInterval(
      String shown,
      StepResult s,
      java.util.function.Function<StepIntervals, solventa.ops.statistics.Interval> f) {
    if (shown == null || s.intervals() == null || f.apply(s.intervals()) == null) {
      return shown;
    }
    return shown + " " + f.apply(s.intervals()).ms();
  }

  /**
   * The sweep table's rows, highest first: the profile's planned rates (shown missing when not run)
   * and every rate measured, C's bisected rates among them.
   */
  List<Double> sweepRows() {
    TreeSet<Double> rates = new TreeSet<>(Comparator.reverseOrder());
    rates.addAll(List.of(0.99, 0.96, 0.90, 0.50)); // the card table 3 rows
    for (double h : r.sweepHitRates()) {
      if (rates.stream().noneMatch(x -> Math.abs(x - h) < 1e-9)) {
        rates.add(h);
      }
    }
    return List.copyOf(rates);
  }

  void policyTable() {
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
            + " calls. Each policy step starts from an empty breaker window (the runner sets the"
            + " setting on the node just before the change); the grid of settings at low traffic"
            + " is the next section."
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
        // every trial of the setting, pooled (rules version 12): one per run at the high rate
        solventa.ops.analysis.hypotheses.PooledTrials pool =
            solventa.ops.analysis.hypotheses.PooledTrials.of(r.policyTrials(policy, rate));
        String none =
            r.policyTrials(policy, rate).isEmpty()
                ? cell(null, notRun())
                : "— (" + pool.nonePooled() + ")";
        rows.add(
            List.of(
                traffic,
                policy.equals("count") ? "Por conteo" : "Por tasa",
                pool.any() ? pct(pool.pct()) + " " + pool.interval().pct() : none,
                pool.any()
                    ? pool.sacrificed()
                        + " of "
                        + pool.requests()
                        + " ("
                        + pool.pooled().size()
                        + (pool.pooled().size() == 1 ? " trial)" : " trials pooled)")
                    : none,
                pool.any() ? pool.timesToOpen() : none,
                pool.any()
                    ? switch (pool.call()) {
                      case HOLDS -> "yes";
                      case FAILS -> "no";
                      case TOO_CLOSE -> "too close to call";
                      case MISSING -> "no interval";
                    }
                    : none));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Traffic",
                "Policy",
                "Sacrificed (% of W) [95 % CI], trials pooled",
                "Sacrificed / sent in W",
                "Time to open per trial",
                "< 1 %?"),
            rows));
  }
}
