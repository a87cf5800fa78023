package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;
import solventa.vocabulary.ProviderState;

/**
 * An arm is its traits: an arm this test makes, one constant with traits no card arm has (B's
 * cache-aside that falls back after the budget, no breaker), runs a smoke step through the
 * experiment's runner on the real embedded lab (Redis, PostgreSQL, Toxiproxy, the double, a quote
 * node process, Gatling) with no other change to the runner, the node, the simulation or the
 * analysis.
 */
class TestArmStepIT {
  /** B that falls back: neither B (it waits, then errs) nor C (it has the breaker). */
  static final BenchArm FALLING_B =
      BenchArm.of(
          "B+FB", "BFB", Arm.B.withTraits(new ArmTraits(true, true, false, false)), Map.of());

  @Test
  void aTestArmWithItsOwnTraitsRunsASmokeStepThroughTheRunner(@TempDir Path dir) throws Exception {
    assertThat(Arrays.asList(BenchArm.values())).doesNotContain(FALLING_B);
    assertThat(FALLING_B.nodeSettings())
        .containsEntry("quote.arm", "B")
        .containsEntry("quote.breaker", "off")
        .containsEntry("quote.traits.falls-back", "on");

    ExperimentProfile smoke = ExperimentProfile.named("smoke");
    // the walk step as the protocol plans it, at half the hit rate so that misses are many in the
    // smoke profile's short window
    StepSpec down =
        ProtocolPlan.walkStep(smoke, "R1", FALLING_B, ProviderState.DOWN).toBuilder()
            .hitRate(0.5)
            .build();
    try (EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(dir.resolve("logs")), 1)) {
      lab.start();
      try (LoadSteps steps = LoadSteps.unrecorded(smoke, dir, 42, lab)) {
        StepResult r = steps.runStep(down);

        assertThat(r.spec().id()).isEqualTo("R1-walk-BFB-down");
        assertThat(r.spec().arm()).isSameAs(FALLING_B);
        assertThat(r.valid()).as(String.join("; ", r.invalidations())).isTrue();
        assertThat(r.requests())
            .isGreaterThanOrEqualTo((long) (0.9 * down.rate() * down.measureSec()));
        // the provider refuses every call: B's misses would be errors; this arm's fall back
        assertThat(r.errorPct()).isZero();
        assertThat(r.fallbackPct()).isPositive();
        assertThat(r.stalePct() + r.defaultPct()).isEqualTo(r.fallbackPct(), within(1e-9));
      }
    }
  }

  private static org.assertj.core.data.Offset<Double> within(double d) {
    return org.assertj.core.data.Offset.offset(d);
  }
}
