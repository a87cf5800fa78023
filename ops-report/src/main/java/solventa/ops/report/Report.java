package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.results.ExperimentRecord;
import solventa.vocabulary.Acceptance;

/**
 * Builds the experiment report as a list of blocks (headings, paragraphs, tables, charts), which
 * {@link ReportWriter} renders as Markdown and HTML. Every number comes from a {@link StepResult};
 * a cell that could not be measured says "— (why)".
 */
public final class Report extends ReportSection {
  sealed interface Block {}

  record Heading(int level, String text) implements Block {}

  record Para(String text) implements Block {}

  record Bullets(List<String> items) implements Block {}

  record Table(List<String> headers, List<List<String>> rows) implements Block {}

  record Chart(String file, String svg, String caption) implements Block {}

  private Report(ExperimentRecord e, Predicate<String> present) {
    super(EvidenceWords.worded(e), present);
  }

  /** The report's blocks, every link listed (tests). */
  static List<Block> build(ExperimentRecord e) {
    return build(e, link -> true);
  }

  /**
   * The report's blocks, linking only the files {@code present} finds beside the report: a copy of
   * a results folder without its Gatling reports (the committed sample) says so instead.
   */
  static List<Block> build(ExperimentRecord e, Predicate<String> present) {
    Report rep = new Report(e, present);
    rep.build();
    return rep.blocks;
  }

