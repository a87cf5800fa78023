package solventa.ops.protocol;

import solventa.providerdouble.control.ProviderState;

/**
 * One step of the protocol: what the node runs, what the provider does, and the load.
 *
 * @param run run label (R1, R2, R3)
 * @param hitRate cache hit-rate target of the key feeder
 * @param policy breaker opening policy of the node ("count" or "rate")
 * @param warmupSec the slice at the start of the step that is discarded
 * @param measureSec the steady-state window that counts
 * @param concurrent for STAMPEDE: concurrent misses on one key
 * @param bisection for SWEEP: a step the runner added at a bisected hit rate (HD-01.4's minimum,
 *     decision 0022), not one of the profile's planned rates; false in results written before
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

  public int durationSec() {
    return warmupSec + measureSec;
  }
}
