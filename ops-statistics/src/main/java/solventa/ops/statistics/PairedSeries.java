package solventa.ops.statistics;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A paired effect over time series: the mean of the differences between two designs' figures second
 * by second (the same run, the same second since the provider's change, the same seed, key sequence
 * and fault timeline), pooled over the runs, with a 95 % moving-block bootstrap interval: {@value
 * Bootstrap#RESAMPLES} times, each run's difference series is rebuilt from blocks of {@link #BLOCK}
 * consecutive seconds drawn with replacement (circularly), the pooled mean taken, and the 2.5th and
 * 97.5th percentiles of those means kept ({@link Bootstrap#ends}). Blocks keep the seconds'
 * dependence on their neighbours, which a bootstrap of single seconds would hide. Seeded ({@value
 * Bootstrap#SEED}).
 */
public final class PairedSeries {
  /** Seconds per block. */
  public static final int BLOCK = 5;

  private PairedSeries() {}

  /**
   * The effect and its interval.
   *
   * @param mean the pooled mean difference
   * @param ci its 95 % interval (null with fewer than two seconds)
   * @param seconds the paired seconds pooled
   */
  public record Effect(double mean, Interval ci, int seconds) {}

  /** The pooled mean of {@code differences} (one array per run), with its interval. */
  public static Effect of(List<double[]> differences) {
    int n = differences.stream().mapToInt(d -> d.length).sum();
    if (n == 0) {
      return null;
    }
    double sum = 0;
    for (double[] d : differences) {
      for (double x : d) {
        sum += x;
      }
    }
    double mean = sum / n;
    if (n < 2) {
      return new Effect(mean, null, n);
    }
    SplittableRandom random = new SplittableRandom(Bootstrap.SEED);
    double[] means = new double[Bootstrap.RESAMPLES];
    for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
      double s = 0;
      for (double[] d : differences) {
        int len = d.length;
        int filled = 0;
        while (filled < len) {
          int start = random.nextInt(len);
          for (int j = 0; j < BLOCK && filled < len; j++, filled++) {
            s += d[(start + j) % len];
          }
        }
      }
      means[i] = s / n;
    }
    return new Effect(mean, Bootstrap.ends(means), n);
  }
}
