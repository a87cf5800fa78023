package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.RateBisection.Side;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;

/** The break-point steps as the rate bisection's points, and the break points predicted. */
class BreakpointsTest {
  private static final ExperimentProfile P = ExperimentProfile.named(BreakpointPlan.PROFILE);

  private static StepResult policy(String series, int rate, int trial, long sacrificed) {
    return Fixture.breakpoint(BreakpointPlan.step(P, series, rate, trial, trial > 1))
        .sacrificed(sacrificed)
        .build();
  }

  private static StepResult pool(int rate, int inFlight, long rejected) {
    return Fixture.breakpoint(BreakpointPlan.step(P, BreakpointPlan.POOL, rate, 1, rate != 200))
        .pool(inFlight, rejected)
        .build();
  }

  /** A rate's trials pool: 2 of 6000 keeps, 12 of 300 misses, 5 of 300 is too close. */
  @Test
  void aPolicysRatesAreJudgedByTheirPooledTrials() {
    List<RateBisection.Point> pts =
        Breakpoints.points(
            "count",
            List.of(
                policy("count", 200, 1, 2), policy("count", 10, 1, 12), policy("count", 50, 1, 8)));
    assertThat(pts).extracting(RateBisection.Point::rate).containsExactly(10, 50, 200);
    assertThat(pts)
        .extracting(RateBisection.Point::side)
        .containsExactly(Side.BELOW, Side.UNDECIDED, Side.ABOVE);
    assertThat(pts.get(2).shown()).startsWith("2 of 6000 sent in W, 0.03 % [");
  }

  @Test
  void theBisectionReadsOnlyItsSeriesAndCountsItsAddedSteps() {
    List<StepResult> steps =
        List.of(
            policy("count", 200, 1, 2),
            policy("count", 10, 1, 12),
            policy("rate", 200, 1, 2),
            policy("rate", 10, 1, 30),
            policy("count", 105, 1, 3));
    var a = Breakpoints.answer(P, "count", steps);
    assertThat(a.next()).isEqualTo(57);
    assertThat(a.reason()).contains("count N=5: bracket 10 req/s (misses 1 %) – 105 req/s");
    // outside the breakpoints profile no step is added
    var quick = Breakpoints.answer(ExperimentProfile.named("quick"), "count", steps);
    assertThat(quick.next()).isNull();
    assertThat(quick.outcome()).isEqualTo(RateBisection.Outcome.NOT_MEASURED);
  }

  @Test
  void thePoolIsExhaustedWhereItIsReadFullOrRejects() {
    List<RateBisection.Point> pts =
        Breakpoints.points(
            BreakpointPlan.POOL, List.of(pool(200, 32, 0L), pool(10, 3, 0L), pool(105, 20, 4L)));
    assertThat(pts)
        .extracting(RateBisection.Point::side)
        .containsExactly(Side.BELOW, Side.ABOVE, Side.ABOVE);
    assertThat(pts.get(0).shown()).isEqualTo("3 of 32 in flight, 0 rejected");
    var none = Breakpoints.answer(P, BreakpointPlan.POOL, List.of(pool(200, 9, 0L)));
    assertThat(none.outcome()).isEqualTo(RateBisection.Outcome.NO_RATE_ABOVE);
  }

  /** Calls sent by τ at rate r with h = 96 % aging over T = 60 s: r·(0.04·τ + 0.96·τ²/120). */
  private static double calls(int r, double tau) {
    return r * (0.04 * tau + 0.96 * tau * tau / 120);
  }

