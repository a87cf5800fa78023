package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Where a break point over the arrival rate is measured next: the rate at which a figure crosses
 * from one regime (below the break point) to the other (above it). The card's open question (b)
 * asks for the lowest rate at which a breaker policy keeps the sacrificed share below 1 % (above:
 * keeps), (c) for the lowest rate at which the adapter's pool is exhausted (above: exhausted). Each
 * tested rate is judged by its trials ({@link Point}); a rate too close to call bounds nothing, as
 * in HD-01.4's bisection. The bracket is [the highest rate below, the lowest rate above]; the next
 * rate repeats a rate too close to call inside it (its trials pooled), extends to the range's end
 * where one side has no rate, or halves the bracket, until it is at most the resolution wide or the
 * bound of added steps is reached. Pure: the runner calls it after a series' last step, the report
 * over the steps run.
 */
public final class RateBisection {
  private RateBisection() {}

  /** Which side of the break point a tested rate lies on, by its trials. */
  public enum Side {
    /** The high-rate regime: (b) keeps below 1 %, (c) exhausts the pool. */
    ABOVE,
    /** The low-rate regime: (b) misses 1 %, (c) leaves room in the pool. */
    BELOW,
    /** Too close to call: the interval holds the threshold. */
    UNDECIDED
  }

  /** How a bisection ended (or would go on). */
  public enum Outcome {
    /** A bracket [highest rate below, lowest rate above] within the resolution. */
    BRACKET,
    /** Every decided rate lies above, down to the range's lowest. */
    EVERY_RATE_ABOVE,
    /** No rate lies above, up to the range's highest. */
    NO_RATE_ABOVE,
    /** No tested rate could be called. */
    TOO_CLOSE_EVERYWHERE,
    /** The bound of added steps was reached before the bracket was narrow enough. */
    STEPS_EXHAUSTED,
    /** Nothing was measured, or the profile adds no step. */
    NOT_MEASURED,
    /** The bisection names a next rate: it had not ended when the run did. */
    UNFINISHED
  }

  /**
   * One tested rate: its side, the trials pooled there, and how the report shows it ("2 of 1800,
   * 0.11 % [0.01, 0.40]").
   */
  public record Point(int rate, Side side, int trials, String shown) {}

  /** The words of one question: what the two sides are called ("keeps below 1 %", "misses 1 %"). */
  public record Question(String who, String above, String below) {}

  /** The bisection's settings: the range, the bracket's width, the added steps, trials a rate. */
  public record Settings(int lowest, int highest, int resolution, int maxSteps, int maxTrials) {}

  /**
   * The answer: the next rate to measure (null when the bisection ends), how it ends, the bracket's
   * ends where measured (null otherwise) and the reason in words.
   */
  public record Answer(Integer next, Outcome outcome, Integer below, Integer above, String reason) {
    static Answer go(int rate, Integer below, Integer above, String reason) {
      return new Answer(rate, Outcome.UNFINISHED, below, above, reason);
    }

    static Answer stop(Outcome o, Integer below, Integer above, String reason) {
      return new Answer(null, o, below, above, reason);
    }
  }

