package solventa.adapter;

import java.util.Locale;

/** How the circuit breaker decides to open; the state machine is the same for both. */
public enum BreakerPolicy {
  /** Open after N consecutive breaker failures; any success resets the run. */
  COUNT,
  /** Open when the failure rate over a sliding time window reaches a threshold (with M calls). */
  RATE;

  /** The config spelling: {@code count} or {@code rate}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
