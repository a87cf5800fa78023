package solventa.adapter.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.event.Logging;
import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.HttpsConnectionContext;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.settings.ConnectionPoolSettings;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.apache.pekko.stream.BufferOverflowException;
import org.apache.pekko.stream.Materializer;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.ProviderSettings;
import solventa.signals.SignalRequirement;

/**
 * The HTTP leg of one provider over Pekko HTTP's host connection pool, configured so that a call
 * the provider never answers gives its connection back:
 *
 * <ul>
 *   <li>{@code client.idle-timeout = timeout}: a connection with no bytes moving for the hard
 *       timeout is closed by the pool itself, which frees the slot. Pekko's default (60 s) is what
 *       would otherwise keep an unanswered slot busy.
 *   <li>{@code max-retries = 0}: the GET is idempotent, so by default the pool would retry it 5
 *       times on the same slot after each idle-timeout, holding it for minutes.
 *   <li>the body is read with {@code toStrict(remaining time)}: a response whose body stalls after
 *       its headers is cancelled at the deadline, which also closes its connection.
 * </ul>
 *
 * Bound: a connection is released at most ~{@code timeout} + the idle check interval (~100 ms)
 * after the last byte the provider sent on it. The caller's result does not wait for that: the
 * adapter completes it at the deadline. {@link #exchange} itself completes when the pool is done
 * with the request, which is what the bulkhead's in-flight count tracks.
 */
public final class ProviderClient {
  /** Bodies above this are refused as malformed (a profile bundle is a few KB). */
  static final long MAX_BODY_BYTES = 1 << 20;

  /** Cap of the pool's reconnect backoff: Pekko's default (2 min) would outlast a recovery. */
  static final Duration MAX_CONNECTION_BACKOFF = Duration.ofMillis(500);

  static final String PROFILE_PATH = "/open-banking/profile-bundle/v1/customers/";

  private final ActorSystem<?> system;
  private final ProviderSettings settings;
  private final Executor work;
  private final Clock clock;
  private final Http http;
  private final HttpsConnectionContext tls;
  private final ConnectionPoolSettings pool;
  private final LoggingAdapter log;
  private final Materializer mat;
  private final String base;
  private final ThrottleHold hold;

  private final SignalRequirement required;

