package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.vocabulary.ProviderState.DEGRADED;
import static solventa.vocabulary.ProviderState.HEALTHY;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.FallbackFlip.Undecidable;
import solventa.ops.analysis.hypotheses.FallbackFlip.Why;
import solventa.ops.protocol.BenchArm;

/**
 * Why a flip cannot be compared with D, as data: each kind of {@link Undecidable} on a step the
 * protocol can produce (the report words them).
 */
class FallbackFlipTest {
  private static final int T = 20;

  private static StepResult healthy() {
    Fixture f = Fixture.step(BenchArm.C, HEALTHY).latency(118, 179).fallback(0.9).measured(96);
    f.rate = 200;
    return f.build();
  }

  private static StepResult degraded(double offsetPts) {
    Fixture f = Fixture.step(BenchArm.C, DEGRADED).latency(64, 66).curve(0.96, T, 2_000, offsetPts);
    f.rate = 200;
    return f.build();
  }

  @Test
  void aHealthyStepNotRunNamesTheStepAndWhy() {
    FallbackFlip f = FallbackFlip.judge("C degraded R1", degraded(0), null, T, Actuarial.DECLARED);
    assertThat(f.outcome()).isEqualTo(FallbackFlip.Outcome.UNDECIDABLE);
    assertThat(f.undecidable())
        .isEqualTo(
            new Undecidable(
                Why.HEALTHY_UNUSABLE,
                new Fact.UnusableStep(
                    new Fact.StepRef("C", "R1", HEALTHY), Fact.Unfit.NOT_RUN, List.of(), 0),
                0,
                0));
  }

  @Test
  void aShareThatNeverLiesAboveTheCeilingPlacesNoFlip() {
    StepResult s = degraded(0);
    FallbackFlip f =
        FallbackFlip.judge(
            "C degraded R1", s, healthy(), T, new Actuarial(86_400, 3_600, 90, 172_800));
    assertThat(f.undecidable().why()).isEqualTo(Why.NEVER_ABOVE);
    assertThat(f.undecidable().stepSeconds()).isEqualTo(s.timeline().size());
    assertThat(f.flip()).isNull();
  }

  @Test
  void aCurveTheModelDoesNotFollowIsNotMapped() {
    FallbackFlip f =
        FallbackFlip.judge("C degraded R1", degraded(20), healthy(), T, Actuarial.DECLARED);
    assertThat(f.undecidable()).isEqualTo(new Undecidable(Why.MODEL_DISAGREES, null, 0, 0));
    assertThat(f.agreesUntilSec()).isZero();
  }

  @Test
  void aComparableFlipHasNoReason() {
    FallbackFlip f =
        FallbackFlip.judge("C degraded R1", degraded(0), healthy(), T, Actuarial.DECLARED);
    assertThat(f.outcome()).isNotEqualTo(FallbackFlip.Outcome.UNDECIDABLE);
    assertThat(f.undecidable()).isNull();
  }
}
