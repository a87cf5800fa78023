package solventa.providerdouble.internal;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The double's saturation self-check: for every delayed response, lag = the time the response is
 * handed to the HTTP layer minus the time it was meant to be (arrival + sampled delay). A double
 * that keeps up shows a lag of a few ms; a starved timer or dispatcher shows it growing.
 *
 * <p>Recording is wait-free (HdrHistogram {@link Recorder}, microseconds, 3 significant digits, up
 * to 1 h); reads fold the interval histogram into a cumulative one under a lock.
 */
public final class LagRecorder {

  /** Lag percentiles in milliseconds since the last reset. */
  public record Summary(long count, double p50Ms, double p99Ms, double maxMs, double sumMs) {}

  private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

  private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
  private final Histogram total = new Histogram(HIGHEST_MICROS, 3);
  private Histogram interval;

  /** Records one lag; negative lags (the timer fired early) count as 0. */
  public void record(long lagNanos) {
    long micros = Math.max(0, TimeUnit.NANOSECONDS.toMicros(lagNanos));
    recorder.recordValue(Math.min(micros, HIGHEST_MICROS));
  }

  public synchronized Summary summary() {
    interval = recorder.getIntervalHistogram(interval);
    total.add(interval);
    long count = total.getTotalCount();
    if (count == 0) {
      return new Summary(0, 0, 0, 0, 0);
    }
    return new Summary(
        count,
        total.getValueAtPercentile(50) / 1000.0,
        total.getValueAtPercentile(99) / 1000.0,
        total.getMaxValue() / 1000.0,
        total.getMean() * count / 1000.0);
  }

  public synchronized void reset() {
    interval = recorder.getIntervalHistogram(interval);
    total.reset();
  }
}
