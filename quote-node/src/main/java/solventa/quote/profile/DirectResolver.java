package solventa.quote.profile;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorSystem;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;

/**
 * The resolver of an arm without a cache: every quote calls the adapter and waits for its answer
 * (up to the adapter's hard timeout), so there is no entity, no last known value and no fallback.
 * The quote's budget does not apply; the edge's {@code quote.resolve-timeout} is the backstop.
 * Holding no value for anyone, every call draws from the quoting partner's budget ({@link
 * PartnerBudget}); a spent one is answered at once, without a call ({@link Resolution.OverBudget}).
 *
 * <p>Threads: the adapter's stage continues on the actor system's default dispatcher (its plain
 * continuations would run on the JDK common pool), and the backstop is a timer on Pekko's scheduler
 * (a {@code CompletableFuture} timeout would use the JDK's own timer thread).
 */
public final class DirectResolver implements ProfileResolver {
  /** {@link Resolution.Resolved#servedBy()} of a profile no entity served. */
  static final String LOCAL = "local";

  private final ActorSystem<?> system;
  private final ProviderPort provider;
  private final QuoteStats stats;
  private final Clock clock;
  private final Duration resolveTimeout;
  private final Executor executor;
  private final PartnerBudget budget;

  public DirectResolver(
      ActorSystem<?> system,
      ProviderPort provider,
      QuoteStats stats,
      Clock clock,
      Duration resolveTimeout,
      PartnerBudget budget) {
    this.system = system;
    this.provider = provider;
    this.stats = stats;
    this.clock = clock;
    this.resolveTimeout = resolveTimeout;
    this.executor = system.executionContext();
    this.budget = budget;
  }

  @Override
  public CompletionStage<Resolution> resolve(
      String customerId, String partnerId, long deadlineEpochMs) {
    java.util.Optional<PartnerBudget.Spent> spent = budget.draw(partnerId);
    if (spent.isPresent()) {
      stats.record(ProfileEvent.OVER_BUDGET);
      return CompletableFuture.completedFuture(
          new Resolution.OverBudget(spent.get().retryAfterSeconds(), LOCAL));
    }
    stats.record(ProfileEvent.FETCH_STARTED);
    BreakerState atAdmission = provider.breakerState();
    CompletableFuture<Resolution> done = new CompletableFuture<>();
    Cancellable backstop =
        system
            .scheduler()
            .scheduleOnce(
                resolveTimeout,
                () -> done.completeExceptionally(new TimeoutException()),
                system.executionContext());
    provider
        .fetch(customerId)
        .whenCompleteAsync(
            (r, e) -> {
              backstop.cancel();
              if (e != null) {
                done.completeExceptionally(e);
              } else {
                // every answer's latency, a failure's too (the entity records fetched ones only)
                stats.providerLatency(r.latency());
                done.complete(resolution(r, atAdmission));
              }
            },
            executor);
    return done;
  }

  private Resolution resolution(FetchResult result, BreakerState atAdmission) {
    if (result instanceof FetchResult.Fetched f) {
      return Resolution.Resolved.fresh(f.profile(), clock.instant(), LOCAL);
    }
    FetchResult.Failed failed = (FetchResult.Failed) result;
    boolean sacrificed = Resolution.isSacrifice(failed.kind(), atAdmission);
    return new Resolution.Unavailable(failed.kind(), failed.detail(), sacrificed, LOCAL);
  }
}
