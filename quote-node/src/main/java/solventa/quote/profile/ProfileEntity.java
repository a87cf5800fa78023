package solventa.quote.profile;

import java.time.Clock;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.BehaviorBuilder;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.cluster.typed.Cluster;
import solventa.adapter.model.FetchResult;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;

/**
 * One customer's profile (:CacheOF), sharded across the cluster; the entity of every arm with a
 * cache ({@link ShardedResolver} asks it).
 *
 * <p><b>Owns</b> the last known {@link CanonicalProfile} (its fetch time inside), the requests
 * waiting on a provider call ({@link KnownProfile}), and the persistence of every successful
 * refresh to Redis ({@link ProfileWriter}, {@link ProfileLoader}).
 *
 * <p><b>States</b>, one behaviour each:
 *
 * <ul>
 *   <li><i>loading</i> ({@link #loading}) — just started, reading the last known value from Redis.
 *       Requests are stashed (up to {@link #MAX_HELD}; beyond that they are served at once without
 *       the stored value) and replayed when the read answers; the time they waited counts against
 *       their budget. The first answer, a value, none or a failure, ends the state.
 *   <li><i>serving</i> ({@link #serving}) — a value younger than {@code quote.refresh-after}
 *       answers {@code CACHED} at once; otherwise the entity calls the adapter. An arm that does
 *       not fall back waits for that call (failure: {@link Resolution.Unavailable}). An arm that
 *       falls back waits at most the request's remaining budget (a scheduled timer, never a sleep),
 *       then answers {@code STALE} (last known) or {@code DEFAULT} (none); a provider failure
 *       before the budget ends answers the same at once. A business answer (unknown customer, no
 *       consent) is never covered by a fallback. An arm that coalesces keeps at most one call in
 *       flight and every request that misses meanwhile joins it. A call that completes, even after
 *       its requests gave up, replaces the last known value (if newer) and is persisted. A read
 *       from Redis that failed is retried with a bounded backoff ({@code quote.redis.retry-after}
 *       doubling up to {@code quote.redis.load-retry-max}) until one answers or the provider has
 *       given a value; a value read from Redis never replaces a newer one. A provider answer that
 *       it does not know the customer is remembered for {@code quote.unknown-customers.ttl} and
 *       answered from memory meanwhile ({@link KnownProfile}). Background refreshes are paced by a
 *       {@link RefreshGate} (admission by rate, refresh-ahead; both off by default).
 *   <li><i>flushing</i> ({@link #flushing}, {@link EntityFlush}) — sharding sent {@link Stop}. The
 *       entity still answers what reaches it, waits for its provider calls in flight (their
 *       requests get their answers) and writes a value Redis has not taken yet (a failed write is
 *       retried every fifth of the deadline, or {@code retry-after} if sooner), then stops; at
 *       {@code quote.shutdown.flush-deadline} it stops whatever is left, counting and logging a
 *       value it could not write. A {@code Stop} while loading starts the same deadline at once;
 *       the entity flushes as soon as its read answers and its stashed requests are served.
 * </ul>
 *
 * <p><b>Persistence</b>: asynchronous (Lettuce stages piped back to the actor); at most one write
 * in flight, the newest value wins; a failed write is counted and retried after {@code
 * quote.redis.retry-after} while the entity lives. Redis trouble never fails a request. When Redis
 * restarts, the node tells every entity it hosts to write its value again ({@link Rewrite}), so a
 * Redis that came back empty holds again what the node holds. Registered with sharding by {@link
 * ProfileSharding}, within the node's bounds ({@link EntityBounds}).
 *
 * <p><b>Passivation, hand-off, graceful shutdown</b> all stop the entity with {@link Stop} (its
 * stop message), so it flushes first. An entity whose last provider answer was a business answer
 * (unknown customer, no consent), or that holds no value and was answered past its partner's budget
 * ({@link PartnerBudget}), has nothing to keep warm: after {@code
 * quote.unknown-customers.idle-timeout} without a quote it asks its shard to passivate it ({@link
 * EarlyPassivation}), rather than wait sharding's default idle timeout, so that a client sending
 * many unknown ids cannot fill the node with entities; the next incarnation (on this or another
 * node, after a restart or re-homing) starts loading and recovers the last value that reached
 * Redis. A hard stop (the node killed) loses the in-memory value and any write not yet retried;
 * late provider results go to dead letters, requests in flight get no reply and the edge's own
 * resolve timeout answers them, and requests still queued in its (bounded) mailbox reach dead
 * letters and are answered at once as shed ({@link MailboxOverflow}).
 */
public final class ProfileEntity {

  public static final EntityTypeKey<Command> ENTITY_KEY =
      EntityTypeKey.create(Command.class, "CustomerProfile");

  /** Requests stashed while loading beyond this are served without the stored value. */
  static final int MAX_HELD = 1000;

