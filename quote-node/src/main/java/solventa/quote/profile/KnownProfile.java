package solventa.quote.profile;

import java.time.Clock;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteEvent;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.vocabulary.Arm;

/**
 * What a serving profile entity knows and does, on the entity's own thread: the customer's last
 * known value, the provider calls in flight and the requests waiting on them. A request is answered
 * from the value while it is younger than {@code quote.refresh-after}; otherwise it starts a call
 * (or, when the arm coalesces, joins the one in flight) and waits on it, up to its budget when the
 * arm falls back. A call that completes, even after its requests gave up, replaces the value if
 * newer and hands it to the writer. Background refreshes are paced by a {@link RefreshGate}: a
 * refresh of a value still servable may be deferred (answered STALE at once, no call), and a CACHED
 * answer may start an early refresh.
 *
 * <p>A provider answer that it does not know the customer is remembered for {@code
 * quote.unknown-customers.ttl}: meanwhile every request is answered the same way at once, without a
 * call (so a client repeating quotes for an unknown id costs one provider call per TTL, not one per
 * quote); after it, the next request asks the provider again. Memory only: the next incarnation
 * asks the provider once more.
 */
final class KnownProfile {
  private final ActorContext<ProfileEntity.Command> ctx;
  private final TimerScheduler<ProfileEntity.Command> timers;
  private final String customerId;
  private final Arm arm;
  private final long refreshAfterMs;
  private final long budgetMs;
  private final ProviderPort provider;
  private final QuoteStats stats;
  private final Clock clock;
  private final LongSupplier hostClockMs; // what deadlines are compared with, not `clock`
  private final EntityAnswers answers;
  private final ProfileWriter writer;
  private final ProfileLoader loader;
  private final WaitingRequests waiting = new WaitingRequests();
  private final long unknownTtlMs;
  private final RefreshGate refresh;
  private final PartnerBudget budget;

  private FetchResult.Failed unknown; // the provider does not know the customer; null otherwise
  private long unknownUntilMs; // `clock` millis until which `unknown` is answered from memory
  private boolean refusedByProvider; // the provider's last answer was a business answer
  private boolean overBudgetOnly; // no call since a quote was answered past its partner's budget

  private CanonicalProfile last; // null until known
  private long nextFetchId;
  private Long sharedFetch; // an arm that coalesces: the call in flight new misses join
  private int fetchesInFlight;

  KnownProfile(
      ActorContext<ProfileEntity.Command> ctx,
      TimerScheduler<ProfileEntity.Command> timers,
      String customerId,
      ProfileEntity.Deps deps,
      String servedBy,
      LongSupplier hostClockMs,
      ProfileWriter writer,
      ProfileLoader loader) {
    this.ctx = ctx;
    this.timers = timers;
    this.customerId = customerId;
    this.arm = deps.settings().arm();
    this.refreshAfterMs = deps.settings().refreshAfter().toMillis();
    this.budgetMs = deps.settings().budget().toMillis();
    this.provider = deps.provider();
    this.stats = deps.stats();
    this.clock = deps.clock();
    this.hostClockMs = hostClockMs;
    this.answers =
        new EntityAnswers(
            arm, clock, deps.settings().maxStaleness().toMillis(), deps.stats(), servedBy);
    this.writer = writer;
    this.loader = loader;
    this.unknownTtlMs = deps.unknownCustomers().ttl().toMillis();
    this.refresh = new RefreshGate(deps.refresh(), customerId);
    this.budget = deps.partnerBudget();
  }

  /**
   * Whether the entity has nothing to keep warm, so it need not wait the default idle timeout: the
   * provider's last answer for this customer was a business answer (unknown customer, no consent),
   * or it holds no value and its last quote was answered past its partner's budget without a call
   * (a flood of new ids from one partner must not fill the node with empty entities either).
   */
  boolean nothingToKeep() {
    return refusedByProvider || (overBudgetOnly && last == null && fetchesInFlight == 0);
  }

  /** A value read from Redis: taken unless the entity already holds a newer one. */
  void loaded(CanonicalProfile stored) {
    if (stored != null && isNewer(stored)) {
      last = stored;
    }
  }

  /**
   * The store may have lost the value (its server restarted): the last known value, if any, is
   * written again. The store's compare-and-set keeps a newer value another node wrote meanwhile.
   */
  void rewrite() {
    if (last != null) {
      writer.changed(last);
    }
  }

  /** Provider calls not yet ended. */
  boolean callsInFlight() {
    return fetchesInFlight > 0;
  }

