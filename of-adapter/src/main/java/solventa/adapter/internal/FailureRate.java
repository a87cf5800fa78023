package solventa.adapter.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.time.Clock;
import solventa.adapter.model.BreakerSettings;

/**
 * The rate policy: open when failures / calls reach the threshold over a sliding time window that
 * holds at least the minimum number of calls.
 *
 * <p>As Resilience4j: a time-based window of {@code window} seconds. It aggregates per whole second
 * of the clock (one bucket per epoch second), so an outcome leaves the window when the clock enters
 * the second {@code window} seconds after the one it was recorded in: between {@code window - 1}
 * and {@code window} seconds after it ended, never later. The rate is compared with the threshold
 * in single precision.
 *
 * <p>Half-open: Resilience4j's own verdict. The k probes form a count-based window, judged once
 * min(minimum calls, k) of them have ended: under the threshold closes, at or over it reopens.
 */
final class FailureRate implements OpeningPolicy {

  @Override
  public CircuitBreakerConfig config(BreakerSettings s, Clock clock) {
    return OpeningPolicy.common(s, clock)
        .slidingWindowType(SlidingWindowType.TIME_BASED)
        .slidingWindowSize(Math.toIntExact(s.window().toSeconds()))
        .minimumNumberOfCalls(s.minimumCalls())
        // a threshold too small for a float would round to 0, which Resilience4j refuses; any
        // failure rate above 0 reaches the smallest float, as it reaches the tiny threshold
        .failureRateThreshold(Math.max((float) s.failureRateThreshold(), Float.MIN_VALUE))
        .build();
  }

  /** The earlier episode is over once none of its failures is left in the window. */
  @Override
  public boolean episodeOver(boolean failure, CircuitBreaker.Metrics window) {
    return window.getNumberOfFailedCalls() == 0;
  }
}
