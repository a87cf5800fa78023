package solventa.adapter.model;

import java.time.Instant;

/** One breaker state change, with its wall-clock time. */
public record Transition(BreakerState from, BreakerState to, Instant at) {}
