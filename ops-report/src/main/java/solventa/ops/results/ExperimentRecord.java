package solventa.ops.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.Actuarial;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.PricePairs;
import solventa.ops.analysis.SanityCheck;
import solventa.ops.analysis.Sensitivity;
import solventa.ops.analysis.StepResult;
import solventa.ops.analysis.Verdict;

/**
 * Everything {@code results.json} holds: the run's identity and environment, every step result, the
 * sanity checks and the verdicts computed from them.
 *
 * @param complete false when the experiment was interrupted or failed: the steps are what was
 *     measured before that
 * @param contracts per run, per arm: the contract probe's status and body
 * @param rulesVersion the version of {@code docs/verdict-rules.md} the verdicts were computed with
 * @param nodes how many quote nodes each arm's cluster had ({@code --nodes}); null in results
 *     written before the option existed (one node then)
 * @param actuarial the actuarial inputs the verdicts were judged with (null in results judged
 *     before rules version 9)
 * @param sensitivity each verdict judged again under the card's other readings (null in results
 *     judged before the sensitivity table existed)
 * @param pricePairs every DEFAULT quote's premium against the same customer's own premium, from the
 *     steps' request logs ({@link PricePairs}); null when no log carried a premium, and then left
 *     out of results.json
 */
public record ExperimentRecord(
    String profile,
    long seed,
    String startedAt,
    String finishedAt,
    boolean complete,
    String incompleteReason,
    Map<String, String> environment,
    List<StepResult> steps,
    Map<String, Map<String, String>> contracts,
    List<SanityCheck> sanity,
    String rulesVersion,
    Map<String, Verdict> verdicts,
    Integer nodes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Actuarial actuarial,
    @JsonInclude(JsonInclude.Include.NON_NULL) Sensitivity sensitivity,
    @JsonInclude(JsonInclude.Include.NON_NULL) PricePairs pricePairs) {

  /** The node count, one for results written before {@code --nodes} existed. */
  public int nodeCount() {
    return nodes == null ? 1 : nodes;
  }

  /** What a run measured, before analysis: no sanity checks, no rules version, no verdicts. */
  public static ExperimentRecord measured(
      String profile,
      long seed,
      String startedAt,
      String finishedAt,
      boolean complete,
      String incompleteReason,
      Map<String, String> environment,
      List<StepResult> steps,
      Map<String, Map<String, String>> contracts,
      int nodes) {
    return new ExperimentRecord(
        profile,
        seed,
        startedAt,
        finishedAt,
        complete,
        incompleteReason,
        environment,
        steps,
        contracts,
        List.of(),
        null,
        Map.of(),
        nodes,
        null,
        null,
        null);
  }

  /** This record with {@code replaced} as its steps (a re-analysis), the analysis left as is. */
  public ExperimentRecord withSteps(List<StepResult> replaced) {
    return new ExperimentRecord(
        profile,
        seed,
        startedAt,
        finishedAt,
        complete,
        incompleteReason,
        environment,
        List.copyOf(replaced),
        contracts,
        sanity,
        rulesVersion,
        verdicts,
        nodes,
        actuarial,
        sensitivity,
        pricePairs);
  }

  /** This record with the analysis of its steps (replacing any earlier one). */
  public ExperimentRecord analysed(Analysis a) {
    return new ExperimentRecord(
        profile,
        seed,
        startedAt,
        finishedAt,
        complete,
        incompleteReason,
        environment,
        steps,
        contracts,
        a.sanity(),
        a.rulesVersion(),
        a.verdicts(),
        nodes,
        a.actuarial(),
        a.sensitivity(),
        pricePairs);
  }

  /** This record with {@code pairs} as its price pairs (replacing any earlier ones). */
  public ExperimentRecord withPricePairs(PricePairs pairs) {
    return new ExperimentRecord(
        profile,
        seed,
        startedAt,
        finishedAt,
        complete,
        incompleteReason,
        environment,
        steps,
        contracts,
        sanity,
        rulesVersion,
        verdicts,
        nodes,
        actuarial,
        sensitivity,
        pairs);
  }

  /** The actuarial inputs the verdicts were judged with; the declared ones for older results. */
  public Actuarial judgedWith() {
    return actuarial == null ? Actuarial.DECLARED : actuarial;
  }
}
