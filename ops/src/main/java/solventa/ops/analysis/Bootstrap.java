package solventa.ops.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of a difference of medians: resample each group with replacement {@value
 * #RESAMPLES} times and take the 2.5th and 97.5th percentiles of {@code median(a) − median(b)}.
 * Seeded ({@value #SEED}), so a re-analysis gives the same interval. Cost: O(RESAMPLES · n).
 */
public final class Bootstrap {
  static final int RESAMPLES = 2_000;
  static final long SEED = 42;

  /** The observed difference and its 95 % interval, in ms. */
  record Interval(double difference, double low, double high) {
    boolean above(double x) {
      return low > x;
    }

    boolean below(double x) {
      return high < x;
    }
  }

  private Bootstrap() {}

  static Interval medianDifference(List<Long> a, List<Long> b) {
    double[] x = a.stream().mapToDouble(Long::doubleValue).toArray();
    double[] y = b.stream().mapToDouble(Long::doubleValue).toArray();
    SplittableRandom random = new SplittableRandom(SEED);
    double[] diffs = new double[RESAMPLES];
    double[] bx = new double[x.length];
    double[] by = new double[y.length];
    for (int i = 0; i < RESAMPLES; i++) {
      for (int j = 0; j < x.length; j++) {
        bx[j] = x[random.nextInt(x.length)];
      }
      for (int j = 0; j < y.length; j++) {
        by[j] = y[random.nextInt(y.length)];
      }
      diffs[i] = median(bx) - median(by);
    }
    Arrays.sort(diffs);
    return new Interval(
        median(x.clone()) - median(y.clone()),
        diffs[(int) Math.floor(0.025 * (RESAMPLES - 1))],
        diffs[(int) Math.ceil(0.975 * (RESAMPLES - 1))]);
  }

  /** Median of the values (sorts the array in place). */
  static double median(double[] v) {
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  }
}
