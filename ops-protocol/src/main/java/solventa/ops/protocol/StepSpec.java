package solventa.ops.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import solventa.vocabulary.ProviderState;

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
 * @param reading the card reading the step is measured under, when it is not today's ({@link
 *     CardReading}): such a step never enters the verdicts or the tables, only the sensitivity
 *     table's re-judging; null for every other step and in results written before
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
    boolean bisection,
    @JsonInclude(JsonInclude.Include.NON_NULL) CardReading reading) {

  /** A step measured under today's readings. */
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
      int concurrent,
      boolean bisection) {
    this(
        id,
        kind,
        run,
        arm,
        state,
        hitRate,
        rate,
        policy,
        warmupSec,
        measureSec,
        concurrent,
        bisection,
        null);
  }

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

  /** This step measured under {@code r}, with the id {@code newId}. */
  public StepSpec under(CardReading r, String newId) {
    return new StepSpec(
        newId,
        kind,
        run,
        arm,
        state,
        hitRate,
        rate,
        policy,
        warmupSec,
        measureSec,
        concurrent,
        bisection,
        r);
  }

  /**
   * Whether {@code other} is this step under another reading: the same part of the protocol, run,
   * arm, state, load and durations.
   */
  public boolean sameMeasurementAs(StepSpec other) {
    return kind == other.kind
        && run.equals(other.run)
        && arm == other.arm
        && state == other.state
        && hitRate == other.hitRate
        && rate == other.rate
        && policy.equals(other.policy)
        && warmupSec == other.warmupSec
        && measureSec == other.measureSec
        && concurrent == other.concurrent;
  }

  /**
   * The breaker policy the step's node is started with: a policy or break-point step runs on C's
   * count-policy node and sets its own setting at its change; any other step, its policy.
   */
  public String nodePolicy() {
    return setsBreaker() ? BreakerSetting.COUNT : policy;
  }

  /** Whether the step sets its breaker, fresh and closed, at its change (policy, break point). */
  public boolean setsBreaker() {
    return kind == StepKind.POLICY || kind == StepKind.BREAKPOINT;
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
