package solventa.providerdouble.internal;

import static org.apache.pekko.http.javadsl.server.PathMatchers.segment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.AllDirectives;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.apache.pekko.http.scaladsl.model.IllegalRequestException;
import solventa.platform.AdminToken;
import solventa.platform.DrainedRefusal;
import solventa.providerdouble.BodyMode;
import solventa.providerdouble.CustomerUniverse;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.ErrorShares;
import solventa.providerdouble.Gap;
import solventa.providerdouble.HealthyTail;
import solventa.providerdouble.InvalidSettingException;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.Quota;

/**
 * The bench's admin API ({@code /admin/...}) and {@code /metrics}. Every change is validated before
 * it touches {@link DoubleState}, so a rejected call (400 naming the field) leaves the previous
 * settings in force. Changes ({@code PUT /admin/latency}, {@code PUT /admin/errors}, {@code PUT
 * /admin/body}, {@code PUT /admin/quota}, {@code PUT /admin/healthy-tail}, {@code POST
 * /admin/lag/reset}) need the admin token (401 without or wrong, 403 none configured) and take at
 * most {@value #MAX_BODY_BYTES} bytes of body (413 beyond); reads stay open on loopback.
 */
public final class AdminRoutes extends AllDirectives {

  private static final Set<String> LATENCY_FIELDS =
      Set.of("profile", "medianMs", "p99Ms", "afterMs");
  private static final Set<String> ERROR_FIELDS =
      Set.of("share429", "share504", "share529", "retryAfterSec");
  private static final Set<String> BODY_FIELDS = Set.of("mode");
  private static final Set<String> TAIL_FIELDS = Set.of("reading");
  private static final Set<String> QUOTA_FIELDS = Set.of("callsPerSecond");
  private static final Duration BODY_TIMEOUT = Duration.ofSeconds(2);

  /** Largest body a change accepts (a latency or errors change is a few dozen bytes). */
  public static final long MAX_BODY_BYTES = 4096;

  private final DoubleSettings settings;
  private final AdminToken token;
  private final CustomerUniverse universe;
  private final DoubleState state;
  private final LagRecorder lag;
  private final Counters counters;
  private final ClientQuota quota;

  public AdminRoutes(
      DoubleSettings settings,
      CustomerUniverse universe,
      DoubleState state,
      LagRecorder lag,
      Counters counters,
      ClientQuota quota) {
    this.settings = settings;
    this.token = AdminToken.of(settings.adminToken());
    this.universe = universe;
    this.state = state;
    this.lag = lag;
    this.counters = counters;
    this.quota = quota;
  }

  public Route route() {
    return concat(
        pathPrefix(
            "admin",
            () ->
                concat(
                    path("latency", () -> put(() -> authorized(() -> jsonBody(this::onLatency)))),
                    path("errors", () -> put(() -> authorized(() -> jsonBody(this::onErrors)))),
                    path("body", () -> put(() -> authorized(() -> jsonBody(this::onBody)))),
                    path("quota", () -> put(() -> authorized(() -> jsonBody(this::onQuota)))),
                    path(
                        "healthy-tail",
                        () -> put(() -> authorized(() -> jsonBody(this::onHealthyTail)))),
                    path("state", () -> get(() -> complete(ok(stateJson())))),
                    path("lag", () -> get(() -> complete(ok(lagJson())))),
                    path(
                        segment("lag").slash("reset"),
                        () ->
                            post(
                                () ->
                                    authorized(() -> limitedBody(e -> complete(ok(resetLag())))))),
                    path(
                        segment("customers").slash(segment()),
                        id -> get(() -> complete(customer(id)))))),
        path("metrics", () -> get(() -> complete(MetricsExposition.of(lag, state, counters)))));
  }

  /**
   * Changes need {@code Authorization: Bearer <provider-double.admin-token>}: 401 without a bearer
   * token or with a wrong one, 403 with none configured (changes switched off), as every server of
   * the lab guards its changes ({@link AdminToken}). Reads stay open (loopback only). Checked
   * before any body is read, so a refusal discards the body before it answers ({@link
   * DrainedRefusal}).
   */
  private Route authorized(java.util.function.Supplier<Route> inner) {
    return optionalHeaderValueByName(
        "Authorization",
        auth ->
            token
                .check(auth, "provider-double.admin-token")
                .map(r -> DrainedRefusal.route(() -> complete(refusal(r))))
                .orElseGet(inner));
  }

  private static HttpResponse refusal(AdminToken.Refusal r) {
    HttpResponse problem =
        Responses.problem(
            r.status(),
            r.status() == 401 ? "Unauthorized" : "Forbidden",
            "Authorization",
            r.detail());
    return r.challenge() == null
        ? problem
        : problem.addHeader(
            org.apache.pekko.http.javadsl.model.headers.RawHeader.create(
                "WWW-Authenticate", r.challenge()));
  }

