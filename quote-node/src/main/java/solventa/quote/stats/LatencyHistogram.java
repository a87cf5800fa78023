package solventa.quote.stats;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One latency distribution in µs (1 µs .. 1 min at 3 significant digits) that is cheap to read
 * while it is recorded. Writers record into an HdrHistogram {@link Recorder} (wait-free, no lock).
 * A reader, under this object's lock, drains the recorder's interval histogram (recycling the one
 * it drained last time: no allocation) into plain histograms it owns — one since the last {@link
 * #reset()}, and optionally one since the last {@link #takeInterval()} — and reads the percentiles
 * there. Empty histograms are neither added nor scanned.
 */
final class LatencyHistogram {
  // far wider than any quote can take
  static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);
  static final int DIGITS = 3;

  private final Recorder recorder = new Recorder(1, HIGHEST_MICROS, DIGITS);
  private final Histogram sinceReset = newHistogram();
  private final Histogram sinceInterval; // null: no takeInterval()
  private Histogram recycled; // guarded by this: the recorder's last interval histogram

  private LatencyHistogram(boolean withInterval) {
    this.sinceInterval = withInterval ? newHistogram() : null;
  }

  /** A distribution read only since reset. */
  static LatencyHistogram sinceReset() {
    return new LatencyHistogram(false);
  }

  /** A distribution read since reset and, apart, since the previous {@link #takeInterval()}. */
  static LatencyHistogram withInterval() {
    return new LatencyHistogram(true);
  }

  static Histogram newHistogram() {
    return new Histogram(1, HIGHEST_MICROS, DIGITS);
  }

  /** Records one value in µs, clamped to 1 .. {@link #HIGHEST_MICROS}. Never blocks. */
  void record(long micros) {
    recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, micros)));
  }

  /** The values recorded since the last {@link #reset()}, in ms. */
  synchronized StatsSnapshot.Percentiles percentiles() {
    drain();
    return percentiles(sinceReset);
  }

  /** The values recorded since the previous call (count, p99 and max in ms), and a new interval. */
  synchronized StatsSnapshot.Interval takeInterval() {
    if (sinceInterval == null) {
      throw new IllegalStateException("this distribution keeps no interval");
    }
    drain();
    long n = sinceInterval.getTotalCount();
    if (n == 0) {
      return new StatsSnapshot.Interval(0, null, null);
    }
    StatsSnapshot.Interval i =
        new StatsSnapshot.Interval(
            n, ms(sinceInterval.getValueAtPercentile(99)), ms(sinceInterval.getMaxValue()));
    sinceInterval.reset();
    return i;
  }

  /** Forgets the values recorded so far (the interval, if kept, keeps them until it is taken). */
  synchronized void reset() {
    drain();
    if (sinceReset.getTotalCount() > 0) {
      sinceReset.reset();
    }
  }

  private void drain() {
    Histogram h = recorder.getIntervalHistogram(recycled);
    recycled = h;
    if (h.getTotalCount() > 0) {
      sinceReset.add(h);
      if (sinceInterval != null) {
        sinceInterval.add(h);
      }
    }
  }

  /**
   * Count, p50, p95, p99 and max of {@code h} in ms, as HdrHistogram defines them; all 0 when
   * {@code h} is empty (what HdrHistogram answers then), without scanning it.
   */
  static StatsSnapshot.Percentiles percentiles(Histogram h) {
    long total = h.getTotalCount();
    if (total == 0) {
      return new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0);
    }
    // three scans of a plain long[] measured cheaper than one pass of the public iterator
    return new StatsSnapshot.Percentiles(
        "ms",
        total,
        ms(h.getValueAtPercentile(50)),
        ms(h.getValueAtPercentile(95)),
        ms(h.getValueAtPercentile(99)),
        ms(h.getMaxValue()));
  }

  private static double ms(long micros) {
    return micros / 1000.0;
  }
}
