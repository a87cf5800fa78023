package solventa.gatling;

import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The customer of each request of a hit-rate sweep step ({@link SweepKeySet}): request i's kind
 * follows the key set's deterministic rule ({@link SweepKeySet#kind}); a hit is one of the step's
 * fresh customers drawn uniformly (with replacement), a miss the next of the step's expired
 * customers in a seeded shuffle (without replacement: each at most once), a never-seen request a
 * new customer (each used once). Should the expired customers run out (the generator sent more than
 * the key set planned for), a miss goes to a never-seen customer instead: still a miss, and counted
 * by {@link #missesOverflowed()}. Seeded, so a step's key sequence is reproducible.
 */
public final class SweepKeyFeeder implements Iterator<Map<String, Object>> {
  private final SplittableRandom random;
  private final double neverSeenShare;
  private final double knownHitRate;
  private final int hitStart;
  private final int hitSize;
  private final int[] misses;
  private int nextMiss;
  private int nextFresh;
  private long i;
  private int overflowed;

  /**
   * @param hitStart first index of the fresh customers, {@code hitSize} of them
   * @param missStart first index of the expired customers, {@code missSize} of them
   * @param freshStart never-seen customers are drawn from this index upwards
   */
  public SweepKeyFeeder(
      long seed,
      double hitRate,
      double neverSeenShare,
      int hitStart,
      int hitSize,
      int missStart,
      int missSize,
      int freshStart) {
    if (hitSize < 1 || missSize < 0) {
      throw new IllegalArgumentException("a sweep needs at least one fresh customer");
    }
    this.random = new SplittableRandom(seed);
    this.neverSeenShare = neverSeenShare;
    this.knownHitRate = Math.min(1, hitRate / (1 - neverSeenShare));
    this.hitStart = hitStart;
    this.hitSize = hitSize;
    this.misses = new int[missSize];
    for (int k = 0; k < missSize; k++) {
      misses[k] = missStart + k;
    }
    for (int k = missSize - 1; k > 0; k--) { // Fisher–Yates, seeded
      int r = random.nextInt(k + 1);
      int t = misses[k];
      misses[k] = misses[r];
      misses[r] = t;
    }
    this.nextFresh = freshStart;
  }

  @Override
  public boolean hasNext() {
    return true;
  }

  @Override
  public synchronized Map<String, Object> next() {
    SweepKeySet.Kind kind = SweepKeySet.kind(i++, neverSeenShare, knownHitRate);
    int index;
    boolean fresh = false;
    switch (kind) {
      case HIT -> index = hitStart + random.nextInt(hitSize);
      case MISS -> {
        if (nextMiss < misses.length) {
          index = misses[nextMiss++];
        } else {
          overflowed++;
          fresh = true;
          index = nextFresh++;
        }
      }
      default -> {
        fresh = true;
        index = nextFresh++;
      }
    }
    return KeyFeeder.row(index, fresh);
  }

  /** Misses sent to a never-seen customer because the expired ones ran out. */
  public synchronized int missesOverflowed() {
    return overflowed;
  }

  /** How many never-seen customers this feeder has handed out. */
  public synchronized int freshUsed(int freshKeyStart) {
    return nextFresh - freshKeyStart;
  }
}