  /**
   * The next rate over the tested points (any order) with {@code done} steps already added by the
   * bisection.
   */
  public static Answer next(List<Point> tested, Question q, Settings s, int done) {
    if (tested.isEmpty()) {
      return Answer.stop(Outcome.NOT_MEASURED, null, null, "no step of " + q.who() + " was run");
    }
    List<Point> points = tested.stream().sorted(Comparator.comparingInt(Point::rate)).toList();
    Integer above =
        points.stream()
            .filter(p -> p.side() == Side.ABOVE)
            .map(Point::rate)
            .findFirst()
            .orElse(null);
    Integer below =
        points.stream()
            .filter(p -> p.side() == Side.BELOW && (above == null || p.rate() < above))
            .map(Point::rate)
            .reduce((a, b) -> b)
            .orElse(null);
    String bracket = bracket(q, below, above);
    if (below != null && above != null && above - below <= s.resolution()) {
      return Answer.stop(
          Outcome.BRACKET, below, above, bracket + ", within " + s.resolution() + " req/s");
    }
    if (s.maxSteps() <= 0) {
      return Answer.stop(
          Outcome.NOT_MEASURED, below, above, "the profile adds no bisection step: " + bracket);
    }
    if (done >= s.maxSteps()) {
      return Answer.stop(
          Outcome.STEPS_EXHAUSTED,
          below,
          above,
          bracket + ": the bound of " + s.maxSteps() + " added steps is reached");
    }
    Point repeat = repeatable(points, below, above, s.maxTrials());
    if (repeat != null) {
      return Answer.go(
          repeat.rate(),
          below,
          above,
          bracket + ": " + repeat.rate() + " req/s is too close to call, another trial there");
    }
    int lowestTested = points.get(0).rate();
    int highestTested = points.get(points.size() - 1).rate();
    if (above == null && highestTested < s.highest()) {
      return Answer.go(s.highest(), below, null, bracket + ": extending up to " + s.highest());
    }
    if (below == null && lowestTested > s.lowest()) {
      return Answer.go(s.lowest(), null, above, bracket + ": extending down to " + s.lowest());
    }
    return ended(points, q, s, below, above, bracket);
  }

  // no repeat and no extension: the bracket is halved, or the bisection ends with what it has
  private static Answer ended(
      List<Point> points, Question q, Settings s, Integer below, Integer above, String bracket) {
    if (above == null) {
      return below == null
          ? Answer.stop(
              Outcome.TOO_CLOSE_EVERYWHERE,
              null,
              null,
              "too close to call at every tested rate (" + rates(points) + ")")
          : Answer.stop(Outcome.NO_RATE_ABOVE, below, null, bracket);
    }
    if (below == null) {
      boolean closeBelow = points.stream().anyMatch(p -> p.rate() < above);
      return Answer.stop(
          Outcome.EVERY_RATE_ABOVE,
          null,
          above,
          closeBelow ? bracket + " (below it, too close to call)" : bracket);
    }
    int mid = (below + above) / 2;
    if (points.stream().anyMatch(p -> p.rate() == mid)) {
      return Answer.stop(
          Outcome.BRACKET,
          below,
          above,
          bracket + ": its midpoint, " + mid + " req/s, stays too close to call");
    }
    return Answer.go(mid, below, above, bracket + " is wider than " + s.resolution() + " req/s");
  }

  /** The rate too close to call inside the bracket with the fewest trials, below the bound. */
  private static Point repeatable(List<Point> points, Integer below, Integer above, int maxTrials) {
    return points.stream()
        .filter(p -> p.side() == Side.UNDECIDED && p.trials() < maxTrials)
        .filter(p -> (below == null || p.rate() > below) && (above == null || p.rate() < above))
        .min(Comparator.comparingInt(Point::trials).thenComparingInt(Point::rate))
        .orElse(null);
  }

  /** "bracket 10 (misses) – 57 req/s (keeps below 1 %)", or the one side measured. */
  static String bracket(Question q, Integer below, Integer above) {
    if (below == null && above == null) {
      return q.who() + ": no tested rate decided";
    }
    if (above == null) {
      return String.format(
          Locale.ROOT, "%s %s at every decided rate, up to %d req/s", q.who(), q.below(), below);
    }
    if (below == null) {
      return String.format(
          Locale.ROOT, "%s %s at every decided rate, down to %d req/s", q.who(), q.above(), above);
    }
    return String.format(
        Locale.ROOT,
        "%s: bracket %d req/s (%s) – %d req/s (%s)",
        q.who(),
        below,
        q.below(),
        above,
        q.above());
  }

  private static String rates(List<Point> points) {
    List<String> out = new ArrayList<>();
    for (Point p : points) {
      out.add(p.rate() + " req/s, " + p.trials() + " trial" + (p.trials() == 1 ? "" : "s"));
    }
    return String.join("; ", out);
  }
}
