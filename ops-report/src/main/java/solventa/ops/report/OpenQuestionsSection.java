package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.PooledTrials;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.report.Report.Table;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * The card's four unknowns ("Nivel de incertidumbre": (a)–(d)), one sub-section each, answered from
 * this experiment's measurements with their intervals; what the protocol does not measure is named
 * with the reason.
 */
final class OpenQuestionsSection extends ReportSection {
  static final String HEADING = "The card's open questions (a)–(d)";

  OpenQuestionsSection(ReportSection report) {
    super(report);
  }

  void section() {
    h(2, HEADING);
    p(
        "The card leaves four things unknown. Each is answered here from the steps of this"
            + " experiment, every share and percentile with its 95 % interval; what the protocol"
            + " does not measure says so, with the reason.");
    sacrificed();
    lowTraffic();
    pool();
    hitRate();
  }

  /** (a) the count policy's sacrificed requests at the high policy rate, and their p99. */
  private void sacrificed() {
    h(
        3,
        "(a) How many requests are sacrificed before the breaker opens, and do they break the p99?");
    List<Integer> rates = r.policyRates();
    if (rates.isEmpty()) {
      p("— (" + notRun() + ": no policy step)");
      return;
    }
    int high = rates.get(0);
    List<StepResult> trials = r.policyTrials(BreakerSetting.COUNT, high);
    PooledTrials pooled = PooledTrials.of(trials);
    p(
        pooled.any()
            ? String.format(
                Locale.ROOT,
                "Arm C, count policy, at %d req/s with the provider turned unresponsive: %d"
                    + " requests sacrificed of %d sent in W over %d trial(s), %s %% %s.",
                high,
                pooled.sacrificed(),
                pooled.requests(),
                pooled.pooled().size(),
                pct(pooled.pct()),
                pooled.interval().pct())
            : "— (" + pooled.nonePooled() + ")");
    List<List<String>> rows = new ArrayList<>();
    for (StepResult s : trials) {
      Interval p99 = s.intervals() == null ? null : s.intervals().p99();
      rows.add(
          List.of(
              s.spec().id(),
              s.sacrificed() == null
                  ? cell(null, why(s, "sacrificed"))
                  : s.sacrificed() + " of " + s.requestsSinceChange(),
              s.timeToOpenMs() == null ? cell(null, why(s, "timeToOpenMs")) : s.timeToOpenMs() + "",
              msCell(s, s.endToEnd().p99(), p99),
              breaks(p99)));
    }
    blocks.add(
        new Table(
            List.of(
                "Trial",
                "Sacrificed of sent in W",
                "Time to open (ms)",
                "The step's p99 (ms) [95 % CI]",
                "Breaks p99 ≤ " + Acceptance.P99_MS + " ms?"),
            rows));
  }

  private static String breaks(Interval p99) {
    if (p99 == null) {
      return cell(null, "no interval");
    }
    if (p99.high() <= Acceptance.P99_MS) {
      return "no";
    }
    return p99.low() > Acceptance.P99_MS ? "yes" : "too close to call";
  }

  /** (b) HD-01.6 and the grid, then each policy's break point over the rate. */
  private void lowTraffic() {
    h(3, "(b) Does the count threshold open in time at low traffic?");
    Verdict v = e.verdicts().get("HD-01.6");
    BreakpointAnswers bp = new BreakpointAnswers(this);
    boolean measured = bp.measured(BreakerSetting.COUNT) || bp.measured(BreakerSetting.RATE);
    p(
        "HD-01.6 answers it: "
            + (v == null ? "— (no verdict)" : "**" + v.verdict() + "**")
            + ", on the table \""
            + PolicyGridSection.HEADING
            + "\" above (every setting's pooled share with its interval). The lowest arrival rate"
            + " at which each policy keeps the sacrificed share below 1 %, the break point between"
            + " the two regimes the card leaves for a later iteration: "
            + (measured
                ? "bisected between "
                    + BreakpointPlan.LOWEST_RATE
                    + " and "
                    + BreakpointPlan.HIGHEST_RATE
                    + " req/s, each tested rate's trials pooled, with the break point the"
                    + " settings predict beside it."
                : bp.notMeasured() + "."));
    if (measured) {
      bp.policies();
    }
  }

