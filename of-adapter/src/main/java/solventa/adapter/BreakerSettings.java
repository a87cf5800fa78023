package solventa.adapter;

import java.time.Duration;

/**
 * One provider's breaker configuration ({@code of-adapter.providers.<name>.breaker}).
 *
 * @param consecutiveFailures the count policy's N (>= 1)
 * @param failureRateThreshold the rate policy's threshold in percent, in (0, 100]
 * @param window the rate policy's sliding time window (> 0)
 * @param minimumCalls calls the window must hold before the rate can open the breaker (>= 1)
 * @param resetTimeout how long the breaker stays open before letting one probe through (> 0)
 */
public record BreakerSettings(
    BreakerPolicy policy,
    int consecutiveFailures,
    double failureRateThreshold,
    Duration window,
    int minimumCalls,
    Duration resetTimeout) {

  public BreakerSettings {
    ConfigChecks.require(policy != null, "breaker.policy", policy, "must be count or rate");
    ConfigChecks.require(
        consecutiveFailures >= 1,
        "breaker.consecutive-failures",
        consecutiveFailures,
        "must be >= 1");
    ConfigChecks.require(
        failureRateThreshold > 0 && failureRateThreshold <= 100,
        "breaker.failure-rate-threshold",
        failureRateThreshold,
        "must be in (0, 100]");
    ConfigChecks.requirePositive(window, "breaker.window");
    ConfigChecks.require(minimumCalls >= 1, "breaker.minimum-calls", minimumCalls, "must be >= 1");
    ConfigChecks.requirePositive(resetTimeout, "breaker.reset-timeout");
  }

  /** The count policy with N consecutive failures (the rate fields keep their defaults). */
  public static BreakerSettings count(int consecutiveFailures, Duration resetTimeout) {
    return new BreakerSettings(
        BreakerPolicy.COUNT, consecutiveFailures, 50, Duration.ofSeconds(10), 10, resetTimeout);
  }

  /** The rate policy: threshold % over window with at least minimumCalls calls. */
  public static BreakerSettings rate(
      double thresholdPercent, Duration window, int minimumCalls, Duration resetTimeout) {
    return new BreakerSettings(
        BreakerPolicy.RATE, 5, thresholdPercent, window, minimumCalls, resetTimeout);
  }
}
