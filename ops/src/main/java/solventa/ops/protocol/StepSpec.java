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
    int concurrent) {

  public int durationSec() {
    return warmupSec + measureSec;
  }
}
