package solventa.adapter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.AllDirectives;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.management.javadsl.ManagementRouteProvider;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.InvalidAdapterConfigException;
import solventa.adapter.model.Transition;
import solventa.platform.AdminToken;
import solventa.platform.DrainedRefusal;

/**
 * Breaker inspection over Pekko Management HTTP, registered in reference.conf as {@code
 * pekko.management.http.routes.of-adapter}; Management constructs it with the actor system and
 * finds adapters through {@link AdapterRegistry}.
 *
 * <ul>
 *   <li>{@code GET /of-adapter/providers/<name>}: the {@link AdapterSnapshot} as JSON (404 for an
 *       unknown provider).
 *   <li>{@code POST /of-adapter/providers/<name>/force-open} and {@code .../force-close}: only with
 *       {@code Authorization: Bearer <of-adapter.management.token>} (401 without a token or with a
 *       wrong one, 403 with none configured), with a body of at most {@value #MAX_BODY_BYTES} bytes
 *       (they take none; 413 beyond, checked by Pekko's {@code withSizeLimit}), when {@code
 *       of-adapter.management.allow-force = true} and management is not read-only; otherwise 403
 *       with the reason. Answers the snapshot after the change.
 *   <li>{@code POST /of-adapter/providers/<name>/breaker?policy=count|rate[&consecutive-failures=N]
 *       [&minimum-calls=M][&failure-rate-threshold=P][&window=SECONDS][&reset-timeout=MS]
 *       [&half-open-probes=K]} (experiments only): the same guard as the force routes, then {@link
 *       OfAdapter#reconfigureBreaker} with those settings (a parameter left out keeps its current
 *       value, see {@link BreakerSettingsQuery}); 400 with a problem naming the parameter and its
 *       value when one is unknown or cannot run, 409 for a provider without a breaker (policy
 *       {@code none}). Answers the snapshot after the change.
 * </ul>
 *
 * Every refusal is a problem body ({@code application/problem+json}: type, title, status, detail,
 * and the field at fault where there is one). The token is checked at start ({@link
 * AdapterSettings#managementToken}): a weak one refuses Management's start, naming the setting.
 */
