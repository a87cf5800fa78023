package solventa.ops.analysis.recommendation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * The designs compared in pairs: a variant against C on the same run's step of the same state,
 * second by second, with a moving-block bootstrap interval.
 */
class PairedEffectsTest {

  /** C+RA starts the outage fresher than C: 98 % against 96 % of its answers CACHED. */
  @Test
  void refreshAheadStartsTheOutageFresherAndThePairSaysSo() {
    List<StepResult> s = new ArrayList<>();
    for (String run : List.of("R1", "R2")) {
      s.add(
          Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE)
              .run(run)
              .window(5, 25)
              .aging(0.96, 600, 2_000)
              .build());
      s.add(
          Fixture.step(BenchArm.C_RA, ProviderState.UNRESPONSIVE)
              .run(run)
              .window(5, 25)
              .aging(0.98, 600, 2_000)
              .build());
    }
    List<PairedEffects> all = PairedEffects.of(new StepResults(s), 30);
    PairedEffects fresh =
        all.stream()
            .filter(e -> e.metric() == PairedEffects.Metric.FRESH_AT_START)
            .findFirst()
            .orElseThrow();
    assertThat(fresh.variant()).isEqualTo("C+RA");
    assertThat(fresh.runs()).containsExactly("R1", "R2");
    assertThat(fresh.effect().mean()).isBetween(1.5, 2.5);
    assertThat(fresh.effect().ci().low()).isPositive();
    assertThat(fresh.favours()).isEqualTo(PairedEffects.Favours.VARIANT);
  }

  /** At recovery, fewer calls in flight favour careful recovery; one run's time has no interval. */
  @Test
  void carefulRecoveryAgainstCAtRecovery() {
    List<StepResult> s = new ArrayList<>();
    s.add(Designs.recovery(BenchArm.C, "R1", 32, 20, 30).build());
    s.add(Designs.recovery(BenchArm.C_CR, "R1", 9, 9, 0).build());
    List<PairedEffects> all = PairedEffects.of(new StepResults(s), Designs.WINDOW);
    PairedEffects pool =
        all.stream()
            .filter(e -> e.metric() == PairedEffects.Metric.POOL_IN_FLIGHT)
            .filter(e -> e.variant().equals("C+CR"))
            .findFirst()
            .orElseThrow();
    assertThat(pool.effect().mean()).isNegative();
    assertThat(pool.favours()).isEqualTo(PairedEffects.Favours.VARIANT);
    assertThat(all).noneMatch(e -> e.variant().equals("C'"));
  }
}
