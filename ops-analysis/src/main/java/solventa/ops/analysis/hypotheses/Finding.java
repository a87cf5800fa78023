package solventa.ops.analysis.hypotheses;

import java.util.Objects;

/**
 * One line of a verdict's evidence as data: what it rests on ({@link Fact}) and the part it plays
 * in the decision. The analysis decides; the report alone turns a finding into words.
 *
 * @param role what the line does to the verdict
 * @param fact what was measured, or why nothing could be
 */
public record Finding(Role role, Fact fact) {

  /** The part a line plays in the verdict's order of decision ({@link Evidence}). */
  public enum Role {
    /** A measurement that agrees with the hypothesis, or context the verdict cites. */
    NOTE,
    /** A contradiction measured on a usable step: the verdict is refuted. */
    REFUTES,
    /** Something missing, unusable or too close to call: the verdict cannot be supported. */
    UNDECIDED
  }

  public Finding {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(fact, "fact");
  }
}
