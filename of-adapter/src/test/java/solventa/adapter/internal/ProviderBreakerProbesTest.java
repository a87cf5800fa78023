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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.Transition;
import solventa.lab.MutableClock;

/**
 * Half-open with k probes ({@code half-open-probes}): how many calls it admits and how their
 * outcomes decide, per policy. Injected clock and Pekko's ManualTime; nothing here sleeps.
 */
class ProviderBreakerProbesTest {
  private static final Duration RESET = Duration.ofSeconds(5);
  private static final Duration WINDOW = Duration.ofSeconds(10);
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
    return BreakerFixtures.breaker("probes", s, clock, kit);
  }

  /** One call ending at once with {@code result}; returns what the breaker answered. */
  private FetchResult call(ProviderBreaker b, FetchResult result) {
    return await(b.call(clock.instant(), () -> body(CompletableFuture.completedFuture(result))));
  }

  /** A call whose outcome the test gives later through {@code pending}. */
  private CompletionStage<FetchResult> start(
      ProviderBreaker b, CompletableFuture<FetchResult> pending) {
    return b.call(clock.instant(), () -> body(pending));
  }

  private CompletionStage<FetchResult> body(CompletableFuture<FetchResult> outcome) {
    bodies.incrementAndGet();
    return outcome;
  }

  private static FetchResult await(CompletionStage<FetchResult> s) {
    return s.toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join();
  }

  private static FailureKind kind(FetchResult r) {
    return r instanceof FetchResult.Failed f ? f.kind() : null;
  }

  /** Opens {@code b} (a count breaker of N = 1 or a forced one) and lets the reset pass. */
  private void halfOpen(ProviderBreaker b) {
    b.forceOpen();
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(b.settings().resetTimeout());
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
  }

  /** Starts {@code k} probes that stay pending; every call past them is refused without a run. */
  private List<CompletableFuture<FetchResult>> startProbes(ProviderBreaker b, int k) {
    List<CompletableFuture<FetchResult>> probes = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      CompletableFuture<FetchResult> p = new CompletableFuture<>();
      start(b, p);
      probes.add(p);
    }
    return probes;
  }

  @Test
  void countWithThreeProbesAdmitsExactlyThreeAndClosesOnlyAfterTheThirdSuccess() {
    ProviderBreaker b = breaker(BreakerSettings.count(2, RESET).withHalfOpenProbes(3));
    halfOpen(b);
    int before = bodies.get();
    List<CompletableFuture<FetchResult>> probes = startProbes(b, 3);
    for (int i = 0; i < 4; i++) {
      assertThat(kind(call(b, ok()))).isEqualTo(FailureKind.BREAKER_OPEN);
    }
    assertThat(bodies.get() - before).as("only the three probes ran").isEqualTo(3);

    probes.get(0).complete(ok());
    assertThat(b.state()).as("1 of 3").isEqualTo(BreakerState.HALF_OPEN);
    probes.get(1).complete(ok());
    assertThat(b.state())
        .as("2 of 3: with N = 2 a minimum of N calls would already close it")
        .isEqualTo(BreakerState.HALF_OPEN);
    assertThat(kind(call(b, ok())))
        .as("the probes are spent until the verdict")
        .isEqualTo(FailureKind.BREAKER_OPEN);
    probes.get(2).complete(ok());
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(b.transitions())
        .extracting(Transition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED);
  }

  @Test
  void countWithThreeProbesReopensAtTheFirstFailedOneAndTheResetStartsAgain() {
    ProviderBreaker b = breaker(BreakerSettings.count(5, RESET).withHalfOpenProbes(3));
    halfOpen(b);
    List<CompletableFuture<FetchResult>> probes = startProbes(b, 3);
    probes.get(0).complete(ok());
    probes.get(1).complete(fail(FailureKind.TIMEOUT));
    assertThat(b.state()).as("one failed probe of 3").isEqualTo(BreakerState.OPEN);
    probes.get(2).complete(ok());
    assertThat(b.state())
        .as("a probe ending after the verdict does not count")
        .isEqualTo(BreakerState.OPEN);
    time.timePasses(RESET.minusMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(Duration.ofMillis(1));
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(b.transitions())
        .extracting(Transition::to)
        .containsExactly(
            BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.OPEN, BreakerState.HALF_OPEN);
  }

  @Test
  void aBusinessAnswerIsASuccessfulProbe() {
    ProviderBreaker b = breaker(BreakerSettings.count(1, RESET).withHalfOpenProbes(2));
    halfOpen(b);
    call(b, fail(FailureKind.UNKNOWN_CUSTOMER));
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    call(b, fail(FailureKind.NO_CONSENT));
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void rateWithThreeProbesClosesUnderTheThresholdAndReopensAtIt() {
    BreakerSettings s = BreakerSettings.rate(50, WINDOW, 10, RESET).withHalfOpenProbes(3);
    ProviderBreaker closes = breaker(s);
    halfOpen(closes);
    call(closes, fail(FailureKind.TIMEOUT));
    call(closes, ok());
    assertThat(closes.state()).isEqualTo(BreakerState.HALF_OPEN);
    call(closes, ok());
    assertThat(closes.state()).as("1 failed of 3: 33 % < 50 %").isEqualTo(BreakerState.CLOSED);

    ProviderBreaker reopens = breaker(s);
    halfOpen(reopens);
    call(reopens, fail(FailureKind.TIMEOUT));
    call(reopens, fail(FailureKind.HTTP_STATUS));
    assertThat(reopens.state()).as("judged once all 3 ended").isEqualTo(BreakerState.HALF_OPEN);
    call(reopens, ok());
    assertThat(reopens.state()).as("2 failed of 3: 67 % >= 50 %").isEqualTo(BreakerState.OPEN);
  }

  /**
   * Resilience4j judges the probes once min(minimum calls, k) have ended: with a minimum of 2 and
   * three probes, two successes close the breaker while the third probe is still out.
   */
  @Test
  void rateJudgesTheProbesOnceTheMinimumNumberOfCallsHaveEnded() {
    ProviderBreaker b = breaker(BreakerSettings.rate(50, WINDOW, 2, RESET).withHalfOpenProbes(3));
    halfOpen(b);
    List<CompletableFuture<FetchResult>> probes = startProbes(b, 3);
    probes.get(0).complete(ok());
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    probes.get(1).complete(ok());
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    probes.get(2).complete(fail(FailureKind.TIMEOUT));
    call(b, fail(FailureKind.TIMEOUT));
    assertThat(b.state())
        .as("the late probe is not in the new window: 1 failure, below the minimum")
        .isEqualTo(BreakerState.CLOSED);
  }

  /**
   * A call admitted while closed that ends after the breaker half-opened is not a probe: only the
   * probes decide. (Pekko's breaker let such a call's outcome close or reopen it.)
   */
  @Test
  void aCallFromBeforeTheOpeningDoesNotDecideTheHalfOpenBreaker() {
    ProviderBreaker b = breaker(BreakerSettings.count(1, RESET));
    CompletableFuture<FetchResult> straggler = new CompletableFuture<>();
    CompletionStage<FetchResult> heard = start(b, straggler);
    call(b, fail(FailureKind.TIMEOUT));
    assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    time.timePasses(RESET);
    straggler.complete(ok());
    assertThat(await(heard))
        .as("its caller still hears it")
        .isInstanceOf(FetchResult.Fetched.class);
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    int before = bodies.get();
    call(b, ok());
    assertThat(bodies.get() - before).as("the probe was still free").isEqualTo(1);
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
  }

  @Test
  void aCallThatNeverReachedTheProviderGivesItsProbeBack() {
    ProviderBreaker b = breaker(BreakerSettings.count(1, RESET));
    halfOpen(b);
    assertThat(kind(call(b, fail(FailureKind.BULKHEAD_REJECTED))))
        .isEqualTo(FailureKind.BULKHEAD_REJECTED);
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    int before = bodies.get();
    call(b, ok());
    assertThat(bodies.get() - before).isEqualTo(1);
    assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
  }

  /** The reset timeout is Pekko's timer: Resilience4j never starts its transition thread. */
  @Test
  void noThreadOfResilience4jRuns() {
    ProviderBreaker b = breaker(BreakerSettings.count(1, RESET).withHalfOpenProbes(2));
    halfOpen(b);
    call(b, fail(FailureKind.TIMEOUT));
    time.timePasses(RESET);
    assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
    assertThat(Thread.getAllStackTraces().keySet())
        .extracting(Thread::getName)
        .noneMatch(n -> n.startsWith("CircuitBreakerAutoTransition"));
  }
}