  /**
   * @param required what a translated profile must hold, or the body is {@code MALFORMED}
   * @param work the provider's own dispatcher: parsing and translation run there
   * @param hold where a 429's or 503's {@code Retry-After} is recorded
   */
  public ProviderClient(
      ActorSystem<?> system,
      ProviderSettings settings,
      SignalRequirement required,
      Executor work,
      Clock clock,
      ThrottleHold hold) {
    this.system = system;
    this.required = required;
    this.hold = hold;
    this.settings = settings;
    this.work = work;
    this.clock = clock;
    this.http = Http.get(system);
    this.tls = http.defaultClientHttpsContext();
    this.pool = poolSettings(system, settings);
    this.log = Logging.getLogger(system.classicSystem(), ProviderClient.class);
    this.mat = Materializer.matFromSystem(system);
    String url = settings.baseUrl().toString();
    this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /** The pool settings that make this provider's bulkhead and free timed-out connections. */
  static ConnectionPoolSettings poolSettings(ActorSystem<?> system, ProviderSettings s) {
    ConnectionPoolSettings defaults = ConnectionPoolSettings.create(system.classicSystem());
    int maxConnections = s.pool().maxConnections();
    return defaults
        .withMaxConnections(maxConnections)
        // the adapter queues itself and never hands the pool more than maxConnections requests;
        // room for twice that only absorbs slots that are still closing (must be a power of 2)
        .withMaxOpenRequests(Integer.highestOneBit(Math.max(1, 2 * maxConnections - 1)) << 1)
        .withMaxRetries(0)
        .withMaxConnectionBackoff(MAX_CONNECTION_BACKOFF)
        .withConnectionSettings(defaults.getConnectionSettings().withIdleTimeout(s.timeout()));
  }

  public String uriFor(String customerId) {
    return base + PROFILE_PATH + URLEncoder.encode(customerId, StandardCharsets.UTF_8);
  }

  /**
   * Sends one request. Completes — never exceptionally — when the pool no longer holds it: with the
   * classified result (latency not yet filled in: the adapter measures from the caller's start).
   *
   * @param deadlineNanos {@link System#nanoTime()} at which the call's hard timeout expires
   */
  public CompletionStage<FetchResult> exchange(String customerId, long deadlineNanos) {
    CompletionStage<HttpResponse> response;
    try {
      response = http.singleRequest(HttpRequest.GET(uriFor(customerId)), tls, pool, log);
    } catch (RuntimeException e) {
      response = CompletableFuture.failedFuture(e);
    }
    // explicit executors: the pool's stages come from Scala's future converters, whose plain
    // thenCompose would run on the JDK common pool (a new thread per call when its parallelism
    // is 1). Taking the body is cheap: do it where the response arrived; parse on the provider's
    // dispatcher.
    return response
        .thenComposeAsync(resp -> body(resp, deadlineNanos), Runnable::run)
        .thenApplyAsync(body -> classify(customerId, body), work)
        .handle((r, e) -> e == null ? r : failure(e));
  }

  /**
   * @param retryAfter the raw {@code Retry-After} value, or null
   */
  private record Body(int status, org.apache.pekko.util.ByteString data, String retryAfter) {}

  /**
   * The whole body. A body that arrived whole (a {@code Strict} entity, the usual case for a
   * profile of a few KB) is taken as it is: Pekko's {@code toStrict} would materialize a stream for
   * it all the same. Otherwise it is read with the call's remaining time.
   */
  private CompletionStage<Body> body(HttpResponse resp, long deadlineNanos) {
    int status = resp.status().intValue();
    String retryAfter =
        ThrottleHold.honoursRetryAfter(status)
            ? resp.getHeader("Retry-After").map(h -> h.value()).orElse(null)
            : null;
    if (resp.entity() instanceof org.apache.pekko.http.javadsl.model.HttpEntity.Strict strict) {
      if (strict.getData().size() > MAX_BODY_BYTES) {
        return CompletableFuture.failedFuture(
            new EntityStreamSizeException(
                MAX_BODY_BYTES, scala.Option.apply((Object) (long) strict.getData().size())));
      }
      return CompletableFuture.completedFuture(new Body(status, strict.getData(), retryAfter));
    }
    return resp.entity()
        .toStrict(remainingMillis(deadlineNanos), MAX_BODY_BYTES, mat)
        .thenApplyAsync(s -> new Body(status, s.getData(), retryAfter), Runnable::run);
  }

  private static long remainingMillis(long deadlineNanos) {
    return Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000);
  }

  private FetchResult classify(String customerId, Body answer) {
    int status = answer.status();
    org.apache.pekko.util.ByteString body = answer.data();
    if (status == 200) {
      try {
        return new FetchResult.Fetched(
            ProfileTranslator.translate(customerId, body.toArray(), clock.instant(), required),
            Duration.ZERO);
      } catch (MalformedPayloadException e) {
        return failed(FailureKind.MALFORMED, e.getMessage());
      }
    }
    String code = errorCode(body.toArray());
    FailureKind kind = statusKind(status, code);
    String held =
        answer.retryAfter() == null
            ? ""
            : hold.retryAfter(answer.retryAfter())
                .map(until -> "; Retry-After " + answer.retryAfter() + ": no call before " + until)
                .orElse("");
    return failed(
        kind,
        "provider answered HTTP "
            + status
            + (code == null ? "" : " " + code)
            + (kind == FailureKind.NOT_FOUND ? " (no unknown-customer code)" : "")
            + held);
  }

  /**
   * Open Finance error codes meaning the provider does not know the customer: the double answers
   * {@code CLIENTE_DESCONHECIDO} for a well-formed id outside its universe and {@code
   * PARAMETRO_INVALIDO} for a malformed one (the only parameter sent is the customer id). The
   * generic {@code NAO_ENCONTRADO} is not one: it names no customer, and a wrong path answered in
   * the Open Finance shape carries it just as well.
   */
  static final Set<String> UNKNOWN_CUSTOMER_CODES =
      Set.of("CLIENTE_DESCONHECIDO", "PARAMETRO_INVALIDO");

