package solventa.adapter;

import java.util.List;
import java.util.Map;

/**
 * A point-in-time view of one provider's adapter: breaker, calls by outcome and bulkhead use. The
 * runner reads it (through Pekko Management) to compute time to open and pool saturation.
 *
 * @param outcomes cumulative calls by outcome: "SUCCESS" and each {@link FailureKind} name
 * @param transitions the most recent breaker transitions, oldest first (bounded)
 * @param lastTimeToOpenMs from the first failure of the last episode to its open transition, or -1
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
    long rejected) {}
