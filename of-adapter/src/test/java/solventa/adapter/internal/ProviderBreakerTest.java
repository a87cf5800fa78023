package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.adapter.internal.BreakerFixtures.fail;
import static solventa.adapter.internal.BreakerFixtures.ok;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.Transition;
import solventa.lab.MutableClock;

/**
 * The breaker's state machine and both opening policies, driven by an injected clock (window, time
 * to open, transition stamps) and Pekko's ManualTime (reset timeout). Nothing here sleeps.
 */
class ProviderBreakerTest {
  private static final Duration RESET = Duration.ofSeconds(5);
  private static ActorTestKit kit;
  private static ManualTime time;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
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
    return BreakerFixtures.breaker("test", s, clock, kit);
  }

  /** One call ending at once with {@code result}; returns what the breaker answered. */
  private FetchResult call(ProviderBreaker b, FetchResult result) {
    return b.call(
            clock.instant(),
            () -> {
              bodies.incrementAndGet();
              return CompletableFuture.completedFuture(result);
            })
        .toCompletableFuture()
        .orTimeout(5, java.util.concurrent.TimeUnit.SECONDS)
        .join();
  }

  @Test
  void countPolicyOpensAfterNConsecutiveFailures() {
    ProviderBreaker b = breaker(BreakerSettings.count(3, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.CONNECTION));
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    call(b, fail(FailureKind.THROTTLED));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void noPolicyNeverOpensAndLetsEveryCallWaitOnTheProvider() {
    ProviderBreaker b =
        breaker(new BreakerSettings(BreakerPolicy.NONE, 1, 50, Duration.ofSeconds(10), 1, RESET));
    for (int i = 0; i < 20; i++) {
      call(b, fail(FailureKind.TIMEOUT));
    }
    b.forceOpen();
    int before = bodies.get();
    assertThat(call(b, ok())).isInstanceOf(FetchResult.Fetched.class);
    assertThat(bodies.get()).isEqualTo(before + 1);
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(b.transitions()).isEmpty();
  }

  @Test
  void aSuccessResetsTheCountPolicysRun() {
    ProviderBreaker b = breaker(BreakerSettings.count(3, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, ok());
    call(b, fail(FailureKind.MALFORMED));
    call(b, fail(FailureKind.HTTP_STATUS));
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void fastFailuresAreNotBreakerFailures() {
    ProviderBreaker b = breaker(BreakerSettings.count(2, RESET));
    for (int i = 0; i < 5; i++) {
      call(b, fail(FailureKind.BULKHEAD_REJECTED));
    }
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void failsFastWhileOpenWithoutRunningTheCall() {
    ProviderBreaker b = breaker(BreakerSettings.count(2, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    int before = bodies.get();
    FetchResult r = call(b, ok());
    assertThat(r).isInstanceOf(FetchResult.Failed.class);
    assertThat(((FetchResult.Failed) r).kind()).isEqualTo(FailureKind.BREAKER_OPEN);
    assertThat(bodies.get()).isEqualTo(before);
  }

  @Test
  void halfOpenLetsExactlyOneProbeThroughAndClosesOnItsSuccess() {
    ProviderBreaker b = breaker(BreakerSettings.count(2, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    time.timePasses(RESET.minusMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(Duration.ofMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);

    CompletableFuture<FetchResult> probe = new CompletableFuture<>();
    int before = bodies.get();
    CompletionStage<FetchResult> first =
        b.call(
            clock.instant(),
            () -> {
              bodies.incrementAndGet();
              return probe;
            });
    List<FetchResult> others = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      others.add(call(b, ok()));
    }
    assertThat(bodies.get() - before).as("only the probe ran").isEqualTo(1);
    assertThat(others)
        .allSatisfy(
            r -> assertThat(((FetchResult.Failed) r).kind()).isEqualTo(FailureKind.BREAKER_OPEN));
    probe.complete(ok());
    assertThat(
            first.toCompletableFuture().orTimeout(5, java.util.concurrent.TimeUnit.SECONDS).join())
        .isInstanceOf(FetchResult.Fetched.class);
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(b.transitions())
        .extracting(Transition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED);
  }

  @Test
  void aFailedProbeReopensAndTheResetTimeoutStartsAgain() {
    ProviderBreaker b = breaker(BreakerSettings.count(2, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    time.timePasses(RESET);
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    call(b, fail(FailureKind.CONNECTION));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(RESET.minusMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(Duration.ofMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
  }

  @Test
  void timeToOpenRunsFromTheFirstFailedCallOfTheEpisode() {
    AdapterMetrics metrics = new AdapterMetrics("tto", 4);
    ProviderBreaker b =
        new ProviderBreaker(
            "tto",
            BreakerSettings.count(3, RESET),
            clock,
            kit.system().classicSystem().scheduler(),
            Duration.ofSeconds(30),
            metrics);
    call(b, fail(FailureKind.TIMEOUT)); // a run that a success breaks: not this episode
    call(b, ok());
    clock.advance(Duration.ofSeconds(1));
    call(b, fail(FailureKind.TIMEOUT)); // episode starts here
    clock.advance(Duration.ofMillis(700));
    call(b, fail(FailureKind.TIMEOUT));
    clock.advance(Duration.ofMillis(800));
    call(b, fail(FailureKind.TIMEOUT));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    assertThat(metrics.lastTimeToOpenMs()).isEqualTo(1500);
    assertThat(b.transitions().get(0).at()).isEqualTo(clock.instant());
  }

  /**
   * The card's sensitivity point 4 at 10 calls/s: intermittent failures (every other call) never
   * make 5 in a row, so the count policy stays closed while the rate policy opens.
   */
  @Test
  void atLowTrafficIntermittentFailuresOpenTheRatePolicyButNotTheCountPolicy() {
    ProviderBreaker count = breaker(BreakerSettings.count(5, RESET));
    ProviderBreaker rate = breaker(BreakerSettings.rate(50, Duration.ofSeconds(10), 10, RESET));
    int rateOpenedAt = -1;
    for (int i = 1; i <= 40; i++) {
      FetchResult r = i % 2 == 0 ? fail(FailureKind.TIMEOUT) : ok();
      call(count, r);
      if (rate.state() == BreakerState.CLOSED) {
        call(rate, r);
        if (rate.state() == BreakerState.OPEN) {
          rateOpenedAt = i;
        }
      }
      clock.advance(Duration.ofMillis(100));
    }
    assertThat(count.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(rate.state()).isEqualTo(BreakerState.OPEN);
    assertThat(rateOpenedAt).as("opens once the window holds 10 calls").isEqualTo(10);
  }

  /** The other way round: a short burst after a long healthy stretch trips count, not rate. */
  @Test
  void aShortBurstAfterManySuccessesOpensTheCountPolicyButNotTheRatePolicy() {
    ProviderBreaker count = breaker(BreakerSettings.count(5, RESET));
    ProviderBreaker rate = breaker(BreakerSettings.rate(50, Duration.ofSeconds(10), 10, RESET));
    for (int i = 0; i < 50; i++) {
      call(count, ok());
      call(rate, ok());
      clock.advance(Duration.ofMillis(100));
    }
    for (int i = 0; i < 5; i++) {
      call(count, fail(FailureKind.TIMEOUT));
      call(rate, fail(FailureKind.TIMEOUT));
      clock.advance(Duration.ofMillis(100));
    }
    assertThat(count.state()).isEqualTo(BreakerState.OPEN);
    assertThat(rate.state()).as("5 of 100 calls in the window").isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void ratePolicyForgetsFailuresThatLeftTheWindow() {
    ProviderBreaker rate = breaker(BreakerSettings.rate(50, Duration.ofSeconds(2), 4, RESET));
    call(rate, fail(FailureKind.TIMEOUT));
    call(rate, fail(FailureKind.TIMEOUT));
    call(rate, fail(FailureKind.TIMEOUT));
    clock.advance(Duration.ofSeconds(3));
    call(rate, ok());
    call(rate, ok());
    call(rate, ok());
    call(rate, fail(FailureKind.TIMEOUT));
    assertThat(rate.state()).as("1 of 4 in the window").isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void closingClearsTheRateWindow() {
    ProviderBreaker rate = breaker(BreakerSettings.rate(50, Duration.ofSeconds(10), 2, RESET));
    call(rate, fail(FailureKind.TIMEOUT));
    call(rate, fail(FailureKind.TIMEOUT));
    assertThat(rate.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(RESET);
    call(rate, ok());
    assertThat(rate.state()).isEqualTo(BreakerState.CLOSED);
    call(rate, fail(FailureKind.TIMEOUT));
    assertThat(rate.state()).as("the old failures are gone: 1 call").isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void aThrowingListenerNeverBreaksTheCallAndOthersStillHear() {
    ProviderBreaker b = breaker(BreakerSettings.count(1, RESET));
    List<Transition> heard = new ArrayList<>();
    b.addTransitionListener(
        t -> {
          throw new IllegalStateException("listener bug");
        });
    b.addTransitionListener(heard::add);
    FetchResult r = call(b, fail(FailureKind.TIMEOUT));
    assertThat(((FetchResult.Failed) r).kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(heard)
        .containsExactly(new Transition(BreakerState.CLOSED, BreakerState.OPEN, clock.instant()));
  }

  @Test
  void forceOpenTripsAndForceCloseStartsFresh() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET));
    call(b, fail(FailureKind.TIMEOUT));
    b.forceOpen();
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    b.forceClose();
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(call(b, ok())).isInstanceOf(FetchResult.Fetched.class);
    // the replaced machine's reset timer must not produce a transition of ours
    time.timePasses(RESET);
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(b.transitions())
        .extracting(Transition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.CLOSED);
  }
}
