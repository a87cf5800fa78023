package solventa.ops.statistics;

import java.util.Collection;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The one percentile definition of every figure the analysis computes ({@code
 * docs/verdict-rules.md}, "Percentiles"): the inverse of the empirical distribution function,
 * Hyndman and Fan's type 1 (Apache Commons Statistics' {@code Quantile} with {@code
 * EstimationMethod.HF1}): the q-th percentile of n values is the value at rank ceil(q/100 · n) of
 * the sorted values (the smallest for q = 0), always a value that was measured. A step's p50, p95
 * and p99, the medians of HD-01.3, every bootstrap resample's statistic and the ends of every
 * bootstrap interval use it.
 */
public final class Percentile {
  private static final Quantile HF1 =
      Quantile.withDefaults().with(Quantile.EstimationMethod.HF1).withCopy(true);

  private Percentile() {}

  /** The {@code q}-th percentile (0–100) of {@code values}; {@code values} is not modified. */
  public static double of(double[] values, double q) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    return HF1.evaluate(values, q / 100);
  }

  /** The {@code q}-th percentiles of {@code millis}, in the order of {@code qs}. */
  public static double[] of(Collection<Long> millis, double... qs) {
    double[] v = millis.stream().mapToDouble(Long::doubleValue).toArray();
    double[] ps = new double[qs.length];
    for (int i = 0; i < qs.length; i++) {
      ps[i] = of(v, qs[i]);
    }
    return ps;
  }

  /**
   * The 1-based rank of the {@code q}-th percentile among {@code n} sorted values: ceil(q/100 · n),
   * at least 1 (the bootstrap counts ranks instead of sorting each resample; a test holds it equal
   * to {@code Quantile}'s).
   */
  public static int rank(double q, int n) {
    return (int) Math.max(1, Math.min(n, (long) Math.ceil(q / 100.0 * n - 1e-9)));
  }
}
