package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProtocolPlanTest {

  @Test
  void fullRunsTheLatinSquareThenCPrimeWalkingAllSixStates() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    List<String> armOrder =
        plan.stream()
            .filter(s -> s.kind() == StepKind.WALK && s.state() == State.HEALTHY)
            .map(s -> s.run() + ":" + s.arm().label())
            .toList();
    assertThat(armOrder)
        .containsExactly(
            "R1:A", "R1:B", "R1:C", "R1:C'", "R2:B", "R2:C", "R2:A", "R2:C'", "R3:C", "R3:A",
            "R3:B", "R3:C'");
    assertThat(
            plan.stream()
                .filter(s -> s.kind() == StepKind.WALK && s.run().equals("R2") && s.arm() == Arm.C)
                .map(StepSpec::state))
        .containsExactly(State.values());
  }

  @Test
  void quickCoversEveryArmStateSweepPolicyAndStampede() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("quick"));
    assertThat(plan.stream().filter(s -> s.kind() == StepKind.WALK).map(StepSpec::arm).distinct())
        .containsExactlyInAnyOrder(Arm.values());
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.SWEEP).map(StepSpec::hitRate).distinct())
        .containsExactly(0.99, 0.96, 0.90, 0.50);
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.POLICY).map(s -> s.policy() + s.rate()))
        .containsExactly("count200", "count10", "rate200", "rate10");
    assertThat(plan.stream().filter(s -> s.kind() == StepKind.STAMPEDE).map(StepSpec::arm))
        .containsExactly(Arm.C, Arm.C_PRIME);
    int loadSeconds = plan.stream().mapToInt(StepSpec::durationSec).sum();
    assertThat(loadSeconds)
        .as("quick must fit 10 minutes with start-up and restarts")
        .isLessThan(400);
  }

  @Test
  void smokeIsASubsetThatStillReachesEveryKindOfStep() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("smoke"));
    assertThat(plan.stream().map(StepSpec::kind).distinct())
        .containsExactlyInAnyOrder(
            StepKind.WALK, StepKind.SWEEP, StepKind.POLICY, StepKind.STAMPEDE);
    assertThat(plan.stream().map(StepSpec::arm).distinct()).containsExactly(Arm.A, Arm.C);
    assertThat(plan).anyMatch(s -> s.arm() == Arm.A && s.state() == State.UNRESPONSIVE);
    assertThat(plan).anyMatch(s -> s.arm() == Arm.C && s.state() == State.RECOVERY);
  }

  @Test
  void sweepPolicyAndStampedeFollowTheirArmsWalkSoTheNodeIsReused() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("quick"));
    int lastCWalk = -1;
    int firstCSweep = -1;
    for (int i = 0; i < plan.size(); i++) {
      StepSpec s = plan.get(i);
      if (s.arm() == Arm.C && s.kind() == StepKind.WALK) {
        lastCWalk = i;
      }
      if (s.arm() == Arm.C && s.kind() == StepKind.SWEEP && firstCSweep < 0) {
        firstCSweep = i;
      }
    }
    assertThat(firstCSweep).isEqualTo(lastCWalk + 1);
    assertThat(plan.get(plan.size() - 1).policy()).isEqualTo("rate");
  }

  @Test
  void anUnknownProfileNamesTheChoices() {
    assertThatThrownBy(() -> ExperimentProfile.named("fast"))
        .hasMessageContaining("fast")
        .hasMessageContaining("smoke, quick, full");
  }
}
