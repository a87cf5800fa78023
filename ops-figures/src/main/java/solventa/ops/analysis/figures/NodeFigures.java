package solventa.ops.analysis.figures;

import java.util.List;

/**
 * One cluster member's own figures in one step, where a sum or a maximum over the nodes would hide
 * something: how much of the load it served, its own service time, its pool and its breaker. Only
 * steps run on more than one node carry them.
 *
 * @param node {@code node-K}
 * @param requests requests the generator sent to this node's quote API in the measured window
 * @param quotes quotes this node answered (any origin) by the step's end, from its own counters
 * @param internal this node's own service time over the window (its histogram)
 * @param worstSecondP99Ms the highest per-second p99 of this node's own service time in the window
 * @param poolMaxInFlight the most adapter calls in flight the sampler read on this node
 * @param poolSize this node's adapter pool size
 * @param rejections this node's bulkhead rejections in the step
 * @param providerCalls provider calls this node's adapter made by the step's end
 * @param transitions this node's breaker transitions during the step
 */
public record NodeFigures(
    String node,
    long requests,
    Long quotes,
    Latency internal,
    Double worstSecondP99Ms,
    Integer poolMaxInFlight,
    Integer poolSize,
    Long rejections,
    Long providerCalls,
    List<BreakerTransition> transitions) {}
