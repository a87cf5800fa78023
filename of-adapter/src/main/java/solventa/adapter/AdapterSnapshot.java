package solventa.adapter;

import java.util.List;
import java.util.Map;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.Transition;

/**
 * A point-in-time view of one provider's adapter: breaker, calls by outcome and bulkhead use. The
 * runner reads it (through Pekko Management) to compute time to open and pool saturation.
 *
 * @param outcomes cumulative calls by outcome: "SUCCESS" and each {@link FailureKind} name
 * @param transitions the most recent breaker transitions, oldest first (bounded)
 * @param lastTimeToOpenMs from the first failure of the last episode to its open transition, or -1
 * @param consecutiveFailures the breaker settings in force (the configured ones, or the last
 *     reconfiguration's): the count policy's N; this and the next five are {@link BreakerSettings}
 * @param failureRateThreshold the rate policy's threshold in percent
 * @param windowMs the rate policy's sliding window, in ms
 * @param minimumCalls calls the rate window must hold before it can open the breaker
 * @param resetTimeoutMs how long the breaker stays open before its probes, in ms
 * @param halfOpenProbes calls the half-open breaker lets through to decide
 * @param duplicateCalls cumulative calls asked for a customer while an earlier call for the same
 *     customer was still pending (zero under per-key coalescing)
 */
public record AdapterSnapshot(
    String provider,
    String policy,
    BreakerState state,
    List<Transition> transitions,
    Map<String, Long> outcomes,
    long lastTimeToOpenMs,
    int inFlight,
    int maxInFlight,
    int poolSize,
    int queued,
    long rejected,
    int consecutiveFailures,
    double failureRateThreshold,
    long windowMs,
    int minimumCalls,
    long resetTimeoutMs,
    int halfOpenProbes,
    long duplicateCalls) {}
