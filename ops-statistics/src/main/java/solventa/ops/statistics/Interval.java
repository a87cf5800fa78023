package solventa.ops.statistics;

import java.util.Locale;

/**
 * A 95 % interval of a figure, in the figure's unit (ms for a percentile, percent for a share):
 * {@code low ≤ high}, both finite. Rules version 5 compares a figure with its threshold by this
 * interval (the analysis's calls: holds, fails, too close to call).
 */
public record Interval(double low, double high) {
  public Interval {
    if (!Double.isFinite(low) || !Double.isFinite(high) || low > high) {
      throw new IllegalArgumentException(
          "interval: low=" + low + ", high=" + high + " (finite, low ≤ high)");
    }
  }

  /** Whether {@code x} lies inside the interval, ends included. */
  public boolean contains(double x) {
    return low <= x && x <= high;
  }

  /** "[217, 224]" for milliseconds. */
  public String ms() {
    return String.format(Locale.ROOT, "[%.0f, %.0f]", low, high);
  }

  /** "[0.00, 0.74]" for a share in percent. */
  public String pct() {
    return String.format(Locale.ROOT, "[%.2f, %.2f]", low, high);
  }
}
