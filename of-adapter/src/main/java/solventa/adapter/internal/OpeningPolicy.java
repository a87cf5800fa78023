package solventa.adapter.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Duration;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;

/**
 * When a provider's breaker opens: one implementation per {@link BreakerPolicy}, each turning the
 * settings into Resilience4j's configuration (its sliding window, threshold and minimum number of
 * calls). The state machine, the windows and the half-open probes are Resilience4j's; {@link
 * ProviderBreaker} runs them the same way for every policy. A new policy is one more class here and
 * a case in {@link #of}.
 */
interface OpeningPolicy {

  /**
   * How long Resilience4j's own open state would wait: never in practice. The reset timeout is a
   * timer on Pekko's scheduler (every timer of the node is), which moves the machine to half-open
   * itself; a wait of Resilience4j's own would be a second clock deciding the same transition.
   */
  Duration LIBRARY_WAIT_IN_OPEN = Duration.ofDays(3650);

  /** The policy of {@code policy}. */
  static OpeningPolicy of(BreakerPolicy policy) {
    return switch (policy) {
      case COUNT -> new ConsecutiveFailures();
      case RATE -> new FailureRate();
      case NONE -> new NeverOpens();
    };
  }

  /**
   * Resilience4j's configuration for {@code settings}, its time windows read from {@code clock}.
   */
  CircuitBreakerConfig config(BreakerSettings settings, Clock clock);

  /**
   * Whether, before {@code window} records an outcome, no earlier failure still counts toward an
   * opening: a failure now starts a new episode (the start of time to open).
   *
   * @param failure whether the outcome about to be recorded is a counted failure
   * @param window the closed state's window before the outcome is recorded
   */
  boolean episodeOver(boolean failure, CircuitBreaker.Metrics window);

  /**
   * Whether one failed half-open probe reopens at once, whatever the other probes answer. Without
   * it, Resilience4j judges the probes' failure rate against the threshold once enough have ended.
   */
  default boolean aFailedProbeReopens() {
    return false;
  }

  /** Whether this policy ever opens (false: the machine starts and stays disabled). */
  default boolean opens() {
    return true;
  }

  /**
   * What every policy shares: the injected clock, the reset timeout left to Pekko (no thread of
   * Resilience4j's, no wait of its own), {@code settings}' probes, and no slow-call rule (a slow
   * call is the hard timeout's to fail; the breaker records outcomes with no duration).
   */
  static CircuitBreakerConfig.Builder common(BreakerSettings settings, Clock clock) {
    return CircuitBreakerConfig.custom()
        .clock(clock)
        .automaticTransitionFromOpenToHalfOpenEnabled(false)
        .waitDurationInOpenState(LIBRARY_WAIT_IN_OPEN)
        .permittedNumberOfCallsInHalfOpenState(settings.halfOpenProbes())
        .slowCallRateThreshold(100)
        .slidingWindowSynchronizationStrategy(
            CircuitBreakerConfig.SlidingWindowSynchronizationStrategy.SYNCHRONIZED)
        .writableStackTraceEnabled(false);
  }
}
