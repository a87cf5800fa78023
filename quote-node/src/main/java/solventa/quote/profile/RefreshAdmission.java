package solventa.quote.profile;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;
import solventa.quote.settings.RefreshSettings;

/**
 * The node's pacing of background refreshes: its settings, and the admission of background
 * refreshes ({@code quote.refresh-admission.rate}): one Resilience4j rate limiter shared by every
 * profile entity of the node, asked without waiting. One permit every {@code 1 / rate} seconds and
 * never more than one banked, so over any window of {@code s} seconds at most {@code ceil(rate x s)
 * + 1} refreshes pass (a window can cross one more cycle boundary than its length holds): an even
 * pace rather than bursts that would fill the adapter's pool at once. Unlimited when the rate is 0.
 */
public final class RefreshAdmission {
  private final RefreshSettings settings;
  private final RateLimiter limiter; // null: no limit

  private RefreshAdmission(RefreshSettings settings, RateLimiter limiter) {
    this.settings = settings;
    this.limiter = limiter;
  }

  /** Both mechanisms off: every refresh is admitted, none starts early (the card's arms). */
  public static RefreshAdmission off() {
    return new RefreshAdmission(RefreshSettings.OFF, null);
  }

  /** The admission {@code settings} ask for. */
  public static RefreshAdmission of(RefreshSettings settings) {
    if (!settings.admissionLimited()) {
      return new RefreshAdmission(settings, null);
    }
    long periodNanos = Math.max(1, Math.round(1e9 / settings.admissionRate()));
    RateLimiterConfig config =
        RateLimiterConfig.custom()
            .limitForPeriod(1)
            .limitRefreshPeriod(Duration.ofNanos(periodNanos))
            .timeoutDuration(Duration.ZERO) // never waits: a refused refresh answers STALE at once
            .build();
    return new RefreshAdmission(settings, RateLimiter.of("profile-refresh", config));
  }

  /** The settings it was made from (each entity's jitter, beta and seed). */
  public RefreshSettings settings() {
    return settings;
  }

  /** Whether one more background refresh may call the provider now; never blocks. */
  boolean admit() {
    return limiter == null || limiter.acquirePermission();
  }

  /** Whether a limit applies at all. */
  boolean limited() {
    return limiter != null;
  }
}
