package solventa.ops.protocol;

/** Which part of the protocol (the experiment card (Protocol)) a step belongs to. */
public enum StepKind {
  /** A run walking the six provider states for one arm. */
  WALK,
  /** The hit-rate sweep (B and C, provider degraded). */
  SWEEP,
  /**
   * An outage at another seeded hit rate: a design's customers seeded in steady state at a hit-rate
   * level around the design point, then the provider turned unresponsive, as its walk's step is.
   * The levels measure the minimum hit rate at which the fallback share through the outage stays
   * within the actuarial ceiling.
   */
  OUTAGE,
  /** Breaker policy × traffic: the provider turns unresponsive under a closed breaker. */
  POLICY,
  /** N concurrent misses on one key, C vs C'. */
  STAMPEDE,
  /** The node benchmark: arm C, healthy provider, rising arrival rate. */
  BENCH,
  /**
   * A break point over the arrival rate ({@link BreakpointPlan}): a breaker policy with the
   * provider turned unresponsive, or the adapter's pool with the provider slow, at one rate.
   */
  BREAKPOINT
}
