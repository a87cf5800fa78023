package solventa.quote.profile;

import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import solventa.adapter.model.PartnerBudgetSettings;

/**
 * Each partner's budget of provider calls for customers this node holds no value for ({@code
 * of-adapter.providers.<name>.partner-budget}): one Resilience4j rate limiter per listed partner
 * and one shared by every other partner id, all made once, at start, and asked without waiting. The
 * node holds {@code partners + 1} limiters whatever ids it is sent, and a client that changes its
 * partner id on every quote draws from the one shared budget, not from a new one.
 *
 * <p>Who draws: a resolution that would call the provider for a customer the node holds no value
 * for (the entity has none after reading Redis, or the arm has no cache). A refresh of a value the
 * node holds, even stale, never draws, nor does a miss that joins a call already in flight. A draw
 * from a spent budget makes no call: the quote is answered at once, DEFAULT in an arm that falls
 * back, else 429 with {@code Retry-After} ({@link Resolution.OverBudget}).
 *
 * <p>Thread-safe (the limiters are lock-free); entities on any thread draw from it.
 */
public final class PartnerBudget {

  /**
   * A draw from a spent budget.
   *
   * @param untilNextPermit how long until the partner's budget holds a permit again
   */
  public record Spent(Duration untilNextPermit) {
    /** The {@code Retry-After} it answers: whole seconds, rounded up, at least 1. */
    public long retryAfterSeconds() {
      long nanos = Math.max(0, untilNextPermit.toNanos());
      return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }
  }

  private static final PartnerBudget OFF =
      new PartnerBudget(PartnerBudgetSettings.OFF, Map.of(), null);

  private final PartnerBudgetSettings settings;
  private final Map<String, AtomicRateLimiter> own; // the listed partners'
  private final AtomicRateLimiter shared; // every other partner id's; null when off

  private PartnerBudget(
      PartnerBudgetSettings settings,
      Map<String, AtomicRateLimiter> own,
      AtomicRateLimiter shared) {
    this.settings = settings;
    this.own = own;
    this.shared = shared;
  }

  /** No budget: every draw passes (the default, the card's arms). */
  public static PartnerBudget off() {
    return OFF;
  }

  /** The budgets {@code settings} ask for, on the host's monotonic clock. */
  public static PartnerBudget of(PartnerBudgetSettings settings) {
    return of(settings, System::nanoTime);
  }

  /**
   * As {@link #of(PartnerBudgetSettings)} on the monotonic clock {@code nanoTime} (tests move it by
   * hand).
   */
  public static PartnerBudget of(PartnerBudgetSettings settings, LongSupplier nanoTime) {
    if (!settings.enabled()) {
      return OFF;
    }
    RateLimiterConfig config =
        RateLimiterConfig.custom()
            .limitForPeriod(settings.burst())
            .limitRefreshPeriod(settings.period())
            .timeoutDuration(Duration.ZERO) // never waits: a spent budget answers at once
            .build();
    Map<String, AtomicRateLimiter> own = new HashMap<>();
    for (String partner : settings.partners()) {
      own.put(
          partner, new AtomicRateLimiter("partner-budget:" + partner, config, nanoTime::getAsLong));
    }
    return new PartnerBudget(
        settings,
        Map.copyOf(own),
        new AtomicRateLimiter("partner-budget:unlisted", config, nanoTime::getAsLong));
  }

  /** Whether any budget applies. */
  public boolean enabled() {
    return shared != null;
  }

  /** The settings it was made from. */
  public PartnerBudgetSettings settings() {
    return settings;
  }

  /** How many budgets the node holds: one per listed partner and the shared one (0 when off). */
  public int budgets() {
    return shared == null ? 0 : own.size() + 1;
  }

  /**
   * Takes one call from {@code partnerId}'s budget: empty when the call may go (a permit taken, or
   * no budget applies), else how long until its next permit. Never blocks.
   */
  public Optional<Spent> draw(String partnerId) {
    if (shared == null) {
      return Optional.empty();
    }
    AtomicRateLimiter limiter = own.getOrDefault(partnerId, shared);
    if (limiter.acquirePermission()) {
      return Optional.empty();
    }
    long nanos = limiter.getDetailedMetrics().getNanosToWait();
    return Optional.of(new Spent(Duration.ofNanos(Math.max(0, nanos))));
  }
}
