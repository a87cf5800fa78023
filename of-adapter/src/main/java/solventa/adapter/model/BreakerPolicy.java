package solventa.adapter.model;

import java.util.Locale;

/** How the circuit breaker decides to open; the state machine is the same for all of them. */
public enum BreakerPolicy {
  /** Open after N consecutive breaker failures; any success resets the run. */
  COUNT,
  /** Open when the failure rate over a sliding time window reaches a threshold (with M calls). */
  RATE,
  /**
   * No breaker: every call goes to the provider and waits up to the hard timeout (the card's arms A
   * and B). The state stays CLOSED.
   */
  NONE;

  /** The config spelling: {@code count}, {@code rate} or {@code none}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
