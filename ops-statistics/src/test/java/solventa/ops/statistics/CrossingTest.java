package solventa.ops.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a share that moves with a variable crosses a ceiling, with its bootstrap interval. */
class CrossingTest {

  /** The minimum hit rate's shape: the share falls a point per point of hit rate. */
  @Test
  void aFallingLineCrossesWhereItsShareMeetsTheCeiling() {
    List<Crossing.Group> g =
        List.of(
            new Crossing.Group(0.92, 15_000, 1_650),
            new Crossing.Group(0.96, 15_000, 1_050),
            new Crossing.Group(0.98, 15_000, 750));
    Crossing.Result r = Crossing.of(g, 0.10);
    assertThat(r.slope()).isCloseTo(-1.0, within(1e-6));
    assertThat(r.at()).isCloseTo(0.93, within(1e-6));
    assertThat(r.low()).isLessThan(r.at());
    assertThat(r.high()).isGreaterThan(r.at());
    assertThat(r.high() - r.low()).isLessThan(0.01);
    assertThat(r.answers()).isEqualTo(45_000);
  }

  /** The same counts give the same interval: the bootstrap is seeded. */
  @Test
  void theIntervalIsTheSameForTheSameCounts() {
    List<Crossing.Group> g =
        List.of(new Crossing.Group(1, 1_000, 40), new Crossing.Group(2, 1_000, 80));
    assertThat(Crossing.of(g, 0.10)).isEqualTo(Crossing.of(g, 0.10));
  }

  /** A flat share crosses nowhere, and the line with one x has no slope. */
  @Test
  void aFlatShareOrASingleValueHasNoCrossing() {
    assertThat(
            Crossing.of(
                    List.of(new Crossing.Group(1, 1_000, 50), new Crossing.Group(2, 1_000, 50)),
                    0.10)
                .at())
        .isNull();
    assertThat(Crossing.of(List.of(new Crossing.Group(1, 1_000, 50)), 0.10).at()).isNull();
  }

  /** A paired effect is the mean of the differences, its interval from blocks of seconds. */
  @Test
  void aPairedEffectPoolsTheRunsSeconds() {
    double[] run1 = new double[30];
    double[] run2 = new double[30];
    for (int i = 0; i < 30; i++) {
      run1[i] = -2 + (i % 3 - 1) * 0.5;
      run2[i] = -2 + (i % 5 - 2) * 0.5;
    }
    PairedSeries.Effect e = PairedSeries.of(List.of(run1, run2));
    assertThat(e.mean()).isCloseTo(-2, within(1e-9));
    assertThat(e.ci().high()).isLessThan(0);
    assertThat(e.seconds()).isEqualTo(60);
    assertThat(PairedSeries.of(List.of())).isNull();
  }
}
