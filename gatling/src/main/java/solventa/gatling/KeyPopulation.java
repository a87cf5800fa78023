package solventa.gatling;

/**
 * The customers one step draws from, sized so the cache hits its target in steady state. A known
 * customer's value is fresh for T ({@code refresh-after}); with K known customers at λ req/s, λT/K
 * requests for one customer fall between its expiries, so
 *
 * <pre>
 *   h_known = (λT/K) / (λT/K + 1)   ⇔   K = λT (1 − h_known) / h_known
 * </pre>
 *
 * A share {@code n} of requests goes to never-seen customers (they always miss), so the overall
 * target h is reached with {@code h_known = h / (1 − n)}.
 *
 * @param hitRate the step's overall hit-rate target h, in (0, 1 − n)
 * @param ratePerSec arrival rate λ
 * @param refreshAfterSec T, the node's {@code quote.refresh-after}
 * @param neverSeenShare n, the share of requests for customers the node has never met
 */
public record KeyPopulation(
    double hitRate, double ratePerSec, double refreshAfterSec, double neverSeenShare) {

  public KeyPopulation {
    if (!(neverSeenShare >= 0 && neverSeenShare < 1)) {
      throw new IllegalArgumentException(
          "never-seen share must be in [0, 1), was " + neverSeenShare);
    }
    if (!(hitRate > 0 && hitRate < 1 - neverSeenShare)) {
      throw new IllegalArgumentException(
          "hit rate must be in (0, " + (1 - neverSeenShare) + "), was " + hitRate);
    }
    if (!(ratePerSec > 0) || !(refreshAfterSec > 0)) {
      throw new IllegalArgumentException("rate and refresh-after must be positive");
    }
  }

  /** The hit rate the known customers must reach so the whole step reaches {@link #hitRate}. */
  public double knownHitRate() {
    return hitRate / (1 - neverSeenShare);
  }

  /** K, the number of known customers (at least 1). */
  public int size() {
    double hk = knownHitRate();
    return (int) Math.max(1, Math.round(ratePerSec * refreshAfterSec * (1 - hk) / hk));
  }

  /**
   * The age (seconds) of one known customer's stored value in steady state, for seeding before a
   * step. A customer's cycle is T fresh then an exponential wait (mean K/λ) for its next request,
   * which misses and refreshes it. So with probability {@code h_known} the value is fresh with an
   * age uniform over [0, T), and otherwise it is already expired, aged T plus that wait. Ages
   * uniform over [0, T) alone would start every value fresh and the first seconds of a low-hit step
   * would hit far above target (at h = 50 %: about 57 % over 2T).
   */
  public double steadyStateAgeSec(java.util.random.RandomGenerator random) {
    double x = ratePerSec * refreshAfterSec / size();
    double freshShare = x / (x + 1);
    if (random.nextDouble() < freshShare) {
      return random.nextDouble() * refreshAfterSec;
    }
    double meanWait = size() / ratePerSec;
    return refreshAfterSec - Math.log(1 - random.nextDouble()) * meanWait;
  }

  /**
   * Every known customer's seeded age (seconds), stratified so the seeded world holds its hit rate
   * exactly rather than by chance: of the K customers, {@link #freshCount} are fresh, their ages
   * spread one to each of that many equal slices of [0, T) (a uniform draw inside its slice), the
   * others already expired (T plus an exponential wait, as in {@link #steadyStateAgeSec}); which
   * customer gets which age is shuffled. Drawing each customer's branch by chance, as {@link
   * #steadyStateAgeSec} does, leaves the share of fresh customers binomial: with K = 438 its
   * standard deviation is about a point, and an outage step started a point away from the hit rate
   * its fallback share is compared with. Here the share at the step's start is {@link
   * #seededHitRate}, and the values age out at an even pace, one slice at a time.
   */
  public double[] seededAgesSec(java.util.random.RandomGenerator random) {
    int k = size();
    int fresh = freshCount();
    double meanWait = k / ratePerSec;
    double[] ages = new double[k];
    for (int i = 0; i < k; i++) {
      ages[i] =
          i < fresh
              ? (i + random.nextDouble()) / fresh * refreshAfterSec
              : refreshAfterSec - Math.log(1 - random.nextDouble()) * meanWait;
    }
    for (int i = k - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      double a = ages[i];
      ages[i] = ages[j];
      ages[j] = a;
    }
    return ages;
  }

  /** How many of the K customers {@link #seededAgesSec} seeds fresh: K·x/(x + 1), rounded. */
  public int freshCount() {
    double x = ratePerSec * refreshAfterSec / size();
    return (int) Math.round(size() * x / (x + 1));
  }

  /**
   * The hit rate the stratified seeding gives at a step's start: the fresh customers' share of the
   * known ones, times the share of requests that go to known customers.
   */
  public double seededHitRate() {
    return (double) freshCount() / size() * (1 - neverSeenShare);
  }

  /** The hit rate K customers give in steady state (K is rounded, so this is what to expect). */
  public double expectedHitRate() {
    double x = ratePerSec * refreshAfterSec / size();
    return x / (x + 1) * (1 - neverSeenShare);
  }
}
