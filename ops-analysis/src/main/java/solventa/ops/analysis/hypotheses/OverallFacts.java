package solventa.ops.analysis.hypotheses;

import java.util.List;

/** HD-01's findings as data, clause by clause. */
public final class OverallFacts {
  private OverallFacts() {}

  /** The actuarial inputs the clauses were judged with, and the lab's T they map from. */
  public record Inputs(Actuarial actuarial, int refreshAfterSec) implements Fact {}

  /** Clause (d): HD-01.5's verdict as judged ({@link Verdict#SUPPORTED} and so on, or null). */
  public record ClauseD(String hd015) implements Fact {}

  /**
   * Clause (a) on one of C's usable steps: "meets the thresholds" by the intervals of p95, p99 and
   * errors.
   */
  public record ClauseA(String stepId, Call call) implements Fact {}

  /**
   * Clause (b) in one of C's failing states: the fallback share through the outage D, pooled over
   * the runs, against the ceiling ({@link ClauseB}).
   */
  public record ClauseBShare(ClauseB clause) implements Fact {}

  /**
   * What C's answer depends on that the lab cannot know: the minimum production hit rate and the
   * longest outage that keep the fallback share within the ceiling ({@link Thresholds}).
   */
  public record Conditions(Thresholds thresholds) implements Fact {}

  /** Clause (c)'s outcome on C's recovery step. */
  public enum Recovery {
    /** The healthy seconds could not be judged. */
    UNJUDGED,
    /** Duplicate calls with the pool full once the provider was healthy: refutes. */
    STAMPEDE,
    /** No stampede saturates the pool. */
    NONE
  }

  /** Clause (c) on C's recovery step in a run. */
  public record ClauseC(String stepId, int windowSec, Recovery outcome) implements Fact {}

  /** C's recovery step in a run cannot be used for clause (c). */
  public record ClauseCUnusable(Fact.UnusableStep step) implements Fact {}

  /**
   * The support clause "the minimum hit rate quantified": the sweep not run, a step not usable, or
   * C's bound (quantified or an open bound).
   */
  public record Minimum(
      boolean sweepRun, List<SweepFacts.Unusable> unusable, SweepFacts.Limit limit)
      implements Fact {}

  /**
   * The clauses the design's own arithmetic fixes ({@link Design#overallClauses}): (a) and (c),
   * implementation checks beside the findings.
   */
  public record Checks(String arithmetic) implements Fact {}

  /** Runs the sanity checks invalidated. */
  public record InvalidRuns(List<String> runs) implements Fact {}

  /** Fewer runs than the card requires: the verdict is provisional. */
  public record Provisional(int runs, int required) implements Fact {}

  /** Every clause of the card's rule that refuted, by name ({@link Verdict.Clause#clause}). */
  public record RefutedBy(List<String> clauses) implements Fact {}
}
