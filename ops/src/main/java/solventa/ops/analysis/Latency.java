package solventa.ops.analysis;

import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of a set of latencies (ms), from an HdrHistogram with 3 significant digits. {@code
 * count == 0} means nothing was measured: every percentile is then null.
 */
public record Latency(long count, Double p50, Double p95, Double p99, Double max) {

  public static final Latency EMPTY = new Latency(0, null, null, null, null);

  private static final long MAX_MS = 3_600_000L;

  public static Latency of(Collection<Long> millis) {
    if (millis.isEmpty()) {
      return EMPTY;
    }
    Histogram h = histogram();
    for (long m : millis) {
      record(h, m);
    }
    return of(h);
  }

  /** An empty histogram of latencies in ms, up to an hour, 3 significant digits. */
  public static Histogram histogram() {
    return new Histogram(MAX_MS, 3);
  }

  /** Records {@code millis} into {@code h}, clamped to [0, an hour]. */
  public static void record(Histogram h, long millis) {
    h.recordValue(clamp(millis));
  }

  /** {@code millis} clamped to [0, an hour], as the histogram records it. */
  static long clamp(long millis) {
    return Math.max(0, Math.min(millis, MAX_MS));
  }

  /** The percentiles of what {@code h} holds ({@link #EMPTY} when it holds nothing). */
  public static Latency of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return EMPTY;
    }
    return new Latency(
        h.getTotalCount(),
        (double) h.getValueAtPercentile(50),
        (double) h.getValueAtPercentile(95),
        (double) h.getValueAtPercentile(99),
        (double) h.getMaxValue());
  }
}
