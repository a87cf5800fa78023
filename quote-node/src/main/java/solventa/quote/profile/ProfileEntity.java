package solventa.quote.profile;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.cluster.typed.Cluster;
import solventa.adapter.BreakerState;
import solventa.adapter.FailureKind;
import solventa.adapter.FetchResult;
import solventa.quote.settings.Arm;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;

/**
 * One customer's profile (:CacheOF), sharded across the cluster; used by arms B, C and C'.
 *
 * <p><b>Owns</b> the last known {@link CanonicalProfile} (its fetch time inside), the requests
 * waiting on a provider call, and the persistence of every successful refresh to Redis.
 *
 * <p><b>States</b>: <i>recovering</i> — just started, loading the last known value from Redis;
 * requests are held (bounded) and replayed; the time they waited counts against their budget. A
 * load that fails is retried with a bounded backoff ({@code quote.redis.retry-after} doubling up to
 * {@code quote.redis.load-retry-max}) while the entity serves, until one load answers or the
 * provider has given a value (which is newer than anything stored); a value read from Redis never
 * replaces a newer one (issue 29). Then <i>serving</i>: a profile younger than {@code
 * refresh-after} answers {@code CACHED} at once; otherwise the entity calls the adapter. In B the
 * request waits for that call (failure: {@link Resolution.Unavailable}). In C every such request
 * makes its own call and waits at most its remaining budget (a scheduled timer, never a sleep),
 * then answers {@code STALE} (last known) or {@code DEFAULT} (none); a provider failure before the
 * budget ends answers the same at once. A business answer (unknown customer, no consent) is never
 * covered by a fallback: every arm answers it as {@link Resolution.Unavailable} if it arrives
 * within the budget. In C' at most one call is in flight and every request that misses meanwhile
 * joins it. In every arm a call that completes — even after its requests gave up — replaces the
 * last known value (if newer) and is persisted.
 *
 * <p><b>Persistence</b> ({@link ProfileWriter}): asynchronous (Lettuce stages piped back to the
 * actor); at most one write in flight, the newest value wins; a failed write is counted and retried
 * after {@code quote.redis.retry-after} while the entity lives. Redis trouble never fails a
 * request. Registered with sharding by {@link ProfileSharding}.
 *
 * <p><b>Passivation, hand-off, graceful shutdown</b>: sharding stops the entity with {@link Stop}
 * (its stop message). The entity then <i>flushes</i>: it waits for its provider calls in flight
 * (their requests get their answers) and writes a value Redis has not taken yet (a failed write is
 * retried every fifth of the deadline, or {@code retry-after} if sooner), then stops; at {@code
 * quote.shutdown.flush-deadline} it stops whatever is left, logging a value it could not write. The
 * next incarnation (on this or another node) recovers the last value that reached Redis. A hard
 * stop (the node killed) loses the in-memory value and any write not yet retried; late provider
 * results go to dead letters, requests in flight get no reply and the edge's own resolve timeout
 * answers them, and requests still queued in its (bounded) mailbox reach dead letters and are
 * answered at once as shed ({@code MailboxOverflow}).
 */
public final class ProfileEntity extends AbstractBehavior<ProfileEntity.Command> {

  public static final EntityTypeKey<Command> ENTITY_KEY =
      EntityTypeKey.create(Command.class, "CustomerProfile");

  /** Held requests while recovering beyond this are served without the recovered value. */
  static final int MAX_HELD = 1000;

  /**
   * Everything an entity needs from its node.
   *
   * @param pseudonym customer id to the pseudonym its log lines carry (never the id in clear)
   */
  public record Deps(
      QuoteSettings settings,
      ProviderPort provider,
      ProfileStore store,
      QuoteStats stats,
      Clock clock,
      java.util.function.UnaryOperator<String> pseudonym,
      Duration flushDeadline) {}

  public sealed interface Command extends CborSerializable {}

  /**
   * Sharding's stop message for this entity (passivation, hand-off, shutdown): flush, then stop.
   */
  public enum Stop implements Command {
    INSTANCE
  }

  /**
   * Resolve the profile for one quote.
   *
   * @param deadlineEpochMs when the quote's budget ends, in host wall-clock milliseconds (C and C'
   *     only). A deadline rather than a duration, so that time spent routing the request and
   *     recovering the entity counts against the budget. Nodes share the host clock on loopback;
   *     across hosts, clock skew shifts the budget by the skew.
   */
  public record Resolve(long deadlineEpochMs, ActorRef<Resolution> replyTo) implements Command {}

  record Recovered(CanonicalProfile profile, String error) implements Command {}

  private record FetchDone(long fetchId, FetchResult result) implements Command {}

  private record BudgetExpired(long requestId) implements Command {}

