package solventa.ops.statistics;

import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * The exact (Clopper–Pearson) 95 % interval of a binomial share k ÷ n, in percent, from the Beta
 * distribution's quantiles (Apache Commons Statistics): the lower end is the α/2 quantile of
 * Beta(k, n − k + 1) (0 when k = 0), the upper end the 1 − α/2 quantile of Beta(k + 1, n − k) (1
 * when k = n). These are the p at which P(X ≥ k) = α/2 and P(X ≤ k) = α/2, X ~ Binomial(n, p).
 */
public final class ClopperPearson {
  public static final double ALPHA = 0.05;

  private ClopperPearson() {}

  /** The interval of {@code k} of {@code n}, in percent; null when {@code n == 0}. */
  public static Interval of(long k, long n) {
    if (n < 0 || k < 0 || k > n) {
      throw new IllegalArgumentException("share: k=" + k + ", n=" + n + " (0 ≤ k ≤ n)");
    }
    if (n == 0) {
      return null;
    }
    double low =
        k == 0 ? 0 : BetaDistribution.of(k, n - k + 1).inverseCumulativeProbability(ALPHA / 2);
    double high =
        k == n ? 1 : BetaDistribution.of(k + 1, n - k).inverseCumulativeProbability(1 - ALPHA / 2);
    return new Interval(100 * low, 100 * high);
  }
}
