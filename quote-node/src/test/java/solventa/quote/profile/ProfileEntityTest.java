package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.DeadLetter;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.lab.MutableClock;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;
import solventa.vocabulary.Arm;

/**
 * {@link ProfileEntity} alone, in a typed test kit: a scheduler that moves only when the test says
 * so ({@link SteppedScheduler}), a {@link MutableClock} moved with it, and a provider and a store
 * the test answers by hand. No cluster, no Redis, no network, no sleeps.
 *
 * <p>The entity and the reply collector run on the calling-thread dispatcher: a message is handled
 * on the thread that sends it, which is the test's own when the test sends a request, completes a
 * fake's future or moves time (timers fire inside {@link SteppedScheduler#advance}). So when such a
 * call returns, the entity has done all it will do, and "no reply", "no call" or "no write" is
 * checked at once rather than by waiting.
 */
@ExtendWith(TestKitJUnit5Extension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // one actor system for the class
class ProfileEntityTest {

  private static final String CUSTOMER = "c-1";
  private static final String NODE = "node-under-test";
  private static final Duration BUDGET = Duration.ofMillis(120);
  private static final Duration REFRESH_AFTER = Duration.ofSeconds(60);
  private static final Duration RETRY_AFTER = Duration.ofMillis(500);
  private static final Duration LOAD_RETRY_MAX = Duration.ofSeconds(2);
  private static final Duration FLUSH_DEADLINE = Duration.ofSeconds(3);
  private static final Duration UNKNOWN_TTL = Duration.ofSeconds(10);
  private static final Duration REFUSED_IDLE = Duration.ofSeconds(3);
  private static final Props ON_CALLING_THREAD =
      DispatcherSelector.fromConfig("pekko.test.calling-thread-dispatcher");

  @JUnit5TestKit
  final ActorTestKit testKit =
      new JUnit5TestKitBuilder()
          .withCustomConfig(
              SteppedScheduler.config().withFallback(ActorTestKit.applicationTestConfig()))
          .build();

  private final SteppedScheduler scheduler = SteppedScheduler.of(testKit.system());
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));

  private FakeProvider provider;
  private FakeStore store;
  private QuoteStats stats;
  private BlockingQueue<Resolution> replies;
  private ActorRef<Resolution> replyTo;
  private TestProbe<ClusterSharding.ShardCommand> shard;
  private int incarnations;
  private RefreshAdmission refresh;
  private PartnerBudget budget;
  private String partner;

  @BeforeEach
  void freshFakes() {
    provider = new FakeProvider();
    refresh = RefreshAdmission.off();
    budget = PartnerBudget.off();
    partner = "partner-1";
    store = new FakeStore();
    stats = null;
    replies = new LinkedBlockingQueue<>();
    shard = testKit.createTestProbe();
    BlockingQueue<Resolution> sink = replies;
    replyTo =
        testKit.spawn(
            Behaviors.receiveMessage(
                r -> {
                  sink.add(r);
                  return Behaviors.same();
                }),
            ON_CALLING_THREAD);
  }

  // ---- recovering ----------------------------------------------------------------------------

  @Test
  void recoveringHoldsRequestsAndAnswersThemWithTheRecoveredValue() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.B);
    CompletableFuture<Optional<CanonicalProfile>> load = store.nextLoad();
    resolve(entity);
    resolve(entity);
    assertThat(replies).isEmpty();

    CanonicalProfile known = profile(Duration.ofSeconds(1));
    load.complete(Optional.of(known));

    for (int i = 0; i < 2; i++) {
      Resolution.Resolved r = resolved();
      assertThat(r.origin()).isEqualTo(Origin.CACHED);
      assertThat(r.profile()).isEqualTo(known);
      assertThat(r.ageMs()).isEqualTo(1000);
      assertThat(r.servedBy()).isEqualTo(NODE);
    }
    assertThat(provider.calls).isEmpty();
    assertThat(stats.cacheHits()).isEqualTo(2);
  }

  @Test
  void timeSpentRecoveringCountsAgainstTheBudget() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.C);
    CompletableFuture<Optional<CanonicalProfile>> load = store.nextLoad();
    resolve(entity); // its budget ends 120 ms from now
    advance(Duration.ofMillis(100)); // Redis takes 100 ms
    CanonicalProfile known = profile(Duration.ofMinutes(2));
    load.complete(Optional.of(known));
    provider.nextCall(); // stale: the held request calls the provider with 20 ms left

    staleWhenTheBudgetEnds(Duration.ofMillis(20), known);
  }

  @Test
  void aRequestWhoseBudgetEndedWhileRecoveringFallsBackAsSoonAsTheEntityServes() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.C);
    CompletableFuture<Optional<CanonicalProfile>> load = store.nextLoad();
    resolve(entity);
    advance(Duration.ofMillis(300));
    assertThat(replies).isEmpty(); // held: no answer before recovery, even past its deadline

    load.complete(Optional.empty());
    provider.nextCall(); // the call is still made: its result will fill the cache
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.DEFAULT);
    assertThat(r.failure()).isEqualTo("BUDGET");
  }

  @Test
  void aFailedRecoveryIsCountedAndTheHeldRequestsAreServedWithoutAValue() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.C);
    resolve(entity);
    store.nextLoad().completeExceptionally(new IllegalStateException("redis down"));

    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.FRESH);
    assertThat(r.profile()).isEqualTo(fetched);
    assertThat(stats.redisErrors()).isEqualTo(1);
  }

  /**
   * Issue 29: Redis was down when the entity started and the provider is down too. The entity
   * prices DEFAULT meanwhile, retries its load with a doubling backoff, and serves the stored value
   * STALE as soon as a load answers; then it stops retrying.
   */
  @Test
  void aFailedLoadIsRetriedWithABoundedBackoffAndTheStoredValueServesStaleOnceRedisAnswers() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.C);
    store.nextLoad().completeExceptionally(new IllegalStateException("redis down"));
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.CONNECTION));
    assertThat(resolved().origin()).isEqualTo(Origin.DEFAULT);

    // retries after retry-after, then twice that, then capped at load-retry-max
    Duration[] waits = {RETRY_AFTER, RETRY_AFTER.multipliedBy(2), LOAD_RETRY_MAX, LOAD_RETRY_MAX};
    for (Duration wait : waits) {
      advance(wait.minusMillis(1));
      assertThat(store.loads).isEmpty();
      advance(Duration.ofMillis(1));
      store.nextLoad().completeExceptionally(new IllegalStateException("redis down"));
    }
    assertThat(stats.redisErrors()).isEqualTo(1 + waits.length);

    advance(LOAD_RETRY_MAX);
    CanonicalProfile stored = profile(Duration.ofMinutes(5));
    store.nextLoad().complete(Optional.of(stored));
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.CONNECTION));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.STALE);
    assertThat(r.profile()).isEqualTo(stored);

    advance(LOAD_RETRY_MAX.multipliedBy(3)); // loaded: no more attempts
    assertThat(store.loads).isEmpty();
  }

  /** A value the provider gave ends the retries, and a late load never replaces it. */
  @Test
  void aProviderValueEndsTheLoadRetriesAndALateLoadOfAnOlderValueDoesNotReplaceIt() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.B);
    store.nextLoad().completeExceptionally(new IllegalStateException("redis slow"));
    advance(RETRY_AFTER);
    CompletableFuture<Optional<CanonicalProfile>> late = store.nextLoad(); // still in flight
    resolve(entity);
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    assertThat(resolved().profile()).isEqualTo(fetched);
    store.nextSave().done().complete(null);

    late.complete(Optional.of(profile(Duration.ofMinutes(5)))); // older than the fetched one
    resolve(entity);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.profile()).isEqualTo(fetched);
    advance(LOAD_RETRY_MAX.multipliedBy(3));
    assertThat(store.loads).isEmpty();
    assertThat(store.saves).isEmpty();
  }

  @Test
  void requestsBeyondTheHoldLimitAreServedAtOnceAndAnOlderRecoveredValueDoesNotReplaceANewerOne() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.B);
    CompletableFuture<Optional<CanonicalProfile>> load = store.nextLoad();
    for (int i = 0; i <= ProfileEntity.MAX_HELD; i++) {
      resolve(entity);
    }
    // only the request past the limit went on without the recovered value
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    assertThat(replies).isEmpty();

    load.complete(Optional.of(profile(Duration.ofSeconds(30)))); // older than the fetched one
    for (int i = 0; i < ProfileEntity.MAX_HELD; i++) {
      Resolution.Resolved r = resolved();
      assertThat(r.origin()).isEqualTo(Origin.CACHED);
      assertThat(r.profile()).isEqualTo(fetched);
    }
    assertThat(provider.calls).isEmpty();
  }

  // ---- serving: fresh, B, C ------------------------------------------------------------------

  /** The card's arms with a cache (B, C, C'). */
  static java.util.stream.Stream<Arm> cachingArms() {
    return Arm.card().stream().filter(Arm::usesCache);
  }

  @ParameterizedTest
  @MethodSource("cachingArms")
  void aProfileYoungerThanRefreshAfterIsAnsweredCachedWithoutACall(Arm arm) {
    CanonicalProfile known = profile(REFRESH_AFTER.minusMillis(1));
    ActorRef<ProfileEntity.Command> entity = serving(arm, known);
    resolve(entity);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.ageMs()).isEqualTo(REFRESH_AFTER.toMillis() - 1);
    assertThat(provider.calls).isEmpty();
    assertThat(stats.cacheHits()).isEqualTo(1);
    assertThat(stats.cacheMisses()).isZero();
  }

  @Test
  void inBAMissWaitsForTheCallAnswersFreshAndPersistsTheValue() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, profile(REFRESH_AFTER));
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    advance(Duration.ofMillis(650)); // far past the budget: B has none
    assertThat(replies).isEmpty();

    CanonicalProfile fetched = profile(Duration.ofMillis(5));
    call.complete(fetchedResult(fetched));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.FRESH);
    assertThat(r.profile()).isEqualTo(fetched);
    assertThat(r.ageMs()).isEqualTo(5);
    assertThat(store.nextSave().profile()).isEqualTo(fetched);

    resolve(entity);
    assertThat(resolved().origin()).isEqualTo(Origin.CACHED);
    assertThat(stats.cacheMisses()).isEqualTo(1);
    assertThat(stats.fetches()).isEqualTo(1);
  }

  @Test
  void inBAFailedCallMakesTheQuoteUnavailableAndSacrificedOnlyWhileTheBreakerIsClosed() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, profile(Duration.ofMinutes(5)));
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.TIMEOUT));
    Resolution.Unavailable timedOut = (Resolution.Unavailable) next(replies, "a reply");
    assertThat(timedOut.kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(timedOut.sacrificed()).isTrue();

    provider.breaker = BreakerState.OPEN;
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.BREAKER_OPEN));
    Resolution.Unavailable refused = (Resolution.Unavailable) next(replies, "a reply");
    assertThat(refused.kind()).isEqualTo(FailureKind.BREAKER_OPEN);
    assertThat(refused.sacrificed()).isFalse();
    assertThat(store.saves).isEmpty();
  }

  @Test
  void inCAMissFallsBackToTheLastKnownValueExactlyWhenTheBudgetEnds() {
    CanonicalProfile known = profile(Duration.ofMinutes(2));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, known);
    resolve(entity);
    provider.nextCall();
    Resolution.Resolved r = staleWhenTheBudgetEnds(BUDGET, known);
    assertThat(r.ageMs()).isEqualTo(Duration.ofMinutes(2).plus(BUDGET).toMillis());
  }

  @Test
  void inCAMissWithNothingKnownFallsBackToTheDefault() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall();
    advance(BUDGET);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.DEFAULT);
    assertThat(r.profile()).isNull();
    assertThat(r.ageMs()).isZero();
    assertThat(r.failure()).isEqualTo("BUDGET");
  }

  @Test
  void inCAProviderFailureBeforeTheBudgetFallsBackAtOnceAndOnlyOnce() {
    CanonicalProfile known = profile(Duration.ofMinutes(2));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, known);
    resolve(entity);
    advance(Duration.ofMillis(30));
    provider.nextCall().complete(failed(FailureKind.CONNECTION));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.STALE);
    assertThat(r.failure()).isEqualTo("CONNECTION");
    assertThat(r.sacrificed()).isTrue(); // a provider failure with the breaker closed

    advance(BUDGET); // the budget timer was cancelled
    assertThat(replies).isEmpty();
  }

  @Test
  void inCAnAnswerWithinTheBudgetIsFreshAndTheBudgetTimerIsCancelled() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, profile(Duration.ofMinutes(2)));
    resolve(entity);
    advance(Duration.ofMillis(50));
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.FRESH);
    assertThat(r.profile()).isEqualTo(fetched);

    advance(BUDGET);
    assertThat(replies).isEmpty();
  }

  // ---- coalescing ----------------------------------------------------------------------------

  @Test
  void inCEveryMissMakesItsOwnCall() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, profile(Duration.ofMinutes(2)));
    resolve(entity);
    resolve(entity);
    resolve(entity);
    List<CompletableFuture<FetchResult>> calls =
        List.of(provider.nextCall(), provider.nextCall(), provider.nextCall());
    CanonicalProfile fetched = profile(Duration.ZERO);
    calls.forEach(c -> c.complete(fetchedResult(fetched)));
    for (int i = 0; i < 3; i++) {
      assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    }
    assertThat(stats.fetches()).isEqualTo(3);
    assertThat(stats.coalescedWaiters()).isZero();
  }

  @Test
  void inCPrimeConcurrentMissesShareOneCall() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C_PRIME, profile(Duration.ofMinutes(2)));
    resolve(entity);
    resolve(entity);
    resolve(entity);
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    for (int i = 0; i < 3; i++) {
      Resolution.Resolved r = resolved();
      assertThat(r.origin()).isEqualTo(Origin.FRESH);
      assertThat(r.profile()).isEqualTo(fetched);
    }
    assertThat(provider.calls).isEmpty();
    assertThat(stats.fetches()).isEqualTo(1);
    assertThat(stats.coalescedWaiters()).isEqualTo(2);
    assertThat(stats.cacheMisses()).isEqualTo(3);
  }

  @Test
  void inCPrimeAFailedSharedCallAnswersEveryWaiterAndTheNextMissCallsAgain() {
    CanonicalProfile known = profile(Duration.ofMinutes(2));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C_PRIME, known);
    resolve(entity);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.HTTP_STATUS));
    for (int i = 0; i < 2; i++) {
      Resolution.Resolved r = resolved();
      assertThat(r.origin()).isEqualTo(Origin.STALE);
      assertThat(r.failure()).isEqualTo("HTTP_STATUS");
    }

    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    assertThat(stats.fetches()).isEqualTo(2);
  }

  @Test
  void inCPrimeAMissAfterAnotherGaveUpStillJoinsTheCallInFlight() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C_PRIME, null);
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    advance(BUDGET);
    assertThat(resolved().origin()).isEqualTo(Origin.DEFAULT);

    resolve(entity); // with a budget of its own
    advance(Duration.ofMillis(60));
    CanonicalProfile fetched = profile(Duration.ZERO);
    call.complete(fetchedResult(fetched));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.FRESH);
    assertThat(r.profile()).isEqualTo(fetched);
    assertThat(provider.calls).isEmpty();
    assertThat(stats.coalescedWaiters()).isEqualTo(1);
  }

  // ---- late results and persistence ----------------------------------------------------------

  @Test
  void aResultAfterTheBudgetReplacesTheLastKnownValueAndIsPersisted() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, profile(Duration.ofMinutes(2)));
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    advance(BUDGET);
    assertThat(resolved().origin()).isEqualTo(Origin.STALE);

    advance(Duration.ofMillis(400)); // the call goes on up to the adapter's hard timeout
    CanonicalProfile late = profile(Duration.ZERO);
    call.complete(fetchedResult(late));
    assertThat(store.nextSave().profile()).isEqualTo(late);
    assertThat(replies).isEmpty(); // the request that gave up is not answered twice

    resolve(entity);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.profile()).isEqualTo(late);
  }

  @Test
  void aResultOlderThanTheLastKnownValueIsNeitherKeptNorWritten() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, profile(Duration.ofMinutes(2)));
    resolve(entity);
    resolve(entity);
    CompletableFuture<FetchResult> first = provider.nextCall();
    CompletableFuture<FetchResult> second = provider.nextCall();
    CanonicalProfile older = profile(Duration.ofMillis(10));
    CanonicalProfile newer = profile(Duration.ZERO);
    second.complete(fetchedResult(newer));
    first.complete(fetchedResult(older));
    resolved();
    resolved(); // each request gets the profile its own call returned
    FakeStore.Save save = store.nextSave();
    assertThat(save.profile()).isEqualTo(newer);
    save.done().complete(null);

    resolve(entity);
    assertThat(resolved().profile()).isEqualTo(newer);
    assertThat(store.saves).isEmpty();
  }

  @Test
  void atMostOneWriteIsInFlightAndOnlyTheNewestValueIsWrittenNext() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, profile(Duration.ofMinutes(2)));
    for (int i = 0; i < 3; i++) {
      resolve(entity);
    }
    List<CompletableFuture<FetchResult>> calls =
        List.of(provider.nextCall(), provider.nextCall(), provider.nextCall());
    CanonicalProfile p1 = profile(Duration.ofMillis(2));
    CanonicalProfile p2 = profile(Duration.ofMillis(1));
    CanonicalProfile p3 = profile(Duration.ZERO);
    calls.get(0).complete(fetchedResult(p1));
    FakeStore.Save write1 = store.nextSave();
    assertThat(write1.profile()).isEqualTo(p1);
    calls.get(1).complete(fetchedResult(p2));
    calls.get(2).complete(fetchedResult(p3));
    for (int i = 0; i < 3; i++) {
      resolved(); // all three results were handled while write 1 was in flight
    }
    assertThat(store.saves).isEmpty();

    write1.done().complete(null);
    FakeStore.Save write2 = store.nextSave();
    assertThat(write2.profile()).isEqualTo(p3);
    write2.done().complete(null);
    assertThat(store.saves).isEmpty();
  }

  @Test
  void aFailedWriteIsCountedAndRetriedAfterRetryAfter() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    resolved();
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis timeout"));

    advance(RETRY_AFTER.minusMillis(1));
    assertThat(store.saves).isEmpty();
    assertThat(stats.redisErrors()).isEqualTo(1);
    advance(Duration.ofMillis(1));
    FakeStore.Save retry = store.nextSave();
    assertThat(retry.profile()).isEqualTo(fetched);
    retry.done().complete(null);

    advance(RETRY_AFTER.multipliedBy(2)); // written: nothing more to retry
    assertThat(store.saves).isEmpty();
    assertThat(stats.redisErrors()).isEqualTo(1);
  }

  // ---- passivation ---------------------------------------------------------------------------

  /**
   * Passivation stops the entity: requests in flight get no reply (the edge's resolve timeout
   * answers them), a value whose write failed is lost with its retry, a late provider result goes
   * to dead letters, and the next incarnation recovers the last value that reached the store.
   */
  @Test
  void passivationLosesWhatDidNotReachTheStoreAndTheNextIncarnationRecoversWhatDid() {
    ActorRef<ProfileEntity.Command> first = serving(Arm.C, null);
    resolve(first);
    CanonicalProfile written = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(written));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().complete(null);

    advance(REFRESH_AFTER);
    resolve(first);
    resolve(first);
    CompletableFuture<FetchResult> answered = provider.nextCall();
    CompletableFuture<FetchResult> inFlight = provider.nextCall();
    CanonicalProfile unwritten = profile(Duration.ZERO);
    answered.complete(fetchedResult(unwritten));
    assertThat(resolved().profile()).isEqualTo(unwritten);
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis down"));
    testKit.stop(first); // a write to retry, a request and its call in flight

    TestProbe<DeadLetter> deadLetters = testKit.createDeadLetterProbe();
    advance(RETRY_AFTER.plus(BUDGET));
    assertThat(replies).isEmpty(); // the budget timer died with the entity
    assertThat(store.saves).isEmpty(); // and so did the retry
    inFlight.complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(deadLetters.expectMessageClass(DeadLetter.class).recipient().path())
        .isEqualTo(first.path());

    ActorRef<ProfileEntity.Command> second = spawn(Arm.C);
    store.nextLoad().complete(Optional.ofNullable(store.lastWritten));
    resolve(second);
    provider.nextCall();
    advance(BUDGET);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.STALE);
    assertThat(r.profile()).isEqualTo(written);
  }

  // ---- Stop: sharding's stop message (passivation, hand-off, shutdown) -------------------------

  /** A value whose write failed is written before the entity stops; the next one recovers it. */
  @Test
  void stopWritesTheValueRedisHasNotTakenThenStopsAndTheNextIncarnationServesIt() {
    ActorRef<ProfileEntity.Command> first = serving(Arm.C, null);
    resolve(first);
    CanonicalProfile fetched = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(fetched));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis down"));

    TestProbe<Void> watcher = testKit.createTestProbe();
    first.tell(ProfileEntity.Stop.INSTANCE);
    FakeStore.Save flush = store.nextSave(); // at once, not after retry-after
    assertThat(flush.profile()).isEqualTo(fetched);
    flush.done().complete(null);
    watcher.expectTerminated(first, Duration.ofSeconds(3));
    assertThat(stats.unflushedValues()).isZero();

    ActorRef<ProfileEntity.Command> second = spawn(Arm.C);
    store.nextLoad().complete(Optional.ofNullable(store.lastWritten));
    resolve(second);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.profile()).isEqualTo(fetched);
    assertThat(provider.calls).isEmpty();
  }

  /** A stopping entity answers the request waiting on its call and writes the result first. */
  @Test
  void stopWaitsForTheCallInFlightAnswersItsRequestAndWritesItsValue() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE);
    assertThat(replies).isEmpty();

    CanonicalProfile fetched = profile(Duration.ZERO);
    call.complete(fetchedResult(fetched));
    assertThat(resolved().profile()).isEqualTo(fetched);
    store.nextSave().done().complete(null);
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(store.lastWritten).isEqualTo(fetched);
  }

  /** A Redis that never takes the value: the entity stops at the flush deadline, counted. */
  @Test
  void stopGivesUpAtTheFlushDeadlineAndCountsTheValueAsUnflushed() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    resolved();
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis down"));

    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE);
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis down"));
    // it keeps retrying, every retry-after (here under a fifth of the deadline), until the deadline
    advance(RETRY_AFTER);
    store.nextSave().done().completeExceptionally(new IllegalStateException("redis down"));
    advance(FLUSH_DEADLINE.minus(RETRY_AFTER).minusMillis(1));
    assertThat(stats.unflushedValues()).isZero();
    advance(Duration.ofMillis(1));
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(stats.unflushedValues()).isEqualTo(1);
  }

  /** A Stop while loading: the stashed requests are served once the read answers, then it stops. */
  @Test
  void aStopWhileLoadingServesTheStashedRequestsWhenTheReadAnswersThenStops() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.B);
    CompletableFuture<Optional<CanonicalProfile>> load = store.nextLoad();
    resolve(entity);
    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE);
    assertThat(replies).isEmpty();

    CanonicalProfile known = profile(Duration.ofSeconds(1));
    load.complete(Optional.of(known));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.profile()).isEqualTo(known);
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(store.saves).isEmpty();
  }

  /** A Stop while loading starts the flush deadline at once: a read that never answers ends. */
  @Test
  void aStopWhileLoadingStopsAtTheFlushDeadlineWhenTheReadNeverAnswers() {
    ActorRef<ProfileEntity.Command> entity = spawn(Arm.B);
    store.nextLoad();
    resolve(entity);
    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE);
    advance(FLUSH_DEADLINE);
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(replies).isEmpty(); // the edge's resolve timeout answers it
    assertThat(stats.unflushedValues()).isZero();
  }

  /** Nothing to write and nothing in flight: the entity stops at once. */
  @Test
  void stopWithNothingToWriteStopsAtOnce() {
    CanonicalProfile known = profile(Duration.ofSeconds(1));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, known);
    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE);
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(store.saves).isEmpty();
    assertThat(stats.unflushedValues()).isZero();
  }

  // ---- unknown customers: remembered, and their entities passivate early ---------------------

  /** Both answers that say the provider does not know the customer. */
  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> unknownAnswers() {
    return cachingArms()
        .flatMap(
            arm ->
                java.util.stream.Stream.of(FailureKind.UNKNOWN_CUSTOMER, FailureKind.NOT_FOUND)
                    .map(kind -> org.junit.jupiter.params.provider.Arguments.of(arm, kind)));
  }

  /**
   * A client repeating quotes for an id the provider does not know: one call, then the same answer
   * from memory until the TTL ends (counted, never a breaker event), then the provider again.
   */
  @ParameterizedTest
  @MethodSource("unknownAnswers")
  void anUnknownCustomerIsAnsweredFromMemoryUntilItsTtlEndsThenAskedAgain(
      Arm arm, FailureKind kind) {
    ActorRef<ProfileEntity.Command> entity = serving(arm, null);
    resolve(entity);
    provider.nextCall().complete(failed(kind));
    assertThat(unavailable().kind()).isEqualTo(kind);

    for (int i = 0; i < 5; i++) {
      resolve(entity);
      Resolution.Unavailable u = unavailable();
      assertThat(u.kind()).isEqualTo(kind);
      assertThat(u.sacrificed()).isFalse();
    }
    assertThat(provider.calls).as("answered from memory, no call").isEmpty();
    assertThat(stats.refusedFromMemory()).isEqualTo(5);
    assertThat(stats.fetches()).isEqualTo(1);

    advance(UNKNOWN_TTL.minusMillis(1));
    resolve(entity);
    assertThat(unavailable().kind()).isEqualTo(kind);
    assertThat(provider.calls).isEmpty();

    advance(Duration.ofMillis(1)); // the TTL ends: the customer may have been onboarded
    resolve(entity);
    CanonicalProfile onboarded = profile(Duration.ZERO);
    provider.nextCall().complete(fetchedResult(onboarded));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.FRESH);
    assertThat(r.profile()).isEqualTo(onboarded);
    assertThat(stats.refusedFromMemory()).isEqualTo(6);
    assertThat(stats.fetches()).isEqualTo(2);
  }

  /** A missing consent says the customer exists, and consent may come at once: not remembered. */
  @Test
  void noConsentIsNotRememberedTheNextQuoteAsksTheProvider() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.NO_CONSENT));
    assertThat(unavailable().kind()).isEqualTo(FailureKind.NO_CONSENT);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.NO_CONSENT));
    assertThat(unavailable().kind()).isEqualTo(FailureKind.NO_CONSENT);
    assertThat(stats.refusedFromMemory()).isZero();
  }

  /** A provider failure is no answer about the customer: not remembered as unknown. */
  @Test
  void aProviderFailureIsNotRememberedAsUnknown() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.HTTP_STATUS));
    assertThat(unavailable().kind()).isEqualTo(FailureKind.HTTP_STATUS);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.TIMEOUT));
    assertThat(unavailable().kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(stats.refusedFromMemory()).isZero();
    advance(REFUSED_IDLE.multipliedBy(2));
    shard.expectNoMessage(Duration.ofMillis(100));
  }

  /**
   * An unknown customer's entity asks its shard to passivate it after the short idle time since its
   * last quote; on the shard's stop message it stops at once (nothing to write).
   */
  @Test
  void anUnknownCustomersEntityAsksToPassivateAfterTheShortIdleTimeSinceItsLastQuote() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.UNKNOWN_CUSTOMER));
    unavailable();

    advance(REFUSED_IDLE.minusMillis(1));
    resolve(entity); // a quote restarts the idle time
    unavailable();
    advance(REFUSED_IDLE.minusMillis(1));
    shard.expectNoMessage(Duration.ofMillis(100));
    advance(Duration.ofMillis(1));
    shard.expectMessage(new ClusterSharding.Passivate<>(entity));

    TestProbe<Void> watcher = testKit.createTestProbe();
    entity.tell(ProfileEntity.Stop.INSTANCE); // what the shard sends
    watcher.expectTerminated(entity, Duration.ofSeconds(3));
    assertThat(store.saves).isEmpty();
  }

  /** A known customer's entity keeps sharding's default idle timeout: it never asks to leave. */
  @Test
  void aKnownCustomersEntityDoesNotPassivateEarly() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().complete(null);
    advance(REFUSED_IDLE.multipliedBy(5));
    shard.expectNoMessage(Duration.ofMillis(100));
  }

  /** A customer onboarded after the TTL is a known customer again: the short idle time is off. */
  @Test
  void anUnknownCustomerOnboardedAfterTheTtlNoLongerPassivatesEarly() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.NOT_FOUND));
    unavailable();
    shard.expectNoMessage(Duration.ofMillis(50));
    // quotes keep it up until the TTL ends
    for (long t = 0; t < UNKNOWN_TTL.toMillis(); t += REFUSED_IDLE.toMillis() - 1) {
      advance(REFUSED_IDLE.minusMillis(1));
      resolve(entity);
      if (!provider.calls.isEmpty()) {
        break;
      }
      unavailable();
    }
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().complete(null);
    advance(REFUSED_IDLE.multipliedBy(3));
    shard.expectNoMessage(Duration.ofMillis(100));
  }

  /** An idle time that ends while a call is in flight waits for the call's answer. */
  @Test
  void theShortIdleTimeWaitsForACallInFlight() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    provider.nextCall().complete(failed(FailureKind.UNKNOWN_CUSTOMER));
    unavailable();
    advance(UNKNOWN_TTL); // the memory ends; the idle timer already fired
    shard.expectMessage(new ClusterSharding.Passivate<>(entity));
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    advance(REFUSED_IDLE.multipliedBy(2)); // B waits: the call is still in flight
    shard.expectNoMessage(Duration.ofMillis(100));
    call.complete(failed(FailureKind.UNKNOWN_CUSTOMER));
    unavailable();
    advance(REFUSED_IDLE);
    shard.expectMessage(new ClusterSharding.Passivate<>(entity));
  }

  // ---- refresh pacing ------------------------------------------------------------------------

  /**
   * Careful recovery: with one permit per 1000 s, the first refresh of an expired value calls, the
   * next is deferred (STALE at once, no call, counted), and during its jittered delay the customer
   * does not ask the limiter again.
   */
  @Test
  void aRefreshOverTheAdmissionRateIsNotCalledAndAnswersStaleAtOnce() {
    refresh =
        RefreshAdmission.of(
            new solventa.quote.settings.RefreshSettings(0.001, Duration.ofSeconds(5), 0, 0));
    CanonicalProfile known = profile(REFRESH_AFTER.plusSeconds(30));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, known);
    resolve(entity);
    CompletableFuture<FetchResult> admitted = provider.nextCall();

    resolve(entity);
    Resolution.Resolved deferred = resolved();
    assertThat(deferred.origin()).isEqualTo(Origin.STALE);
    assertThat(deferred.failure()).isEqualTo(Resolution.DEFERRED);
    assertThat(deferred.profile()).isEqualTo(known);
    assertThat(provider.calls).isEmpty();
    assertThat(stats.count(ProfileEvent.REFRESH_DEFERRED)).isEqualTo(1);
    assertThat(stats.fetches()).isEqualTo(1);

    CanonicalProfile fresh = profile(Duration.ZERO);
    admitted.complete(fetchedResult(fresh));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    resolve(entity);
    assertThat(resolved().origin()).as("the admitted call refreshed it").isEqualTo(Origin.CACHED);
  }

  /** A customer with nothing to serve is always admitted: there is no STALE to answer with. */
  @Test
  void aMissWithoutAValueIsAlwaysAdmitted() {
    refresh =
        RefreshAdmission.of(
            new solventa.quote.settings.RefreshSettings(0.001, Duration.ofSeconds(5), 0, 0));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    for (int i = 0; i < 3; i++) {
      resolve(entity);
      provider.nextCall();
    }
    assertThat(stats.count(ProfileEvent.REFRESH_DEFERRED)).isZero();
  }

  /**
   * Refresh-ahead: quoted just before expiry, a CACHED answer also starts one early call (no second
   * one while it runs), whose result replaces the value; the customer never misses.
   */
  @Test
  void aCachedAnswerNearExpiryStartsOneEarlyRefresh() {
    refresh =
        RefreshAdmission.of(
            new solventa.quote.settings.RefreshSettings(0, Duration.ofSeconds(1), 50, 0));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO))); // delta 40 ms
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().complete(null);

    advance(REFRESH_AFTER.minusMillis(200)); // 200 ms before expiry; delta x beta = 2 s
    int quotes = 0;
    while (provider.calls.isEmpty() && quotes < 50) {
      resolve(entity);
      assertThat(resolved().origin()).isEqualTo(Origin.CACHED);
      quotes++;
    }
    assertThat(provider.calls).as("an early call within %d quotes", quotes).hasSize(1);
    CompletableFuture<FetchResult> early = provider.nextCall();
    for (int i = 0; i < 10; i++) {
      resolve(entity);
      assertThat(resolved().origin()).isEqualTo(Origin.CACHED);
    }
    assertThat(provider.calls).as("one early call at a time").isEmpty();
    CanonicalProfile renewed = profile(Duration.ZERO);
    early.complete(fetchedResult(renewed));
    advance(Duration.ofMillis(300)); // past the old value's expiry
    resolve(entity);
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.CACHED);
    assertThat(r.profile()).isEqualTo(renewed);
    assertThat(stats.count(ProfileEvent.REFRESH_AHEAD)).isEqualTo(1);
    assertThat(stats.cacheMisses()).as("only the first quote missed").isEqualTo(1);
  }

  /** Beta 0 (the default): a value is refreshed only once it has expired. */
  @Test
  void withBetaZeroACachedAnswerNeverCalls() {
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    advance(REFRESH_AFTER.minusMillis(10));
    for (int i = 0; i < 50; i++) {
      resolve(entity);
      assertThat(resolved().origin()).isEqualTo(Origin.CACHED);
    }
    assertThat(provider.calls).isEmpty();
    assertThat(stats.count(ProfileEvent.REFRESH_AHEAD)).isZero();
  }

  // ---- partner budget ------------------------------------------------------------------------

  /** One call a second per partner, at most one at once; "partner-1" has a budget of its own. */
  private PartnerBudget oneCallASecond() {
    return PartnerBudget.of(
        new solventa.adapter.model.PartnerBudgetSettings(
            true, 1, 1, java.util.List.of("partner-1")),
        () -> clock.millis() * 1_000_000L);
  }

  /**
   * C, a customer the node holds no value for: the first quote spends its partner's budget on a
   * call; the next, while the budget is spent, is DEFAULT at once with no call, counted apart.
   */
  @Test
  void aNewCustomerPastItsPartnersBudgetIsAnsweredDefaultAtOnceWithoutACall() {
    budget = oneCallASecond();
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    CompletableFuture<FetchResult> first = provider.nextCall();

    resolve(entity);
    Resolution.Resolved over = resolved();
    assertThat(over.origin()).isEqualTo(Origin.DEFAULT);
    assertThat(over.failure()).isEqualTo(Resolution.PARTNER_BUDGET);
    assertThat(over.sacrificed()).isFalse();
    assertThat(provider.calls).as("no call past the budget").isEmpty();
    assertThat(stats.overBudget()).isEqualTo(1);
    assertThat(stats.fetches()).isEqualTo(1);
    first.complete(failed(FailureKind.TIMEOUT));
    resolved(); // the first quote's fallback
  }

  /** B waits on a miss: past the budget it is answered at once, no call, with when to retry. */
  @Test
  void armBAnswersOverBudgetWithItsRetryAfter() {
    budget = oneCallASecond();
    budget.draw(partner); // another customer of the partner's took the second's call
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    Resolution.OverBudget over = (Resolution.OverBudget) next(replies, "a reply");
    assertThat(over.retryAfterSeconds()).isEqualTo(1);
    assertThat(over.sacrificed()).isFalse();
    assertThat(provider.calls).isEmpty();
    assertThat(stats.overBudget()).isEqualTo(1);
  }

  /**
   * A customer whose value the node holds never draws, even expired and even while its partner's
   * budget is spent: the refresh calls, and the expired value is still served by C's fallback.
   */
  @Test
  void aKnownCustomersRefreshNeverDrawsFromTheBudget() {
    budget = oneCallASecond();
    budget.draw(partner);
    assertThat(budget.draw(partner)).as("spent").isPresent();
    CanonicalProfile known = profile(REFRESH_AFTER.plusSeconds(30));
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, known);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    assertThat(stats.overBudget()).isZero();
  }

  /** The budget refills with time: a cycle later the next new customer's quote calls again. */
  @Test
  void theBudgetRefillsAfterItsCycle() {
    budget = oneCallASecond();
    budget.draw(partner);
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    assertThat(next(replies, "a reply")).isInstanceOf(Resolution.OverBudget.class);
    advance(Duration.ofSeconds(1));
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    assertThat(stats.overBudget()).isEqualTo(1);
  }

  /** One partner's spent budget leaves another's whole: each partner draws from its own. */
  @Test
  void anotherPartnersBudgetIsItsOwn() {
    budget = oneCallASecond();
    budget.draw("partner-1");
    partner = "partner-2"; // unlisted: the shared budget, untouched
    ActorRef<ProfileEntity.Command> entity = serving(Arm.B, null);
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    assertThat(stats.overBudget()).isZero();
  }

  /**
   * An entity that holds nothing and was answered past its partner's budget has nothing to keep
   * warm: it asks its shard to passivate it after the short idle time, as a refused customer's.
   */
  @Test
  void anEntityAnsweredOnlyPastTheBudgetPassivatesAfterTheShortIdleTime() {
    budget = oneCallASecond();
    budget.draw(partner);
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    assertThat(resolved().failure()).isEqualTo(Resolution.PARTNER_BUDGET);
    advance(REFUSED_IDLE);
    shard.expectMessage(new ClusterSharding.Passivate<>(entity));
  }

  /** An entity that got its value after a quote past the budget keeps sharding's idle time. */
  @Test
  void anEntityWithAValueAfterAQuotePastTheBudgetStays() {
    budget = oneCallASecond();
    budget.draw(partner);
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C, null);
    resolve(entity);
    resolved();
    advance(Duration.ofSeconds(1)); // the budget refills
    resolve(entity);
    provider.nextCall().complete(fetchedResult(profile(Duration.ZERO)));
    assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    store.nextSave().done().complete(null);
    advance(REFUSED_IDLE.multipliedBy(3));
    shard.expectNoMessage(Duration.ofMillis(100));
  }

  /** C' coalesces: a miss that joins the call in flight makes no call and draws nothing. */
  @Test
  void aMissThatJoinsTheCallInFlightDrawsNothing() {
    budget = oneCallASecond();
    ActorRef<ProfileEntity.Command> entity = serving(Arm.C_PRIME, null);
    resolve(entity);
    CompletableFuture<FetchResult> call = provider.nextCall();
    resolve(entity);
    resolve(entity);
    call.complete(fetchedResult(profile(Duration.ZERO)));
    for (int i = 0; i < 3; i++) {
      assertThat(resolved().origin()).isEqualTo(Origin.FRESH);
    }
    assertThat(stats.overBudget()).isZero();
    assertThat(stats.coalescedWaiters()).isEqualTo(2);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private Resolution.Unavailable unavailable() {
    return (Resolution.Unavailable) next(replies, "a reply");
  }

  private ActorRef<ProfileEntity.Command> spawn(Arm arm) {
    if (stats == null) { // one per test: a second incarnation shares its node's stats
      stats = new QuoteStats(arm, clock, 100);
    }
    ProfileEntity.Deps deps =
        new ProfileEntity.Deps(
            settings(arm),
            provider,
            store,
            stats,
            clock,
            id -> "p-" + id,
            FLUSH_DEADLINE,
            new UnknownCustomers(UNKNOWN_TTL, REFUSED_IDLE),
            refresh,
            budget);
    return testKit.spawn(
        ProfileEntity.create(CUSTOMER, deps, shard.ref(), NODE, clock::millis),
        CUSTOMER + "-" + ++incarnations,
        ON_CALLING_THREAD);
  }

  /** An entity that has recovered {@code known} (null: nothing stored) and serves. */
  private ActorRef<ProfileEntity.Command> serving(Arm arm, CanonicalProfile known) {
    ActorRef<ProfileEntity.Command> entity = spawn(arm);
    store.nextLoad().complete(Optional.ofNullable(known));
    return entity;
  }

  private void resolve(ActorRef<ProfileEntity.Command> entity) {
    entity.tell(new ProfileEntity.Resolve(partner, clock.millis() + BUDGET.toMillis(), replyTo));
  }

  private Resolution.Resolved resolved() {
    return (Resolution.Resolved) next(replies, "a reply");
  }

  /** Nothing until {@code left} has passed, then the last known value, for want of budget. */
  private Resolution.Resolved staleWhenTheBudgetEnds(Duration left, CanonicalProfile known) {
    advance(left.minusMillis(1));
    assertThat(replies).isEmpty();
    advance(Duration.ofMillis(1));
    Resolution.Resolved r = resolved();
    assertThat(r.origin()).isEqualTo(Origin.STALE);
    assertThat(r.failure()).isEqualTo("BUDGET");
    assertThat(r.profile()).isEqualTo(known);
    return r;
  }

  /** Moves the entity's clock and the scheduler that runs its timers together. */
  private void advance(Duration d) {
    clock.advance(d);
    scheduler.advance(d);
  }

  private CanonicalProfile profile(Duration age) {
    return new CanonicalProfile(
        CUSTOMER,
        clock.instant().minus(age),
        Map.of(Signal.MONTHLY_INCOME, new BigDecimal("5400.00")));
  }

  private static FetchResult fetchedResult(CanonicalProfile p) {
    return new FetchResult.Fetched(p, Duration.ofMillis(40));
  }

  private static FetchResult failed(FailureKind kind) {
    return new FetchResult.Failed(kind, "test", Duration.ofMillis(40));
  }

  private static QuoteSettings settings(Arm arm) {
    return new QuoteSettings(
        arm,
        QuoteSettings.Breaker.BY_ARM,
        BUDGET,
        REFRESH_AFTER,
        Duration.ofMillis(900),
        new QuoteSettings.Http("127.0.0.1", 0, 16_384, 256),
        new QuoteSettings.Redis(
            "redis://127.0.0.1:6379",
            "test:",
            Duration.ofSeconds(1),
            RETRY_AFTER,
            LOAD_RETRY_MAX,
            Duration.ofHours(1)),
        new QuoteSettings.Stats(false, 100),
        "profile-entity-test-trace-key",
        Duration.ofDays(1));
  }

  /** A provider whose calls the test answers by hand, in the order they were made. */
  static final class FakeProvider implements ProviderPort {
    final BlockingQueue<CompletableFuture<FetchResult>> calls = new LinkedBlockingQueue<>();
    volatile BreakerState breaker = BreakerState.CLOSED;

    @Override
    public CompletionStage<FetchResult> fetch(String customerId) {
      CompletableFuture<FetchResult> call = new CompletableFuture<>();
      calls.add(call);
      return call;
    }

    /** The next call the entity made (waits for it: the entity runs on its own thread). */
    CompletableFuture<FetchResult> nextCall() {
      return next(calls, "a provider call");
    }

    @Override
    public BreakerState breakerState() {
      return breaker;
    }

    @Override
    public boolean acceptsCustomerId(String customerId) {
      return true;
    }

    @Override
    public String customerIdFormat() {
      return "any id";
    }

    @Override
    public long providerCalls() {
      throw new UnsupportedOperationException("not used by the entity");
    }

    @Override
    public AdapterSnapshot snapshot() {
      throw new UnsupportedOperationException("not used by the entity");
    }
  }

  /** A store whose loads and writes the test completes by hand; it remembers what was written. */
  static final class FakeStore implements ProfileStore {
    record Save(CanonicalProfile profile, CompletableFuture<Void> done) {}

    final BlockingQueue<CompletableFuture<Optional<CanonicalProfile>>> loads =
        new LinkedBlockingQueue<>();
    final BlockingQueue<Save> saves = new LinkedBlockingQueue<>();
    volatile CanonicalProfile lastWritten;

    @Override
    public CompletionStage<Optional<CanonicalProfile>> load(String customerId) {
      CompletableFuture<Optional<CanonicalProfile>> load = new CompletableFuture<>();
      loads.add(load);
      return load;
    }

    @Override
    public CompletionStage<Void> save(CanonicalProfile profile) {
      CompletableFuture<Void> done = new CompletableFuture<>();
      done.thenRun(() -> lastWritten = profile);
      saves.add(new Save(profile, done));
      return done;
    }

    CompletableFuture<Optional<CanonicalProfile>> nextLoad() {
      return next(loads, "a load");
    }

    Save nextSave() {
      return next(saves, "a write");
    }

    @Override
    public void close() {}
  }

  private static <T> T next(BlockingQueue<T> queue, String what) {
    try {
      T item = queue.poll(3, TimeUnit.SECONDS);
      assertThat(item).as(what).isNotNull();
      return item;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
