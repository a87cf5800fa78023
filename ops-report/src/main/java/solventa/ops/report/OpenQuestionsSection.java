package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseBHitRate;
import solventa.ops.analysis.hypotheses.FallbackFlip;
import solventa.ops.analysis.hypotheses.PooledTrials;
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
   * (d) for C: the lowest hit rate that keeps clause (b), from the aging model at the actuarial
   * inputs (an implementation check), and what this run measured of it: whether the model agrees
   * with each of C's failure steps through D, and where C's healthy hit rate stands.
   */
  private void clauseB() {
    Actuarial a = e.judgedWith();
    ClauseBHitRate m = ClauseBHitRate.of(a);
    String head =
        "For C, the minimum hit rate that also keeps clause (b) (the fallback share within the"
            + " actuarial ceiling through the declared outage): ";
    if (m.pct() == null) {
      p(head + "none (" + m.reason() + "; " + m.formula() + ").");
      return;
    }
    int t = profileOf().refreshAfterSec();
    List<String> steps =
        OutageCostSection.cFlips(r, t, a).values().stream().map(f -> clauseBStep(m, f)).toList();
    p(
        head
            + String.format(Locale.ROOT, "**%.1f %%**", m.pct())
            + " = "
            + m.formula()
            + ", from the aging model 1 − h·(1 − t/T): a function of the declared inputs alone, so"
            + " an implementation check, not a finding, with no sampling interval. What the run"
            + " measures is whether the model may be used at D (it must agree with the step's"
            + " curve for D mapped to the lab, "
            + String.format(Locale.ROOT, "%.1f", m.labSecondsAtD(t))
            + " s of T = "
            + t
            + " s) and where C's measured hit rate stands: "
            + (steps.isEmpty()
                ? "— (" + notRun() + ": no degraded or unresponsive walk step of C)"
                : String.join("; ", steps))
            + ". Clause (b) itself is judged by each step's flip interval (in \"The outage's cost"
            + " over time\"), which adds the measured crossing.");
  }

  private static String clauseBStep(ClauseBHitRate m, FallbackFlip f) {
    Boolean holds = m.modelHoldsAtD(f);
    String model =
        holds == null
            ? "the model's agreement not checked (" + FlipWords.reason(f) + ")"
            : String.format(
                Locale.ROOT,
                "the model agrees for %.0f s, %s D",
                f.agreesUntilSec(),
                holds ? "past" : "short of");
    if (f.h() == null) {
      return f.who() + ": " + model + ", h not measured";
    }
    ClauseBHitRate.Standing st = m.standing(f.h());
    String where =
        switch (st) {
          case KEEPS -> "keeps it";
          case MISSES -> "misses it";
          case TOO_CLOSE -> "too close to call";
        };
    return String.format(
        Locale.ROOT,
        "%s: %s, h = %.1f %% %s %s by the model%s; the step's clause (b) as judged: %s",
        f.who(),
        model,
        f.hPct(),
        f.h().pct(),
        where,
        Boolean.FALSE.equals(holds) ? " (not usable with this step)" : "",
        FlipWords.outcome(f));
  }
}
