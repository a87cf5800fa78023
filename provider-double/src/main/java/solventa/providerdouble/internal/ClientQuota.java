package solventa.providerdouble.internal;

import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import solventa.providerdouble.Quota;

/**
 * The provider's quota per client credential, as a real Open Finance provider meters its API: at
 * most N calls in each second for one credential (the request's {@code Authorization} header; a
 * call without one is the anonymous client), then 429 with {@code Retry-After} until the next
 * second. Off (0) by default. Every call to the provider API counts, whatever its answer would have
 * been (an unknown customer's too): the quota is checked before anything else.
 *
 * <p>One Resilience4j rate limiter per credential (N permits per 1 s cycle, never banked, asked
 * without waiting), made on the credential's first call. At most {@value #MAX_CREDENTIALS}
 * credentials get one of their own; calls with any further credential share one more, so a client
 * that invents credentials cannot grow the double's memory. A change of N starts every credential
 * afresh and zeroes the refusal count.
 */
public final class ClientQuota {
  /** Credentials with a limiter of their own; any further one shares one more. */
  static final int MAX_CREDENTIALS = 64;

  /** The key of calls without an {@code Authorization} header. */
  static final String ANONYMOUS = "";

  /**
   * What {@code GET /admin/state} shows of it.
   *
   * @param callsPerSecond the quota per credential (0: off)
   * @param refusedSinceChange calls answered 429 by the quota since it was last set
   * @param credentials the credentials metered since then
   */
  public record Snapshot(int callsPerSecond, long refusedSinceChange, int credentials) {}

  /** One setting of the quota and what it has metered since. */
  private record Metering(
      int callsPerSecond,
      RateLimiterConfig config,
      ConcurrentHashMap<String, AtomicRateLimiter> limiters,
      AtomicRateLimiter others,
      LongAdder refused) {}

  private final LongSupplier nanoTime;
  private volatile Metering metering;

  /**
   * @param callsPerSecond the quota at start (0: off)
   * @param nanoTime the monotonic clock its seconds are counted on (tests move it by hand)
   */
  public ClientQuota(int callsPerSecond, LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
    set(callsPerSecond);
  }

  /** The quota on the host's monotonic clock. */
  public ClientQuota(int callsPerSecond) {
    this(callsPerSecond, System::nanoTime);
  }

  /** Sets N calls a second per credential (0: off); every credential starts afresh. */
  public void set(int callsPerSecond) {
    Quota.require("callsPerSecond", callsPerSecond, callsPerSecond);
    if (callsPerSecond == 0) {
      metering = new Metering(0, null, new ConcurrentHashMap<>(), null, new LongAdder());
      return;
    }
    RateLimiterConfig config =
        RateLimiterConfig.custom()
            .limitForPeriod(callsPerSecond)
            .limitRefreshPeriod(Duration.ofSeconds(1))
            .timeoutDuration(Duration.ZERO)
            .build();
    metering =
        new Metering(
            callsPerSecond,
            config,
            new ConcurrentHashMap<>(),
            new AtomicRateLimiter("quota:others", config, nanoTime::getAsLong),
            new LongAdder());
  }

  /**
   * One call of {@code credential} (null: the anonymous client): empty when it goes on, else how
   * long until the credential's next call is allowed (the 429's {@code Retry-After}).
   */
  public Optional<Duration> take(String credential) {
    Metering m = metering;
    if (m.callsPerSecond() == 0) {
      return Optional.empty();
    }
    AtomicRateLimiter limiter = limiter(m, credential == null ? ANONYMOUS : credential);
    if (limiter.acquirePermission()) {
      return Optional.empty();
    }
    m.refused().increment();
    return Optional.of(
        Duration.ofNanos(Math.max(0, limiter.getDetailedMetrics().getNanosToWait())));
  }

  private AtomicRateLimiter limiter(Metering m, String credential) {
    AtomicRateLimiter own = m.limiters().get(credential);
    if (own != null) {
      return own;
    }
    if (m.limiters().size() >= MAX_CREDENTIALS) {
      return m.others();
    }
    return m.limiters()
        .computeIfAbsent(
            credential,
            c -> new AtomicRateLimiter("quota:" + c.hashCode(), m.config(), nanoTime::getAsLong));
  }

  /** The {@code Retry-After} of a wait: whole seconds, rounded up, at least 1. */
  public static long retryAfterSeconds(Duration wait) {
    long nanos = Math.max(0, wait.toNanos());
    return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
  }

  public Snapshot snapshot() {
    Metering m = metering;
    return new Snapshot(m.callsPerSecond(), m.refused().sum(), m.limiters().size());
  }
}
