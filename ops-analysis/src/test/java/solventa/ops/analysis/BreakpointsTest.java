package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.RateBisection.Side;
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

  /** (N + r·m·T) ÷ (r·W) below 1 %: N=5, m=4 %, T=0.7 s, W=30 s → 19 req/s. */
  @Test
  void theCountPolicysBreakPointIsPredictedByNAndW() {
    BreakpointPrediction pred = new BreakpointPrediction(0.04, 0.7, 30, 0.4, 32);
    BreakerSetting count = P.breakerSetting("count");
    assertThat(pred.sacrificed(count, 200)).isEqualTo(5 + 200 * 0.04 * 0.7, within());
    assertThat(pred.breakRate(count)).isEqualTo(19);
    assertThat(pred.sharePct(count, 18)).isGreaterThan(1.0);
    // the rate policy needs its 5 failures within its 30 s window: the same break point here
    assertThat(pred.breakRate(P.breakerSetting("rate"))).isEqualTo(19);
    // a rate policy whose window holds too few misses never opens: every miss in W is sacrificed
    BreakerSetting shortWindow =
        new BreakerSetting("rate", 5, new ExperimentProfile.RatePolicy(2, 5, 50), false);
    assertThat(pred.sharePct(shortWindow, 40)).isEqualTo(4.0, within());
    // the pool: 32 ÷ (0.04 × 0.4 s) = 2000 req/s, beyond the range
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
