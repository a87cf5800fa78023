package solventa.ops.analysis.hypotheses;

import java.util.List;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.Interval;

/** HD-01.4's findings as data: the sweep's points, B beside C, and the minimum hit rate's bound. */
public final class SweepFacts {
  private SweepFacts() {}

  /** The hit-rate sweep was not run. */
  public record NotRun() implements Fact {}

  /**
   * A sweep step that cannot be judged: why ({@link Fact.Unfit}), or, usable otherwise, no measured
   * hit rate ({@code noHitRate}, the reason recorded).
   *
   * @param who the arm, after its run when the protocol ran several ("R2 C")
   * @param target the rate its key set was built for
   */
  public record Unusable(
      String who,
      double target,
      Fact.Unfit unfit,
      List<String> invalidations,
      long answers,
      String noHitRate)
      implements Fact {

    /** Why {@code s} cannot be judged at {@code target}, or null when it can. */
    static Unusable of(StepResult s, String who, double target) {
      Fact.Unfit why = Evidence.unfit(s);
      if (why != null) {
        return new Unusable(
            who,
            target,
            why,
            why == Fact.Unfit.INVALID ? s.invalidations() : List.of(),
            s == null ? 0 : s.requests(),
            null);
      }
      if (s.hitRatePct() == null) {
        return new Unusable(
            who,
            target,
            null,
            List.of(),
            s.requests(),
            s.missing().getOrDefault("hitRatePct", "no reason recorded"));
      }
      return null;
    }
  }

  /**
   * One usable point of C's sweep, with B's step at the same planned rate beside it.
   *
   * @param run the run, named when the protocol ran several; otherwise null
   * @param b B's step there, null when not measured
   * @param bMeets B's "meets the thresholds" there (null when not measured)
   */
  public record Point(String run, SweepPoint c, StepResult b, Call bMeets) implements Fact {}

  /** Whether B already meets at a rate over every run. */
  public enum Standing {
    YES,
    NO,
    TOO_CLOSE
  }

  /**
   * B at one planned rate over every run: whether it already meets, and each run's call.
   *
   * @param calls each run that measured it, with its "meets" call
   */
  public record BEveryRun(double target, Standing standing, List<RunCall> calls) implements Fact {}

  /** One run's call. */
  public record RunCall(String run, Call call) {}

  /** How a point of C contradicts the rule, or cannot decide. */
  public enum Against {
    /** It fails at a rate at or above 96 %. */
    FAILS_AT_OR_ABOVE,
    /** It still holds below 96 %. */
    HOLDS_BELOW,
    /** It fails below 96 % while its p99 holds. */
    FAILS_NOT_BY_P99,
    /** A comparison is too close to call. */
    TOO_CLOSE
  }

  /** A point of C against the rule. */
  public record Judged(SweepPoint p, Against what) implements Fact {}

  /** No usable sweep step measured a hit rate below 96 %. */
  public record NoneBelow() implements Fact {}

  /**
   * An arm's minimum hit rate as far as its measured points bound it ({@link SweepPoint.Bracket}):
   * none usable, an open bound, a hold even at 0 %, or a closed bracket.
   *
   * @param who the arm ("C", "B")
   * @param highestFailing the highest failing measured rate, or null
   * @param lowestHolding the lowest holding rate above it, or null
   * @param closed both ends measured, or a hold even at 0 %
   * @param bisected how many of the points were bisection steps
   * @param usable whether any point was usable
   */
  public record Limit(
      String who,
      Double highestFailing,
      Double lowestHolding,
      boolean closed,
      long bisected,
      boolean usable)
      implements Fact {
    /** A closed bracket or a hold even at 0 %: the minimum is quantified. */
    public boolean quantified() {
      return usable && closed;
    }
  }

  /**
   * A closed bracket's ends, each measured rate with its interval, and the points too close to call
   * inside it.
   */
  public record LimitEnds(
      String who,
      double highestFailing,
      Interval failing,
      double lowestHolding,
      Interval holding,
      List<Double> tooCloseInside)
      implements Fact {}
}
