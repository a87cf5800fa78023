package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.Interval;

/**
 * The intervals of rules version 5: Clopper–Pearson against known values, the bootstrap of a
 * percentile reproducible with its seed and containing the point estimate, and the three calls.
 */
class IntervalsTest {

  @Nested
  class BootstrapPercentiles {
    /** A step's latencies: 1 000 answers, most near 150 ms, a tail past 300. */
    List<Long> step(long seed) {
      SplittableRandom r = new SplittableRandom(seed);
      List<Long> out = new ArrayList<>();
      for (int i = 0; i < 1_000; i++) {
        out.add((long) (r.nextInt(100) < 94 ? 120 + r.nextInt(60) : 200 + r.nextInt(300)));
      }
      return out;
    }

    @Test
    void eachIntervalContainsItsPointEstimate() {
      for (long seed = 1; seed <= 5; seed++) {
        List<Long> ms = step(seed);
        Latency point = Latency.of(ms);
        Interval[] ci = Bootstrap.percentiles(ms, 95, 99);
        assertThat(ci[0].contains(point.p95())).as("p95 %s in %s", point.p95(), ci[0]).isTrue();
        assertThat(ci[1].contains(point.p99())).as("p99 %s in %s", point.p99(), ci[1]).isTrue();
        assertThat(ci[0].high() - ci[0].low()).isGreaterThan(0);
      }
    }

    /** One definition: a step's percentile is a value that was measured, at rank ceil(q·n). */
    @Test
    void aStepsPercentilesAndTheBootstrapShareTheDefinition() {
      List<Long> ms = new ArrayList<>();
      for (long i = 1; i <= 1_001; i++) {
        ms.add(i);
      }
      Latency l = Latency.of(ms);
      assertThat(l.p95()).isEqualTo(951.0);
      assertThat(l.p99()).isEqualTo(991.0);
      assertThat(l.p50()).isEqualTo(501.0);
      assertThat(Bootstrap.median(new double[] {4, 1, 3, 2})).isEqualTo(2.0);
      org.HdrHistogram.Histogram h = Latency.histogram();
      ms.forEach(m -> Latency.record(h, m));
      assertThat(Latency.of(h)).isEqualTo(l);
    }
  }

  @Nested
  class Calls {
    @Test
    void holdsFailsOrTooCloseByWhereTheIntervalLies() {
      assertThat(Call.of(new Interval(210, 224), x -> x <= 225)).isEqualTo(Call.HOLDS);
      assertThat(Call.of(new Interval(210, 225), x -> x <= 225)).isEqualTo(Call.HOLDS);
      assertThat(Call.of(new Interval(226, 240), x -> x <= 225)).isEqualTo(Call.FAILS);
      assertThat(Call.of(new Interval(217, 226), x -> x <= 225)).isEqualTo(Call.TOO_CLOSE);
      assertThat(Call.of(null, x -> x <= 225)).isEqualTo(Call.MISSING);
    }

    @Test
    void anIntervalUpsideDownIsRefusedNamingItsEnds() {
      assertThatThrownBy(() -> new Interval(3, 2))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("low=3.0, high=2.0");
    }
  }
}
