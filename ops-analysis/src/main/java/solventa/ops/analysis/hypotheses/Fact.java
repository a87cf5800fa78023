package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Objects;
import solventa.vocabulary.ProviderState;

/**
 * What a line of evidence rests on, as data: a step's figures compared with a rule, a step that
 * could not decide, a measured outcome and the figures it rests on. The kinds several rules use are
 * here; a rule's own kinds are records beside it ({@link Coalescing.Stampede}, {@link SweepFacts},
 * {@link OverallFacts}). The rules never word a fact: the report does ({@code
 * solventa.ops.report.EvidenceWords}).
 */
public interface Fact {

  /** A walk step named by its arm's label, its run and its provider state ("C R1 healthy"). */
  record StepRef(String arm, String run, ProviderState state) {
    public StepRef {
      Objects.requireNonNull(arm, "arm");
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(state, "state");
    }
  }

  /** The card's thresholds a step's figures are compared with. */
  enum Threshold {
    P95,
    P99,
    ERRORS
  }

  /** What the rule expects of the step's arm, when it expects one outcome. */
  enum Expected {
    /** Either outcome is a finding (HD-01.1: every arm is expected to meet). */
    ANY,
    /** The arm must meet the thresholds (C degraded). */
    MEETS,
    /** The arm must miss them (A and B degraded: only C may meet). */
    MISSES
  }

  /**
   * A usable step's figures compared with {@code thresholds} by their 95 % intervals: {@code call}
   * is HOLDS (meets every one), FAILS (misses one), TOO_CLOSE or MISSING (undecided).
   *
   * @param stepId the step, by its id in the results
   * @param expected what the rule expects of this arm
   */
  record AgainstThresholds(String stepId, List<Threshold> thresholds, Call call, Expected expected)
      implements Fact {
    public AgainstThresholds {
      Objects.requireNonNull(stepId, "stepId");
      thresholds = List.copyOf(thresholds);
      Objects.requireNonNull(call, "call");
      Objects.requireNonNull(expected, "expected");
    }
  }

  /** Why a step cannot decide anything ({@link Evidence#MIN_STEP_ANSWERS}). */
  enum Unfit {
    NOT_RUN,
    INVALID,
    TOO_FEW_ANSWERS,
    NO_LATENCY
  }

  /**
   * A step the rule needs that cannot decide anything.
   *
   * @param invalidations why it is invalid ({@link Unfit#INVALID}), otherwise empty
   * @param answers its answers ({@link Unfit#TOO_FEW_ANSWERS}), otherwise 0
   */
  record UnusableStep(StepRef step, Unfit why, List<String> invalidations, long answers)
      implements Fact {
    public UnusableStep {
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(why, "why");
      invalidations = List.copyOf(invalidations);
    }
  }

  /** The protocol's state walk was not run at all. */
  record NoWalk() implements Fact {}
}
