package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;
import solventa.gatling.Acceptance;

/**
 * One of C's hit-rate sweep steps judged by HD-01.4's rule ({@code docs/verdict-rules.md}, rules
 * version 3): C holds at a rate when it meets the thresholds. Latency only, as the card writes
 * HD-01.4 ("below that value the p99 degrades"); the actuarial ceiling on the fallback share is
 * HD-01's clause (b), not this one. The one place that rule lives: the verdict ({@link
 * MinimumHitRate}) and the runner's bisection ({@link HitRateBisection}) both judge with it.
 */
public record SweepPoint(double hitRate, StepResult step, boolean meets) {

  public boolean holds() {
    return meets;
  }

  boolean failsByP99() {
    return step.endToEnd().p99() > Acceptance.P99_MS;
  }

  /**
   * Why C's sweep step {@code s} at {@code hitRate} cannot be judged (not run, invalid, too few
   * answers, no latency), or null when it can.
   */
  public static String unusable(StepResult s, double hitRate) {
    return Evidence.unusable(s, "C at hit rate " + pctRate(hitRate));
  }

  /** {@code s} judged; {@code s} must be usable ({@link #unusable}). */
  public static SweepPoint judge(StepResult s) {
    return new SweepPoint(s.spec().hitRate(), s, s.meets());
  }

  /**
   * Where the minimum hit rate lies as far as the points bound it: the highest failing rate and the
   * lowest holding rate above it (every rate above holding); either is null when there is none.
   * Points below the highest failing rate do not move it, whatever they show.
   *
   * @param highestFirst the points, highest rate first
   */
  record Bracket(Double highestFailing, Double lowestHolding) {
    static Bracket of(List<SweepPoint> highestFirst) {
      Double lowestHolding = null;
      for (SweepPoint p : highestFirst) {
        if (!p.holds()) {
          return new Bracket(p.hitRate(), lowestHolding);
        }
        lowestHolding = p.hitRate();
      }
      return new Bracket(null, lowestHolding);
    }
  }

  static String pctRate(double h) {
    return String.format(Locale.ROOT, "%.0f %%", h * 100);
  }
}