public final class BreakerManagementRoutes extends AllDirectives
    implements ManagementRouteProvider {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  /** The setting that holds the bearer token of the force routes. */
  public static final String TOKEN_KEY = "of-adapter.management.token";

  /** Largest body a mutating route accepts (they take none). */
  public static final long MAX_BODY_BYTES = 4096;

  /** How long a mutating route waits for its (small) body. */
  private static final java.time.Duration BODY_TIMEOUT = java.time.Duration.ofSeconds(2);

  private static final org.apache.pekko.http.javadsl.model.ContentType PROBLEM_JSON =
      org.apache.pekko.http.javadsl.model.MediaTypes.applicationWithFixedCharset(
              "problem+json", org.apache.pekko.http.javadsl.model.HttpCharsets.UTF_8)
          .toContentType();

  private final AdapterRegistry registry;
  private final boolean allowForce;
  private final AdminToken token;

  public BreakerManagementRoutes(ExtendedActorSystem system) {
    this(
        AdapterRegistry.get(system),
        system.settings().config().getBoolean("of-adapter.management.allow-force"),
        AdapterSettings.managementToken(
            TOKEN_KEY, system.settings().config().getString(TOKEN_KEY)));
  }

  BreakerManagementRoutes(AdapterRegistry registry, boolean allowForce, AdminToken token) {
    this.registry = registry;
    this.allowForce = allowForce;
    this.token = token;
  }

  @Override
  public Route routes(ManagementRouteProviderSettings settings) {
    return pathPrefix(
        "of-adapter",
        () ->
            pathPrefix(
                "providers",
                () ->
                    pathPrefix(
                        PathMatchers.segment(), name -> provider(name, settings.readOnly()))));
  }

  private Route provider(String name, boolean readOnly) {
    return concat(
        pathEndOrSingleSlash(() -> get(() -> withAdapter(name, BreakerManagementRoutes::snapshot))),
        path("force-open", () -> post(() -> forced(name, readOnly, OfAdapter::forceOpen))),
        path("force-close", () -> post(() -> forced(name, readOnly, OfAdapter::forceClose))),
        path(
            "breaker",
            () ->
                post(
                    () ->
                        parameterMap(
                            query -> guarded(name, readOnly, a -> reconfigure(a, query))))));
  }

  private Route forced(String name, boolean readOnly, Consumer<OfAdapter> action) {
    return guarded(
        name,
        readOnly,
        a -> {
          action.accept(a);
          return snapshot(a);
        });
  }

  /**
   * The breaker settings {@code query} asks for, then the snapshot; a problem naming the parameter
   * for settings that cannot run (400), 409 when the adapter has no breaker to reconfigure.
   */
  private static HttpResponse reconfigure(OfAdapter adapter, Map<String, String> query) {
    BreakerSettings current = adapter.breakerSettings();
    if (current.policy() == BreakerPolicy.NONE) {
      return noBreaker(adapter);
    }
    BreakerSettings next;
    try {
      next = BreakerSettingsQuery.parse(query, current);
    } catch (InvalidAdapterConfigException e) {
      return problem(StatusCodes.BAD_REQUEST, e.key(), e.getMessage());
    }
    try {
      adapter.reconfigureBreaker(next);
    } catch (IllegalStateException e) {
      return noBreaker(adapter);
    }
    return snapshot(adapter);
  }

  private static HttpResponse noBreaker(OfAdapter adapter) {
    return problem(
        StatusCodes.CONFLICT,
        "provider "
            + adapter.provider()
            + " runs without a breaker (policy none): no breaker to reconfigure");
  }

  /** The token, the body limit, then {@link #authorizedForce}: what guards every mutating route. */
  private Route guarded(String name, boolean readOnly, Function<OfAdapter, HttpResponse> action) {
    return optionalHeaderValueByName(
        "Authorization",
        auth ->
            token
                .check(auth, TOKEN_KEY)
                .map(r -> DrainedRefusal.route(() -> complete(refused(r))))
                .orElseGet(() -> limitedBody(() -> authorizedForce(name, readOnly, action))));
  }

  /**
   * Reads the request's body, at most {@value #MAX_BODY_BYTES} bytes (Pekko's {@code
   * withSizeLimit}: a declared or streamed body beyond it fails the read), then runs {@code inner};
   * a larger body is answered 413 with a problem, what Pekko refuses while reading it (a body
   * stalling past {@code BODY_TIMEOUT}: 408) keeps its status; all with a problem naming the body,
   * and none changes anything. Asynchronous: no thread waits for the body.
   */
  private Route limitedBody(java.util.function.Supplier<Route> inner) {
    return handleExceptions(
        org.apache.pekko.http.javadsl.server.ExceptionHandler.newBuilder()
            .match(
                org.apache.pekko.http.scaladsl.model.EntityStreamSizeException.class,
                e -> complete(tooLarge()))
            .match(
                org.apache.pekko.http.scaladsl.model.IllegalRequestException.class,
                e ->
                    complete(
                        problem(
                            StatusCodes.get(e.status().intValue()), "body", e.info().summary())))
            .build(),
        () ->
            withSizeLimit(
                MAX_BODY_BYTES, () -> extractStrictEntity(BODY_TIMEOUT, e -> inner.get())));
  }

  static HttpResponse tooLarge() {
    return problem(
        StatusCodes.PAYLOAD_TOO_LARGE,
        "body",
        "the request body exceeds " + MAX_BODY_BYTES + " bytes (this route takes none)");
  }

  /** 401 carries the challenge; 403 does not. */
  private static HttpResponse refused(AdminToken.Refusal r) {
    HttpResponse response = problem(StatusCodes.get(r.status()), "Authorization", r.detail());
    return r.challenge() != null
        ? response.addHeader(
            org.apache.pekko.http.javadsl.model.headers.RawHeader.create(
                "WWW-Authenticate", r.challenge()))
        : response;
  }

  private Route authorizedForce(
      String name, boolean readOnly, Function<OfAdapter, HttpResponse> action) {
    if (readOnly) {
      return complete(
          problem(
              StatusCodes.FORBIDDEN,
              "management is read-only (pekko.management.http.route-providers-read-only = true)"));
    }
    if (!allowForce) {
      return complete(
          problem(
              StatusCodes.FORBIDDEN,
              "forcing is disabled (of-adapter.management.allow-force = false)"));
    }
    return withAdapter(name, action);
  }

  private Route withAdapter(String name, Function<OfAdapter, HttpResponse> action) {
    Optional<OfAdapter> adapter = registry.find(name);
    if (adapter.isEmpty()) {
      return complete(problem(StatusCodes.NOT_FOUND, "no adapter for provider " + name));
    }
    return complete(action.apply(adapter.get()));
  }

  private static HttpResponse snapshot(OfAdapter adapter) {
    return json(StatusCodes.OK, toJson(adapter.snapshot()));
  }

  /** The snapshot as a JSON-ready map; transition times in ISO-8601 UTC. */
  static Map<String, Object> toJson(AdapterSnapshot s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("provider", s.provider());
    m.put("policy", s.policy());
    m.put("state", s.state().name());
    m.put("outcomes", s.outcomes());
    m.put("lastTimeToOpenMs", s.lastTimeToOpenMs());
    m.put("consecutiveFailures", s.consecutiveFailures());
    m.put("failureRateThreshold", s.failureRateThreshold());
    m.put("windowMs", s.windowMs());
    m.put("minimumCalls", s.minimumCalls());
    m.put("resetTimeoutMs", s.resetTimeoutMs());
    m.put("halfOpenProbes", s.halfOpenProbes());
    m.put("duplicateCalls", s.duplicateCalls());
    Map<String, Object> pool = new LinkedHashMap<>();
    pool.put("inFlight", s.inFlight());
    pool.put("maxInFlight", s.maxInFlight());
    pool.put("poolSize", s.poolSize());
    pool.put("queued", s.queued());
    pool.put("rejected", s.rejected());
    m.put("pool", pool);
    List<Map<String, String>> transitions = new ArrayList<>();
    for (Transition t : s.transitions()) {
      transitions.add(
          Map.of("from", t.from().name(), "to", t.to().name(), "at", t.at().toString()));
    }
    m.put("transitions", transitions);
    return m;
  }

  private static HttpResponse problem(StatusCode status, String detail) {
    return problem(status, null, detail);
  }

  /** An RFC 9457 problem; {@code field} (the header or part at fault) may be null. */
  private static HttpResponse problem(StatusCode status, String field, String detail) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", "about:blank");
    body.put("title", status.reason());
    body.put("status", status.intValue());
    body.put("detail", detail);
    if (field != null) {
      body.put("field", field);
    }
    try {
      return HttpResponse.create()
          .withStatus(status)
          .withEntity(PROBLEM_JSON, JSON.writeValueAsBytes(body));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a problem is serialisable", e);
    }
  }

  private static HttpResponse json(StatusCode status, Map<String, Object> body) {
    try {
      return HttpResponse.create()
          .withStatus(status)
          .withEntity(ContentTypes.APPLICATION_JSON, JSON.writeValueAsBytes(body));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("snapshot is not serialisable", e);
    }
  }
}
