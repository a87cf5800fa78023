package solventa.quote.management;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.optionalHeaderValueByName;

import java.util.Optional;
import java.util.function.Function;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.platform.AdminToken;
import solventa.platform.DrainedRefusal;
import solventa.quote.api.Problem;
import solventa.quote.management.QuoteStatsRegistry.Source;

/**
 * The one gate of the node's runner-only (mutating) management routes — the stats reset and
 * interval ({@link QuoteStatsRoutes}) and the bench seed ({@link BenchSeedRoutes}): each refusal is
 * a problem naming its setting.
 */
public final class RunnerOnlyGuard {

  /** The setting that holds the runner-only routes' bearer token. */
  public static final String TOKEN_KEY = solventa.quote.settings.QuoteSettings.RUNNER_TOKEN_KEY;

  /**
   * The most body a runner-only route reads, before and after the token check: the runner's
   * largest, a bench-seed batch of 64 customers, is about 3 KB; Pekko's server-wide 8 MiB would let
   * any local client make the node buffer that much per request. Larger is refused with 413.
   */
  public static final long MAX_BODY_BYTES = 64 * 1024;

  private RunnerOnlyGuard() {}

  /**
   * Runs {@code action} on the node's source when the request may change the node: it needs the
   * bearer token (401 without or wrong, 403 none configured), a management that is not read-only
   * ({@code pekko.management.http.route-providers-read-only}, Management's default is read-only)
   * and {@code quote.stats.reset-enabled}. 503 while the node is starting. Every refusal here is
   * decided before the body is read, so it discards the body first ({@link DrainedRefusal}): a
   * client still sending it gets the answer, not a reset.
   */
  static Route guarded(
      QuoteStatsRegistry registry,
      ManagementRouteProviderSettings settings,
      Function<Source, Route> action) {
    return optionalHeaderValueByName(
        "Authorization",
        auth -> {
          Optional<Source> found = registry.find();
          Optional<Route> refused =
              found.isEmpty()
                  ? Optional.of(starting())
                  : refusedChange(found.get(), auth, settings);
          return refused.isPresent()
              ? DrainedRefusal.route(refused::get)
              : action.apply(found.get());
        });
  }

  /** Why a change is refused (token, read-only management, switched off), or empty when allowed. */
  private static Optional<Route> refusedChange(
      Source s, Optional<String> auth, ManagementRouteProviderSettings settings) {
    Optional<Route> refused = refusal(s, auth);
    if (refused.isPresent()) {
      return refused;
    }
    if (settings.readOnly()) {
      return Optional.of(
          Problem.of(
                  403,
                  "Forbidden",
                  "management is read-only"
                      + " (pekko.management.http.route-providers-read-only = true)")
              .route());
    }
    if (!s.resetEnabled()) {
      return Optional.of(
          Problem.of(
                  403,
                  "Forbidden",
                  "runner-only route is disabled (quote.stats.reset-enabled = false)")
              .route());
    }
    return Optional.empty();
  }

  /**
   * The refusal of a request that does not present the runner's bearer token ({@value #TOKEN_KEY}):
   * 401 with a {@code WWW-Authenticate} challenge when it has none or a wrong one, 403 when no
   * token is configured; empty when the token is right.
   */
  static Optional<Route> refusal(Source s, Optional<String> authorization) {
    Optional<AdminToken.Refusal> refusal = s.token().check(authorization, TOKEN_KEY);
    if (refusal.isEmpty()) {
      return Optional.empty();
    }
    int status = refusal.get().status();
    HttpResponse r =
        Problem.of(status, status == 401 ? "Unauthorized" : "Forbidden", refusal.get().detail())
            .response();
    String challenge = refusal.get().challenge();
    return Optional.of(
        complete(
            challenge != null ? r.addHeader(RawHeader.create("WWW-Authenticate", challenge)) : r));
  }

  /**
   * Reads at most {@link #MAX_BODY_BYTES} of the body (Pekko's {@code withSizeLimit}) around {@code
   * inner}: a larger body is a 413 problem naming the body, what Pekko refuses while reading it (a
   * stalled body: 408) keeps its status with a problem; nothing changes either way. A body that
   * declares a larger length is discarded before its 413 ({@link DrainedRefusal}), so the client
   * still sending it reads the answer instead of a reset.
   */
  static Route limitedBody(java.util.function.Supplier<Route> inner) {
    return org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity(
        entity ->
            entity.getContentLengthOption().isPresent()
                    && entity.getContentLengthOption().getAsLong() > MAX_BODY_BYTES
                ? DrainedRefusal.route(() -> Problem.tooLarge(MAX_BODY_BYTES).route())
                : sizeLimited(inner));
  }

  private static Route sizeLimited(java.util.function.Supplier<Route> inner) {
    return org.apache.pekko.http.javadsl.server.Directives.handleExceptions(
        org.apache.pekko.http.javadsl.server.ExceptionHandler.newBuilder()
            .match(
                org.apache.pekko.http.scaladsl.model.EntityStreamSizeException.class,
                e -> Problem.tooLarge(MAX_BODY_BYTES).route())
            .match(
                org.apache.pekko.http.scaladsl.model.IllegalRequestException.class,
                e ->
                    new Problem(
                            Problem.of(e.status().intValue(), "Invalid request", "").type(),
                            "Invalid request",
                            e.status().intValue(),
                            "the request body could not be read",
                            "body")
                        .route())
            .build(),
        () -> org.apache.pekko.http.javadsl.server.Directives.withSizeLimit(MAX_BODY_BYTES, inner));
  }

  /** The answer of every management route of the node before it registered its source. */
  static Route starting() {
    return Problem.of(503, "Service Unavailable", "the node is starting").route();
  }
}
