package solventa.ops.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where C's hit-rate sweep is measured next to narrow HD-01.4's minimum hit rate (decision 0022):
 * the midpoint, in whole percentage points, of the bracket between the highest failing measured
 * rate and the lowest holding measured rate above it ({@link SweepPoint.Bracket}, rules version 4),
 * while the bracket is wider than the resolution, its midpoint is a target not yet measured, and
 * fewer than the bound of bisection steps have run. Every point is judged by {@link SweepPoint},
 * the verdict's own rule. Pure: the runner calls it after C's last sweep step.
 */
public final class HitRateBisection {
  private HitRateBisection() {}

  /** The rate to measure next, or null with the reason the bisection stops. */
  public record Next(Double hitRate, String reason) {
    static Next stop(String reason) {
      return new Next(null, reason);
    }
  }

  /**
   * The next rate over C's sweep steps measured so far (any order; bisection steps count against
   * {@code maxSteps}).
   */
  public static Next next(List<StepResult> cSweep, int resolutionPts, int maxSteps) {
    if (maxSteps <= 0) {
      return Next.stop("no bisection steps in this profile");
    }
    List<StepResult> sorted =
        cSweep.stream()
            .sorted(Comparator.comparingDouble((StepResult s) -> s.spec().hitRate()).reversed())
            .toList();
    List<SweepPoint> points = new ArrayList<>();
    for (StepResult s : sorted) {
      String why = SweepPoint.unusable(s, s.spec().hitRate());
      if (why != null) {
        return Next.stop("stopped: " + why);
      }
      points.add(SweepPoint.judge(s));
    }
    long done = sorted.stream().filter(s -> s.spec().bisection()).count();
    return next(SweepPoint.highestFirst(points), resolutionPts, maxSteps, (int) done);
  }

  /**
   * The next rate over judged points, highest rate first, with {@code done} of {@code maxSteps}
   * bisection steps already run.
   */
  static Next next(List<SweepPoint> highestFirst, int resolutionPts, int maxSteps, int done) {
    if (highestFirst.isEmpty()) {
      return Next.stop("no sweep step of C was measured");
    }
    SweepPoint.Bracket b = SweepPoint.Bracket.of(highestFirst);
    if (b.highestFailing() == null) {
      return Next.stop(
          "C holds at every measured rate, down to "
              + SweepPoint.pctRate(b.lowestHolding())
              + ": no failing rate to bisect towards");
    }
    if (b.lowestHolding() == null) {
      return Next.stop(
          "C fails at every measured rate, from "
              + SweepPoint.pctRate(b.highestFailing())
              + ": no holding rate to bisect towards");
    }
    // the bracket's ends are measured rates; the next step's target is a whole point between them
    int lo = (int) Math.round(b.highestFailing() * 100);
    int hi = (int) Math.round(b.lowestHolding() * 100);
    String bracket =
        "bracket "
            + SweepPoint.pctRate(b.highestFailing())
            + " (fails) – "
            + SweepPoint.pctRate(b.lowestHolding())
            + " (holds)"
            + notMonotone(highestFirst, b);
    int mid = (lo + hi) / 2;
    if (hi - lo <= resolutionPts) {
      return Next.stop(bracket + " is within " + resolutionPts + " points");
    }
    if (mid <= lo) {
      return Next.stop(bracket + " has no whole point between its ends");
    }
    if (highestFirst.stream().anyMatch(p -> Math.round(p.target() * 100) == mid)) {
      return Next.stop(bracket + ": its midpoint, target " + mid + " %, was already measured");
    }
    if (done >= maxSteps) {
      return Next.stop(bracket + ": the bound of " + maxSteps + " bisection steps is reached");
    }
    return new Next(mid / 100.0, bracket + " is wider than " + resolutionPts + " points");
  }

  /** A note when C holds somewhere below its highest failing rate (the bracket ignores it). */
  private static String notMonotone(List<SweepPoint> highestFirst, SweepPoint.Bracket b) {
    List<String> below =
        highestFirst.stream()
            .filter(p -> p.hitRate() < b.highestFailing() && p.holds())
            .map(p -> SweepPoint.pctRate(p.hitRate()))
            .toList();
    return below.isEmpty()
        ? ""
        : " (not monotone: C also holds at "
            + String.join(", ", below)
            + ", below the highest failing rate; the bracket is the one under the rates that all"
            + " hold)";
  }
}
