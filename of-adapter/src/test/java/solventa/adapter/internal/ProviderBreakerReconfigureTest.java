package solventa.adapter.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static solventa.adapter.internal.BreakerFixtures.fail;
import static solventa.adapter.internal.BreakerFixtures.ok;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
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
 * {@link ProviderBreaker#reconfigure}: the experiments' grid of settings on one breaker, each from
 * an empty window. Driven by an injected clock and Pekko's ManualTime; nothing here sleeps.
 */
class ProviderBreakerReconfigureTest {
  private static final Duration RESET = Duration.ofSeconds(5);
  private static final Duration WINDOW = Duration.ofSeconds(30);
  private static ActorTestKit kit;
  private static ManualTime time;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-05T10:00:00Z"));

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
    return BreakerFixtures.breaker("ofb", s, clock, kit);
  }

  private static FetchResult timeout() {
    return fail(FailureKind.TIMEOUT);
  }

  /** One call ending at once with {@code result}. */
  private void call(ProviderBreaker b, FetchResult result) {
    b.call(clock.instant(), () -> CompletableFuture.completedFuture(result))
        .toCompletableFuture()
        .orTimeout(5, TimeUnit.SECONDS)
        .join();
  }

  @Test
  void afterReconfiguringToCountTwoTwoConsecutiveFailuresOpenItAndOneDoesNot() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET));
    call(b, timeout()); // the old machine's run: must not count in the new one
    BreakerSettings two = BreakerSettings.count(2, Duration.ofSeconds(1));
    b.reconfigure(two);
    assertThat(b.settings()).isEqualTo(two);
    assertThat(b.policy()).isEqualTo(BreakerPolicy.COUNT);
    call(b, timeout());
    assertThat(b.state()).as("one failure of the new run").isEqualTo(BreakerState.CLOSED);
    call(b, timeout());
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(Duration.ofSeconds(1));
    assertThat(b.state()).as("the new reset timeout").isEqualTo(BreakerState.HALF_OPEN);
  }

  @Test
  void afterReconfiguringToRateMinimumTwoAnEmptyWindowOpensOnTheSecondFailure() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET));
    b.reconfigure(BreakerSettings.rate(50, WINDOW, 2, RESET));
    assertThat(b.policy()).isEqualTo(BreakerPolicy.RATE);
    call(b, timeout());
    assertThat(b.state()).as("1 call: below the minimum").isEqualTo(BreakerState.CLOSED);
    clock.advance(Duration.ofMillis(100));
    call(b, timeout());
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aRateWindowHoldingSuccessesIsEmptyAfterReconfiguring() {
    ProviderBreaker b = breaker(BreakerSettings.rate(50, WINDOW, 4, RESET));
    for (int i = 0; i < 4; i++) {
      call(b, ok());
      clock.advance(Duration.ofMillis(100));
    }
    b.reconfigure(BreakerSettings.rate(50, WINDOW, 2, RESET));
    call(b, timeout());
    clock.advance(Duration.ofMillis(100));
    call(b, timeout());
    assertThat(b.state())
        .as("2 of 2 in the new window (with the 4 old successes it would be 2 of 6)")
        .isEqualTo(BreakerState.OPEN);
  }

  @Test
  void reconfiguringAnOpenBreakerClosesItAndTellsTheListeners() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET));
    List<Transition> heard = new ArrayList<>();
    b.addTransitionListener(heard::add);
    b.forceOpen();
    b.reconfigure(BreakerSettings.count(3, RESET));
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(heard)
        .extracting(Transition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.CLOSED);
    time.timePasses(RESET);
    assertThat(b.transitions()).as("the old machine's half-open is not ours").hasSize(2);
  }

  @Test
  void aCallStartedBeforeReconfiguringAndFailingAfterDoesNotCountInTheNewMachine() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET));
    CompletableFuture<FetchResult> inFlight = new CompletableFuture<>();
    CompletionStage<FetchResult> straggler = b.call(clock.instant(), () -> inFlight);
    b.reconfigure(BreakerSettings.count(2, RESET));
    inFlight.complete(timeout());
    assertThat(straggler.toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join())
        .as("the caller still gets its own outcome")
        .isEqualTo(timeout());
    call(b, timeout());
    assertThat(b.state())
        .as("only one failure counts in the new machine")
        .isEqualTo(BreakerState.CLOSED);
    call(b, timeout());
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
  }

  @Test
  void aStragglerOfTheOldRateWindowDoesNotEnterTheNewOne() {
    ProviderBreaker b = breaker(BreakerSettings.rate(50, WINDOW, 10, RESET));
    CompletableFuture<FetchResult> inFlight = new CompletableFuture<>();
    b.call(clock.instant(), () -> inFlight);
    b.reconfigure(BreakerSettings.rate(50, WINDOW, 2, RESET));
    inFlight.complete(timeout());
    call(b, timeout());
    assertThat(b.state()).as("1 call in the new window").isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void noneIsRefusedBothWays() {
    ProviderBreaker none =
        breaker(new BreakerSettings(BreakerPolicy.NONE, 1, 50, WINDOW, 1, RESET));
    assertThatThrownBy(() -> none.reconfigure(BreakerSettings.count(2, RESET)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ofb")
        .hasMessageContaining("no breaker to reconfigure");
    assertThat(none.policy()).isEqualTo(BreakerPolicy.NONE);

    BreakerSettings five = BreakerSettings.count(5, RESET);
    ProviderBreaker count = breaker(five);
    assertThatThrownBy(
            () ->
                count.reconfigure(new BreakerSettings(BreakerPolicy.NONE, 1, 50, WINDOW, 1, RESET)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("none");
    assertThatThrownBy(() -> count.reconfigure(null)).isInstanceOf(IllegalArgumentException.class);
    assertThat(count.settings()).isEqualTo(five);
  }
}
