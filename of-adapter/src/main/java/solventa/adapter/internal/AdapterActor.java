package solventa.adapter.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.PoolSettings;

/**
 * The adapter of one provider: admits calls through the breaker and the bulkhead and hands them to
 * the provider's connection pool. Runs on the provider's own dispatcher, supervised with restart
 * and backoff by {@code OfAdapter}.
 *
 * <p>States: one behaviour. Owns the bulkhead's wait queue (at most {@code max-open-requests} calls
 * waiting for one of {@code max-connections} slots). Invariant: a call is handed to the pool only
 * while fewer than {@code max-connections} requests are in it, so the pool itself never queues and
 * the queue depth reported is this queue's.
 *
 * <p>Not owned (outlive a restart): the breaker, the metrics and the in-flight count, which belong
 * to the adapter because requests already in the pool keep running. Lost on restart: the queue; its
 * calls are completed as {@code BULKHEAD_REJECTED} ("adapter restarting"), never left hanging
 * (their deadline timers would end them anyway).
 */
public final class AdapterActor extends AbstractBehavior<AdapterActor.Command> {

  public sealed interface Command {}

  /** Admit one call. */
  public record Fetch(Call call) implements Command {}

  /** A request left the pool: a slot is free. */
  private enum Released implements Command {
    INSTANCE
  }

  /** Test hook: make the actor throw, to exercise supervision. */
  public enum Crash implements Command {
    INSTANCE
  }

  private final ProviderClient client;
  private final ProviderBreaker breaker;
  private final AdapterMetrics metrics;
  private final PoolSettings pool;
  private final ThrottleHold hold;
  private final ArrayDeque<Call> queue = new ArrayDeque<>();

  public static Behavior<Command> create(
      ProviderClient client, ProviderBreaker breaker, AdapterMetrics metrics, ThrottleHold hold) {
    return Behaviors.setup(ctx -> new AdapterActor(ctx, client, breaker, metrics, hold));
  }

  private AdapterActor(
      ActorContext<Command> ctx,
      ProviderClient client,
      ProviderBreaker breaker,
      AdapterMetrics metrics,
      ThrottleHold hold) {
    super(ctx);
    this.client = client;
    this.hold = hold;
    this.breaker = breaker;
    this.metrics = metrics;
    this.pool = client.settings().pool();
    metrics.queued(0);
  }

  @Override
  public Receive<Command> createReceive() {
    return newReceiveBuilder()
        .onMessage(Fetch.class, this::onFetch)
        .onMessageEquals(Released.INSTANCE, this::onReleased)
        .onMessageEquals(
            Crash.INSTANCE,
            () -> {
              throw new IllegalStateException("crash requested (test hook)");
            })
        .onSignal(PreRestart.class, s -> onStop("adapter restarting", true))
        .onSignal(PostStop.class, s -> onStop("adapter stopped", false))
        .build();
  }

  private Behavior<Command> onFetch(Fetch m) {
    Call call = m.call();
    if (call.isDone()) {
      return this; // its deadline passed while in the mailbox
    }
    if (breaker.isOpen()) {
      call.complete(failed(FailureKind.BREAKER_OPEN, "breaker open"));
    } else if (heldBack(call)) {
      return this;
    } else if (metrics.inFlight() < pool.maxConnections() && queue.isEmpty()) {
      dispatch(call);
    } else if (room()) {
      queue.addLast(call);
      metrics.queued(queue.size());
    } else {
      call.complete(
          failed(
              FailureKind.BULKHEAD_REJECTED,
              "pool full: "
                  + pool.maxConnections()
                  + " connections busy and "
                  + pool.maxOpenRequests()
                  + " calls waiting"));
    }
    return this;
  }

  /** Whether the queue can take one more, after dropping calls whose deadline already passed. */
  private boolean room() {
    if (queue.size() < pool.maxOpenRequests()) {
      return true;
    }
    queue.removeIf(Call::isDone);
    metrics.queued(queue.size());
    return queue.size() < pool.maxOpenRequests();
  }

  private Behavior<Command> onReleased() {
    while (metrics.inFlight() < pool.maxConnections() && !queue.isEmpty()) {
      Call next = queue.pollFirst();
      // a call whose hard timeout has passed never reaches the wire, even when a slot frees
      // before its deadline timer has completed it (the timer still does)
      if (!next.isDone() && next.deadlineNanos() - System.nanoTime() > 0) {
        if (breaker.isOpen()) {
          next.complete(failed(FailureKind.BREAKER_OPEN, "breaker open"));
        } else if (!heldBack(next)) {
          dispatch(next);
        }
      }
    }
    metrics.queued(queue.size());
    return this;
  }

  /**
   * While the provider's {@code Retry-After} holds, a call is not sent: it ends at once as {@code
   * THROTTLED}, through the breaker, which counts it as the failure the provider would have
   * answered (sustained throttling is an outage to the breaker). Takes no connection and no queue
   * place.
   *
   * @return whether the call was held back (and is now complete)
   */
  private boolean heldBack(Call call) {
    var until = hold.heldUntil();
    if (until.isEmpty()) {
      return false;
    }
    breaker
        .call(
            call.start(),
            () ->
                java.util.concurrent.CompletableFuture.completedFuture(
                    failed(
                        FailureKind.THROTTLED,
                        "not sent: the provider's Retry-After holds calls until " + until.get())))
        .thenAccept(call::complete);
    return true;
  }

  private void dispatch(Call call) {
    var self = getContext().getSelf();
    breaker
        .call(
            call.start(),
            () -> {
              call.markDispatched();
              metrics.sent();
              client
                  .exchange(call.customerId(), call.deadlineNanos())
                  .whenComplete(
                      (r, e) -> {
                        metrics.released();
                        self.tell(Released.INSTANCE);
                      })
                  .thenAccept(call::attemptEnded);
              return call.attempt();
            })
        .thenAccept(call::complete);
  }

  private Behavior<Command> onStop(String why, boolean restarting) {
    for (Call c : queue) {
      c.complete(failed(FailureKind.BULKHEAD_REJECTED, why));
    }
    queue.clear();
    metrics.queued(0);
    if (restarting) {
      metrics.restarted();
    }
    return this;
  }

  private static FetchResult failed(FailureKind kind, String detail) {
    return new FetchResult.Failed(kind, detail, Duration.ZERO);
  }
}