  /**
   * The request's whole body, at most {@value #MAX_BODY_BYTES} bytes: Pekko's {@code withSizeLimit}
   * fails the read of a larger one (declared or streamed), answered 413 with a problem naming the
   * body, and one that stalls past {@code BODY_TIMEOUT} is a 408; nothing changes. Read without
   * blocking (the entity completes {@code inner} when it is in).
   */
  private Route limitedBody(Function<HttpEntity.Strict, Route> inner) {
    return handleExceptions(
        ExceptionHandler.newBuilder()
            .match(EntityStreamSizeException.class, e -> complete(tooLarge()))
            .match(IllegalRequestException.class, e -> complete(illegalBody(e)))
            .build(),
        () -> withSizeLimit(MAX_BODY_BYTES, () -> extractStrictEntity(BODY_TIMEOUT, inner)));
  }

  /**
   * What Pekko refuses while reading the body — a body that stalls past {@code BODY_TIMEOUT} (408),
   * a broken chunked encoding (400) — keeps its status and gets a problem naming the body.
   */
  private static HttpResponse illegalBody(IllegalRequestException e) {
    int status = e.status().intValue();
    return Responses.problem(status, e.status().reason(), "body", e.info().summary());
  }

  static HttpResponse tooLarge() {
    return Responses.problem(
        413, "Payload Too Large", "body", "the request body exceeds " + MAX_BODY_BYTES + " bytes");
  }

