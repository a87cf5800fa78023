package solventa.gatling;

import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import solventa.vocabulary.InsuredObjects;

/**
 * Produces the customer of each request: with probability {@code neverSeenShare} a customer the
 * node has never met (each used once, so it always misses: DEFAULT in C), otherwise one of the
 * step's K known customers drawn uniformly (see {@link KeyPopulation}). The known customers were
 * seeded with values whose ages are spread over [0, T), so the cache hit rate comes from expiry,
 * not from the feeder. Seeded, so a step's key sequence is reproducible.
 */
public final class KeyFeeder implements Iterator<Map<String, Object>> {
  private static final Pattern ID = Pattern.compile("c[0-9]{8}");

  private final SplittableRandom random;
  private final int populationStart;
  private final int populationSize;
  private final double neverSeenShare;
  private int nextFresh;

  public KeyFeeder(
      long seed, int populationStart, int populationSize, double neverSeenShare, int freshStart) {
    this.random = new SplittableRandom(seed);
    this.populationStart = populationStart;
    this.populationSize = populationSize;
    this.neverSeenShare = neverSeenShare;
    this.nextFresh = freshStart;
  }

  public static String customerId(int index) {
    return String.format("c%08d", index);
  }

  /**
   * The line of business is a property of the customer, so every arm prices the same mix; the world
   * says which ({@link InsuredObjects#lineOf}), so the load and the double agree.
   */
  public static String lineOf(int index) {
    return InsuredObjects.lineOf(index);
  }

  /**
   * The line of business of a customer id this feeder gives ({@link #customerId}); null for an id
   * of another form.
   */
  public static String lineOf(String customerId) {
    int index = indexOf(customerId);
    return index < 0 ? null : lineOf(index);
  }

  /**
   * The risk segment of a customer id this feeder gives, as the lab's world defines it ({@link
   * solventa.vocabulary.InsuredObjects}): the segment of the insured object the load sends for that
   * customer in their own line. Null for an id of another form.
   */
  public static solventa.vocabulary.RiskSegment segmentOf(String customerId) {
    int index = indexOf(customerId);
    return index < 0 ? null : solventa.vocabulary.InsuredObjects.segmentOf(index);
  }

  /** The index of a customer id this feeder gives ({@link #customerId}); -1 for another form. */
  static int indexOf(String customerId) {
    if (customerId == null || !ID.matcher(customerId).matches()) {
      return -1;
    }
    return Integer.parseInt(customerId.substring(1));
  }

  @Override
  public boolean hasNext() {
    return true;
  }

  @Override
  public synchronized Map<String, Object> next() {
    boolean fresh = random.nextDouble() < neverSeenShare;
    int index = fresh ? nextFresh++ : populationStart + random.nextInt(populationSize);
    return row(index, fresh);
  }

  /**
   * One request's feeder row, what every feeder hands the simulation: the customer's id, its line
   * of business, and whether it is never-seen ({@code new}) or one of the step's known customers.
   */
  static Map<String, Object> row(int index, boolean fresh) {
    return Map.of(
        "customerId",
        customerId(index),
        "lineOfBusiness",
        lineOf(index),
        "keyKind",
        fresh ? "new" : "known");
  }

  /** How many never-seen customers this feeder has handed out. */
  public synchronized int freshUsed(int freshKeyStart) {
    return nextFresh - freshKeyStart;
  }
}
