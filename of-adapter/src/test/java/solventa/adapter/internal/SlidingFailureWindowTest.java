package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import solventa.lab.MutableClock;

class SlidingFailureWindowTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));

  @Test
  void doesNotJudgeBeforeMinimumCalls() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 4, 50);
    assertThat(w.recordAndCheck(true)).isFalse();
    assertThat(w.recordAndCheck(true)).isFalse();
    assertThat(w.recordAndCheck(true)).isFalse();
    assertThat(w.recordAndCheck(true)).as("4th call: 100% over 4 calls").isTrue();
  }

  @Test
  void tripsWhenTheRateReachesTheThreshold() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 4, 50);
    assertThat(w.recordAndCheck(false)).isFalse();
    assertThat(w.recordAndCheck(false)).isFalse();
    assertThat(w.recordAndCheck(true)).isFalse();
    assertThat(w.recordAndCheck(true)).as("2 of 4 = 50%").isTrue();
  }

  @Test
  void aSuccessNeverTrips() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 1, 10);
    w.recordAndCheck(true);
    assertThat(w.exceeded()).isTrue();
    assertThat(w.recordAndCheck(false)).isFalse();
  }

  @Test
  void outcomesOlderThanTheWindowAreForgotten() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 3, 50);
    w.recordAndCheck(true);
    w.recordAndCheck(true);
    clock.advance(Duration.ofSeconds(10));
    assertThat(w.calls()).isZero();
    assertThat(w.failures()).isZero();
    assertThat(w.recordAndCheck(true)).as("only one call in the window now").isFalse();
  }

  @Test
  void slidesRatherThanTumbles() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 3, 60);
    w.recordAndCheck(true); // t=0
    clock.advance(Duration.ofSeconds(6));
    w.recordAndCheck(false); // t=6
    clock.advance(Duration.ofSeconds(3));
    assertThat(w.recordAndCheck(true)).as("t=9: 2 of 3 = 67%").isTrue();
    clock.advance(Duration.ofSeconds(2));
    // t=11: the t=0 failure left; 1 of 2 and fewer than 3 calls
    assertThat(w.exceeded()).isFalse();
    assertThat(w.failures()).isEqualTo(1);
  }

  @Test
  void clearForgetsEverything() {
    SlidingFailureWindow w = new SlidingFailureWindow(clock, Duration.ofSeconds(10), 1, 50);
    w.recordAndCheck(true);
    w.clear();
    assertThat(w.calls()).isZero();
    assertThat(w.exceeded()).isFalse();
  }
}
