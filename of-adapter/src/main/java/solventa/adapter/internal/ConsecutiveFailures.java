package solventa.adapter.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import java.time.Clock;
import solventa.adapter.model.BreakerSettings;

/**
 * The count policy: open after N consecutive counted failures.
 *
 * <p>As Resilience4j: a count-based window of the last N calls, failure-rate threshold 100 %,
 * judged once it holds N calls. The last N outcomes are all failures exactly when a run of N
 * consecutive failures has just been completed, and one success in the window keeps the rate under
 * 100 %, so a success ends the run. A close starts a fresh window, so a run never spans a close.
 *
 * <p>Half-open: one failed probe reopens at once (a threshold of 100 % alone would close on any
 * success); the breaker closes only once all k probes have succeeded, which is why the minimum
 * number of calls is max(N, k): Resilience4j caps it at each window's size, N while closed and k
 * while half-open.
 */
final class ConsecutiveFailures implements OpeningPolicy {

  @Override
  public CircuitBreakerConfig config(BreakerSettings s, Clock clock) {
    int n = s.consecutiveFailures();
    return OpeningPolicy.common(s, clock)
        .slidingWindowType(SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(n)
        .minimumNumberOfCalls(Math.max(n, s.halfOpenProbes()))
        .failureRateThreshold(100)
        .build();
  }

  /** A success ends the run; a failure continues it or starts one. */
  @Override
  public boolean episodeOver(boolean failure, CircuitBreaker.Metrics window) {
    return !failure;
  }

  @Override
  public boolean aFailedProbeReopens() {
    return true;
  }
}
