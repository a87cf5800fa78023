package solventa.ops.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The statistics every figure uses: Clopper–Pearson against known values, the bootstrap of a
 * percentile reproducible with its seed, and the percentile's rank as the library reads it.
 */
class StatisticsTest {
  @Nested
  class ClopperPearsonValues {
    /** Reference values: the beta quantiles of the exact interval (computed to 40 digits). */
    @Test
    void matchesKnownIntervals() {
      assertInterval(ClopperPearson.of(0, 10), 0, 30.849711);
      assertInterval(ClopperPearson.of(5, 10), 18.708603, 81.291397);
      assertInterval(ClopperPearson.of(10, 10), 69.150289, 100);
      assertInterval(ClopperPearson.of(1, 100), 0.025315, 5.445939);
      assertInterval(ClopperPearson.of(3, 300), 0.206701, 2.894451);
      assertInterval(ClopperPearson.of(504, 6_000), 7.710143, 9.130610);
      assertInterval(ClopperPearson.of(0, 500), 0, 0.735061);
    }

    /** The smallest step whose error share can be called within 1 % (verdict-rules.md). */
    @Test
    void noErrorInFewerThan368AnswersReachesAboveOnePercent() {
      assertThat(ClopperPearson.of(0, 367).high()).isGreaterThan(1.0);
      assertThat(ClopperPearson.of(0, 368).high()).isLessThanOrEqualTo(1.0);
    }

    @Test
    void nothingMeasuredHasNoInterval() {
      assertThat(ClopperPearson.of(0, 0)).isNull();
    }

    @Test
    void aShareOutsideItsCountIsRefusedNamingBoth() {
      assertThatThrownBy(() -> ClopperPearson.of(11, 10))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("k=11, n=10");
    }

    private void assertInterval(Interval i, double low, double high) {
      assertThat(i.low()).isCloseTo(low, within(1e-5));
      assertThat(i.high()).isCloseTo(high, within(1e-5));
    }
  }

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
    void theSameLatenciesGiveTheSameIntervals() {
      Interval[] a = Bootstrap.percentiles(step(7), 95, 99);
      Interval[] b = Bootstrap.percentiles(step(7), 95, 99);
      assertThat(a).containsExactly(b);
    }

    /** All answers alike: nothing to resample but the one value. */
    @Test
    void oneValueGivesAnIntervalOfThatValue() {
      Interval[] ci = Bootstrap.percentiles(List.of(64L, 64L, 64L, 64L), 95, 99);
      assertThat(ci[0]).isEqualTo(new Interval(64, 64));
    }

    @Test
    void noLatencyHasNoInterval() {
      assertThat(Bootstrap.percentiles(List.of(), 95)).isNull();
    }

    /**
     * Two independent samples: the interval of a percentile's difference covers the shift between
     * them, excludes 0 when one is clearly slower, and is reproducible with its seed.
     */
    @Test
    void theDifferenceOfTwoSamplesCoversTheirShift() {
      double[] a = step(7).stream().mapToDouble(Long::doubleValue).toArray();
      double[] b = step(8).stream().mapToDouble(x -> x + 300.0).toArray();
      List<java.util.function.ToDoubleFunction<double[]>> p95 = List.of(v -> Percentile.of(v, 95));
      Interval ci = Bootstrap.differences(a, b, p95)[0];
      double observed = Percentile.of(b, 95) - Percentile.of(a, 95);
      assertThat(ci.contains(observed)).as("%s contains %s", ci, observed).isTrue();
      assertThat(ci.low()).isPositive();
      assertThat(Bootstrap.differences(a, b, p95)[0]).isEqualTo(ci);
      assertThat(Bootstrap.differences(a, a.clone(), p95)[0].contains(0)).isTrue();
      assertThat(Bootstrap.differences(new double[0], b, p95)).isNull();
    }

    /** The bootstrap counts ranks; they must be the ranks the library's Quantile (HF1) reads. */
    @Test
    void theRankIsTheLibrarysInverseEmpiricalDistribution() {
      assertThat(Percentile.rank(95, 1_000)).isEqualTo(950);
      assertThat(Percentile.rank(95, 1_001)).isEqualTo(951); // ceil(950.95), not round
      assertThat(Percentile.rank(99, 10)).isEqualTo(10);
      assertThat(Percentile.rank(50, 1)).isEqualTo(1);
      for (int n = 1; n <= 2_500; n++) {
        double[] ranks = new double[n];
        for (int i = 0; i < n; i++) {
          ranks[i] = n - i; // unsorted on purpose: Quantile sorts a copy
        }
        for (double q : new double[] {2.5, 50, 95, 97.5, 99}) {
          assertThat(Percentile.rank(q, n))
              .as("q=%s n=%d", q, n)
              .isEqualTo((int) Percentile.of(ranks, q));
        }
      }
    }
  }
}
