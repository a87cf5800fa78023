package solventa.gatling;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The key set of one hit-rate sweep step: the hit rate is the step's controlled variable, so it
 * must hold for the whole step with the provider degraded, when no miss is refreshed. A
 * steady-state population ({@link KeyPopulation}) drains then: its fresh values expire at 1/T and
 * are not replaced. Here instead
 *
 * <ul>
 *   <li>a <b>hit</b> is a request for one of the step's fresh customers, seeded with an age uniform
 *       over [0, T − D − m): fresh when the step starts and still fresh at its end, D seconds later
 *       (D the step's whole duration, warm-up included; m a margin for the time between the seeding
 *       and the first request);
 *   <li>a <b>miss</b> is a request for one of the step's expired customers, seeded older than T
 *       (uniform over [T + m, 2T + m)) but far younger than the node's max-staleness, so arm C
 *       answers it STALE; each is requested at most once (drawn without replacement), so a refresh
 *       that succeeds late cannot turn a miss into later hits;
 *   <li>a <b>never-seen</b> request goes to a customer the node has never met (DEFAULT in C).
 * </ul>
 *
 * The mix is deterministic, not random per request ({@link #kind}): request i is never-seen iff
 * ⌊(i+1)·n⌋ &gt; ⌊i·n⌋, and the j-th known request is a hit iff ⌊(j+1)·h_known⌋ &gt; ⌊j·h_known⌋,
 * with h_known = h / (1 − n). Any run of consecutive requests — the measured window after the
 * warm-up cut — therefore holds the target share to within one request of each kind. Pure: the
 * runner sizes and seeds the pools with it, the feeder ({@link SweepKeyFeeder}) draws with it.
 *
 * @param hitRate the step's target h, in [0, 1 − n]
 * @param ratePerSec arrival rate λ
 * @param durationSec D, the step's whole duration (warm-up included)
 * @param refreshAfterSec T, the node's {@code quote.refresh-after}
 * @param neverSeenShare n, the share of requests for never-seen customers
 * @param marginSec m, the slack between the seeding of the fresh customers and the step's start
 * @param maxStalenessSec the node's {@code quote.max-staleness}: an expired customer older than it
 *     would answer DEFAULT, not STALE
 * @param maxHitPool the most fresh customers to seed (they are seeded last, just before the step:
 *     few enough to be written well within the margin)
 */
public record SweepKeySet(
    double hitRate,
    double ratePerSec,
    double durationSec,
    double refreshAfterSec,
    double neverSeenShare,
    double marginSec,
    double maxStalenessSec,
    int maxHitPool) {

  /** What one request of the step is. */
  public enum Kind {
    HIT,
    MISS,
    NEVER_SEEN
  }

  /** A key set whose parameters are named as they are set; {@link Builder#build} checks them. */
  public static Builder builder() {
    return new Builder();
  }

  /** The parameters of a sweep step's key set, named ({@link #builder}); each must be set. */
  public static final class Builder {
    private double hitRate;
    private double ratePerSec;
    private double durationSec;
    private double refreshAfterSec;
    private double neverSeenShare;
    private double marginSec;
    private double maxStalenessSec;
    private int maxHitPool;

    private Builder() {}

    public Builder hitRate(double v) {
      this.hitRate = v;
      return this;
    }

    public Builder ratePerSec(double v) {
      this.ratePerSec = v;
      return this;
    }

    public Builder durationSec(double v) {
      this.durationSec = v;
      return this;
    }

    public Builder refreshAfterSec(double v) {
      this.refreshAfterSec = v;
      return this;
    }

    public Builder neverSeenShare(double v) {
      this.neverSeenShare = v;
      return this;
    }

    public Builder marginSec(double v) {
      this.marginSec = v;
      return this;
    }

    public Builder maxStalenessSec(double v) {
      this.maxStalenessSec = v;
      return this;
    }

    public Builder maxHitPool(int v) {
      this.maxHitPool = v;
      return this;
    }

    public SweepKeySet build() {
      return new SweepKeySet(
          hitRate,
          ratePerSec,
          durationSec,
          refreshAfterSec,
          neverSeenShare,
          marginSec,
          maxStalenessSec,
          maxHitPool);
    }
  }

  public SweepKeySet {
    if (!(neverSeenShare >= 0 && neverSeenShare < 1)) {
      throw new IllegalArgumentException(
          "never-seen share must be in [0, 1), was " + neverSeenShare);
    }
    if (!(hitRate >= 0 && hitRate <= 1 - neverSeenShare + 1e-12)) {
      throw new IllegalArgumentException(
          "hit rate must be in [0, " + (1 - neverSeenShare) + "], was " + hitRate);
    }
    if (!(ratePerSec > 0) || !(durationSec > 0) || !(marginSec >= 0) || maxHitPool < 1) {
      throw new IllegalArgumentException(
          "rate and duration must be positive, the margin at least 0 and the hit pool at least 1");
    }
    if (!(refreshAfterSec > durationSec + marginSec)) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "a sweep step's hits must stay fresh for the whole step: refresh-after T = %s s must"
                  + " exceed the step's duration D = %s s (warm-up included) plus the margin %s s",
              num(refreshAfterSec),
              num(durationSec),
              num(marginSec)));
    }
    double oldest = 2 * refreshAfterSec + marginSec + durationSec;
    if (!(oldest < maxStalenessSec)) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "a sweep step's expired customers reach %s s old (2T + margin + D), not below the"
                  + " node's max-staleness %s s: they would answer DEFAULT rather than STALE",
              num(oldest),
              num(maxStalenessSec)));
    }
  }

  /** The hit rate of the known customers' requests, h / (1 − n), so the whole step reaches h. */
  public double knownHitRate() {
    return Math.min(1, hitRate / (1 - neverSeenShare));
  }

  /** Requests the open model sends in the step: λ·D, rounded up. */
  public long requests() {
    return (long) Math.ceil(ratePerSec * durationSec - 1e-9);
  }

  /** What request {@code i} (from 0, in arrival order) of a step is, by the rule of the class. */
  public static Kind kind(long i, double neverSeenShare, double knownHitRate) {
    if (crosses(i, neverSeenShare)) {
      return Kind.NEVER_SEEN;
    }
    long j = i - neverSeenBefore(i, neverSeenShare); // known requests before this one
    return crosses(j, knownHitRate) ? Kind.HIT : Kind.MISS;
  }

  public Kind kind(long i) {
    return kind(i, neverSeenShare, knownHitRate());
  }

  /** Never-seen requests among the first {@code n} requests. */
  public long neverSeen(long n) {
    return neverSeenBefore(n, neverSeenShare);
  }

  /** Hits among the first {@code n} requests. */
  public long hits(long n) {
    return floor((n - neverSeen(n)) * knownHitRate());
  }

  /** Misses among the first {@code n} requests. */
  public long misses(long n) {
    return n - neverSeen(n) - hits(n);
  }

  /**
   * The fresh customers the hits are drawn from (with replacement: they stay fresh): as many as a
   * steady state at this rate keeps fresh, λT(1 − h_known), but no more than the step's hits nor
   * {@link #maxHitPool}, and at least one.
   */
  public int hitPoolSize() {
    double steady = ratePerSec * refreshAfterSec * (1 - knownHitRate());
    long hits = hits(requests());
    return (int) Math.max(1, Math.min(Math.min(hits, Math.round(steady)), maxHitPool));
  }

  /**
   * The expired customers the misses are drawn from, each once: the step's misses plus one more
   * second of load's, in case the generator sends a little more than λ·D.
   */
  public int missPoolSize() {
    return (int) misses(requests() + (long) Math.ceil(ratePerSec));
  }

  /** The fresh customers' seeded ages lie in [0, this): T − D − margin. */
  public double freshAgeBoundSec() {
    return refreshAfterSec - durationSec - marginSec;
  }

  /** A fresh customer's seeded age, uniform over [0, T − D − margin). */
  public double freshAgeSec(RandomGenerator random) {
    return random.nextDouble() * freshAgeBoundSec();
  }

  /** An expired customer's seeded age, uniform over [T + margin, 2T + margin). */
  public double expiredAgeSec(RandomGenerator random) {
    return refreshAfterSec + marginSec + random.nextDouble() * refreshAfterSec;
  }

  /**
   * Whether the cumulative count ⌊x·share⌋ steps up at request {@code x}. The counts are taken with
   * a rounding allowance ({@link #EPS}), the same everywhere, so that 7000 × 0.005 counts 35 and
   * the per-request rule adds up to the counts exactly.
   */
  private static boolean crosses(long x, double share) {
    return floor((x + 1) * share) > floor(x * share);
  }

  private static long neverSeenBefore(long n, double share) {
    return floor(n * share);
  }

  /** Binary fractions: a count that is whole in decimal may come out a hair below it. */
  private static final double EPS = 1e-9;

  private static long floor(double x) {
    return (long) Math.floor(x + EPS);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