  private Route jsonBody(Function<JsonNode, HttpResponse> handler) {
    return limitedBody(
        entity -> {
          JsonNode body;
          try {
            body = Responses.MAPPER.readTree(entity.getData().toArray());
          } catch (IOException e) {
            return complete(
                Responses.problem(
                    400,
                    "Malformed JSON",
                    "body",
                    "the body is not JSON: "
                        + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                            ? j.getOriginalMessage()
                            : e.getMessage())));
          }
          if (body == null || !body.isObject()) {
            return complete(
                Responses.problem(400, "Malformed JSON", "body", "the body must be a JSON object"));
          }
          try {
            return complete(handler.apply(body));
          } catch (InvalidSettingException e) {
            return complete(
                Responses.problem(400, "Invalid admin parameter", e.field(), e.getMessage()));
          }
        });
  }

  private HttpResponse onLatency(JsonNode body) {
    rejectUnknown(body, LATENCY_FIELDS);
    boolean named = body.has("profile");
    boolean explicit = body.has("medianMs") || body.has("p99Ms");
    if (named == explicit) {
      throw new InvalidSettingException(
          "profile", body.get("profile"), "give either profile or medianMs and p99Ms");
    }
    LatencyProfile profile;
    if (named) {
      JsonNode p = body.get("profile");
      if (!p.isTextual()) {
        throw new InvalidSettingException("profile", p, "must be healthy, slow or degraded");
      }
      profile = LatencyProfile.require("profile", p.asText().toLowerCase(Locale.ROOT));
    } else {
      profile = LatencyProfile.custom(number(body, "medianMs"), number(body, "p99Ms"));
    }
    long afterMs = 0;
    if (body.has("afterMs")) {
      JsonNode a = body.get("afterMs");
      if (!a.canConvertToLong() || !a.isIntegralNumber() || a.asLong() < 0) {
        throw new InvalidSettingException("afterMs", a, "must be a whole number of ms >= 0");
      }
      afterMs = a.asLong();
    }
    state.setProfile(profile, afterMs);
    return ok(stateJson());
  }

  private HttpResponse onErrors(JsonNode body) {
    rejectUnknown(body, ERROR_FIELDS);
    ErrorShares errors =
        new ErrorShares(
            optionalNumber(body, "share429"),
            optionalNumber(body, "share504"),
            optionalNumber(body, "share529"),
            retryAfterSec(body));
    state.setErrors(errors);
    return ok(stateJson());
  }

  private static int retryAfterSec(JsonNode body) {
    JsonNode n = body.get("retryAfterSec");
    if (n == null) {
      return ErrorShares.DEFAULT_RETRY_AFTER_SEC;
    }
    if (!n.isIntegralNumber() || !n.canConvertToInt()) {
      throw new InvalidSettingException(
          "retryAfterSec", n, "must be whole seconds in 0.." + ErrorShares.MAX_RETRY_AFTER_SEC);
    }
    return n.asInt();
  }

  private HttpResponse onBody(JsonNode body) {
    rejectUnknown(body, BODY_FIELDS);
    JsonNode m = body.get("mode");
    BodyMode mode = m != null && m.isTextual() ? BodyMode.named(m.asText()).orElse(null) : null;
    if (mode == null) {
      throw new InvalidSettingException(
          "mode", m, "must be contract, wrong-schema or renamed-sections");
    }
    state.setBodyMode(mode);
    return ok(stateJson());
  }

  /**
   * The provider's quota per client credential from now on: {@code {"callsPerSecond": N}} (0: off);
   * every credential starts afresh.
   */
  private HttpResponse onQuota(JsonNode body) {
    rejectUnknown(body, QUOTA_FIELDS);
    JsonNode n = body.get("callsPerSecond");
    if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
      throw new InvalidSettingException(
          "callsPerSecond",
          n,
          "must be whole calls a second in 0.." + Quota.MAX_CALLS_PER_SECOND + " (0: no quota)");
    }
    quota.set(Quota.require("callsPerSecond", n, n.asLong()));
    return ok(stateJson());
  }

  /** How the healthy "tail up to 200 ms" is read from now on: {@code {"reading": "p95"}}. */
  private HttpResponse onHealthyTail(JsonNode body) {
    rejectUnknown(body, TAIL_FIELDS);
    JsonNode r = body.get("reading");
    if (r == null || !r.isTextual()) {
      throw new InvalidSettingException("reading", r, "must be p99 or p95");
    }
    state.setHealthyTail(HealthyTail.require("reading", r.asText()));
    return ok(stateJson());
  }

  private ObjectNode resetLag() {
    lag.reset();
    return lagJson();
  }

  private HttpResponse customer(String id) {
    return universe
        .find(id)
        .map(
            c -> {
              ObjectNode body = Responses.MAPPER.createObjectNode();
              body.put("customerId", c.id());
              body.put("complete", c.complete());
              var gaps = body.putArray("gaps");
              for (Gap g : c.gaps()) {
                gaps.addObject().put("gap", g.name()).put("path", g.path());
              }
              return Responses.json(StatusCodes.OK, body);
            })
        .orElseGet(
            () ->
                Responses.problem(
                    400, "Unknown customer", "customerId", "'" + id + "' is not in the universe"));
  }

  private ObjectNode stateJson() {
    DoubleState.Snapshot s = state.snapshot();
    ObjectNode body = Responses.MAPPER.createObjectNode();
    body.set("latency", profileJson(s.profile()));
    if (s.pending() == null) {
      body.putNull("pending");
    } else {
      ObjectNode pending = profileJson(s.pending().profile());
      pending.put(
          "dueInMs",
          Math.max(0, TimeUnit.NANOSECONDS.toMillis(s.pending().dueAtNanos() - System.nanoTime())));
      body.set("pending", pending);
    }
    ObjectNode errors = body.putObject("errors");
    errors.put("share429", s.errors().share429());
    errors.put("share504", s.errors().share504());
    errors.put("share529", s.errors().share529());
    errors.put("retryAfterSec", s.errors().retryAfterSec());
    ClientQuota.Snapshot q = quota.snapshot();
    body.putObject("quota")
        .put("callsPerSecond", q.callsPerSecond())
        .put("refusedSinceChange", q.refusedSinceChange())
        .put("credentials", q.credentials());
    body.put("body", s.bodyMode().configName());
    body.put("healthyTail", s.healthyTail().configName());
    body.put("requestsSinceLatencyChange", s.requestsSinceLatencyChange());
    body.put("requestsSinceErrorsChange", s.requestsSinceErrorsChange());
    body.put("seed", settings.seed());
    body.put("universe", settings.universe());
    body.put("incompleteShare", settings.incompleteShare());
    return body;
  }

  private static ObjectNode profileJson(LatencyProfile p) {
    ObjectNode node = Responses.MAPPER.createObjectNode();
    node.put("profile", p.name());
    node.put("medianMs", p.medianMs());
    node.put("p99Ms", p.p99Ms());
    return node;
  }

  private ObjectNode lagJson() {
    LagRecorder.Summary s = lag.summary();
    ObjectNode body = Responses.MAPPER.createObjectNode();
    body.put("count", s.count());
    body.put("p50Ms", s.p50Ms());
    body.put("p99Ms", s.p99Ms());
    body.put("maxMs", s.maxMs());
    return body;
  }

  private static HttpResponse ok(ObjectNode body) {
    return Responses.json(StatusCodes.OK, body);
  }

  private static void rejectUnknown(JsonNode body, Set<String> known) {
    for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        throw new InvalidSettingException(name, body.get(name), "unknown field; known: " + known);
      }
    }
  }

  private static double number(JsonNode body, String field) {
    JsonNode n = body.get(field);
    if (n == null || !n.isNumber()) {
      throw new InvalidSettingException(field, n, "must be a number");
    }
    return n.asDouble();
  }

  private static double optionalNumber(JsonNode body, String field) {
    return body.has(field) ? number(body, field) : 0.0;
  }
}