  /**
   * Everything an entity needs from its node.
   *
   * @param pseudonym customer id to the pseudonym its log lines carry (never the id in clear)
   * @param unknownCustomers how long an unknown customer is remembered, and how soon its entity
   *     passivates
   * @param refresh the node's pacing of background refreshes (admission, refresh-ahead)
   * @param partnerBudget each partner's budget of calls for customers the node holds no value for
   */
  public record Deps(
      QuoteSettings settings,
      ProviderPort provider,
      ProfileStore store,
      QuoteStats stats,
      Clock clock,
      UnaryOperator<String> pseudonym,
      Duration flushDeadline,
      UnknownCustomers unknownCustomers,
      RefreshAdmission refresh,
      PartnerBudget partnerBudget) {}

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
   * @param partnerId the quoting partner, whose budget a call for a customer the entity holds no
   *     value for draws from ({@link PartnerBudget})
   * @param deadlineEpochMs when the quote's budget ends, in host wall-clock milliseconds (read by
   *     the arms that fall back; the others wait on a miss). A deadline rather than a duration, so
   *     that time spent routing the request and loading the entity counts against the budget. Nodes
   *     share the host clock on loopback; across hosts, clock skew shifts the budget by the skew.
   */
  public record Resolve(String partnerId, long deadlineEpochMs, ActorRef<Resolution> replyTo)
      implements Command {}

  /** A read of the stored value answered: the value (or null: none), or the error. */
  record Recovered(CanonicalProfile profile, String error) implements Command {}

  record FetchDone(long fetchId, FetchResult result) implements Command {}

  record BudgetExpired(long requestId) implements Command {}

  record Persisted(String error) implements Command {}

  /**
   * The store's server restarted and may have lost this entity's value: write it again ({@link
   * StoreRestartRewrite}).
   */
  public enum Rewrite implements Command {
    INSTANCE
  }

  enum RetryPersist implements Command {
    INSTANCE
  }

  enum RetryLoad implements Command {
    INSTANCE
  }

  enum FlushDeadline implements Command {
    INSTANCE
  }

  /** No quote for {@code quote.unknown-customers.idle-timeout} since a business answer. */
  enum Idle implements Command {
    INSTANCE
  }

  /**
   * The entity of {@code customerId}, hosted by {@code shard} (which it asks to passivate it early
   * when the provider does not know the customer).
   */
  public static Behavior<Command> create(
      String customerId, Deps deps, ActorRef<ClusterSharding.ShardCommand> shard) {
    return Behaviors.setup(
        ctx ->
            create(
                customerId,
                deps,
                shard,
                Cluster.get(ctx.getSystem()).selfMember().address().toString(),
                System::currentTimeMillis));
  }

  /**
   * As {@link #create(String, Deps)}, for unit tests: no cluster needed, and the host clock that
   * {@link Resolve#deadlineEpochMs()} is read against is given, so a test drives it with its
   * timers.
   */
  static Behavior<Command> create(
      String customerId,
      Deps deps,
      ActorRef<ClusterSharding.ShardCommand> shard,
      String servedBy,
      LongSupplier hostClockMs) {
    return Behaviors.setup(
        ctx ->
            Behaviors.withTimers(
                timers ->
                    Behaviors.withStash(
                        MAX_HELD,
                        stash ->
                            new ProfileEntity(
                                    ctx,
                                    timers,
                                    stash,
                                    customerId,
                                    deps,
                                    shard,
                                    servedBy,
                                    hostClockMs)
                                .loading(false))));
  }

  // not the context's logger: its source is the actor path, which holds the customer id in clear
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ProfileEntity.class);

  private final ActorContext<Command> ctx;
  private final TimerScheduler<Command> timers;
  private final StashBuffer<Command> stash;
  private final String pseudonym;
  private final Duration retryAfter;
  private final QuoteStats stats;
  private final ProfileWriter writer;
  private final ProfileLoader loader;
  private final KnownProfile known;
  private final EntityFlush flush;
  private final EarlyPassivation passivation;

  private ProfileEntity(
      ActorContext<Command> ctx,
      TimerScheduler<Command> timers,
      StashBuffer<Command> stash,
      String customerId,
      Deps deps,
      ActorRef<ClusterSharding.ShardCommand> shard,
      String servedBy,
      LongSupplier hostClockMs) {
    this.ctx = ctx;
    this.timers = timers;
    this.stash = stash;
    this.pseudonym = deps.pseudonym().apply(customerId);
    this.retryAfter = deps.settings().redis().retryAfter();
    this.stats = deps.stats();
    this.writer = new ProfileWriter(ctx, timers, deps.store(), stats, pseudonym);
    this.loader =
        new ProfileLoader(
            ctx,
            timers,
            deps.store(),
            customerId,
            retryAfter,
            deps.settings().redis().loadRetryMax());
    this.known =
        new KnownProfile(ctx, timers, customerId, deps, servedBy, hostClockMs, writer, loader);
    this.flush =
        new EntityFlush(
            timers, loader, writer, known, stats, pseudonym, deps.flushDeadline(), retryAfter);
    this.passivation =
        new EarlyPassivation(ctx, timers, shard, known, deps.unknownCustomers().idleTimeout());
    loader.load();
  }

  // ---- loading ---------------------------------------------------------------------------------

  /**
   * Reading the stored value; {@code stopAsked}: sharding sent {@link Stop} meanwhile, so the
   * entity flushes once the read answers.
   */
  private Behavior<Command> loading(boolean stopAsked) {
    Duration writeRetry = stopAsked ? flush.retry() : retryAfter;
    return everyState(Behaviors.receive(Command.class))
        .onMessage(Resolve.class, this::hold)
        .onMessage(Recovered.class, r -> loaded(r, stopAsked))
        .onMessage(FetchDone.class, d -> same(() -> known.fetchDone(d)))
        .onMessage(Persisted.class, p -> same(() -> writer.written(p.error(), writeRetry)))
        .onMessageEquals(Stop.INSTANCE, () -> stopAsked ? Behaviors.same() : stopWhileLoading())
        .onMessageEquals(FlushDeadline.INSTANCE, flush::atDeadline)
        .onMessageEquals(Idle.INSTANCE, Behaviors::same)
        .build();
  }

  private Behavior<Command> hold(Resolve r) {
    if (stash.isFull()) {
      known.resolve(r); // served without the stored value rather than held without bound
    } else {
      stash.stash(r);
    }
    return Behaviors.same();
  }

  private Behavior<Command> loaded(Recovered r, boolean stopAsked) {
    recovered(r, true);
    passivation.idleWhenRefused(); // a call made while loading may have been answered already
    return stopAsked
        ? flush.stopIfFlushed(stash.unstashAll(flushing()))
        : stash.unstashAll(serving());
  }

  private Behavior<Command> stopWhileLoading() {
    flush.begin(); // the deadline runs from now, while the read is still in flight
    return loading(true);
  }

  // ---- serving ---------------------------------------------------------------------------------

  private Behavior<Command> serving() {
    return everyState(Behaviors.receive(Command.class))
        .onMessage(
            Resolve.class,
            r ->
                same(
                    () -> {
                      known.resolve(r);
                      passivation.idleWhenRefused();
                    }))
        .onMessage(Recovered.class, r -> same(() -> recovered(r, false)))
        .onMessage(
            FetchDone.class,
            d ->
                same(
                    () -> {
                      known.fetchDone(d);
                      passivation.idleWhenRefused();
                    }))
        .onMessage(Persisted.class, p -> same(() -> writer.written(p.error(), retryAfter)))
        .onMessageEquals(Idle.INSTANCE, () -> same(passivation::passivateIfRefused))
        .onMessageEquals(
            Stop.INSTANCE,
            () -> {
              flush.begin();
              return flush.stopIfFlushed(flushing());
            })
        .build();
  }

  // ---- flushing --------------------------------------------------------------------------------

  private Behavior<Command> flushing() {
    return everyState(Behaviors.receive(Command.class))
        .onMessage(Resolve.class, r -> same(() -> known.resolve(r)))
        .onMessage(
            Recovered.class,
            r -> {
              recovered(r, false);
              return flush.stopIfFlushed(Behaviors.same());
            })
        .onMessage(
            FetchDone.class,
            d -> {
              known.fetchDone(d);
              return flush.stopIfFlushed(Behaviors.same());
            })
        .onMessage(
            Persisted.class,
            p -> {
              writer.written(p.error(), flush.retry());
              return flush.stopIfFlushed(Behaviors.same());
            })
        .onMessageEquals(Stop.INSTANCE, Behaviors::same)
        .onMessageEquals(FlushDeadline.INSTANCE, flush::atDeadline)
        .onMessageEquals(Idle.INSTANCE, Behaviors::same)
        .build();
  }

  // ---- in every state --------------------------------------------------------------------------

  /** The messages every state handles alike: budget timers, write and read retries. */
  private BehaviorBuilder<Command> everyState(BehaviorBuilder<Command> builder) {
    return builder
        .onMessage(BudgetExpired.class, b -> same(() -> known.budgetExpired(b)))
        .onMessageEquals(RetryPersist.INSTANCE, () -> same(writer::write))
        .onMessageEquals(Rewrite.INSTANCE, () -> same(known::rewrite))
        .onMessageEquals(RetryLoad.INSTANCE, () -> same(loader::retry));
  }

  /** A read of the stored value answered; {@code loading}: the first one, which requests await. */
  private void recovered(Recovered r, boolean loading) {
    if (r.error() == null) {
      loader.settle();
      known.loaded(r.profile());
      return;
    }
    stats.record(ProfileEvent.REDIS_ERROR);
    Duration retryIn = loader.failed();
    if (loading) {
      LOG.warn(
          "recovery of customer={} from Redis failed, retrying in {} ms: {}",
          pseudonym,
          retryIn == null ? "no" : retryIn.toMillis(),
          r.error());
    }
  }

  private static Behavior<Command> same(Runnable handler) {
    handler.run();
    return Behaviors.same();
  }
}
