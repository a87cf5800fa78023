package solventa.ops.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import solventa.providerdouble.HealthyTail;
import solventa.vocabulary.ProviderState;

/** What each card reading sets in the lab during its steps, and which steps it changes. */
class CardReadingTest {
  private final ExperimentProfile full = ExperimentProfile.named("full");

  @Test
  void theRecoveryReadAsHealthyHoldsNoDegradedWindow() {
    assertThat(CardReading.recoveryWindowSec(CardReading.RECOVERY_HEALTHY, full)).isZero();
    assertThat(CardReading.recoveryWindowSec(null, full)).isEqualTo(30);
    assertThat(CardReading.recoveryWindowSec(CardReading.TAIL_P95, full)).isEqualTo(30);
  }

  @Test
  void onlyTheTailReadAsP95SetsTheHeavierHealthyTail() {
    assertThat(CardReading.healthyTail(CardReading.TAIL_P95)).isEqualTo(HealthyTail.P95);
    assertThat(CardReading.healthyTail(CardReading.RECOVERY_HEALTHY)).isEqualTo(HealthyTail.P99);
    assertThat(CardReading.healthyTail(null)).isEqualTo(HealthyTail.P99);
  }

  @Test
  void eachReadingChangesTheWalkStepsWhereTheDoubleAnswersAsItSays() {
    StepSpec healthy = walk(ProviderState.HEALTHY);
    StepSpec recovery = walk(ProviderState.RECOVERY);
    assertThat(CardReading.TAIL_P95.changes(healthy)).isTrue();
    assertThat(CardReading.TAIL_P95.changes(recovery)).isTrue();
    assertThat(CardReading.TAIL_P95.changes(walk(ProviderState.DEGRADED))).isFalse();
    assertThat(CardReading.RECOVERY_HEALTHY.changes(healthy)).isFalse();
    assertThat(CardReading.RECOVERY_HEALTHY.changes(recovery)).isTrue();
    assertThat(CardReading.TAIL_P95.changes(SweepPlan.sweepStep(full, BenchArm.C, 0.96, false)))
        .isFalse();
  }

  private StepSpec walk(ProviderState s) {
    return StepSpec.builder()
        .id("x")
        .kind(StepKind.WALK)
        .run("R1")
        .arm(BenchArm.C)
        .state(s)
        .hitRate(0.96)
        .rate(200)
        .warmupSec(5)
        .measureSec(30)
        .build();
  }
}
