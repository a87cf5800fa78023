package solventa.ops.analysis.hypotheses;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.BudgetSettings;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.ExperimentProfile;

/**
 * The verdict rules of {@code docs/verdict-rules.md}, version {@value #RULES_VERSION}: the
 * parameters the rules use and the list of hypotheses, each one small class holding its statement,
 * its rule and its evaluation.
 *
 * @param actuarial the actuarial inputs HD-01's clause (b) and the Recommendation are judged with
 *     (assumptions, declared in the rules doc, overridable by the reader)
 * @param exposureWindowSec W of the sacrificed share
 * @param countPolicyN the count policy's consecutive failures
 * @param ratePolicy the rate policy's window, minimum calls and threshold
 * @param requiredRuns the runs the card requires for a final HD-01
 * @param refreshAfterSec T, the profile's {@code quote.refresh-after}: clause (b) maps the measured
 *     fallback share to the source's refresh policy through t/T ({@link OutageShare})
 * @param recoveryWindowSec how long the provider stays degraded after the recovery's change: the
 *     stampede is judged over the recovery's seconds after it ({@link RecoveryPhases})
 * @param design the design's own figures, for the verdicts its arithmetic fixes
 */
public record VerdictRules(
    Actuarial actuarial,
    int exposureWindowSec,
    int countPolicyN,
    ExperimentProfile.RatePolicy ratePolicy,
    int requiredRuns,
    int refreshAfterSec,
    int recoveryWindowSec,
    Design design) {

  /**
   * The version of {@code docs/verdict-rules.md} this code implements. What each version changed is
   * in the decision record on the rules' history (docs/decisions), not here.
   */
  public static final String RULES_VERSION = "15";

  /** The card requires three runs for the overall verdict. */
  public static final int REQUIRED_RUNS = 3;

  /** The rules' parameters as a profile sets them, the budget as the analysing build ships it. */
  public static VerdictRules of(ExperimentProfile p) {
    return of(p, Map.of());
  }

  /**
   * The rules' parameters as a profile sets them, with the budget and rating cost a run recorded in
   * its {@code environment} ({@link BudgetSettings#of}).
   */
  public static VerdictRules of(ExperimentProfile p, Map<String, String> environment) {
    return of(p, environment, Actuarial.DECLARED);
  }

  /** As {@link #of(ExperimentProfile, Map)}, judged with the actuarial inputs {@code a}. */
  public static VerdictRules of(ExperimentProfile p, Map<String, String> environment, Actuarial a) {
    return new VerdictRules(
        a,
        p.exposureWindowSec(),
        p.countPolicyN(),
        p.ratePolicy(),
        REQUIRED_RUNS,
        p.refreshAfterSec(),
        p.recoveryWindowSec(),
        Design.of(BudgetSettings.of(environment), p));
  }

  /** Every hypothesis, in the card's order; HD-01 last, as it reads the others. */
  static List<Hypothesis> hypotheses() {
    return List.of(
        new HealthyAllArms(),
        new DegradedOnlyC(),
        new DegradedPathFaster(),
        new MinimumHitRate(),
        new SacrificedHighTraffic(),
        new LowTrafficPolicies(),
        new Coalescing(),
        new Recovery(),
        new Overall());
  }

  /** Each hypothesis' id with the comparisons its verdict reads ({@link Hypothesis#rules}). */
  public static Map<String, List<String>> rulesRead() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Hypothesis h : hypotheses()) {
      out.put(h.id(), h.rules());
    }
    return out;
  }

  /** Evaluates every hypothesis on the results, in order. */
  public Map<String, Verdict> evaluate(StepResults results, List<SanityCheck> sanity) {
    Map<String, Verdict> out = new LinkedHashMap<>();
    for (Hypothesis h : hypotheses()) {
      Verdict v = h.evaluate(new Hypothesis.Input(results, sanity, this, out));
      out.put(
          h.id(), v.checked(h.byConstruction(design)).withBasis(Basis.of(h.id(), results, this)));
    }
    return out;
  }
}
