package solventa.quote.management;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathEndOrSingleSlash;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.Directives.toStrictEntity;

import java.time.Duration;
import java.util.function.Function;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.quote.management.QuoteStatsRegistry.Source;
import solventa.quote.stats.QuoteStats;
import solventa.quote.stats.StatsSnapshot;

/**
 * The runner's stats routes on Pekko Management (registered as {@code
 * pekko.management.http.routes.quote-stats}): {@code GET /quote/stats} answers the node's {@link
 * QuoteStats} as one {@link StatsSnapshot}; {@code POST /quote/stats/reset} zeroes them and {@code
 * POST /quote/stats/interval} answers the service times since its previous call, both runner-only
 * ({@link RunnerOnlyGuard}); {@code GET /quote/stack} answers the stack the node runs ({@link
 * NodeStack}). Before the node registered its stats (start-up), all answer 503.
 *
 * <p>Pekko Management instantiates this class itself, so the node hands over its stats through the
 * {@link QuoteStatsRegistry} extension of its actor system (several nodes may share a JVM in
 * tests).
 */
public final class QuoteStatsRoutes implements ManagementRouteProvider {

  private final QuoteStatsRegistry registry;
  private final String stack;

  public QuoteStatsRoutes(ExtendedActorSystem system) {
    this.registry = QuoteStatsRegistry.get(system);
    String json;
    try {
      json =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .writeValueAsString(NodeStack.describe(system.settings().config()));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("the node's stack cannot be written as JSON", e);
    }
    this.stack = json;
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return pathPrefix(
        "quote",
        () ->
            concat(
                path(
                    "stack",
                    () ->
                        get(
                            () ->
                                complete(
                                    HttpResponse.create()
                                        .withEntity(ContentTypes.APPLICATION_JSON, stack)))),
                pathPrefix(
                    "stats",
                    () ->
                        concat(
                            pathEndOrSingleSlash(() -> get(this::stats)),
                            runnerOnly("reset", settings, QuoteStatsRoutes::reset),
                            runnerOnly("interval", settings, QuoteStatsRoutes::interval)))));
  }

  /**
   * {@code POST /quote/stats/<name>}, behind the runner-only gate, which is passed before the body
   * is read: a refused call's body is discarded, then answered ({@link RunnerOnlyGuard#guarded}).
   * An allowed call's body (the runner sends {@code {}}) is read before the answer too: answering
   * first makes Pekko HTTP close the connection ("early response"), and a client still sending
   * would see a reset instead of the answer.
   */
  private Route runnerOnly(
      String name, ManagementRouteProviderSettings settings, Function<Source, Route> action) {
    return path(
        name,
        () ->
            post(
                () ->
                    RunnerOnlyGuard.guarded(
                        registry,
                        settings,
                        s ->
                            RunnerOnlyGuard.limitedBody(
                                () -> toStrictEntity(BODY_TIMEOUT, () -> action.apply(s))))));
  }

  /** How long a runner-only call may take to send its (tiny) body. */
  private static final Duration BODY_TIMEOUT = Duration.ofSeconds(5);

  private Route stats() {
    Source s = registry.find().orElse(null);
    if (s == null) {
      return RunnerOnlyGuard.starting();
    }
    return json(s.stats().snapshot(s.provider()).toJson());
  }

  /** Zeroes the stats (runner-only). */
  private static Route reset(Source s) {
    s.stats().reset(s.provider());
    return json("{\"reset\":true}");
  }

  /**
   * The node's own latency since the previous call (count, p99, max in ms), then starts a new
   * interval: the runner calls it once a second to see a node stall second by second.
   */
  private static Route interval(Source s) {
    return json(s.stats().takeInterval().toJson());
  }

  private static Route json(String body) {
    return complete(HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, body));
  }
}