  record Persisted(String error) implements Command {}

  enum RetryPersist implements Command {
    INSTANCE
  }

  enum RetryLoad implements Command {
    INSTANCE
  }

  private enum FlushDeadline implements Command {
    INSTANCE
  }

  public static Behavior<Command> create(String customerId, Deps deps) {
    return Behaviors.setup(
        ctx ->
            create(
                customerId,
                deps,
                Cluster.get(ctx.getSystem()).selfMember().address().toString(),
                System::currentTimeMillis));
  }

  /**
   * As {@link #create(String, Deps)}, for unit tests: no cluster needed, and the host clock that
   * {@link Resolve#deadlineEpochMs()} is read against is given, so a test drives it with its
   * timers.
   */
  static Behavior<Command> create(
      String customerId, Deps deps, String servedBy, LongSupplier hostClockMs) {
    return Behaviors.setup(
        ctx ->
            Behaviors.withTimers(
                timers -> new ProfileEntity(ctx, timers, customerId, deps, servedBy, hostClockMs)));
  }

  // not the context's logger: its source is the actor path, which holds the customer id in clear
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ProfileEntity.class);

  private final TimerScheduler<Command> timers;
  private final String customerId;
  private final String pseudonym;
  private final Arm arm;
  private final Duration refreshAfter;
  private final Duration retryAfter;
  private final ProviderPort provider;
  private final QuoteStats stats;
  private final Clock clock;
  private final LongSupplier hostClockMs; // what deadlines are compared with, not `clock`
  private final long budgetMs;
  private final Duration flushDeadline;

  private CanonicalProfile last; // null until known
  private List<Resolve> held = new ArrayList<>(); // non-null only while recovering
  private final WaitingRequests waiting = new WaitingRequests();
  private final EntityAnswers answers;
  private long nextFetchId;
  private Long sharedFetch; // coalescing arms (C') only: the call in flight new misses join
  private final ProfileWriter writer;
  private final ProfileLoader loader;
  private int fetchesInFlight;
  private boolean stopping; // Stop received: flushing

  private ProfileEntity(
      ActorContext<Command> ctx,
      TimerScheduler<Command> timers,
      String customerId,
      Deps deps,
      String servedBy,
      LongSupplier hostClockMs) {
    super(ctx);
    this.timers = timers;
    this.customerId = customerId;
    this.pseudonym = deps.pseudonym().apply(customerId);
    this.arm = deps.settings().arm();
    this.refreshAfter = deps.settings().refreshAfter();
    this.retryAfter = deps.settings().redis().retryAfter();
    this.provider = deps.provider();
    this.stats = deps.stats();
    this.clock = deps.clock();
    this.budgetMs = deps.settings().budget().toMillis();
    this.hostClockMs = hostClockMs;
    this.writer = new ProfileWriter(ctx, timers, deps.store(), stats, pseudonym);
    this.answers =
        new EntityAnswers(arm, clock, deps.settings().maxStaleness().toMillis(), stats, servedBy);
    this.flushDeadline = deps.flushDeadline();
    this.loader =
        new ProfileLoader(
            ctx,
            timers,
            deps.store(),
            customerId,
            retryAfter,
            deps.settings().redis().loadRetryMax());
    loader.load();
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Resolve.class, this::onResolve)
        .onMessage(Recovered.class, this::onRecovered)
        .onMessage(FetchDone.class, this::onFetchDone)
        .onMessage(BudgetExpired.class, this::onBudgetExpired)
        .onMessage(Persisted.class, this::onPersisted)
        .onMessageEquals(RetryPersist.INSTANCE, this::onRetryPersist)
        .onMessageEquals(
            RetryLoad.INSTANCE,
            () -> {
              loader.retry();
              return this;
            })
        .onMessageEquals(Stop.INSTANCE, this::onStop)
        .onMessageEquals(FlushDeadline.INSTANCE, this::onFlushDeadline)
        .build();
  }

  private Behavior<Command> onResolve(Resolve r) {
    if (held != null && held.size() < MAX_HELD) {
      held.add(r);
    } else {
      resolve(r);
    }
    return this;
  }

  private Behavior<Command> onRecovered(Recovered r) {
    if (r.error() != null) {
      stats.redisError();
      Duration retryIn = loader.failed();
      if (held != null) {
        LOG.warn(
            "recovery of customer={} from Redis failed, retrying in {} ms: {}",
            pseudonym,
            retryIn == null ? "no" : retryIn.toMillis(),
            r.error());
      }
    } else {
      loader.settle();
      if (r.profile() != null && isNewer(r.profile())) { // never over a newer value
        last = r.profile();
      }
    }
    if (held != null) {
      List<Resolve> replay = held;
      held = null;
      replay.forEach(this::resolve);
    }
    return stopIfFlushed();
  }

  private void resolve(Resolve r) {
    ActorRef<Resolution> replyTo = r.replyTo();
    if (last != null && last.ageMillis(clock.instant()) < refreshAfter.toMillis()) {
      stats.cacheHit();
      replyTo.tell(answers.known(Origin.CACHED, null, false, last));
      return;
    }
    stats.cacheMiss();
    long fetchId;
    if (arm.coalesces() && sharedFetch != null) {
      fetchId = sharedFetch;
      stats.coalescedWaiter();
    } else {
      fetchId = startFetch();
      if (arm.coalesces()) {
        sharedFetch = fetchId;
      }
    }
    boolean closed = provider.breakerState() == BreakerState.CLOSED;
    // the edge set the deadline as admission + budget
    long requestId =
        waiting.add(
            new WaitingRequests.Pending(fetchId, replyTo, closed, r.deadlineEpochMs() - budgetMs));
    if (arm.fallsBack()) {
      long left = Math.max(0, r.deadlineEpochMs() - hostClockMs.getAsLong());
      timers.startSingleTimer(requestId, new BudgetExpired(requestId), Duration.ofMillis(left));
    }
  }

  private long startFetch() {
    long fetchId = nextFetchId++;
    fetchesInFlight++;
    stats.fetchStarted();
    getContext()
        .pipeToSelf(
            provider.fetch(customerId),
            (res, err) ->
                new FetchDone(
                    fetchId,
                    res != null
                        ? res
                        : new FetchResult.Failed(
                            FailureKind.CONNECTION, String.valueOf(err), Duration.ZERO)));
    return fetchId;
  }

  private Behavior<Command> onFetchDone(FetchDone done) {
    fetchesInFlight--;
    if (sharedFetch != null && sharedFetch == done.fetchId()) {
      sharedFetch = null;
    }
    if (done.result() instanceof FetchResult.Fetched f) {
      stats.providerLatency(f.latency());
      loader.settle(); // newer than anything stored
    }
    if (done.result() instanceof FetchResult.Fetched f && isNewer(f.profile())) {
      last = f.profile();
      writer.changed(last);
    }
    waiting.callEnded(
        done.fetchId(),
        (requestId, p) -> {
          timers.cancel(requestId);
          p.replyTo().tell(answers.afterCall(done.result(), p, last));
        },
        p -> {
          if (done.result() instanceof FetchResult.Failed f
              && Resolution.isSacrifice(f.kind(), BreakerState.CLOSED)) {
            stats.sacrificed(p.admittedAtMs()); // answered at its budget, but waited on a failure
          }
        });
    return stopIfFlushed();
  }

  private Behavior<Command> onBudgetExpired(BudgetExpired b) {
    // the call keeps running; its result still refreshes `last` and Redis, and decides whether
    // this request was sacrificed (a budget expiry whose call later succeeds is not)
    WaitingRequests.Pending p = waiting.expire(b.requestId());
    if (p != null) {
      p.replyTo().tell(answers.fallback(Resolution.BUDGET, false, last));
    }
    return this;
  }

  private boolean isNewer(CanonicalProfile p) {
    return last == null || p.fetchedAt().isAfter(last.fetchedAt());
  }

  private Behavior<Command> onPersisted(Persisted p) {
    writer.written(p.error(), stopping ? flushRetry() : retryAfter);
    return stopIfFlushed();
  }

  private Behavior<Command> onRetryPersist() {
    writer.write();
    return this;
  }

  // ---- flushing: Stop (passivation, hand-off, shutdown) ----------------------------------------

  private Behavior<Command> onStop() {
    if (!stopping) {
      stopping = true;
      loader.settle();
      timers.startSingleTimer(FlushDeadline.INSTANCE, FlushDeadline.INSTANCE, flushDeadline);
      writer.write();
    }
    return stopIfFlushed();
  }

  /** While flushing, a failed write is retried sooner: at least five attempts fit the deadline. */
  private Duration flushRetry() {
    Duration fifth = flushDeadline.dividedBy(5);
    return fifth.compareTo(retryAfter) < 0 ? fifth : retryAfter;
  }

  /** Stopped once stopping and nothing is left to answer or write. */
  private Behavior<Command> stopIfFlushed() {
    if (stopping && held == null && fetchesInFlight == 0 && writer.idle()) {
      return Behaviors.stopped();
    }
    return this;
  }

  private Behavior<Command> onFlushDeadline() {
    if (!writer.idle()) {
      stats.unflushed();
      LOG.warn(
          "customer={} stopped after quote.shutdown.flush-deadline ({} ms) with a value Redis has"
              + " not taken",
          pseudonym,
          flushDeadline.toMillis());
    }
    return Behaviors.stopped();
  }
}
