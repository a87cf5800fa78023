package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.adapter.internal.BreakerFixtures.fail;
import static solventa.adapter.internal.BreakerFixtures.ok;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.lab.MutableClock;

/**
 * The opening policies as Resilience4j runs them: count's window against the definition it stands
 * for (N consecutive failures), and rate's threshold, minimum and whole-second window.
 */
class OpeningPoliciesTest {
  private static final Duration RESET = Duration.ofSeconds(5);
  private static ActorTestKit kit;
  private static ManualTime time;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-06T10:00:00Z"));
  private final AtomicInteger bodies = new AtomicInteger();

  @BeforeAll
  static void start() {
    kit = ActorTestKit.create(ManualTime.config());
    time = ManualTime.get(kit.system());
  }

  @AfterAll
  static void stop() {
    kit.shutdownTestKit();
  }

  private ProviderBreaker breaker(BreakerSettings s) {
    return BreakerFixtures.breaker("policies", s, clock, kit);
  }

  private FetchResult call(ProviderBreaker b, FetchResult result) {
    return b.call(
            clock.instant(),
            () -> {
              bodies.incrementAndGet();
              return CompletableFuture.completedFuture(result);
            })
        .toCompletableFuture()
        .orTimeout(5, TimeUnit.SECONDS)
        .join();
  }

  /**
   * The count policy's definition, written out: a run of consecutive counted failures opens at N; a
   * success or a business answer ends the run; a call that never reached the provider changes
   * nothing; half-open lets k probes through one after another, any failed one reopens, k successes
   * close, and the run starts at zero after a close.
   */
  private static final class ConsecutiveRun {
    private final int n;
    private final int k;
    BreakerState state = BreakerState.CLOSED;
    private int run;
    private int probesSucceeded;

    ConsecutiveRun(int n, int k) {
      this.n = n;
      this.k = k;
    }

    /** Whether a call is let through now. */
    boolean admits() {
      return state != BreakerState.OPEN;
    }

    void outcome(Outcome o) {
      if (o == Outcome.NOT_SENT || state == BreakerState.OPEN) {
        return;
      }
      boolean failure = o == Outcome.FAILURE;
      if (state == BreakerState.HALF_OPEN) {
        if (failure) {
          state = BreakerState.OPEN;
        } else if (++probesSucceeded == k) {
          state = BreakerState.CLOSED;
          run = 0;
        }
        return;
      }
      run = failure ? run + 1 : 0;
      if (run >= n) {
        state = BreakerState.OPEN;
      }
    }

    void resetTimeoutPassed() {
      if (state == BreakerState.OPEN) {
        state = BreakerState.HALF_OPEN;
        probesSucceeded = 0;
      }
    }
  }

  private enum Outcome {
    SUCCESS,
    BUSINESS_ANSWER,
    FAILURE,
    NOT_SENT,
    RESET_PASSES;

    FetchResult result() {
      return switch (this) {
        case SUCCESS -> ok();
        case BUSINESS_ANSWER -> fail(FailureKind.UNKNOWN_CUSTOMER);
        case FAILURE -> fail(FailureKind.CONNECTION);
        case NOT_SENT -> fail(FailureKind.BULKHEAD_REJECTED);
        case RESET_PASSES -> throw new IllegalStateException("not a call");
      };
    }
  }

  /**
   * 150 random steps per (N, k): calls ending in a success, a business answer, a counted failure or
   * a refusal before sending, and the reset timeout passing. The odds lean with the state (failures
   * while closed, successes while half-open, the reset while open) so that every sequence opens,
   * half-opens and closes many times. After every step the breaker is in the definition's state,
   * and it ran the body exactly when the definition let the call through.
   */
  @ParameterizedTest(name = "N = {0}, k = {1}")
  @CsvSource({"1, 1", "2, 1", "5, 1", "2, 3", "3, 2", "5, 3"})
  void countIsNConsecutiveFailuresOnRandomSequences(int n, int k) {
    ProviderBreaker b = breaker(BreakerSettings.count(n, RESET).withHalfOpenProbes(k));
    ConsecutiveRun model = new ConsecutiveRun(n, k);
    Random random = new Random(31L * n + k);
    int opened = 0;
    int closedAgain = 0;
    for (int step = 0; step < 150; step++) {
      Outcome o = next(model.state, random);
      BreakerState was = model.state;
      if (o == Outcome.RESET_PASSES) {
        time.timePasses(RESET);
        model.resetTimeoutPassed();
      } else {
        int before = bodies.get();
        boolean admitted = model.admits();
        FetchResult r = call(b, o.result());
        model.outcome(o);
        assertThat(bodies.get() - before)
            .as("step %d (%s): ran", step, o)
            .isEqualTo(admitted ? 1 : 0);
        if (!admitted) {
          assertThat(((FetchResult.Failed) r).kind()).isEqualTo(FailureKind.BREAKER_OPEN);
        }
      }
      assertThat(b.state()).as("step %d (%s) from %s", step, o, was).isEqualTo(model.state);
      opened += was != BreakerState.OPEN && model.state == BreakerState.OPEN ? 1 : 0;
      closedAgain += was == BreakerState.HALF_OPEN && model.state == BreakerState.CLOSED ? 1 : 0;
    }
    assertThat(opened).as("the sequence opened the breaker often").isGreaterThan(5);
    assertThat(closedAgain).as("and closed it again").isGreaterThan(2);
  }

