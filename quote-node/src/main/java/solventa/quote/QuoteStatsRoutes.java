package solventa.quote;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathEndOrSingleSlash;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.post;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.adapter.AdminToken;

/**
 * The runner's stats route on Pekko Management (registered as {@code
 * pekko.management.http.routes.quote-stats}): {@code GET /quote/stats} answers the node's {@link
 * QuoteStats} JSON; {@code POST /quote/stats/reset} zeroes it when {@code
 * quote.stats.reset-enabled} is on and answers 403 otherwise. Before the node registered its stats
 * (start-up), both answer 503.
 *
 * <p>Pekko Management instantiates this class itself, so the node hands over its stats through
 * {@link #register}, keyed by actor system (several nodes may share a JVM in tests).
 */
public final class QuoteStatsRoutes implements ManagementRouteProvider {

  /** The setting that holds the reset's bearer token. */
  static final String TOKEN_KEY = "quote.stats.reset-token";

  /** What the route reads from its node. */
  public record Source(
      QuoteStats stats, ProviderPort provider, boolean resetEnabled, AdminToken token) {}

  private static final Map<org.apache.pekko.actor.ActorSystem, Source> SOURCES =
      new ConcurrentHashMap<>();

  private final ExtendedActorSystem system;

  public QuoteStatsRoutes(ExtendedActorSystem system) {
    this.system = system;
  }

  public static void register(org.apache.pekko.actor.ActorSystem system, Source source) {
    SOURCES.put(system, source);
  }

  public static void unregister(org.apache.pekko.actor.ActorSystem system) {
    SOURCES.remove(system);
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return pathPrefix(
        "quote",
        () ->
            pathPrefix(
                "stats",
                () ->
                    concat(
                        pathEndOrSingleSlash(() -> get(this::stats)),
                        path(
                            "reset",
                            () ->
                                post(
                                    () ->
                                        optionalHeaderValueByName(
                                            "Authorization",
                                            auth -> reset(auth, settings.readOnly())))))));
  }

  private Route stats() {
    Source s = SOURCES.get(system);
    if (s == null) {
      return starting();
    }
    return complete(
        HttpResponse.create()
            .withEntity(ContentTypes.APPLICATION_JSON, s.stats().toJson(s.provider()).toString()));
  }

  /**
   * Zeroes the stats: needs the bearer token (401 without, 403 wrong or none configured), a
   * management that is not read-only ({@code pekko.management.http.route-providers-read-only},
   * Management's default is read-only) and {@code quote.stats.reset-enabled}; each refusal is a 403
   * naming its setting.
   */
  private Route reset(java.util.Optional<String> auth, boolean readOnly) {
    Source s = SOURCES.get(system);
    if (s == null) {
      return starting();
    }
    java.util.Optional<AdminToken.Refusal> refusal = s.token().check(auth, TOKEN_KEY);
    if (refusal.isPresent()) {
      HttpResponse r =
          QuoteRoutes.problemResponse(
              Problem.of(
                  refusal.get().status(),
                  refusal.get().status() == 401 ? "Unauthorized" : "Forbidden",
                  refusal.get().detail()));
      return complete(
          refusal.get().status() == 401
              ? r.addHeader(
                  org.apache.pekko.http.javadsl.model.headers.RawHeader.create(
                      "WWW-Authenticate", "Bearer"))
              : r);
    }
    if (readOnly) {
      return QuoteRoutes.problem(
          Problem.of(
              403,
              "Forbidden",
              "management is read-only (pekko.management.http.route-providers-read-only = true)"));
    }
    if (!s.resetEnabled()) {
      return QuoteRoutes.problem(
          Problem.of(
              403, "Forbidden", "stats reset is disabled (quote.stats.reset-enabled = false)"));
    }
    s.stats().reset(s.provider());
    return complete(
        HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, "{\"reset\":true}"));
  }

  private static Route starting() {
    return QuoteRoutes.problem(Problem.of(503, "Service Unavailable", "the node is starting"));
  }
}
