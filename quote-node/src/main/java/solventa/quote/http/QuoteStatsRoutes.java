package solventa.quote.http;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathEndOrSingleSlash;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.PathMatchers.segment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.adapter.AdminToken;
import solventa.adapter.FetchResult;
import solventa.quote.http.QuoteStatsRegistry.Source;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;

/**
 * The runner's stats route on Pekko Management (registered as {@code
 * pekko.management.http.routes.quote-stats}): {@code GET /quote/stats} answers the node's {@link
 * QuoteStats} JSON; {@code POST /quote/stats/reset} zeroes it when {@code
 * quote.stats.reset-enabled} is on and answers 403 otherwise. Before the node registered its stats
 * (start-up), both answer 503.
 *
 * <p>Pekko Management instantiates this class itself, so the node hands over its stats through the
 * {@link QuoteStatsRegistry} extension of its actor system (several nodes may share a JVM in
 * tests).
 */
public final class QuoteStatsRoutes implements ManagementRouteProvider {

  /** The setting that holds the runner-only routes' bearer token. */
  public static final String TOKEN_KEY = "quote.stats.reset-token";

  /** One customer to seed and the age its stored value should have. */
  record Seed(String id, long ageMs) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final QuoteStatsRegistry registry;

  public QuoteStatsRoutes(ExtendedActorSystem system) {
    this.registry = QuoteStatsRegistry.get(system);
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return pathPrefix(
        "quote",
        () ->
            concat(
                pathPrefix(
                    "stats",
                    () ->
                        concat(
                            pathEndOrSingleSlash(() -> get(this::stats)),
                            path("reset", () -> post(() -> guarded(settings, this::reset))),
                            path("interval", () -> post(() -> guarded(settings, this::interval))))),
                path(
                    segment("bench").slash("seed"),
                    () ->
                        post(
                            () ->
                                guarded(
                                    settings,
                                    () -> entity(Unmarshaller.entityToString(), this::seed))))));
  }

  /**
   * The node's own latency since the previous call (count, p99, max in ms), then starts a new
   * interval: the runner calls it once a second to see a node stall second by second.
   */
  private Route interval() {
    Source s = source();
    return complete(
        HttpResponse.create()
            .withEntity(ContentTypes.APPLICATION_JSON, s.stats().takeInterval().toString()));
  }

  /**
   * Bench only (refused unless {@code quote.stats.reset-enabled}): for each customer of the body
   * {@code {"customers":[{"id":"c00001000","ageMs":1234},…]}} fetches its profile through the
   * adapter and stores it in Redis with its fetch time moved back by {@code ageMs}. A customer the
   * node has not met yet then starts its entity with a value of that age, so the experiment can
   * start a step with the ages of a cache in steady state. Answers {@code seeded}, {@code failed}
   * and {@code failedIds} (e.g. refused by an open breaker) for the runner to retry. Nothing on the
   * quote path calls this.
   */
  private Route seed(String body) {
    Source s = source();
    if (s.store() == null) {
      return disabled();
    }
    List<Seed> seeds = new ArrayList<>();
    try {
      for (JsonNode c : JSON.readTree(body).path("customers")) {
        seeds.add(new Seed(c.path("id").asText(), c.path("ageMs").asLong()));
      }
    } catch (IOException e) {
      return Problem.of(400, "Bad Request", "body is not JSON: customers").route();
    }
    AtomicInteger seeded = new AtomicInteger();
    java.util.Queue<String> failed = new java.util.concurrent.ConcurrentLinkedQueue<>();
    CompletableFuture<?>[] all =
        seeds.stream()
            .map(
                seed ->
                    s.provider()
                        .fetch(seed.id())
                        .thenCompose(
                            r -> {
                              if (r instanceof FetchResult.Fetched f) {
                                CanonicalProfile p = f.profile();
                                return s.store()
                                    .save(
                                        new CanonicalProfile(
                                            p.customerId(),
                                            p.fetchedAt().minusMillis(seed.ageMs()),
                                            p.signals()))
                                    .thenApply(v -> seeded.incrementAndGet());
                              }
                              failed.add(seed.id());
                              return CompletableFuture.completedFuture(0);
                            })
                        .exceptionally(
                            e -> {
                              failed.add(seed.id());
                              return 0;
                            })
                        .toCompletableFuture())
            .toArray(CompletableFuture[]::new);
    return onSuccess(
        CompletableFuture.allOf(all),
        done -> {
          var out =
              JSON.createObjectNode().put("seeded", seeded.get()).put("failed", failed.size());
          failed.forEach(out.putArray("failedIds")::add);
          return complete(
              HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, out.toString()));
        });
  }

  private static Route disabled() {
    return Problem.of(
            403, "Forbidden", "runner-only route is disabled (quote.stats.reset-enabled = false)")
        .route();
  }

  private Route stats() {
    Source s = source();
    if (s == null) {
      return starting();
    }
    return complete(
        HttpResponse.create()
            .withEntity(ContentTypes.APPLICATION_JSON, s.stats().toJson(s.provider()).toString()));
  }

  /**
   * Runs a runner-only (mutating) route: it needs the bearer token (401 without, 403 wrong or none
   * configured), a management that is not read-only ({@code
   * pekko.management.http.route-providers-read-only}, Management's default is read-only) and {@code
   * quote.stats.reset-enabled}; each refusal is a 403 naming its setting.
   */
  private Route guarded(ManagementRouteProviderSettings settings, Supplier<Route> action) {
    return optionalHeaderValueByName(
        "Authorization",
        auth -> {
          Source s = source();
          if (s == null) {
            return starting();
          }
          java.util.Optional<AdminToken.Refusal> refusal = s.token().check(auth, TOKEN_KEY);
          if (refusal.isPresent()) {
            HttpResponse r =
                Problem.of(
                        refusal.get().status(),
                        refusal.get().status() == 401 ? "Unauthorized" : "Forbidden",
                        refusal.get().detail())
                    .response();
            return complete(
                refusal.get().status() == 401
                    ? r.addHeader(
                        org.apache.pekko.http.javadsl.model.headers.RawHeader.create(
                            "WWW-Authenticate", "Bearer"))
                    : r);
          }
          if (settings.readOnly()) {
            return Problem.of(
                    403,
                    "Forbidden",
                    "management is read-only"
                        + " (pekko.management.http.route-providers-read-only = true)")
                .route();
          }
          if (!s.resetEnabled()) {
            return disabled();
          }
          return action.get();
        });
  }

  /** Zeroes the stats (runner-only, see {@link #guarded}). */
  private Route reset() {
    Source s = source();
    s.stats().reset(s.provider());
    return complete(
        HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, "{\"reset\":true}"));
  }

  /** The node's source, or null while it is starting. */
  private Source source() {
    return registry.find().orElse(null);
  }

  private static Route starting() {
    return Problem.of(503, "Service Unavailable", "the node is starting").route();
  }
}
