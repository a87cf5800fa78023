package solventa.ops.analysis;

import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of a set of latencies (ms), from an HdrHistogram with 3 significant digits. {@code
 * count == 0} means nothing was measured: every percentile is then null.
 */
public record Latency(long count, Double p50, Double p95, Double p99, Double max) {

  public static final Latency EMPTY = new Latency(0, null, null, null, null);

  public static Latency of(Collection<Long> millis) {
    if (millis.isEmpty()) {
      return EMPTY;
    }
    Histogram h = new Histogram(3_600_000L, 3);
    for (long m : millis) {
      h.recordValue(Math.max(0, Math.min(m, 3_600_000L)));
    }
    return new Latency(
        h.getTotalCount(),
        (double) h.getValueAtPercentile(50),
        (double) h.getValueAtPercentile(95),
        (double) h.getValueAtPercentile(99),
        (double) h.getMaxValue());
  }
}
