package solventa.adapter.model;

import java.time.Duration;

/**
 * One provider's breaker configuration ({@code of-adapter.providers.<name>.breaker}).
 *
 * @param consecutiveFailures the count policy's N (>= 1)
 * @param failureRateThreshold the rate policy's threshold in percent, in (0, 100]
 * @param window the rate policy's sliding time window: whole seconds, from 1 s to one day (the
 *     window is kept as one bucket per second)
 * @param minimumCalls calls the window must hold before the rate can open the breaker (>= 1)
 * @param resetTimeout how long the breaker stays open before letting its probes through (> 0)
 * @param halfOpenProbes calls the half-open breaker lets through, whose outcomes decide between
 *     closing and reopening (1..{@value #MAX_HALF_OPEN_PROBES}; 1 is a single probe)
 */
public record BreakerSettings(
    BreakerPolicy policy,
    int consecutiveFailures,
    double failureRateThreshold,
    Duration window,
    int minimumCalls,
    Duration resetTimeout,
    int halfOpenProbes) {

  /** Most probes a half-open breaker may let through. */
  public static final int MAX_HALF_OPEN_PROBES = 100;

  /** Longest rate window: one day. */
  public static final Duration MAX_WINDOW = Duration.ofDays(1);

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
    ConfigChecks.require(
        window.getNano() == 0 && window.compareTo(MAX_WINDOW) <= 0,
        "breaker.window",
        window,
        "must be a whole number of seconds, at most one day");
    ConfigChecks.require(minimumCalls >= 1, "breaker.minimum-calls", minimumCalls, "must be >= 1");
    ConfigChecks.requirePositive(resetTimeout, "breaker.reset-timeout");
    ConfigChecks.require(
        halfOpenProbes >= 1 && halfOpenProbes <= MAX_HALF_OPEN_PROBES,
        "breaker.half-open-probes",
        halfOpenProbes,
        "must be in 1.." + MAX_HALF_OPEN_PROBES);
  }

  /** Settings with a single half-open probe. */
  public BreakerSettings(
      BreakerPolicy policy,
      int consecutiveFailures,
      double failureRateThreshold,
      Duration window,
      int minimumCalls,
      Duration resetTimeout) {
    this(policy, consecutiveFailures, failureRateThreshold, window, minimumCalls, resetTimeout, 1);
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

  /** The same settings with {@code probes} half-open probes. */
  public BreakerSettings withHalfOpenProbes(int probes) {
    return new BreakerSettings(
        policy,
        consecutiveFailures,
        failureRateThreshold,
        window,
        minimumCalls,
        resetTimeout,
        probes);
  }
}
