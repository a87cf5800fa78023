package solventa.adapter.model;

/** The circuit breaker's three states. */
public enum BreakerState {
  CLOSED,
  OPEN,
  HALF_OPEN
}
