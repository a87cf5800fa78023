package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.ExperimentProfile;

/**
 * Where C's hit-rate sweep is measured next to narrow HD-01.4's minimum hit rate: the midpoint, in
 * whole percentage points, of the bracket between the highest failing measured rate and the lowest
 * holding measured rate above it ({@link SweepPoint.Bracket}, rules version 4), while the bracket
 * is wider than the resolution, its midpoint is a target not yet measured, and fewer than the bound
 * of bisection steps have run. Where the points bound no bracket it extends the sweep past its end,
 * within the same bound: down to 0 % when C holds at every rate (at 0 % every answer is a fallback;
 * "holds even at 0 %" is a minimum), up to the highest target a key set can build (1 − the
 * never-seen share) when C fails at every rate. Every point is judged by {@link SweepPoint}, the
 * verdict's own rule. Pure: the runner calls it after C's last sweep step.
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
    return next(cSweep, resolutionPts, maxSteps, 1 - ExperimentProfile.NEVER_SEEN_SHARE);
  }

  /**
   * As {@link #next(List, int, int)}, with {@code topRate} the highest target a key set can reach
   * (1 − the never-seen share): where an upward extension goes.
   */
  public static Next next(
      List<StepResult> cSweep, int resolutionPts, int maxSteps, double topRate) {
    if (maxSteps <= 0) {
      return Next.stop("no bisection steps in this profile");
    }
    List<StepResult> sorted =
        cSweep.stream()
            .sorted(Comparator.comparingDouble((StepResult s) -> s.spec().hitRate()).reversed())
            .toList();
    List<SweepPoint> points = new ArrayList<>();
    for (StepResult s : sorted) {
      String why = SweepPoint.unusable(s, s.spec().arm().label(), s.spec().hitRate());
      if (why != null) {
        return Next.stop("stopped: " + why);
      }
      points.add(SweepPoint.judge(s));
    }
    long done = sorted.stream().filter(s -> s.spec().bisection()).count();
    String who = sorted.isEmpty() ? "C" : sorted.get(0).spec().arm().label();
    return next(SweepPoint.highestFirst(points), resolutionPts, maxSteps, (int) done, topRate, who);
  }

  static Next next(List<SweepPoint> highestFirst, int resolutionPts, int maxSteps, int done) {
    return next(
        highestFirst, resolutionPts, maxSteps, done, 1 - ExperimentProfile.NEVER_SEEN_SHARE, "C");
  }

  /**
   * The next rate over judged points, highest rate first, with {@code done} of {@code maxSteps}
   * bisection steps already run.
   */
  static Next next(
      List<SweepPoint> highestFirst,
      int resolutionPts,
      int maxSteps,
      int done,
      double topRate,
      String who) {
    if (highestFirst.isEmpty()) {
      return Next.stop("no sweep step of " + who + " was measured");
    }
    SweepPoint.Bracket b = SweepPoint.Bracket.of(highestFirst);
    double lowestTarget = highestFirst.stream().mapToDouble(SweepPoint::target).min().orElse(0);
    double highestTarget = highestFirst.stream().mapToDouble(SweepPoint::target).max().orElse(1);
    if (b.highestFailing() == null) {
      String holds =
          who + " holds at every measured rate, down to " + SweepPoint.pctRate(b.lowestHolding());
      if (lowestTarget <= 0) {
        return Next.stop(holds + ": it holds even at 0 %, where every answer is a fallback");
      }
      if (done >= maxSteps) {
        return Next.stop(holds + ": the bound of " + maxSteps + " extra steps is reached");
      }
      // past the sweep's lower end: at 0 % every answer is a fallback, nothing lower to test
      return new Next(0.0, holds + ": extending the sweep to 0 %");
    }
    if (b.lowestHolding() == null) {
      String fails =
          who + " fails at every measured rate, up to " + SweepPoint.pctRate(b.highestFailing());
      if (highestTarget >= topRate - 1e-9) {
        return Next.stop(fails + ": no higher target can be built (the never-seen share)");
      }
      if (done >= maxSteps) {
        return Next.stop(fails + ": the bound of " + maxSteps + " extra steps is reached");
      }
      return new Next(
          topRate, fails + ": extending the sweep up to " + SweepPoint.pctRate(topRate));
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
            + notMonotone(highestFirst, b, who);
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
  private static String notMonotone(
      List<SweepPoint> highestFirst, SweepPoint.Bracket b, String who) {
    List<String> below =
        highestFirst.stream()
            .filter(p -> p.hitRate() < b.highestFailing() && p.holds())
            .map(p -> SweepPoint.pctRate(p.hitRate()))
            .toList();
    return below.isEmpty()
        ? ""
        : " (not monotone: "
            + who
            + " also holds at "
            + String.join(", ", below)
            + ", below the highest failing rate; the bracket is the one under the rates that all"
            + " hold)";
  }
}
