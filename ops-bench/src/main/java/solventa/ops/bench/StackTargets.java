package solventa.ops.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The targets the node must meet on Pekko's standard stack (no home-made executor, transport or
 * timer), in one place for the bench and the paired comparison that check them, and the median both
 * summaries give.
 */
final class StackTargets {
  /** The quote path's own CPU above the framework's floor at 800 req/s: at most this, ms. */
  static final double PATH_ABOVE_FLOOR_MS = 0.15;

  /** The node's CPU per quote against the card's Python stack, in pairs: at most this share. */
  static final double CARD_STACK_SHARE = 0.6;

  /** Cache hits above the rating cost at 200 req/s: p50 at most this, ms. */
  static final double HIT_P50_MS = 1;

  /** Cache hits above the rating cost at 200 req/s: p99 at most this, ms. */
  static final double HIT_P99_MS = 5;

  /** The rate of the cache-hit target, req/s. */
  static final int HIT_RATE = 200;

  private StackTargets() {}

  /**
   * At most {@code bound}: a figure computed as a difference or ratio of two others (0.45 − 0.30)
   * is judged as written, not by its last binary digit.
   */
  static boolean within(double value, double bound) {
    return value <= bound + 1e-9;
  }

  /**
   * The values that are not null, judged against one bound: how many are {@link #within} it, of how
   * many, and their median.
   */
  record Tally(long met, int n, Double median, double bound) {
    boolean medianMet() {
      return median != null && within(median, bound);
    }
  }

  static Tally tally(List<Double> values, double bound) {
    List<Double> v = values.stream().filter(d -> d != null).toList();
    return new Tally(v.stream().filter(d -> within(d, bound)).count(), v.size(), median(v), bound);
  }

  /** The median of the values that are not null (the mean of the middle two for an even count). */
  static Double median(List<Double> values) {
    List<Double> v = new ArrayList<>();
    for (Double d : values) {
      if (d != null) {
        v.add(d);
      }
    }
    if (v.isEmpty()) {
      return null;
    }
    v.sort(Double::compare);
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }
}