  void resolve(ProfileEntity.Resolve r) {
    ActorRef<Resolution> replyTo = r.replyTo();
    if (unknown != null) {
      if (clock.millis() < unknownUntilMs) {
        // the provider's own answer, repeated: no call, no breaker event, the same 404
        stats.record(ProfileEvent.REFUSED_FROM_MEMORY);
        replyTo.tell(answers.unavailable(unknown, false));
        return;
      }
      unknown = null; // remembered long enough: the customer may exist by now
    }
    if (last != null && last.ageMillis(clock.instant()) < refreshAfterMs) {
      stats.record(ProfileEvent.CACHE_HIT);
      replyTo.tell(answers.known(Origin.CACHED, null, false, last));
      refreshAheadIfDue();
      return;
    }
    stats.record(ProfileEvent.CACHE_MISS);
    long fetchId;
    if (arm.coalesces() && sharedFetch != null) {
      fetchId = sharedFetch;
      stats.record(ProfileEvent.COALESCED_WAITER);
    } else {
      if (deferred()) {
        stats.record(ProfileEvent.REFRESH_DEFERRED);
        replyTo.tell(answers.fallback(Resolution.DEFERRED, false, last));
        return;
      }
      if (overBudget(r)) {
        return;
      }
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
      timers.startSingleTimer(
          requestId, new ProfileEntity.BudgetExpired(requestId), Duration.ofMillis(left));
    }
  }

  /**
   * Whether this miss's refresh is deferred rather than called: only a background refresh (an arm
   * that falls back, with a value it may still serve STALE) is paced; a customer with nothing to
   * serve always calls.
   */
  private boolean deferred() {
    return arm.fallsBack() && answers.servable(last) && !refresh.admitRefresh(clock.millis());
  }

  /**
   * Whether this miss is answered without a call because its customer is new to the node (no value
   * held, even stale) and its partner's budget of such calls is spent: DEFAULT at once in an arm
   * that falls back, else {@link Resolution.OverBudget}. A customer whose value the node holds
   * never draws.
   */
  private boolean overBudget(ProfileEntity.Resolve r) {
    if (last != null) {
      return false;
    }
    java.util.Optional<PartnerBudget.Spent> spent = budget.draw(r.partnerId());
    if (spent.isEmpty()) {
      return false;
    }
    stats.record(ProfileEvent.OVER_BUDGET);
    overBudgetOnly = true;
    r.replyTo()
        .tell(
            arm.fallsBack()
                ? answers.fallback(Resolution.PARTNER_BUDGET, false, null)
                : answers.overBudget(spent.get()));
    return true;
  }

  /**
   * After a CACHED answer: the XFetch draw may start an early refresh, which nobody waits on (in an
   * arm that coalesces, misses join it); its result replaces the value like any call's.
   */
  private void refreshAheadIfDue() {
    long expiryMs = last.fetchedAt().toEpochMilli() + refreshAfterMs;
    if (refresh.refreshAheadDue(clock.millis(), expiryMs)) {
      stats.record(ProfileEvent.REFRESH_AHEAD);
      long fetchId = startFetch();
      refresh.aheadStarted(fetchId);
      if (arm.coalesces() && sharedFetch == null) {
        sharedFetch = fetchId;
      }
    }
  }

  private long startFetch() {
    long fetchId = nextFetchId++;
    fetchesInFlight++;
    overBudgetOnly = false;
    stats.record(ProfileEvent.FETCH_STARTED);
    ctx.pipeToSelf(
        provider.fetch(customerId),
        (res, err) ->
            new ProfileEntity.FetchDone(
                fetchId,
                res != null
                    ? res
                    : new FetchResult.Failed(
                        FailureKind.CONNECTION, String.valueOf(err), Duration.ZERO)));
    return fetchId;
  }

  void fetchDone(ProfileEntity.FetchDone done) {
    fetchesInFlight--;
    if (sharedFetch != null && sharedFetch == done.fetchId()) {
      sharedFetch = null;
    }
    refresh.callEnded(
        done.fetchId(), done.result() instanceof FetchResult.Fetched f ? f.latency() : null);
    if (done.result() instanceof FetchResult.Fetched f) {
      stats.providerLatency(f.latency());
      loader.settle(); // newer than anything stored
      if (isNewer(f.profile())) {
        last = f.profile();
        writer.changed(last);
      }
      unknown = null;
      refusedByProvider = false;
    } else if (done.result() instanceof FetchResult.Failed f && f.kind().isBusinessAnswer()) {
      refusedByProvider = true;
      if (UnknownCustomers.isUnknown(f.kind())) {
        unknown = f;
        unknownUntilMs = clock.millis() + unknownTtlMs;
      } else {
        unknown = null; // no consent: the provider knows the customer, and consent may come
      }
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
            // answered at its budget, but it waited on a call that failed
            stats.record(new QuoteEvent.SacrificedLate(p.admittedAtMs()));
          }
        });
  }

  void budgetExpired(ProfileEntity.BudgetExpired b) {
    // the call keeps running; its result still refreshes `last` and Redis, and decides whether
    // this request was sacrificed (a budget expiry whose call later succeeds is not)
    WaitingRequests.Pending p = waiting.expire(b.requestId());
    if (p != null) {
      p.replyTo().tell(answers.fallback(Resolution.BUDGET, false, last));
    }
  }

  private boolean isNewer(CanonicalProfile p) {
    return last == null || p.fetchedAt().isAfter(last.fetchedAt());
  }
}
