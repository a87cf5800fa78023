package solventa.quote.node;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.Done;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.management.javadsl.PekkoManagement;
import org.apache.pekko.pattern.Patterns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.quote.domain.Pricing;
import solventa.quote.management.QuoteStatsRegistry;
import solventa.quote.profile.ProfileStore;
import solventa.quote.settings.ShutdownSettings;

/**
 * The node's part of Pekko's coordinated shutdown; the phases run on SIGTERM (Pekko's JVM hook) or
 * {@link QuoteNode#close}, once, whichever comes first:
 *
 * <ol>
 *   <li>{@code before-service-unbind}: {@code /ready} answers DRAINING at once; the node keeps
 *       serving, new connections included, for {@code quote.shutdown.unready-delay} (Pekko's
 *       scheduler, {@code Patterns.after}), so that a load balancer following {@code /ready} takes
 *       it out of its rotation before it stops accepting;
 *   <li>{@code service-unbind} and {@code service-requests-done}: the quote API stops accepting and
 *       answers the quotes in flight within {@code quote.shutdown.drain-deadline} (Pekko HTTP's
 *       terminate: the ones left get 503);
 *   <li>{@code service-stop}: management and the stats route stop;
 *   <li>{@code before-actor-system-terminate}, after the entities flushed and the node left the
 *       cluster: Redis and rating close.
 * </ol>
 */
final class NodeShutdown {
  private static final Logger log = LoggerFactory.getLogger(NodeShutdown.class);

  private NodeShutdown() {}

  static void register(
      ActorSystem<?> system,
      ServerBinding binding,
      ShutdownSettings shutdown,
      AtomicBoolean draining,
      ProfileStore store,
      Pricing pricing) {
    CoordinatedShutdown cs = CoordinatedShutdown.get(system);
    cs.addTask(
        CoordinatedShutdown.PhaseBeforeServiceUnbind(),
        "quote-not-ready",
        () -> notReadyThenWait(system, shutdown, draining));
    // service-unbind: unbind; service-requests-done: terminate(deadline)
    binding.addToCoordinatedShutdown(shutdown.drainDeadline(), system);
    cs.addTask(
        CoordinatedShutdown.PhaseServiceStop(),
        "quote-management-stop",
        () -> {
          QuoteStatsRegistry.get(system).unregister();
          return PekkoManagement.get(Adapter.toClassic(system)).stop();
        });
    // both close calls block briefly, so they run on Pekko's blocking-I/O dispatcher
    Executor blocking =
        system
            .dispatchers()
            .lookup(DispatcherSelector.fromConfig("pekko.actor.default-blocking-io-dispatcher"));
    cs.addTask(
        CoordinatedShutdown.PhaseBeforeActorSystemTerminate(),
        "quote-store-and-rating-close",
        () ->
            CompletableFuture.supplyAsync(
                () -> {
                  store.close();
                  pricing.close();
                  return Done.getInstance();
                },
                blocking));
  }

  private static CompletionStage<Done> notReadyThenWait(
      ActorSystem<?> system, ShutdownSettings shutdown, AtomicBoolean draining) {
    draining.set(true);
    log.info(
        "quote node draining: not ready; still serving for {} ms, then answering the quotes in"
            + " flight within {} ms",
        shutdown.unreadyDelay().toMillis(),
        shutdown.drainDeadline().toMillis());
    if (shutdown.unreadyDelay().isZero()) {
      return CompletableFuture.completedFuture(Done.getInstance());
    }
    return Patterns.after(
        shutdown.unreadyDelay(),
        system.classicSystem().scheduler(),
        system.executionContext(),
        () -> CompletableFuture.completedFuture(Done.getInstance()));
  }
}