  /**
   * (c) the adapter's pool in C's failure steps: whether calls abandoned at the budget filled it.
   */
  private void pool() {
    h(3, "(c) Do the calls C abandons at its budget exhaust the adapter's pool under load?");
    BreakpointAnswers bp = new BreakpointAnswers(this);
    List<List<String>> rows = new ArrayList<>();
    for (String run : r.runs()) {
      for (ProviderState st :
          List.of(ProviderState.SLOW, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
        r.walk(run, BenchArm.C, st)
            .ifPresent(
                s ->
                    rows.add(
                        List.of(
                            "C " + run + " " + st.name().toLowerCase(Locale.ROOT),
                            Integer.toString(s.spec().rate()),
                            s.poolMaxInFlight() == null || s.poolSize() == null
                                ? cell(null, why(s, "poolMaxInFlight"))
                                : s.poolMaxInFlight() + " of " + s.poolSize(),
                            s.rejections() == null
                                ? cell(null, why(s, "rejections"))
                                : s.rejections().toString(),
                            exhausted(s))));
      }
    }
    p(
        "Arm C's walk steps where the provider is slow or failing, at the walk's rate: the most"
            + " calls the sampler read in flight, of the pool, and the bulkhead's rejections over"
            + " the step. Exhausted means the pool was read full or a call was rejected. The lowest"
            + " rate at which it first happens: "
            + (bp.measured(BreakpointPlan.POOL)
                ? "the break-point steps below, with the provider slow at "
                    + BreakpointPlan.HIGHEST_RATE
                    + " req/s, and bisected downwards where the pool is exhausted there."
                : bp.notMeasured() + "."));
    if (rows.isEmpty()) {
      p("— (" + notRun() + ": no walk step of C in these states)");
    } else {
      blocks.add(
          new Table(
              List.of("Step", "Rate (req/s)", "Most in flight", "Rejected", "Exhausted?"), rows));
    }
    if (bp.measured(BreakpointPlan.POOL)) {
      bp.pool();
    }
  }

  private static String exhausted(StepResult s) {
    if (s.poolMaxInFlight() == null || s.poolSize() == null || s.rejections() == null) {
      return cell(null, "the pool was not read");
    }
    return s.poolMaxInFlight() >= s.poolSize() || s.rejections() > 0 ? "yes" : "no";
  }

  /** (d) HD-01.4's brackets of B's and C's minimum hit rate. */
  private void hitRate() {
    h(3, "(d) What cache hit rate does the design need?");
    Verdict v = e.verdicts().get("HD-01.4");
    List<String> lines =
        v == null
            ? List.of()
            : v.evidence().stream().filter(l -> l.contains("minimum hit rate")).toList();
    p(
        "HD-01.4's sweep brackets the minimum hit rate at which each arm holds the thresholds,"
            + " between measured rates with their intervals: "
            + (lines.isEmpty()
                ? "— (" + (v == null ? "no verdict" : "no bracket in its evidence") + ")"
                : String.join("; ", lines))
            + ".");
    clauseB();
  }

  /**
   * (d) for C: the lowest production hit rate that keeps the fallback share within the ceiling
   * through the declared outage, measured over the outage steps at several seeded hit rates with
   * its interval ({@link Thresholds}), beside the aging model's own figure.
   */
  private void clauseB() {
    Actuarial a = e.judgedWith();
    int t = profileOf().refreshAfterSec();
    Thresholds th = Thresholds.of(r, BenchArm.C, List.of(Thresholds.LEVEL_STATE), t, a);
    Thresholds.HMin h = th.hMin();
    p(
        "For C, the minimum production hit rate that also keeps its fallback share through a "
            + Actuarial.num(a.outageSec())
            + " s outage within "
            + Actuarial.num(a.fallbackCeilingPct())
            + " % (measured over its "
            + solventa.ops.protocol.StateNames.label(h.state())
            + " steps at "
            + h.levels().stream()
                .map(l -> String.format(Locale.ROOT, "%.1f %%", l.seededPct()))
                .distinct()
                .count()
            + " seeded hit rates, the least-squares line of the share through D on the hit rate,"
            + " with a parametric bootstrap interval): **"
            + OutageWords.hMin(h)
            + "**; the aging model alone gives "
            + (h.modelPct() == null
                ? "none (D ≥ 2·T_source, or the bound passes 100 %)"
                : String.format(Locale.ROOT, "%.1f %%", h.modelPct()))
            + " = (1 − c)/(1 − D/(2·T_source)), an implementation check of the declared inputs.");
  }
}
