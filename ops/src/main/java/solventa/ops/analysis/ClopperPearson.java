package solventa.ops.analysis;

/**
 * The exact (Clopper–Pearson) 95 % interval of a binomial share k ÷ n, in percent: the lower end is
 * the p at which P(X ≥ k) = 2.5 % (0 when k = 0), the upper end the p at which P(X ≤ k) = 2.5 % (1
 * when k = n), X ~ Binomial(n, p). Each end is found by bisection on the binomial distribution
 * function, summed in log space, to well below the 0.01 % the report prints. Cost: O(n) per
 * bisection step, 100 steps.
 */
public final class ClopperPearson {
  static final double ALPHA = 0.05;
  private static final int STEPS = 100;

  private ClopperPearson() {}

  /** The interval of {@code k} of {@code n}, in percent; null when {@code n == 0}. */
  public static Interval of(long k, long n) {
    if (n < 0 || k < 0 || k > n) {
      throw new IllegalArgumentException("share: k=" + k + ", n=" + n + " (0 ≤ k ≤ n)");
    }
    if (n == 0) {
      return null;
    }
    double[] logFact = logFactorials((int) n);
    double low = 0;
    if (k > 0) {
      // P(X ≥ k) grows with p: the lowest p at which it reaches α/2
      low = solve(p -> 1 - cdf(k - 1, (int) n, p, logFact), true);
    }
    double high = 1;
    if (k < n) {
      // P(X ≤ k) falls with p: the highest p at which it is still α/2
      high = solve(p -> cdf(k, (int) n, p, logFact), false);
    }
    return new Interval(100 * low, 100 * high);
  }

  /** The p in (0, 1) where {@code f(p) = α/2}, f increasing when {@code rising}. */
  private static double solve(java.util.function.DoubleUnaryOperator f, boolean rising) {
    double lo = 0;
    double hi = 1;
    for (int i = 0; i < STEPS; i++) {
      double mid = (lo + hi) / 2;
      boolean below = f.applyAsDouble(mid) < ALPHA / 2;
      if (below == rising) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** P(X ≤ k), X ~ Binomial(n, p), 0 < p < 1. */
  static double cdf(long k, int n, double p, double[] logFact) {
    double lp = Math.log(p);
    double lq = Math.log1p(-p);
    double sum = 0;
    for (int i = 0; i <= k; i++) {
      sum += Math.exp(logFact[n] - logFact[i] - logFact[n - i] + i * lp + (n - i) * lq);
    }
    return Math.min(1, sum);
  }

  private static double[] logFactorials(int n) {
    double[] f = new double[n + 1];
    for (int i = 2; i <= n; i++) {
      f[i] = f[i - 1] + Math.log(i);
    }
    return f;
  }
}
