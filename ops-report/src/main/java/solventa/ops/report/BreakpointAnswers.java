package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.BreakpointPrediction;
import solventa.ops.analysis.hypotheses.Breakpoints;
import solventa.ops.analysis.hypotheses.RateBisection;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.report.Report.Table;

/**
 * The break points over the arrival rate in the open questions (b) and (c): each series' bracket
 * from the rate bisection ({@link Breakpoints}) with every tested rate's trials, figure and side,
 * the break point the settings predict beside it ({@link BreakpointPrediction}) and the label that
 * follows (an implementation check where the prediction decides it); where the run has no
 * break-point step, "not measured in this run" with the reason.
 */
final class BreakpointAnswers extends ReportSection {

  BreakpointAnswers(ReportSection report) {
    super(report);
  }

  /** Why a run has no break point: it ran another profile, or stopped before the steps. */
  String notMeasured() {
    return "not measured in this run: the break points over the arrival rate are bisected by the"
        + " profile "
        + BreakpointPlan.PROFILE
        + " (`bin/lab experiment "
        + BreakpointPlan.PROFILE
        + "`), and this run ("
        + (e.profile().equals(BreakpointPlan.PROFILE)
            ? "stopped before them"
            : "profile " + e.profile())
        + ") has none of its steps";
  }

  /** Whether the run measured any step of {@code series}. */
  boolean measured(String series) {
    return !Breakpoints.of(series, r.of(StepKind.BREAKPOINT).toList()).isEmpty();
  }

  /** (b): each policy's bracket, its tested rates and the prediction beside it. */
  void policies() {
    ExperimentProfile p = profileOf();
    BreakpointPrediction pred = BreakpointPrediction.of(p);
    for (String series : List.of(BreakerSetting.COUNT, BreakerSetting.RATE)) {
      BreakerSetting s = p.breakerSetting(series);
      if (!measured(series)) {
        p("**" + s.label() + "**: — (" + notRun() + ": no break-point step of this policy)");
        continue;
      }
      RateBisection.Answer a = answer(p, series);
      Integer predicted = pred.breakRate(s);
      p(
          "**"
              + s.label()
              + "**: "
              + outcome(a)
              + " Predicted break point: "
              + pred.shown(s)
              + "; measured: "
              + BreakpointPrediction.label(
                  a,
                  predicted,
                  series.equals(BreakerSetting.COUNT)
                      ? "F, h, T, the hard timeout and W"
                      : "its minimum calls, its window, h, T, the hard timeout and W")
              + ".");
      table(series, "Sacrificed of sent in W, share % [95 % CI]", "Keeps < 1 %?");
    }
  }

  /** (c): the pool's bracket, its tested rates and the prediction beside it. */
  void pool() {
    ExperimentProfile p = profileOf();
    BreakpointPrediction pred = BreakpointPrediction.of(p);
    RateBisection.Answer a = answer(p, BreakpointPlan.POOL);
    p(
        "The pool with the provider slow (C abandons its calls at the budget, the breaker stays"
            + " closed): "
            + outcome(a)
            + " Predicted: "
            + String.format(
                java.util.Locale.ROOT,
                "%.1f calls in flight at %d req/s, the pool full from %d req/s (%s)",
                pred.inFlight(BreakpointPlan.HIGHEST_RATE),
                BreakpointPlan.HIGHEST_RATE,
                pred.poolBreakRate(),
                pred.poolParameters())
            + "; measured: "
            + BreakpointPrediction.label(a, pred.poolBreakRate(), "the pool size, h and L")
            + ".");
    table(BreakpointPlan.POOL, "Most in flight of the pool, rejected", "Exhausted?");
  }

  private RateBisection.Answer answer(ExperimentProfile p, String series) {
    return Breakpoints.answer(p, series, r.of(StepKind.BREAKPOINT).toList());
  }

  /** The bisection's end in words: the bracket, or why there is none. */
  static String outcome(RateBisection.Answer a) {
    return what(a) + " (" + a.reason() + ").";
  }

  /**
   * The answer's line for a run that walked no arm: each measured series' bracket (or why there is
   * none) beside the rate the settings predict.
   */
  static List<String> brief(ExperimentProfile p, List<StepResult> steps) {
    BreakpointPrediction pred = BreakpointPrediction.of(p);
    List<String> out = new ArrayList<>();
    for (String series : List.of(BreakerSetting.COUNT, BreakerSetting.RATE)) {
      if (!Breakpoints.of(series, steps).isEmpty()) {
        BreakerSetting s = p.breakerSetting(series);
        Integer predicted = pred.breakRate(s);
        out.add(
            s.label()
                + ": "
                + what(Breakpoints.answer(p, series, steps))
                + " (predicted "
                + (predicted == null ? "none" : predicted + " req/s")
                + ")");
      }
    }
    if (!Breakpoints.of(BreakpointPlan.POOL, steps).isEmpty()) {
      out.add(
          "the adapter's pool with the provider slow: "
              + what(Breakpoints.answer(p, BreakpointPlan.POOL, steps))
              + " (predicted full from "
              + pred.poolBreakRate()
              + " req/s)");
    }
    return out;
  }

  private static String what(RateBisection.Answer a) {
    return switch (a.outcome()) {
      case BRACKET -> "the break point lies in (" + a.below() + ", " + a.above() + "] req/s";
      case EVERY_RATE_ABOVE -> "no break point down to " + a.above() + " req/s";
      case NO_RATE_ABOVE -> "no break point up to " + a.below() + " req/s";
      case TOO_CLOSE_EVERYWHERE -> "no bracket: every tested rate is too close to call";
      case STEPS_EXHAUSTED ->
          "no bracket within the resolution: the added steps ran out"
              + (a.below() != null && a.above() != null
                  ? ", the break point in (" + a.below() + ", " + a.above() + "] req/s"
                  : "");
      case NOT_MEASURED -> "not measured";
      case UNFINISHED -> "the bisection had not ended (next: " + a.next() + " req/s)";
    };
  }

  private void table(String series, String figure, String sideHeader) {
    List<StepResult> mine = Breakpoints.of(series, r.of(StepKind.BREAKPOINT).toList());
    RateBisection.Question q = Breakpoints.question(profileOf(), series);
    List<List<String>> rows = new ArrayList<>();
    for (RateBisection.Point pt : Breakpoints.points(series, mine)) {
      List<String> ids =
          mine.stream().filter(s -> s.spec().rate() == pt.rate()).map(s -> s.spec().id()).toList();
      rows.add(
          List.of(
              Integer.toString(pt.rate()),
              String.join(", ", ids),
              pt.shown(),
              switch (pt.side()) {
                case ABOVE -> "yes (" + q.above() + ")";
                case BELOW -> "no (" + q.below() + ")";
                case UNDECIDED -> "too close to call";
              }));
    }
    blocks.add(new Table(List.of("Rate (req/s)", "Trials", figure, sideHeader), rows));
  }
}
