package solventa.quote.management;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.PathMatchers.segment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.adapter.model.FetchResult;
import solventa.quote.api.Problem;
import solventa.quote.management.QuoteStatsRegistry.Source;
import solventa.signals.CanonicalProfile;

/**
 * Bench only: {@code POST /quote/bench/seed} on Pekko Management (registered as {@code
 * pekko.management.http.routes.bench-seed}), runner-only ({@link RunnerOnlyGuard}). For each
 * customer of the body ({@link BenchSeed.Request}) it fetches the profile through the adapter and
 * stores it in Redis with its fetch time moved back by {@code ageMs}. A customer the node has not
 * met yet then starts its entity with a value of that age, so the experiment can start a step with
 * the ages of a cache in steady state. Answers a {@link BenchSeed.Answer}; the failed ones (e.g.
 * refused by an open breaker) are for the runner to retry. Nothing on the quote path calls this.
 *
 * <p>A body that is not a list of customers with an id and an age of at least 0 ms is refused
 * whole, before anything is fetched: 400 with a problem naming the field, as the quote API's. Arm A
 * keeps no profiles: 403.
 */
public final class BenchSeedRoutes implements ManagementRouteProvider {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final QuoteStatsRegistry registry;

  public BenchSeedRoutes(ExtendedActorSystem system) {
    this.registry = QuoteStatsRegistry.get(system);
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return path(
        segment("quote").slash("bench").slash("seed"),
        () ->
            post(
                () ->
                    RunnerOnlyGuard.guarded(
                        registry,
                        settings,
                        s ->
                            RunnerOnlyGuard.limitedBody(
                                () ->
                                    org.apache.pekko.http.javadsl.server.Directives.toStrictEntity(
                                        java.time.Duration.ofSeconds(5),
                                        () ->
                                            entity(
                                                Unmarshaller.entityToString(),
                                                body -> seed(s, body)))))));
  }

  private static Route seed(Source s, String body) {
    if (s.store() == null) {
      return Problem.of(403, "Forbidden", "arm A keeps no profiles: there is nothing to seed")
          .route();
    }
    List<BenchSeed.Customer> customers;
    try {
      customers = BenchSeed.parse(body).customers();
    } catch (BenchSeed.Refused e) {
      return Problem.badRequest(e.field(), e.getMessage()).route();
    }
    AtomicInteger seeded = new AtomicInteger();
    Queue<String> failed = new ConcurrentLinkedQueue<>();
    CompletableFuture<?>[] all =
        customers.stream()
            .map(c -> seedOne(s, c, seeded, failed))
            .toArray(CompletableFuture[]::new);
    return onSuccess(
        CompletableFuture.allOf(all),
        done ->
            complete(
                HttpResponse.create()
                    .withEntity(
                        ContentTypes.APPLICATION_JSON,
                        write(
                            new BenchSeed.Answer(
                                seeded.get(), failed.size(), List.copyOf(failed))))));
  }

  private static CompletableFuture<?> seedOne(
      Source s, BenchSeed.Customer c, AtomicInteger seeded, Queue<String> failed) {
    return s.provider()
        .fetch(c.id())
        .thenCompose(
            r -> {
              if (r instanceof FetchResult.Fetched f) {
                CanonicalProfile p = f.profile();
                return s.store()
                    .save(
                        new CanonicalProfile(
                            p.customerId(), p.fetchedAt().minusMillis(c.ageMs()), p.signals()))
                    .thenApply(v -> seeded.incrementAndGet());
              }
              failed.add(c.id());
              return CompletableFuture.completedFuture(0);
            })
        .exceptionally(
            e -> {
              failed.add(c.id());
              return 0;
            })
        .toCompletableFuture();
  }

  private static String write(BenchSeed.Answer a) {
    try {
      return JSON.writeValueAsString(a);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a seed answer is always serializable", e);
    }
  }
}
