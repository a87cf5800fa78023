package solventa.lab;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock a test moves by hand, so ages, windows and takeovers are driven instead of waited for:
 * the one test clock of every module. Either fixed at a start ({@link #MutableClock(Instant)}) or
 * the system clock plus an offset ({@link #offsetFromSystem()}), for a node under test that also
 * compares with the host clock. Thread-safe.
 */
public final class MutableClock extends Clock {
  private final Clock base;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  /** A clock that stands at {@code start} until the test advances it. */
  public MutableClock(Instant start) {
    this(Clock.fixed(start, ZoneOffset.UTC));
  }

  private MutableClock(Clock base) {
    this.base = base;
  }

  /** The system clock plus an offset the test moves forward (profiles age without sleeping). */
  public static MutableClock offsetFromSystem() {
    return new MutableClock(Clock.systemUTC());
  }

  public void advance(Duration d) {
    offset.updateAndGet(o -> o.plus(d));
  }

  @Override
  public Instant instant() {
    return base.instant().plus(offset.get());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
