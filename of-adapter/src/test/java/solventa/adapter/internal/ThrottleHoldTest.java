package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.lab.MutableClock;

class ThrottleHoldTest {
  private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
  private final MutableClock clock = new MutableClock(NOW);
  private final ThrottleHold hold = new ThrottleHold(clock);

  @Test
  void secondsHoldUntilTheyHavePassedOnTheInjectedClock() {
    assertThat(hold.retryAfter("2")).contains(NOW.plusSeconds(2));
    assertThat(hold.heldUntil()).contains(NOW.plusSeconds(2));
    clock.advance(Duration.ofMillis(1_999));
    assertThat(hold.heldUntil()).isPresent();
    clock.advance(Duration.ofMillis(1));
    assertThat(hold.heldUntil()).isEmpty();
  }

  @Test
  void anHttpDateHoldsUntilThatTime() {
    assertThat(hold.retryAfter("Sun, 06 Dec 2026 10:00:07 GMT")).contains(NOW.plusSeconds(7));
    clock.advance(Duration.ofSeconds(7));
    assertThat(hold.heldUntil()).isEmpty();
  }

  @Test
  void aHoldBeyondTheCapIsCapped() {
    assertThat(hold.retryAfter("86400")).contains(NOW.plus(ThrottleHold.MAX_HOLD));
    assertThat(hold.retryAfter("Mon, 07 Dec 2026 10:00:00 GMT"))
        .contains(NOW.plus(ThrottleHold.MAX_HOLD));
  }

  @Test
  void aShorterLaterAnswerDoesNotShortenTheHold() {
    hold.retryAfter("10");
    assertThat(hold.retryAfter("1")).contains(NOW.plusSeconds(10));
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-3", "soon", "", "1.5", "Sun, 06 Dec 2026 09:59:00 GMT"})
  void zeroPastOrUnreadableValuesHoldNothing(String value) {
    assertThat(hold.retryAfter(value)).isEmpty();
    assertThat(hold.heldUntil()).isEmpty();
  }

  @Test
  void onlyTooManyRequestsAndServiceUnavailableAreHonoured() {
    assertThat(ThrottleHold.honoursRetryAfter(429)).isTrue();
    assertThat(ThrottleHold.honoursRetryAfter(503)).isTrue();
    assertThat(ThrottleHold.honoursRetryAfter(529)).isFalse();
    assertThat(ThrottleHold.honoursRetryAfter(200)).isFalse();
  }
}
