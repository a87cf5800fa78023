package solventa.ops.analysis.hypotheses;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;

/**
 * One sweep step judged by HD-01.4's rule ({@code docs/verdict-rules.md}, rules version 4): the arm
 * holds at a rate when it meets the thresholds, and the rate is the step's <b>measured</b> hit rate
 * (its CACHED share over the window), not the target its key set was built for: a point says what
 * the cache did. Latency only, as the card writes HD-01.4 ("below that value the p99 degrades");
 * the actuarial ceiling on the fallback share is HD-01's clause (b), not this one. The one place
 * that rule lives: the verdict ({@link MinimumHitRate}) and the runner's bisection ({@link
 * HitRateBisection}) both judge with it.
 *
 * @param hitRate the measured hit rate, a fraction
 * @param target the target the step's key set was built for, a fraction
 */
public record SweepPoint(double hitRate, double target, StepResult step, Call call) {

  /** A point decided either way (the bisection's tests). */
  public SweepPoint(double hitRate, double target, StepResult step, boolean meets) {
    this(hitRate, target, step, meets ? Call.HOLDS : Call.FAILS);
  }

  /** A point measured at its target (the bisection's tests). */
  public SweepPoint(double hitRate, StepResult step, boolean meets) {
    this(hitRate, hitRate, step, meets);
  }

  /** The arm meets the thresholds at this rate over the whole of every figure's interval. */
  public boolean holds() {
    return call == Call.HOLDS;
  }

  /** The arm misses them: some comparison fails over its whole interval. */
  public boolean fails() {
    return call == Call.FAILS;
  }

  /** Neither: a comparison's interval contains its threshold (or an interval is missing). */
  public boolean tooClose() {
    return !holds() && !fails();
  }

  boolean meets() {
    return holds();
  }

  /** p99 > 475 ms over its whole interval. */
  boolean failsByP99() {
    return Call.Check.p99(step).call() == Call.FAILS;
  }

  /**
   * Why the sweep step {@code s} of {@code who} ("C", "B") at target {@code hitRate} cannot be
   * judged (not run, invalid — its measured hit rate off target among the reasons —, too few
   * answers, no latency, no measured hit rate), or null when it can.
   */
  public static String unusable(StepResult s, String who, double hitRate) {
    String what = who + " at hit rate " + pctTarget(hitRate);
    String why = Evidence.unusable(s, what);
    if (why == null && s.hitRatePct() == null) {
      return what
          + " has no measured hit rate ("
          + s.missing().getOrDefault("hitRatePct", "no reason recorded")
          + ")";
    }
    return why;
  }

  /** C's sweep step; see {@link #unusable(StepResult, String, double)}. */
  public static String unusable(StepResult s, double hitRate) {
    return unusable(s, "C", hitRate);
  }

  /**
   * {@code s} judged at its measured hit rate by "meets the thresholds" with the intervals of its
   * p95, p99 and error share (rules version 10); {@code s} must be usable ({@link #unusable}).
   */
  public static SweepPoint judge(StepResult s) {
    return new SweepPoint(s.hitRatePct() / 100, s.spec().hitRate(), s, Call.meets(s));
  }

  /**
   * The points ordered by measured hit rate, highest first; at the same measured rate (two runs'
   * points, rules version 12) a failing point comes first, so a rate that fails in one run bounds
   * the minimum from below whatever another run showed there.
   */
  static List<SweepPoint> highestFirst(List<SweepPoint> points) {
    return points.stream()
        .sorted(
            Comparator.comparingDouble(SweepPoint::hitRate)
                .reversed()
                .thenComparing(p -> !p.fails()))
        .toList();
  }

  /**
   * Where the minimum hit rate lies as far as the points bound it: the highest failing measured
   * rate and the lowest holding rate above it (every decided rate above holding); either is null
   * when there is none. Points below the highest failing rate do not move it, whatever they show. A
   * point too close to call (rules version 10) bounds nothing: the limit may lie at it, so the
   * bracket runs from the decided points on either side of it.
   *
   * @param highestFirst the points, highest measured rate first
   */
  record Bracket(Double highestFailing, Double lowestHolding) {
    static Bracket of(List<SweepPoint> highestFirst) {
      Double lowestHolding = null;
      for (SweepPoint p : highestFirst) {
        if (p.tooClose()) {
          continue;
        }
        if (!p.holds()) {
          return new Bracket(p.hitRate(), lowestHolding);
        }
        lowestHolding = p.hitRate();
      }
      return new Bracket(null, lowestHolding);
    }

    /** Both ends measured, or the arm holds even at 0 % (nothing lower to test). */
    boolean closed() {
      return (highestFailing != null && lowestHolding != null)
          || (highestFailing == null && lowestHolding != null && lowestHolding <= 0);
    }
  }

  /** A measured rate, to a tenth of a point: "88.9 %". */
  public static String pctRate(double h) {
    return String.format(Locale.ROOT, "%.1f %%", h * 100);
  }

  /** A target, in whole points: "90 %". */
  public static String pctTarget(double h) {
    return String.format(Locale.ROOT, "%.0f %%", h * 100);
  }
}
