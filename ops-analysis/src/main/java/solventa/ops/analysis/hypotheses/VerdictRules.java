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
 *     fallback curve to the source's refresh policy through t/T ({@link FallbackFlip})
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
   * The version of {@code docs/verdict-rules.md} this code implements. 3 (2026-12-03): HD-01 takes
   * the card's three refutation clauses (latency, fallback share above the ceiling, recovery
   * saturating the pool); HD-01.4 is latency only; HD-01.5/6's guard compares the failures a policy
   * needs with 1 % of W's requests. 4 (2026-12-03): HD-01.4 judges each sweep rate at its measured
   * hit rate (the sweep's key set holds it at its target; a sweep step more than 1.5 points off is
   * invalid and re-run once); the minimum hit rate is a bracket of measured rates, and an open
   * bound does not count as quantified in HD-01. 5 (2026-12-03): p95, p99, the error share and the
   * fallback share are compared with their thresholds by their 95 % intervals (bootstrap, {@link
   * Bootstrap}; Clopper–Pearson, {@link ClopperPearson}) in HD-01.1, HD-01.2 and HD-01's clauses
   * (a) and (b); an interval containing its threshold is too close to call ({@link Call}). 6
   * (2026-12-04): HD-01.6 is judged over a grid of breaker settings at low traffic, each from an
   * empty breaker window, whose guard counts the failures an empty window needs; HD-01.8's recovery
   * load has quote journeys and C's stampede is its control; HD-01's clause (b) and the
   * Recommendation judge the fallback share over the declared outage horizon, 0.10–0.35 T after the
   * change. 7 (2026-12-05): HD-01.8's stampede is the adapter's count of duplicate calls. 8
   * (2026-12-06): a verdict the design's arithmetic fixes is marked as an implementation check
   * ({@link Design}); HD-01's clause (c) and HD-01.8 judge a stampede (duplicate calls with the
   * pool full) over the recovery's seconds after the provider is healthy again, and a pool filled
   * before that is the recovery backlog, a finding of its own ({@link RecoveryPhases}); the pool's
   * peak is the step's own maximum everywhere. 9 (2026-12-06): clause (b) and the Recommendation
   * compare the outage the business rides through with the outage at which the fallback share
   * reaches the ceiling, in the source's real refresh policy, from the declared actuarial inputs
   * ({@link Actuarial}, {@link FallbackFlip}); the outage horizon in units of T is gone, since h
   * alone decided it. 10 (2026-12-06): one percentile definition ({@link Percentile}); the hit-rate
   * sweep, "B already meets" and the Recommendation's "meets" are judged by the intervals. 11
   * (2026-12-06): HD-01.5 and HD-01.6 compare the sacrificed share with 1 % by its Clopper–Pearson
   * interval; HD-01.8's recovery time is compared with 60 s by the second it was read in; breaker
   * transitions and duplicate counts are exact and carry no interval. 12 (2026-12-06): the policy,
   * stampede and sweep steps are judged in every run that has them, a contradiction in any run
   * refuting as in the walk verdicts; HD-01.5 and HD-01.6 judge each setting's share pooled over
   * its trials ({@link PooledTrials}); the minimum hit rate is bracketed over every run's points;
   * every verdict names what it was judged on ({@link Basis}). 13 (2026-12-06): no hypothesis
   * changes; the Recommendation also asks a design's recovery for no stampede and no backlog
   * filling the pool, lists a variant only when it was walked, and names the provider calls per
   * quote among its costs.
   */
  public static final String RULES_VERSION = "14";

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