  /**
   * The count policy (N = 5) opens 0.7 s after its 5th call, every call until then sacrificed: at
   * 10 req/s the 5th call leaves 5.79 s after the change (0.4·τ + 0.08·τ² = 5), so 5.97 of the 300
   * requests of W, 1.99 %; at 21 req/s 1.03 %, at 22 0.99 %: the break point is 22 req/s.
   */
  @Test
  void theCountPolicysBreakPointIsPredictedByNTheAgingAndW() {
    BreakpointPrediction pred = new BreakpointPrediction(0.96, 60, 0.7, 30, 0.4, 32);
    BreakerSetting count = P.breakerSetting("count");
    double tau = (-0.4 + Math.sqrt(0.16 + 4 * 0.08 * 5)) / (2 * 0.08);
    assertThat(pred.callsBy(10, tau)).isEqualTo(5, within());
    assertThat(pred.opensSec(count, 10)).isEqualTo(tau + 0.7, within());
    assertThat(pred.sacrificed(count, 10)).isEqualTo(calls(10, tau + 0.7), within());
    assertThat(pred.sharePct(count, 10))
        .isEqualTo(1.99, org.assertj.core.api.Assertions.within(0.01));
    assertThat(pred.sharePct(count, 21)).isGreaterThan(1.0);
    assertThat(pred.sharePct(count, 22)).isLessThan(1.0);
    assertThat(pred.breakRate(count)).isEqualTo(22);
    // the rate policy needs its 5 failures within its 30 s window: the same break point here
    assertThat(pred.breakRate(P.breakerSetting("rate"))).isEqualTo(22);
    // beyond T every answer calls: the calls grow by r a second
    assertThat(pred.callsBy(10, 70) - pred.callsBy(10, 60)).isEqualTo(100, within());
  }

  /**
   * A rate policy whose 2 s window is shorter than the wait for the 5th call opens once the
   * window's calls reach 5 (later than the count policy), and one whose window cannot hold 5 calls
   * even when every answer calls never opens: every call of W is sacrificed.
   */
  @Test
  void aShortRateWindowOpensLaterOrNever() {
    BreakpointPrediction pred = new BreakpointPrediction(0.96, 60, 0.7, 30, 0.4, 32);
    BreakerSetting count = P.breakerSetting("count");
    BreakerSetting shortWindow =
        new BreakerSetting("rate", 5, new ExperimentProfile.RatePolicy(2, 5, 50), false);
    // at 40 req/s: the window holds 80·m(τ − 1) calls, 5 when m = 1/16
    double opens = 1 + 60 * (1 - (1 - 5.0 / 80) / 0.96) + 0.7;
    assertThat(pred.opensSec(shortWindow, 40)).isEqualTo(opens, within());
    assertThat(pred.opensSec(shortWindow, 40)).isGreaterThan(pred.opensSec(count, 40));
    assertThat(pred.sharePct(shortWindow, 40)).isGreaterThan(pred.sharePct(count, 40));
    // at 2 req/s a 2 s window holds 4 calls at most
    assertThat(pred.opensSec(shortWindow, 2)).isNull();
    assertThat(pred.sacrificed(shortWindow, 2)).isEqualTo(calls(2, 30), within());
  }

  /** The pool: 32 ÷ (0.04 × 0.4 s) = 2000 req/s, beyond the range. */
  @Test
  void thePoolIsPredictedFullFromItsSizeOverTheMissesInFlight() {
    BreakpointPrediction pred = new BreakpointPrediction(0.96, 60, 0.7, 30, 0.4, 32);
    assertThat(pred.inFlight(200)).isEqualTo(3.2, within());
    assertThat(pred.poolBreakRate()).isEqualTo(2000);
    assertThat(pred.poolFillsInRange()).isFalse();
  }

  @Test
  void aMeasuredAnswerAgreeingWithThePredictionIsAnImplementationCheck() {
    var bracket = new RateBisection.Answer(null, RateBisection.Outcome.BRACKET, 16, 22, "");
    assertThat(BreakpointPrediction.label(bracket, 19, "N"))
        .startsWith("an implementation check, not a finding");
    assertThat(BreakpointPrediction.label(bracket, 40, "N"))
        .startsWith("departs from the prediction");
    var none = new RateBisection.Answer(null, RateBisection.Outcome.NO_RATE_ABOVE, 200, null, "");
    assertThat(BreakpointPrediction.label(none, 2000, "pool"))
        .startsWith("an implementation check");
    var nothing =
        new RateBisection.Answer(null, RateBisection.Outcome.NOT_MEASURED, null, null, "");
    assertThat(BreakpointPrediction.label(nothing, 19, "N"))
        .isEqualTo("nothing to compare with the prediction");
  }

  /** A breakpoints run is judged without a walk: its verdicts say what is missing, none throws. */
  @Test
  void aBreakpointsRunIsJudgedWithoutItsMissingSteps() {
    List<StepResult> steps =
        List.of(policy("count", 200, 1, 2), policy("count", 10, 1, 12), pool(200, 9, 0L));
    Analysis a = Analysis.of(steps, java.util.Map.of(), P);
    assertThat(a.verdicts()).isNotEmpty();
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
