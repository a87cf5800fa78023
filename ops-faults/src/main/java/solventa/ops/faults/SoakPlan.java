package solventa.ops.faults;

import java.time.Duration;
import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * When a soak does what, from its length alone: the provider's state each minute (the card's six
 * states in turn, {@value #STATE_SEC} s each, then again), a Redis restart a third of the way in, a
 * rolling restart of the cluster two thirds of the way in, and a sample of the node's and Redis's
 * readings every {@value #SAMPLE_SEC} s from the start until the load ends (the load runs on past
 * the length while the rolling restart lasts).
 *
 * @param length the soak's length ({@code bin/lab faults --soak}), at least {@link #MIN} and at
 *     most {@link #MAX} (the load keeps every answer in the runner's memory: 200 a second for two
 *     hours is 1.44 million)
 */
record SoakPlan(Duration length) {
  static final int STATE_SEC = 60;
  static final int SAMPLE_SEC = 60;

  /**
   * Minutes after the start and after each of the soak's own faults that no trend reads: the nodes'
   * warm-up (a replacement's too) leaves entities, heap and values that live sharding's idle time
   * of 120 s, and a restart's transient is a step, not a trend.
   */
  static final double SETTLE_MIN = 3;

  /** Minutes {@code [fromMin, toMin)} of a soak that no trend reads. */
  record Window(double fromMin, double toMin) {
    /** {@value #SETTLE_MIN} minutes from {@code fromMin}. */
    static Window after(double fromMin) {
      return new Window(fromMin, fromMin + SETTLE_MIN);
    }

    boolean contains(double minute) {
      return minute >= fromMin && minute < toMin;
    }

    @Override
    public String toString() {
      return String.format(java.util.Locale.ROOT, "%.1f-%.1f", fromMin, toMin);
    }
  }

  /** Three samples at least: the slope's interval needs them. */
  static final Duration MIN = Duration.ofMinutes(3);

  static final Duration MAX = Duration.ofHours(2);

  /** The provider's states in the order the soak walks them (the card's). */
  static final List<ProviderState> STATES =
      List.of(
          ProviderState.HEALTHY,
          ProviderState.SLOW,
          ProviderState.DEGRADED,
          ProviderState.UNRESPONSIVE,
          ProviderState.DOWN,
          ProviderState.RECOVERY);

  SoakPlan {
    if (length == null || length.compareTo(MIN) < 0 || length.compareTo(MAX) > 0) {
      throw new IllegalArgumentException(
          "a soak lasts " + MIN.toMinutes() + " min .. " + MAX.toHours() + " h, not " + length);
    }
  }

  /**
   * Parses a length as {@code bin/lab faults --soak} takes it: a whole number and a unit, {@code
   * s}, {@code m} or {@code h} (e.g. {@code 30m}).
   *
   * @throws IllegalArgumentException naming what it cannot read, or a length out of range
   */
  static SoakPlan parse(String text) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d{1,6})([smh])")
            .matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a length: a whole number and s, m or h, e.g. 30m");
    }
    long n = Long.parseLong(m.group(1));
    Duration d =
        switch (m.group(2)) {
          case "s" -> Duration.ofSeconds(n);
          case "m" -> Duration.ofMinutes(n);
          default -> Duration.ofHours(n);
        };
    return new SoakPlan(d);
  }

  /** The provider's state from {@code second} of the soak on. */
  static ProviderState stateAt(long second) {
    return STATES.get((int) ((second / STATE_SEC) % STATES.size()));
  }

  /** When Redis is restarted, seconds from the start. */
  long redisRestartSec() {
    return length.toSeconds() / 3;
  }

  /** When the rolling restart begins, seconds from the start. */
  long rollSec() {
    return length.toSeconds() * 2 / 3;
  }
}
