package solventa.providerdouble;

import java.util.SplittableRandom;

/**
 * The seeded sequence of latencies: sample {@code k} (k = 0, 1, …) is {@code
 * profile.millisFor(z_k)}, where {@code z_k} is the k-th standard normal drawn by Box–Muller from
 * {@code new SplittableRandom(seed)} (two {@code nextDouble()} per sample, {@code z = sqrt(-2 ln(1
 * - u1)) * cos(2 pi u2)}). Box–Muller is written out rather than {@code nextGaussian()} so the
 * sequence does not depend on the JDK's algorithm.
 *
 * <p>Pure and not thread-safe: the caller serializes access (the double takes samples under its
 * state lock, in request arrival order).
 */
public final class LatencySampler {
  private final SplittableRandom random;
  private long index;

  public LatencySampler(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The next standard normal deviate of this seed's sequence. */
  public double nextZ() {
    index++;
    double u1 = random.nextDouble();
    double u2 = random.nextDouble();
    return Math.sqrt(-2.0 * Math.log(1.0 - u1)) * Math.cos(2.0 * Math.PI * u2);
  }

  /** The next latency in milliseconds under {@code profile}. */
  public double nextMillis(LatencyProfile profile) {
    return profile.millisFor(nextZ());
  }

  /** How many samples were taken. */
  public long taken() {
    return index;
  }
}
