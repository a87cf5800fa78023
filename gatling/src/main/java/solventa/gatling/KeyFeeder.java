package solventa.gatling;

import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Produces the customer of each request so the cache hit rate stays at its target: with probability
 * h a customer of the warm set (pre-loaded fresh before the step), otherwise a never-seen customer
 * (each used once). Seeded, so a step's key sequence is reproducible.
 */
public final class KeyFeeder implements Iterator<Map<String, Object>> {
  private static final String[] LINES = {"auto", "home", "life"};

  private final SplittableRandom random;
  private final double hitRate;
  private final int warmKeys;
  private int nextFresh;

  public KeyFeeder(long seed, double hitRate, int warmKeys, int freshKeyStart) {
    this.random = new SplittableRandom(seed);
    this.hitRate = hitRate;
    this.warmKeys = warmKeys;
    this.nextFresh = freshKeyStart;
  }

  public static String customerId(int index) {
    return String.format("c%08d", index);
  }

  /** The line of business is a property of the customer, so every arm prices the same mix. */
  public static String lineOf(int index) {
    return LINES[index % LINES.length];
  }

  @Override
  public boolean hasNext() {
    return true;
  }

  @Override
  public synchronized Map<String, Object> next() {
    boolean warm = random.nextDouble() < hitRate;
    int index = warm ? random.nextInt(warmKeys) : nextFresh++;
    return Map.of(
        "customerId",
        customerId(index),
        "lineOfBusiness",
        lineOf(index),
        "keyKind",
        warm ? "warm" : "fresh");
  }

  /** How many never-seen customers this feeder has handed out. */
  public synchronized int freshUsed(int freshKeyStart) {
    return nextFresh - freshKeyStart;
  }
}
