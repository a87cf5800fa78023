package solventa.ops.statistics;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Percentile bootstraps: of a difference of medians (HD-01.3), of a step's latency percentiles
 * (rules version 5), and of a statistic's difference between two runs' steps ({@code bin/lab
 * compare}). Resample with replacement {@value #RESAMPLES} times and take the 2.5th and 97.5th
 * percentiles of the statistic over the resamples. Every percentile here, of the data, of a
 * resample and of the resamples' statistics, is {@link Percentile}'s, the project's one definition.
 * Seeded ({@value #SEED}), so a re-analysis gives the same interval. Cost: O(RESAMPLES · n).
 */
public final class Bootstrap {
  public static final int RESAMPLES = 2_000;
  public static final long SEED = 42;

  /** The observed difference and its 95 % interval, in ms. */
  public record Difference(double difference, double low, double high) {
    public boolean above(double x) {
      return low > x;
    }

    public boolean below(double x) {
      return high < x;
    }
  }

  private Bootstrap() {}

  public static Difference medianDifference(List<Long> a, List<Long> b) {
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
    Interval ends = ends(diffs);
    return new Difference(median(x.clone()) - median(y.clone()), ends.low(), ends.high());
  }

  /**
   * The 95 % bootstrap percentile interval of each percentile {@code qs} (e.g. 95, 99) of the
   * latencies, in ms (the caller clamps them as its histogram does), with {@link Percentile}'s
   * definition, the one a step's latency figures use (the value at rank ceil(q/100 · n) of the
   * sorted values); null when there are none. Every resample gives all the percentiles, and the
   * generator starts at {@value #SEED} on every call, so the same latencies give the same
   * intervals.
   */
  public static Interval[] percentiles(List<Long> millis, double... qs) {
    int n = millis.size();
    if (n == 0) {
      return null;
    }
    long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
    int[] above = new int[qs.length]; // a resample's q-th percentile is its above-th largest value
    for (int j = 0; j < qs.length; j++) {
      above[j] = n - Percentile.rank(qs[j], n) + 1;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[][] stats = new double[qs.length][RESAMPLES];
    int[] draws = new int[n];
    for (int i = 0; i < RESAMPLES; i++) {
      Arrays.fill(draws, 0);
      for (int j = 0; j < n; j++) {
        draws[random.nextInt(n)]++;
      }
      for (int j = 0; j < qs.length; j++) {
        stats[j][i] = largest(sorted, draws, above[j]);
      }
    }
    Interval[] out = new Interval[qs.length];
    for (int j = 0; j < qs.length; j++) {
      out[j] = ends(stats[j]);
    }
    return out;
  }

  /**
   * The 95 % bootstrap percentile interval of each statistic of {@code values} (a mean, a
   * percentile…), every resample drawing {@code values.length} of them with replacement; null when
   * there are none. The generator starts at {@value #SEED} on every call, so the same values give
   * the same intervals.
   */
  public static Interval[] statistics(
      double[] values, List<java.util.function.ToDoubleFunction<double[]>> stats) {
    int n = values.length;
    if (n == 0) {
      return null;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[][] out = new double[stats.size()][RESAMPLES];
    double[] resample = new double[n];
    for (int i = 0; i < RESAMPLES; i++) {
      for (int j = 0; j < n; j++) {
        resample[j] = values[random.nextInt(n)];
      }
      for (int k = 0; k < stats.size(); k++) {
        out[k][i] = stats.get(k).applyAsDouble(resample.clone());
      }
    }
    Interval[] intervals = new Interval[stats.size()];
    for (int k = 0; k < stats.size(); k++) {
      intervals[k] = ends(out[k]);
    }
    return intervals;
  }

  /**
   * The 95 % bootstrap percentile interval of each statistic's difference between two independent
   * samples, {@code stat(b) − stat(a)}: every resample draws {@code a.length} values of {@code a}
   * and {@code b.length} of {@code b} with replacement, each from its own sample (two runs compared
   * unpaired); null when either has none. The generator starts at {@value #SEED} on every call, so
   * the same values give the same intervals.
   */
  public static Interval[] differences(
      double[] a, double[] b, List<java.util.function.ToDoubleFunction<double[]>> stats) {
    if (a.length == 0 || b.length == 0) {
      return null;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[][] out = new double[stats.size()][RESAMPLES];
    double[] ra = new double[a.length];
    double[] rb = new double[b.length];
    for (int i = 0; i < RESAMPLES; i++) {
      for (int j = 0; j < a.length; j++) {
        ra[j] = a[random.nextInt(a.length)];
      }
      for (int j = 0; j < b.length; j++) {
        rb[j] = b[random.nextInt(b.length)];
      }
      for (int k = 0; k < stats.size(); k++) {
        out[k][i] = stats.get(k).applyAsDouble(rb.clone()) - stats.get(k).applyAsDouble(ra.clone());
      }
    }
    Interval[] intervals = new Interval[stats.size()];
    for (int k = 0; k < stats.size(); k++) {
      intervals[k] = ends(out[k]);
    }
    return intervals;
  }

  /** The 2.5th and 97.5th percentiles of the resamples' statistics ({@link Percentile}). */
  public static Interval ends(double[] stats) {
    return new Interval(Percentile.of(stats, 2.5), Percentile.of(stats, 97.5));
  }

  /** The m-th largest value of a resample that drew {@code sorted[i]} {@code draws[i]} times. */
  private static long largest(long[] sorted, int[] draws, int m) {
    int seen = 0;
    for (int i = sorted.length - 1; i > 0; i--) {
      seen += draws[i];
      if (seen >= m) {
        return sorted[i];
      }
    }
    return sorted[0];
  }

  /**
   * Median of the values: their 50th percentile by {@link Percentile} (the array may be sorted).
   */
  public static double median(double[] v) {
    Arrays.sort(v);
    return v[Percentile.rank(50, v.length) - 1];
  }
}
