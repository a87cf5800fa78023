package solventa.ops.analysis.hypotheses;

import java.util.List;

/** A verdict's findings of one kind, as the rules' tests read them (the words are the report's). */
public final class Lines {
  private Lines() {}

  /** The verdict's facts of {@code kind}, with the role each plays. */
  public static <T extends Fact> List<Finding> facts(Verdict v, Class<T> kind) {
    return v.findings().stream().filter(f -> kind.isInstance(f.fact())).toList();
  }
}
