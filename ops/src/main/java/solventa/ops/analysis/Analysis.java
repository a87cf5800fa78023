package solventa.ops.analysis;

import java.util.List;
import java.util.Map;
import solventa.ops.protocol.ExperimentProfile;

/**
 * The analysis of an experiment's steps: the sanity checks, then each hypothesis' verdict by the
 * rules of {@code docs/verdict-rules.md} (version {@link VerdictRules#RULES_VERSION}; one class per
 * hypothesis) with the parameters of the experiment's profile.
 */
public record Analysis(
    List<SanityCheck> sanity,
    String rulesVersion,
    Map<String, Verdict> verdicts,
    Actuarial actuarial) {

  public static Analysis of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile) {
    return of(steps, contracts, profile, Map.of());
  }

  /** With the budget and rating cost the run recorded in its {@code environment}. */
  public static Analysis of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile,
      Map<String, String> environment) {
    return of(steps, contracts, profile, environment, Actuarial.DECLARED);
  }

  /** Judged with the actuarial inputs {@code actuarial} (the reader's, or the declared ones). */
  public static Analysis of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile,
      Map<String, String> environment,
      Actuarial actuarial) {
    StepResults results = new StepResults(List.copyOf(steps));
    List<SanityCheck> sanity = Sanity.check(results, contracts);
    return new Analysis(
        sanity,
        VerdictRules.RULES_VERSION,
        VerdictRules.of(profile, environment, actuarial).evaluate(results, sanity),
        actuarial);
  }
}
