package solventa.quote.node;

import java.util.Arrays;

/**
 * How many whole scheduler ticks Pekko's scheduler adds to rating's cost timers, measured, so that
 * the node can ask for that much less.
 *
 * <p>Pekko's {@code LightArrayRevolverScheduler} rounds a one-shot delay up to a whole tick and
 * counts it from the next tick boundary after its timer thread picks the task up, so a timer fires
 * between one and two ticks after its rounded delay (plus the timer thread's oversleep and the hop
 * to the dispatcher). Rating's fixed cost stands in for computation, not for a timer: left alone,
 * every quote of every arm would pay that lateness on top of the calibrated cost.
 *
 * <p>Invariants: the compensation is a whole number of ticks in {@code [0, maxTicks]}; it starts at
 * 0 and changes only when a window of {@code window} observations is full, to the window's median
 * lateness floored to whole ticks (floored, so that the realized cost's median is never below the
 * configured cost: it lands at most one tick above it). An observation is the lateness of one timer
 * against its tick-rounded delay, so it does not depend on the compensation in force. Thread-safe.
 */
final class CostTimerCalibration {
  private final long tickNanos;
  private final int maxTicks;
  private final long[] window;
  private int filled;
  private volatile long compensationNanos;
  private volatile long lastMedianNanos = -1;

  /**
   * @param tickNanos the scheduler's tick ({@code pekko.scheduler.tick-duration})
   * @param maxTicks the most ticks ever taken off a delay
   * @param window observations per recalibration
   */
  CostTimerCalibration(long tickNanos, int maxTicks, int window) {
    if (tickNanos <= 0 || maxTicks < 0 || window < 1) {
      throw new IllegalArgumentException(
          "tick " + tickNanos + " ns, maxTicks " + maxTicks + ", window " + window);
    }
    this.tickNanos = tickNanos;
    this.maxTicks = maxTicks;
    this.window = new long[window];
  }

  /** What to take off the next delay: whole ticks. */
  long compensationNanos() {
    return compensationNanos;
  }

  /** The last full window's median lateness, or -1 before the first window is full. */
  long lastMedianNanos() {
    return lastMedianNanos;
  }

  /** {@code delayNanos} rounded up to a whole tick, as Pekko's scheduler rounds it. */
  long roundedUp(long delayNanos) {
    if (delayNanos <= 0) {
      return 0;
    }
    return ((delayNanos - 1) / tickNanos + 1) * tickNanos;
  }

  /** The delay to ask the scheduler for, for a cost of {@code delayNanos}; never negative. */
  long askFor(long delayNanos) {
    return Math.max(0, delayNanos - compensationNanos);
  }

  /**
   * One timer asked for {@code askedNanos} ran {@code elapsedNanos} after it was scheduled. Timers
   * asked for no delay run at once and teach nothing: they are not counted.
   */
  synchronized void observe(long askedNanos, long elapsedNanos) {
    if (askedNanos <= 0) {
      return;
    }
    window[filled++] = Math.max(0, elapsedNanos - roundedUp(askedNanos));
    if (filled == window.length) {
      long[] sorted = window.clone();
      Arrays.sort(sorted);
      long median = sorted[sorted.length / 2];
      lastMedianNanos = median;
      compensationNanos = Math.min(maxTicks, median / tickNanos) * tickNanos;
      filled = 0;
    }
  }
}
