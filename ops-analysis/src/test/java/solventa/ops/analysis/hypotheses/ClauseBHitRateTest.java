package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * Open question (d)'s second half: the lowest hit rate at which clause (b) holds, from the aging
 * model at the actuarial inputs, and each thing a run can say of it: a measured hit rate keeps it,
 * misses it or is too close to call; the model agrees with a step's curve through D or not.
 */
class ClauseBHitRateTest {

  static final ExperimentProfile FULL = ExperimentProfile.named("full");

  @Test
  void atTheDeclaredInputsTheMinimumIsNinetyPercentOverOneLessTheOutagesShareOfADay() {
    ClauseBHitRate m = ClauseBHitRate.of(Actuarial.DECLARED);
    // (1 − 0.10) ÷ (1 − 3 600/86 400) = 0.9 × 24/23
    assertThat(m.pct()).isCloseTo(100 * 0.9 * 24 / 23, within(1e-9));
    assertThat(m.reason()).isNull();
    assertThat(m.formula())
        .isEqualTo("(1 − c) ÷ (1 − D/T_source) at c = 10 %, D = 3600 s, T_source = 86400 s");
  }

  @Test
  void anotherReaderWithAnotherCeilingReadsAnotherMinimum() {
    Actuarial a = new Actuarial(86_400, 3_600, 20, 172_800);
    assertThat(ClauseBHitRate.of(a).pct()).isCloseTo(100 * 0.8 * 24 / 23, within(1e-9));
  }

  @Test
  void noHitRateKeepsTheClauseWhenTheOutageOutlastsTheRefreshOrTheCeilingIsTooLow() {
    ClauseBHitRate longer = ClauseBHitRate.of(new Actuarial(3_600, 3_600, 10, 7_200));
    assertThat(longer.pct()).isNull();
    assertThat(longer.reason()).contains("at least T_source");
    // half a refresh period out: even a full cache is 50 % fallback, above a 1 % ceiling
    ClauseBHitRate strict = ClauseBHitRate.of(new Actuarial(7_200, 3_600, 1, 14_400));
    assertThat(strict.pct()).isNull();
    assertThat(strict.reason()).contains("50.0 % fallback by D");
    assertThat(strict.standing(new Interval(99, 100))).isNull();
  }

  @Test
  void aMeasuredHitRateKeepsMissesOrIsTooCloseByItsInterval() {
    ClauseBHitRate m = ClauseBHitRate.of(Actuarial.DECLARED); // 93.91 %
    assertThat(m.standing(new Interval(95.2, 96.7))).isEqualTo(ClauseBHitRate.Standing.KEEPS);
    assertThat(m.standing(new Interval(88.0, 93.5))).isEqualTo(ClauseBHitRate.Standing.MISSES);
    assertThat(m.standing(new Interval(93.0, 95.0))).isEqualTo(ClauseBHitRate.Standing.TOO_CLOSE);
  }

  /** A failure step whose curve follows the model agrees through D (2.5 s of full's T = 60 s). */
  @Test
  void theModelHoldsAtDWhereItAgreesWithTheStepsCurvePastDMappedToTheLab() {
    ClauseBHitRate m = ClauseBHitRate.of(Actuarial.DECLARED);
    int t = FULL.refreshAfterSec();
    assertThat(m.labSecondsAtD(t)).isCloseTo(3_600.0 * t / 86_400, within(1e-9));
    StepResult healthy = healthy();
    FallbackFlip follows = flip(failure(0), healthy);
    assertThat(m.modelHoldsAtD(follows)).isTrue();
    // 20 points above the model from the first second: the model agrees for 0 s, short of D
    FallbackFlip departs = flip(failure(20), healthy);
    assertThat(departs.agreesUntilSec()).isZero();
    assertThat(m.modelHoldsAtD(departs)).isFalse();
  }

  private static StepResult healthy() {
    return Fixture.step(BenchArm.C, ProviderState.HEALTHY)
        .window(FULL.warmupSec(), FULL.pathMeasureSec())
        .answers(10_000)
        .measured(96)
        .build();
  }

  private static StepResult failure(double offsetPts) {
    return Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE)
        .window(FULL.warmupSec(), FULL.measureSec())
        .answers(10_000)
        .curve(0.96, FULL.refreshAfterSec(), 2_000, offsetPts)
        .build();
  }

  private static FallbackFlip flip(StepResult failure, StepResult healthy) {
    return FallbackFlip.judge(
        "C unresponsive R1", failure, healthy, FULL.refreshAfterSec(), Actuarial.DECLARED);
  }
}
