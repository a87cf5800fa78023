package solventa.ops.analysis;

import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.analysis.recommendation.PairedEffects;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;

/**
 * The analysis of an experiment's steps: the sanity checks, then each hypothesis' verdict by the
 * rules of {@code docs/verdict-rules.md} (version {@link VerdictRules#RULES_VERSION}; one class per
 * hypothesis) with the parameters of the experiment's profile, the thresholds each design's answer
 * depends on, and the designs compared in pairs.
 */
public record Analysis(
    List<SanityCheck> sanity,
    String rulesVersion,
    Map<String, Verdict> verdicts,
    Actuarial actuarial,
    Sensitivity sensitivity,
    List<Thresholds> thresholds,
    List<PairedEffects> pairedEffects) {

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
    return of(steps, contracts, profile, environment, actuarial, true);
  }

  /**
   * As above, for an experiment that ran to its end or not ({@code complete}); the verdicts are
   * judged on the steps measured under today's card readings, and the sensitivity table judges them
   * again under the others ({@link Sensitivity}).
   */
  public static Analysis of(
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      ExperimentProfile profile,
      Map<String, String> environment,
      Actuarial actuarial,
      boolean complete) {
    StepResults results = new StepResults(List.copyOf(steps));
    List<SanityCheck> sanity = Sanity.check(results, contracts);
    VerdictRules rules = VerdictRules.of(profile, environment, actuarial);
    Map<String, Verdict> verdicts = rules.evaluate(results, sanity);
    return new Analysis(
        sanity,
        VerdictRules.RULES_VERSION,
        verdicts,
        actuarial,
        Sensitivity.of(steps, contracts, profile, rules, verdicts, complete),
        thresholds(results, profile, actuarial),
        PairedEffects.of(results, profile.recoveryWindowSec()));
  }

  /**
   * Each design that falls back and was walked through a failing state: the minimum production hit
   * rate and the longest outage that keep its fallback share within the ceiling ({@link
   * Thresholds}).
   */
  static List<Thresholds> thresholds(StepResults r, ExperimentProfile p, Actuarial a) {
    return Recommendation.SIMPLEST_FIRST.stream()
        .filter(BenchArm::fallsBack)
        .filter(
            arm ->
                r.runs().stream()
                    .anyMatch(
                        run ->
                            Recommendation.FAILURE_STATES.stream()
                                .anyMatch(st -> r.walk(run, arm, st).isPresent())))
        .map(arm -> Thresholds.of(r, arm, Recommendation.FAILURE_STATES, p.refreshAfterSec(), a))
        .toList();
  }
}
