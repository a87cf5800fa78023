package solventa.gatling;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The customer of each request when a step's traffic comes in quote journeys: a customer asks for
 * several quotes within a few seconds, so a step produces concurrent requests (and, after an
 * outage, concurrent misses) for one customer, which uniformly drawn keys ({@link KeyFeeder}) at
 * 100–200 req/s almost never do.
 *
 * <p>The feeder is called once per request in arrival order at a constant rate, so a request's
 * position is its time. At each position: if a journey placed a quote here, that quote is sent;
 * otherwise a never-seen customer (single quote, each used once, as in {@link KeyFeeder}) or a
 * known customer drawn uniformly from the population, who starts a journey of L quotes, L uniform
 * in {@code [minQuotes, maxQuotes]}. The journey's first quote is this request; each of its L − 1
 * later ones is placed at an offset drawn uniformly in [1, {@code spanRequests}] after it ({@link
 * #spanRequests(double, double)}), or, if another quote already has that position, at the free one
 * nearest it. One quote per position, so none is ever late: every journey ends within its span. A
 * journey finding no free position left in its span is shortened, counted by {@link
 * #journeysShortened()}: with 2 to 5 quotes, about 2 % of journeys at a span of 10 requests, 0.1 %
 * at 20, none from 50 on ({@link #MIN_SPAN_PER_QUOTE}); at short spans the taken positions also
 * push the mean offset up (0.54 of the span at 20 requests, 0.50 at 400).
 *
 * <p>A known customer starts a journey of mean length m at only some free positions, so the
 * never-seen customers are drawn at a free position with the probability that makes them {@code
 * neverSeenShare} of all requests. With {@code minQuotes = maxQuotes = 1} the feeder draws exactly
 * as {@link KeyFeeder} does with the same seed. Memory is one slot per position of the span.
 * Seeded, so a step's key sequence is reproducible.
 */
public final class JourneyKeyFeeder implements Iterator<Map<String, Object>> {
  /** The most quotes one journey may have. */
  public static final int MAX_QUOTES = 50;

  /** The longest span, in requests (60 s at 2 000 req/s, the step's limits). */
  public static final int MAX_SPAN_REQUESTS = 120_000;

  /**
   * A span of at least this many requests per quote of the longest journey leaves next to no
   * journey shortened (what {@link StepParameters} requires of a step).
   */
  public static final int MIN_SPAN_PER_QUOTE = 4;

  private static final int EMPTY = -1;

  private final SplittableRandom random;
  private final int populationStart;
  private final int populationSize;
  private final double freshAtFree;
  private final int minQuotes;
  private final int maxQuotes;
  private final int span;
  private final int[] slots;
  private int nextFresh;
  private long position;
  private int pending;
  private int shortened;

  /**
   * @param populationStart first index of the known customers, {@code populationSize} of them
   * @param neverSeenShare share of all requests for never-seen customers, in [0, 1)
   * @param freshStart never-seen customers are drawn from this index upwards, one per request
   * @param minQuotes shortest journey, at least 1
   * @param maxQuotes longest journey, in [minQuotes, {@link #MAX_QUOTES}]
   * @param spanRequests how many requests after its first a journey's quotes may come, in
   *     [maxQuotes − 1, {@link #MAX_SPAN_REQUESTS}] and at least 1
   * @throws IllegalArgumentException naming the argument that is out of range
   */
  public JourneyKeyFeeder(
      long seed,
      int populationStart,
      int populationSize,
      double neverSeenShare,
      int freshStart,
      int minQuotes,
      int maxQuotes,
      int spanRequests) {
    if (populationStart < 0
        || populationSize < 1
        || populationStart > Integer.MAX_VALUE - populationSize) {
      throw new IllegalArgumentException(
          "populationStart must be >= 0 and populationSize >= 1 (and their sum an int), were "
              + populationStart
              + " and "
              + populationSize);
    }
    if (!(neverSeenShare >= 0 && neverSeenShare < 1)) {
      throw new IllegalArgumentException("neverSeenShare must be in [0, 1), was " + neverSeenShare);
    }
    if (freshStart < 0) {
      throw new IllegalArgumentException("freshStart must be >= 0, was " + freshStart);
    }
    if (minQuotes < 1 || maxQuotes < minQuotes || maxQuotes > MAX_QUOTES) {
      throw new IllegalArgumentException(
          "minQuotes must be >= 1 and maxQuotes in [minQuotes, "
              + MAX_QUOTES
              + "], were "
              + minQuotes
              + " and "
              + maxQuotes);
    }
    if (spanRequests < Math.max(1, maxQuotes - 1) || spanRequests > MAX_SPAN_REQUESTS) {
      throw new IllegalArgumentException(
          "spanRequests must be in ["
              + Math.max(1, maxQuotes - 1)
              + ", "
              + MAX_SPAN_REQUESTS
              + "] (room for maxQuotes - 1 later quotes), was "
              + spanRequests);
    }
    this.random = new SplittableRandom(seed);
    this.populationStart = populationStart;
    this.populationSize = populationSize;
    double m = meanJourneyLength(minQuotes, maxQuotes);
    this.freshAtFree = neverSeenShare * m / (1 + neverSeenShare * (m - 1));
    this.minQuotes = minQuotes;
    this.maxQuotes = maxQuotes;
    this.span = spanRequests;
    this.slots = new int[spanRequests + 1]; // positions p .. p + span are distinct slots
    Arrays.fill(slots, EMPTY);
    this.nextFresh = freshStart;
  }

  /** The mean number of quotes of a journey: {@code (minQuotes + maxQuotes) / 2}. */
  public static double meanJourneyLength(int minQuotes, int maxQuotes) {
    return (minQuotes + maxQuotes) / 2.0;
  }

  /**
   * The known customers starting a journey per second, {@code ratePerSec / mean length}: what a
   * step at this rate sends distinct known customers at, over windows much longer than the span (a
   * window about as long as the span also catches journeys begun before it). Never-seen customers
   * come on top of these, one per never-seen request.
   */
  public static double customersPerSec(double ratePerSec, int minQuotes, int maxQuotes) {
    return ratePerSec / meanJourneyLength(minQuotes, maxQuotes);
  }

  /** A span of {@code spanSec} seconds in requests at {@code ratePerSec}: rounded, at least 1. */
  public static int spanRequests(double spanSec, double ratePerSec) {
    return (int) Math.max(1, Math.round(spanSec * ratePerSec));
  }

  @Override
  public boolean hasNext() {
    return true;
  }

  @Override
  public synchronized Map<String, Object> next() {
    int slot = slot(position);
    int placed = slots[slot];
    boolean fresh = false;
    int index;
    if (placed != EMPTY) {
      slots[slot] = EMPTY;
      pending--;
      index = placed;
    } else {
      fresh = random.nextDouble() < freshAtFree;
      index = fresh ? nextFresh++ : populationStart + random.nextInt(populationSize);
      if (!fresh && maxQuotes > 1) {
        int length = minQuotes == maxQuotes ? minQuotes : random.nextInt(minQuotes, maxQuotes + 1);
        placeLaterQuotes(index, length - 1);
      }
    }
    position++;
    return KeyFeeder.row(index, fresh);
  }

  /** Puts {@code count} quotes of customer {@code index} at free positions within the span. */
  private void placeLaterQuotes(int index, int count) {
    for (int q = 0; q < count; q++) {
      int offset = freeOffset();
      if (offset == 0) {
        shortened++;
        return;
      }
      slots[slot(position + offset)] = index;
      pending++;
    }
  }

  /**
   * An offset in [1, span] whose position is free: the free one nearest a uniformly drawn offset
   * (either side first, at random), so a quote lands where it was drawn unless that position is
   * taken; 0 if every position of the span is taken.
   */
  private int freeOffset() {
    if (pending >= span) {
      return 0;
    }
    int drawn = 1 + random.nextInt(span);
    int side = random.nextBoolean() ? 1 : -1;
    for (int d = 0; d < span; d++) {
      if (isFree(drawn + side * d)) {
        return drawn + side * d;
      }
      if (isFree(drawn - side * d)) {
        return drawn - side * d;
      }
    }
    return 0; // unreachable: pending < span leaves a free position in the span
  }

  private boolean isFree(int offset) {
    return offset >= 1 && offset <= span && slots[slot(position + offset)] == EMPTY;
  }

  private int slot(long pos) {
    return (int) (pos % slots.length);
  }

  /** How many journey quotes are placed and not yet sent (at most the span). */
  public synchronized int pending() {
    return pending;
  }

  /** How many journeys found no free position for a later quote and were cut short. */
  public synchronized int journeysShortened() {
    return shortened;
  }

  /** How many never-seen customers this feeder has handed out. */
  public synchronized int freshUsed(int freshKeyStart) {
    return nextFresh - freshKeyStart;
  }
}
