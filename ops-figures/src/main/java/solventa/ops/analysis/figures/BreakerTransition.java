package solventa.ops.analysis.figures;

import com.fasterxml.jackson.annotation.JsonInclude;
import solventa.adapter.model.BreakerState;

/**
 * A breaker transition as the adapter reported it (epoch ms). {@code node} names the cluster member
 * whose breaker it is ({@code node-K}); null with a single node, whose one breaker needs no name.
 */
public record BreakerTransition(
    BreakerState from,
    BreakerState to,
    long atMs,
    @JsonInclude(JsonInclude.Include.NON_NULL) String node) {

  public BreakerTransition(BreakerState from, BreakerState to, long atMs) {
    this(from, to, atMs, null);
  }

  /** This transition, marked as {@code node}'s. */
  public BreakerTransition on(String node) {
    return new BreakerTransition(from, to, atMs, node);
  }
}
