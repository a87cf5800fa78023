package solventa.ops.analysis;

import java.util.List;
import java.util.Map;
import solventa.ops.protocol.ExperimentProfile;

/**
 * Computes each hypothesis' verdict from the step results with the rules of {@code
 * docs/verdict-rules.md} (see {@link VerdictRules}; one class per hypothesis in {@code
 * solventa.ops.analysis}).
 */
public final class Verdicts {
  private Verdicts() {}

  public static Map<String, Verdict> compute(
      StepResults r, List<SanityCheck> sanity, ExperimentProfile profile) {
    return VerdictRules.of(profile).evaluate(r, sanity);
  }
}