  /** The next step, its odds leaning with {@code state}. */
  private static Outcome next(BreakerState state, Random random) {
    int d = random.nextInt(20);
    return switch (state) {
      case CLOSED ->
          d < 14
              ? Outcome.FAILURE
              : d < 17 ? Outcome.SUCCESS : d < 19 ? Outcome.BUSINESS_ANSWER : Outcome.NOT_SENT;
      case HALF_OPEN ->
          d < 4
              ? Outcome.FAILURE
              : d < 16 ? Outcome.SUCCESS : d < 19 ? Outcome.BUSINESS_ANSWER : Outcome.NOT_SENT;
      case OPEN -> d < 14 ? Outcome.RESET_PASSES : d < 17 ? Outcome.FAILURE : Outcome.SUCCESS;
    };
  }

  /** The failures before an opening are gone after the close: the run starts again from zero. */
  @Test
  void afterAClosingTheRunStartsFromZero() {
    ProviderBreaker b = breaker(BreakerSettings.count(3, RESET));
    for (int i = 0; i < 3; i++) {
      call(b, fail(FailureKind.TIMEOUT));
    }
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(RESET);
    call(b, ok());
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    assertThat(b.state()).as("2 of a new run").isEqualTo(BreakerState.CLOSED);
    call(b, fail(FailureKind.TIMEOUT));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
  }

  /**
   * Rate 50 % with a minimum of 4 calls: never before the 4th call, whatever the rate; at the 4th
   * and after, as soon as failures / calls reach the threshold (equal is enough).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "FFF F, 4",
    "SSF F, 4",
    "SSSF F F, 6",
    "SFSSS F F F, 8",
    "SSSSSS FF F F F F, 12",
  })
  void rateOpensAtTheThresholdOnceTheMinimumIsReachedAndNotBefore(String pattern, int opensAt) {
    ProviderBreaker b = breaker(BreakerSettings.rate(50, Duration.ofSeconds(10), 4, RESET));
    int i = 0;
    for (char c : pattern.replace(" ", "").toCharArray()) {
      i++;
      assertThat(b.state()).as("before call %d of %s", i, pattern).isEqualTo(BreakerState.CLOSED);
      call(b, c == 'F' ? fail(FailureKind.TIMEOUT) : ok());
      clock.advance(Duration.ofMillis(50));
    }
    assertThat(b.state()).as(pattern).isEqualTo(BreakerState.OPEN);
    assertThat(i).isEqualTo(opensAt);
  }

  @Test
  void rateJustUnderTheThresholdStaysClosed() {
    ProviderBreaker b = breaker(BreakerSettings.rate(60, Duration.ofSeconds(10), 5, RESET));
    for (char c : "SSFFSFF".toCharArray()) { // 4 of 7 = 57 %, and 60 % never reached on the way
      call(b, c == 'F' ? fail(FailureKind.TIMEOUT) : ok());
    }
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    call(b, fail(FailureKind.TIMEOUT)); // 5 of 8 = 62.5 %
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
  }

  /**
   * Resilience4j's time window counts whole seconds of the clock: an outcome leaves it when the
   * clock enters the second {@code window} seconds after its own, so it may leave up to a second
   * early (here after 1.1 s of a 2 s window), never late.
   */
  @Test
  void theRateWindowForgetsAnOutcomeWithItsWholeSecond() {
    clock.advance(Duration.ofMillis(900)); // 10:00:00.900
    ProviderBreaker early = breaker(BreakerSettings.rate(50, Duration.ofSeconds(2), 2, RESET));
    call(early, fail(FailureKind.TIMEOUT));
    clock.advance(Duration.ofMillis(1100)); // 10:00:02.000
    call(early, fail(FailureKind.TIMEOUT));
    assertThat(early.state())
        .as("the 10:00:00 second has left: one call in the window, under the minimum")
        .isEqualTo(BreakerState.CLOSED);

    clock.advance(Duration.ofSeconds(8)); // 10:00:10.000
    ProviderBreaker kept = breaker(BreakerSettings.rate(50, Duration.ofSeconds(2), 2, RESET));
    call(kept, fail(FailureKind.TIMEOUT));
    clock.advance(Duration.ofMillis(1999)); // 10:00:11.999
    call(kept, fail(FailureKind.TIMEOUT));
    assertThat(kept.state()).as("1.999 s later: still in the window").isEqualTo(BreakerState.OPEN);
  }
}
