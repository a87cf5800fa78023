package solventa.ops.statistics;

import java.util.SplittableRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * A binomial draw from a seeded generator (Apache Commons Statistics' sampler): the simulations of
 * the rules' operating characteristics and the parametric bootstrap of a crossing ({@link
 * Crossing}) draw their counts here.
 */
public final class Binomial {
  private Binomial() {}

  /** A count of {@code n} trials at probability {@code p}. */
  public static long draw(long n, double p, SplittableRandom random) {
    if (n <= 0 || p <= 0) {
      return 0;
    }
    if (p >= 1) {
      return n;
    }
    UniformRandomProvider rng = random::nextLong;
    return BinomialDistribution.of(Math.toIntExact(n), p).createSampler(rng).sample();
  }
}
