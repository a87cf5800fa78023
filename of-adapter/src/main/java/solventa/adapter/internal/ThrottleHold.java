package solventa.adapter.internal;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The provider's {@code Retry-After}, honoured: after a 429 or 503 that carries one, no call goes
 * to the provider until that time has passed. Times are the adapter's injected {@link Clock}.
 *
 * <p>Thread-safe (one atomic reference); a later answer can only push the hold further out, never
 * shorten it, so two answers racing each other keep the later time.
 */
public final class ThrottleHold {
  /**
   * The longest hold a {@code Retry-After} can set. The header is the provider's advice, and one
   * wrong value (an hour, a date a day ahead) would otherwise keep every quote on its fallback for
   * that long. 60 s is twelve of the default breaker's 5 s reset timeouts: by then sustained
   * throttling has opened the breaker, whose probes decide again.
   */
  public static final Duration MAX_HOLD = Duration.ofSeconds(60);

  /** Statuses whose {@code Retry-After} is honoured (RFC 9110 §10.2.3 names 503; RFC 6585 429). */
  static boolean honoursRetryAfter(int status) {
    return status == 429 || status == 503;
  }

  private final Clock clock;
  private final AtomicReference<Instant> until = new AtomicReference<>(Instant.EPOCH);

  public ThrottleHold(Clock clock) {
    this.clock = clock;
  }

  /** Until when calls are held back, if they are now. */
  public Optional<Instant> heldUntil() {
    Instant u = until.get();
    return clock.instant().isBefore(u) ? Optional.of(u) : Optional.empty();
  }

  /**
   * Holds calls back for the header's delay from now, capped at {@link #MAX_HOLD}. A value that
   * cannot be read, or a time already past, holds nothing.
   *
   * @return the hold's end, if the header set one
   */
  Optional<Instant> retryAfter(String headerValue) {
    Instant now = clock.instant();
    Optional<Duration> delay = parse(headerValue, now);
    if (delay.isEmpty() || delay.get().isZero() || delay.get().isNegative()) {
      return Optional.empty();
    }
    Duration d = delay.get().compareTo(MAX_HOLD) > 0 ? MAX_HOLD : delay.get();
    Instant end = now.plus(d);
    Instant held = until.accumulateAndGet(end, (a, b) -> a.isAfter(b) ? a : b);
    return Optional.of(held);
  }

  /**
   * {@code Retry-After} is either delay-seconds (digits) or an HTTP-date (IMF-fixdate, as RFC 9110
   * §5.6.7 requires senders to use). Anything else is unreadable: empty.
   */
  static Optional<Duration> parse(String value, Instant now) {
    if (value == null) {
      return Optional.empty();
    }
    String v = value.trim();
    if (v.matches("\\d{1,10}")) {
      return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
    }
    try {
      Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      return Optional.of(Duration.between(now, at));
    } catch (DateTimeException e) {
      return Optional.empty();
    }
  }
}
