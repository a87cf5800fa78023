package solventa.ops.analysis.figures;

import java.util.Collection;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import solventa.ops.statistics.Percentile;

/**
 * Percentiles of a set of latencies (ms) by the project's one definition ({@link Percentile}: the
 * value at rank ceil(q/100 · n)). From the values themselves, or, where only counts are kept (a
 * running tally), from an HdrHistogram with 3 significant digits read at the same rank (exact below
 * 2 048 ms, within 0.1 % above). {@code count == 0} means nothing was measured: every percentile is
 * then null.
 */
public record Latency(long count, Double p50, Double p95, Double p99, Double max) {

  public static final Latency EMPTY = new Latency(0, null, null, null, null);

  private static final long MAX_MS = 3_600_000L;

  public static Latency of(Collection<Long> millis) {
    if (millis.isEmpty()) {
      return EMPTY;
    }
    double[] v = millis.stream().mapToDouble(m -> clamp(m)).toArray();
    double max = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      max = Math.max(max, x);
    }
    return new Latency(
        v.length, Percentile.of(v, 50), Percentile.of(v, 95), Percentile.of(v, 99), max);
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
        h.getTotalCount(), at(h, 50), at(h, 95), at(h, 99), (double) h.getMaxValue());
  }

  /** The value at {@link Percentile#rank} among what {@code h} holds. */
  private static double at(Histogram h, double q) {
    long rank = Percentile.rank(q, (int) Math.min(Integer.MAX_VALUE, h.getTotalCount()));
    long seen = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      seen += v.getCountAddedInThisIterationStep();
      if (seen >= rank) {
        return h.highestEquivalentValue(v.getValueIteratedTo());
      }
    }
    return h.getMaxValue();
  }
}
