package solventa.ops.protocol;

import solventa.providerdouble.control.ProviderState;

/**
 * One step of the protocol: what the node runs, what the provider does, and the load.
 *
 * @param run run label (R1, R2, R3)
 * @param hitRate cache hit-rate target of the key feeder
 * @param policy breaker opening policy of the node ("count" or "rate"); a policy step's setting
 *     ({@link BreakerSetting}: also "count-n2", "rate-m4")
 * @param warmupSec the slice at the start of the step that is discarded
 * @param measureSec the steady-state window that counts
 * @param concurrent for STAMPEDE: concurrent misses on one key
 * @param bisection for SWEEP: a step the runner added at a bisected hit rate (HD-01.4's minimum),
 *     not one of the profile's planned rates; false in results written before
 */
public record StepSpec(
    String id,
    StepKind kind,
    String run,
    BenchArm arm,
    ProviderState state,
    double hitRate,
    int rate,
    String policy,
    int warmupSec,
    int measureSec,
    int concurrent,
    boolean bisection) {

  /** A planned step (not a bisection step). */
  public StepSpec(
      String id,
      StepKind kind,
      String run,
      BenchArm arm,
      ProviderState state,
      double hitRate,
      int rate,
      String policy,
      int warmupSec,
      int measureSec,
      int concurrent) {
    this(
        id, kind, run, arm, state, hitRate, rate, policy, warmupSec, measureSec, concurrent, false);
  }

  /**
   * The breaker policy the step's node is started with: a policy step runs on C's count-policy node
   * and sets its own setting at its change; any other step, its policy.
   */
  public String nodePolicy() {
    return kind == StepKind.POLICY ? BreakerSetting.COUNT : policy;
  }

  /**
   * Whether the step's load comes as quote journeys: the recovery steps of the arms that fall back
   * (C, C'), where HD-01.8 needs concurrent misses on one customer to tell C from C'.
   */
  public boolean journeys() {
    return kind == StepKind.WALK && state == ProviderState.RECOVERY && arm.fallsBack();
  }

  public int durationSec() {
    return warmupSec + measureSec;
  }
}
