package solventa.quote;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** The system clock plus an offset the test moves forward, so profiles age without sleeping. */
final class MutableClock extends Clock {
  private final AtomicLong offsetMs = new AtomicLong();

  void advance(Duration d) {
    offsetMs.addAndGet(d.toMillis());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  @Override
  public long millis() {
    return System.currentTimeMillis() + offsetMs.get();
  }
}
