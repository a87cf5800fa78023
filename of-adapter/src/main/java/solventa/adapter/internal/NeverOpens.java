package solventa.adapter.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import solventa.adapter.model.BreakerSettings;

/**
 * No breaker (policy {@code none}, the arms without one): Resilience4j's disabled state, which lets
 * every call through and records nothing. Reported as CLOSED.
 */
final class NeverOpens implements OpeningPolicy {

  @Override
  public CircuitBreakerConfig config(BreakerSettings s, Clock clock) {
    return OpeningPolicy.common(s, clock).initialState(CircuitBreaker.State.DISABLED).build();
  }

  @Override
  public boolean episodeOver(boolean failure, CircuitBreaker.Metrics window) {
    return true;
  }

  @Override
  public boolean opens() {
    return false;
  }
}