  /** The title, the question, the answer and how the run was measured. */
  private void header() {
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
            + " set). The measured hit rate (CACHED share) is shown beside the"
            + " target.");
    Verdict overall = e.verdicts().get("HD-01");
    if (overall != null && Boolean.TRUE.equals(overall.provisional())) {
      p(
          "**Provisional**: this profile made "
              + r.runs().size()
              + " run(s); the card's rule for HD-01 requires three.");
    }
  }

  private void build() {
    header();
    DependsSection depends = new DependsSection(this);
    depends.thresholds();
    glossary();
    List<Chart> charts = Charts.of(r);
    verdicts(charts);
    depends.power();
    CardTables cards = new CardTables(this);
    cards.perRunTables();
    cards.summaryTable();
    cards.sweepTable();
    cards.policyTable();
    new PolicyGridSection(this).table();
    new StampedeSection(this).table();
    Findings findings = new Findings(this);
    findings.intermediate();
    findings.recommendation();
    new VariantsSection(this).table(profileOf().recoveryWindowSec(), e.judgedWith());
    depends.paired();
    new OpenQuestionsSection(this).section();
    blocks.addAll(OutageCostSection.of(r, profileOf(), e.judgedWith()));
    new BudgetExpirySection(this).table();
    findings.recoveryTable();
    new SensitivitySection(this).table();
    findings.threats();
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
    Appendix appendix = new Appendix(this);
    appendix.sanity();
    appendix.walkDetail();
    appendix.perNode();
    appendix.environment();
    appendix.gatlingLinks();
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
          "HD-01.6", PolicyGridSection.HEADING,
          "HD-01.7", "Concurrent misses on one key, C vs C' (card table 5)",
          "HD-01.8", "Recovery second by second (C and C')",
          "HD-01", "Recommendation");

  /** "latency" for latency-c.svg, "hit-rate" for hit-rate.svg. */
  static String chartKey(Chart c) {
    // a later run's chart ends with its label (latency-c-R2.svg): it shows where the first run's
    String f = c.file().replace(".svg", "").replaceAll("-R\\d+$", "");
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
    blocks.add(new Table(Glossary.HEADERS, Glossary.rows(profileOf(), e.judgedWith())));
  }

  /**
   * The answer first: the decision card ({@link DecisionSection}), then one sentence and the arm ×
   * state grid of the walk (see {@link Summary}).
   */
  private void answer() {
    Summary sum = Summary.of(e);
    h(2, "Answer");
    new DecisionSection(this).card();
    p("**" + sum.answer() + "**");
    p(sum.plain());
    if (!sum.grid().isEmpty()) {
      glance(sum);
    }
    p(SensitivitySection.headline(e));
    actuarial();
    checks();
    new DependsSection(this).cannotShow();
  }

  /** The arm × state grid of the walk, with how to read it. */
  private void glance(Summary sum) {
    p(
        "The state walk at a glance, judged as the verdicts judge, by the intervals: ✓ every run"
            + " met "
            + Acceptance.describe()
            + ", ✗ a run clearly missed, ≈ a run too close to call, — not walked; the figures are"
            + " each column's worst over the runs (the highest p95 and p99 in ms at the generator,"
            + " and the errors when any). For the arms that fall back, the fallback share through"
            + " the outage (the share of the quotes of the first D of an outage priced on a"
            + " fallback, mapped to the lab: the one fallback figure of this report), pooled over"
            + " the runs, and where HD-01's clause (b) judges it, its outcome at the actuarial"
            + " inputs below: ✓ within the ceiling, ✗ above it, ? too close to call or not"
            + " decidable. Arms A and B run without a breaker; B+CB is B with one. Terms: the"
            + " Glossary; details: the verdicts, Results per run and the Recommendation below.");
    blocks.add(new Table(sum.gridHeaders(), sum.grid()));
  }

  /** The implementation checks among the verdicts, apart from the findings. */
  private void checks() {
    List<String> checks =
        e.verdicts().values().stream()
            .filter(Verdict::isCheck)
            .map(v -> v.id() + " (" + v.verdict() + "): " + v.construction())
            .toList();
    if (!checks.isEmpty()) {
      p(
          "Implementation checks, apart from the findings: these verdicts follow from the design's"
              + " own arithmetic, so they show the implementation does what it was built to do,"
              + " not something about the design.");
      blocks.add(new Bullets(checks));
    }
  }

  /**
   * The inputs clause (b) was judged with and where it flips: a reader who defends other inputs
   * sees at once whether they change the answer.
   */
  private void actuarial() {
    solventa.ops.analysis.hypotheses.Actuarial a = e.judgedWith();
    Verdict hd01 = e.verdicts().get("HD-01");
    String flip =
        hd01 == null || hd01.clauses() == null
            ? null
            : hd01.clauses().stream()
                .filter(c -> c.clause().startsWith("clause (b)"))
                .findFirst()
                .map(
                    c ->
                        "clause (b) "
                            + c.outcome()
                            + (c.flipsAt() == null
                                ? " (no D* was measured)"
                                : "; at the seeded hit rate C's fallback share through an outage"
                                    + " reaches the ceiling for outages of "
                                    + c.flipsAt()
                                    + " (D*, from the line of the measured share over the"
                                    + " outage)"))
                .orElse(null);
    p(
        "**Judged with the actuarial inputs** "
            + a.describe()
            + (a.declared()
                ? " (as declared in docs/verdict-rules.md, each with its reason)"
                : " (the reader's, `--assume`; the declared ones are "
                    + solventa.ops.analysis.hypotheses.Actuarial.DECLARED.describe()
                    + ")")
            + ". The lab's T = "
            + profileOf().refreshAfterSec()
            + " s stands for T_source through t/T."
            + (flip == null ? "" : " HD-01's " + flip + ".")
            + " `bin/lab report DIR --assume KEY=VALUE` re-judges these recordings with other"
            + " inputs.");
  }

  /** What a verdict was judged on, or why that is not known (results judged before it). */
  private static String judgedOn(Verdict v) {
    return v.basis() == null ? "— (not recorded: judged before rules version 12)" : v.basis();
  }

  private void verdicts(List<Chart> charts) {
    h(2, "Verdicts");
    List<List<String>> findings = new ArrayList<>();
    List<List<String>> checks = new ArrayList<>();
    for (Verdict v : e.verdicts().values()) {
      if (v.isCheck()) {
        checks.add(
            List.of(
                v.id(),
                v.statement(),
                v.verdict().toUpperCase(Locale.ROOT),
                judgedOn(v),
                v.construction(),
                DependsSection.powerOf(v.id(), e.operatingCharacteristics())));
      } else {
        findings.add(
            List.of(
                v.id(),
                v.statement(),
                v.verdict().toUpperCase(Locale.ROOT),
                judgedOn(v),
                DependsSection.powerOf(v.id(), e.operatingCharacteristics())));
      }
    }
    p(
        "Findings about the design: verdicts the measurements decide. \"Judged on\" says what each"
            + " read: the runs of the card's three and, where steps repeat, their runs or trials"
            + " (the full profile runs every judged low-traffic setting at least "
            + solventa.ops.protocol.ExperimentProfile.LOW_TRAFFIC_TRIALS
            + " times; a profile of one run, once).");
    blocks.add(
        new Table(
            List.of(
                "Hypothesis",
                "Statement",
                "Verdict",
                "Judged on",
                "Power at ±δ, these sizes (see Operating characteristics)"),
            findings));
    if (!checks.isEmpty()) {
      p(
          "Implementation checks: verdicts the design's own arithmetic fixes before anything is"
              + " measured (the code's budget, rating cost, timeout, pool and the provider double's"
              + " latency); they are measured all the same, and a failure would be a defect of the"
              + " implementation.");
      blocks.add(
          new Table(
              List.of(
                  "Hypothesis",
                  "Statement",
                  "Verdict",
                  "Judged on",
                  "Why it holds by construction",
                  "Power at ±δ, these sizes"),
              checks));
    }
    for (Verdict v : e.verdicts().values()) {
      h(3, v.id() + " — " + v.verdict() + (v.isCheck() ? " (implementation check)" : ""));
      p(v.statement());
      if (v.basis() != null) {
        p("Judged on: " + v.basis() + ".");
      }
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
}
