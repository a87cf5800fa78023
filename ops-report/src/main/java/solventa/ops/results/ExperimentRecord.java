package solventa.ops.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.Sensitivity;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.power.OcRow;
import solventa.ops.analysis.recommendation.PairedEffects;

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
    @JsonInclude(JsonInclude.Include.NON_NULL) PricePairs pricePairs,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Thresholds> thresholds,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<PairedEffects> pairedEffects,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<OcRow> operatingCharacteristics) {

  /** The node count, one for results written before {@code --nodes} existed. */
  public int nodeCount() {
    return nodes == null ? 1 : nodes;
  }

  /**
   * A record whose fields are named as they are set; what is not set is what a run that measured
   * nothing and was not analysed has: no environment, steps or contracts, no sanity checks, no
   * rules version, no verdicts, no node count, actuarial inputs, sensitivity or price pairs.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding every field of this record, to change some of them by name. */
  public Builder toBuilder() {
    return builder()
        .profile(profile)
        .seed(seed)
        .startedAt(startedAt)
        .finishedAt(finishedAt)
        .complete(complete)
        .incompleteReason(incompleteReason)
        .environment(environment)
        .steps(steps)
        .contracts(contracts)
        .sanity(sanity)
        .rulesVersion(rulesVersion)
        .verdicts(verdicts)
        .nodes(nodes)
        .actuarial(actuarial)
        .sensitivity(sensitivity)
        .pricePairs(pricePairs)
        .thresholds(thresholds)
        .pairedEffects(pairedEffects)
        .operatingCharacteristics(operatingCharacteristics);
  }

  /** This record with {@code replaced} as its steps (a re-analysis), the analysis left as is. */
  public ExperimentRecord withSteps(List<StepResult> replaced) {
    return toBuilder().steps(List.copyOf(replaced)).build();
  }

  /** This record with the analysis of its steps (replacing any earlier one). */
  public ExperimentRecord analysed(Analysis a) {
    return toBuilder()
        .sanity(a.sanity())
        .rulesVersion(a.rulesVersion())
        .verdicts(a.verdicts())
        .actuarial(a.actuarial())
        .sensitivity(a.sensitivity())
        .thresholds(a.thresholds())
        .pairedEffects(a.pairedEffects())
        .build();
  }

  /** This record with the rules' operating characteristics at its profile's sizes. */
  public ExperimentRecord withOperatingCharacteristics(List<OcRow> rows) {
    return toBuilder().operatingCharacteristics(rows).build();
  }

  /** This record with {@code pairs} as its price pairs (replacing any earlier ones). */
  public ExperimentRecord withPricePairs(PricePairs pairs) {
    return toBuilder().pricePairs(pairs).build();
  }

  /** One record's fields, named ({@link #builder}, {@link #toBuilder}). */
  public static final class Builder {
    private String profile;
    private long seed;
    private String startedAt;
    private String finishedAt;
    private boolean complete;
    private String incompleteReason;
    private Map<String, String> environment = Map.of();
    private List<StepResult> steps = List.of();
    private Map<String, Map<String, String>> contracts = Map.of();
    private List<SanityCheck> sanity = List.of();
    private String rulesVersion;
    private Map<String, Verdict> verdicts = Map.of();
    private Integer nodes;
    private Actuarial actuarial;
    private Sensitivity sensitivity;
    private PricePairs pricePairs;
    private List<Thresholds> thresholds;
    private List<PairedEffects> pairedEffects;
    private List<OcRow> operatingCharacteristics;

    private Builder() {}

    public Builder thresholds(List<Thresholds> v) {
      this.thresholds = v;
      return this;
    }

    public Builder pairedEffects(List<PairedEffects> v) {
      this.pairedEffects = v;
      return this;
    }

    public Builder operatingCharacteristics(List<OcRow> v) {
      this.operatingCharacteristics = v;
      return this;
    }

    public Builder profile(String v) {
      this.profile = v;
      return this;
    }

    public Builder seed(long v) {
      this.seed = v;
      return this;
    }

    public Builder startedAt(String v) {
      this.startedAt = v;
      return this;
    }

    public Builder finishedAt(String v) {
      this.finishedAt = v;
      return this;
    }

    public Builder complete(boolean v) {
      this.complete = v;
      return this;
    }

    public Builder incompleteReason(String v) {
      this.incompleteReason = v;
      return this;
    }

    public Builder environment(Map<String, String> v) {
      this.environment = v;
      return this;
    }

    public Builder steps(List<StepResult> v) {
      this.steps = v;
      return this;
    }

    public Builder contracts(Map<String, Map<String, String>> v) {
      this.contracts = v;
      return this;
    }

    public Builder sanity(List<SanityCheck> v) {
      this.sanity = v;
      return this;
    }

    public Builder rulesVersion(String v) {
      this.rulesVersion = v;
      return this;
    }

    public Builder verdicts(Map<String, Verdict> v) {
      this.verdicts = v;
      return this;
    }

    public Builder nodes(Integer v) {
      this.nodes = v;
      return this;
    }

    public Builder actuarial(Actuarial v) {
      this.actuarial = v;
      return this;
    }

    public Builder sensitivity(Sensitivity v) {
      this.sensitivity = v;
      return this;
    }

    public Builder pricePairs(PricePairs v) {
      this.pricePairs = v;
      return this;
    }

    public ExperimentRecord build() {
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
          pricePairs,
          thresholds,
          pairedEffects,
          operatingCharacteristics);
    }
  }

  /** The actuarial inputs the verdicts were judged with; the declared ones for older results. */
  public Actuarial judgedWith() {
    return actuarial == null ? Actuarial.DECLARED : actuarial;
  }
}
