package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.gatling.SweepKeySet;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.protocol.SweepPlan;

/** The sweep's key set as the runner builds it from a profile (issue 28, decision 0043). */
class ProtocolRunnerSweepKeysTest {

  /**
   * Every profile's sweep steps, and a bisection or extension step down to 0 %, admit a key set: T
   * outlasts the step and the margin, and a node's customer range holds its pools.
   */
  @ParameterizedTest
  @ValueSource(strings = {"smoke", "quick", "full"})
  void everyProfilesSweepStepsHaveAKeySet(String name) {
    ExperimentProfile p = ExperimentProfile.named(name);
    for (StepSpec s : ProtocolPlan.build(p)) {
      if (s.kind() != StepKind.SWEEP) {
        continue;
      }
      SweepKeySet k = NodePreparation.sweepKeys(p, s);
      assertThat(k.freshAgeBoundSec()).as(s.id()).isPositive();
      assertThat(k.hitPoolSize()).isBetween(1, NodePreparation.SWEEP_MAX_HIT_POOL);
    }
    SweepKeySet zero = NodePreparation.sweepKeys(p, SweepPlan.sweepStep(p, BenchArm.C, 0.0, true));
    assertThat(zero.hitPoolSize() + zero.missPoolSize())
        .isLessThan(ProtocolRunner.NEVER_SEEN_BASE - ProtocolRunner.POPULATION_BASE);
  }

  @ParameterizedTest
  @ValueSource(ints = {30, 34})
  void aProfileWhoseRefreshAfterIsTooShortIsRefusedNamingTheValues(int t) {
    ExperimentProfile p = ExperimentProfile.named("full").withRefreshAfterSec(t);
    StepSpec s = SweepPlan.sweepStep(p, BenchArm.C, 0.9, false);
    assertThatThrownBy(() -> NodePreparation.sweepKeys(p, s))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("refresh-after T = " + t + " s")
        .hasMessageContaining("D = " + s.durationSec() + " s (warm-up included)")
        .hasMessageContaining("margin " + NodePreparation.SWEEP_MARGIN_SEC + " s");
  }
}