  /** Statuses on which an unknown-customer code is read as that business answer. */
  private static final Set<Integer> UNKNOWN_CUSTOMER_STATUSES = Set.of(400, 404, 422);

  /**
   * What a non-200 answer means (docs/adapter.md, failure classification). The id sent is always of
   * the provider's format and one path segment ({@code CustomerIdFormat}), so a 404 is about the
   * customer, never about a path a client chose:
   *
   * <ul>
   *   <li>429, 529: {@code THROTTLED} (a failure);
   *   <li>400, 404 or 422 with an unknown-customer code ({@link #UNKNOWN_CUSTOMER_CODES}): {@code
   *       UNKNOWN_CUSTOMER} (a business answer);
   *   <li>403 or 422 with a consent code (one containing {@code CONSENT}): {@code NO_CONSENT} (a
   *       business answer);
   *   <li>any other 404: {@code NOT_FOUND}, a business answer (unknown customer) counted apart, so
   *       that a wrong base URL, which answers 404 for everyone, shows in the outcomes without any
   *       client being able to open the breaker;
   *   <li>anything else: {@code HTTP_STATUS} (a failure). A 4xx we cannot read as a business answer
   *       may be our own request or credentials gone wrong, which affects every customer.
   * </ul>
   *
   * @param code the first Open Finance error code of the body, or null
   */
  public static FailureKind statusKind(int status, String code) {
    if (status == 429 || status == 529) {
      return FailureKind.THROTTLED;
    }
    if (UNKNOWN_CUSTOMER_STATUSES.contains(status)
        && code != null
        && UNKNOWN_CUSTOMER_CODES.contains(code)) {
      return FailureKind.UNKNOWN_CUSTOMER;
    }
    if ((status == 403 || status == 422) && code != null && code.contains("CONSENT")) {
      return FailureKind.NO_CONSENT;
    }
    if (status == 404) {
      return FailureKind.NOT_FOUND;
    }
    return FailureKind.HTTP_STATUS;
  }

  /** What a non-200 answer with this body means: {@link #statusKind} of its error code. */
  static FailureKind kindOf(int status, byte[] body) {
    return statusKind(status, errorCode(body));
  }

  /** The body's {@code errors[0].code} (Open Finance's error shape), or null if it has none. */
  static String errorCode(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try {
      JsonNode code = ERRORS.readTree(body).path("errors").path(0).path("code");
      // a code is a short upper-case token; anything else is not read as one
      return code.isTextual() && code.asText().matches("[A-Z0-9_]{1,64}") ? code.asText() : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static final ObjectMapper ERRORS = new ObjectMapper();

  /** Maps what the pool or the entity stream failed with; see docs/adapter.md. */
  public static FetchResult failure(Throwable e) {
    Throwable cause = e;
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof TimeoutException) {
      return failed(FailureKind.TIMEOUT, String.valueOf(cause.getMessage()));
    }
    if (cause instanceof BufferOverflowException) {
      return failed(FailureKind.BULKHEAD_REJECTED, String.valueOf(cause.getMessage()));
    }
    // a body over the limit fails while streaming (EntityStreamSizeException) or, when its
    // Content-Length already says so, up front ("too large"); both are the provider's fault
    if (cause instanceof EntityStreamSizeException
        || cause instanceof org.apache.pekko.http.scaladsl.model.EntityStreamException
            && String.valueOf(cause.getMessage()).contains("too large")) {
      return failed(FailureKind.MALFORMED, "body larger than " + MAX_BODY_BYTES + " bytes");
    }
    return failed(
        FailureKind.CONNECTION, cause.getClass().getSimpleName() + ": " + cause.getMessage());
  }

  private static FetchResult failed(FailureKind kind, String detail) {
    return new FetchResult.Failed(kind, detail, Duration.ZERO);
  }

  public ProviderSettings settings() {
    return settings;
  }

  ActorSystem<?> system() {
    return system;
  }
}
