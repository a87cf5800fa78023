package solventa.quote.api;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.completeWithFuture;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.handleExceptions;
import static org.apache.pekko.http.javadsl.server.Directives.handleRejections;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.Directives.withRequestTimeoutResponse;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.pekko.actor.ClassicActorSystemProvider;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpCharset;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RetryAfter;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.RejectionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.apache.pekko.japi.function.Function;
import solventa.quote.domain.QuoteRequest;
import solventa.quote.domain.QuoteService;
import solventa.quote.stats.QuoteEvent;
import solventa.quote.stats.ShedCause;
import solventa.rating.model.InvalidQuoteInput;

/**
 * The quote API: {@code POST /v1/quotes}, {@code GET /health}, {@code GET /ready}. Errors are
 * mapped here, once: a bad body is a 400 problem naming the field, an oversized one a 413, a failed
 * quote's cause ({@link solventa.quote.domain.QuoteFailure}) the problem {@link
 * Problem#of(solventa.quote.domain.QuoteFailure)} gives it (a provider failure a 504/503, a shed a
 * 503 with {@code Retry-After}); never a stack trace. The server binds {@link #handler}, which
 * answers the hot request, {@code POST /v1/quotes}, without the routing DSL and hands every other
 * request to {@link #routes()}.
 */
public final class QuoteRoutes {
  /** What an overloaded node asks the partner to wait before retrying, in seconds. */
  static final int RETRY_AFTER_SECONDS = 1;

  private static final String QUOTES_PATH = "/v1/quotes";

  private final QuoteService service;
  private final long maxBody;
  private final Duration bodyTimeout;
  private final BooleanSupplier ready;
  private final BooleanSupplier draining;
  private final int maxInFlight;
  private final AtomicInteger inFlight = new AtomicInteger();

  /**
   * @param maxBody {@code quote.http.max-body}: a larger body is answered 413
   * @param bodyTimeout {@code quote.http.body-timeout}: a body still streaming this long after its
   *     head is answered 408 ({@link BodyDeadline})
   * @param ready whether {@code GET /ready} answers READY
   * @param draining whether the node is shutting down ({@code GET /ready} answers DRAINING)
   * @param maxInFlight quotes this node works on at once ({@code quote.http.max-in-flight}); one
   *     more is answered at once with 503 and {@code Retry-After}, so that neither latency nor
   *     memory grows without bound under overload
   */
  public QuoteRoutes(
      QuoteService service,
      long maxBody,
      Duration bodyTimeout,
      BooleanSupplier ready,
      BooleanSupplier draining,
      int maxInFlight) {
    this.service = service;
    this.maxBody = maxBody;
    this.bodyTimeout = bodyTimeout;
    this.ready = ready;
    this.draining = draining;
    this.maxInFlight = maxInFlight;
  }

  /** Quotes being worked on now (admitted, not yet answered). */
  public int inFlight() {
    return inFlight.get();
  }

  /**
   * The server's request handler. A {@code POST /v1/quotes} whose body is already in memory (the
   * usual case: a small body arrives with its headers) and within {@code max-body} goes straight to
   * {@link #answer}, without the routing DSL: no directive closures, no route futures, the answer
   * completes on the thread that finishes the quote, a hop less per quote. Every other request —
   * other paths and methods, a streamed, oversized or non-UTF-8 body — goes through {@link
   * #routes()}, which answers it as before; both paths share {@link #answer}, so a quote is
   * answered the same either way. A quote whose body is still streaming is first read into memory
   * within {@code quote.http.body-timeout} ({@link BodyDeadline}: 408 when it does not arrive).
   */
  public Function<HttpRequest, CompletionStage<HttpResponse>> handler(
      ClassicActorSystemProvider system) {
    Function<HttpRequest, CompletionStage<HttpResponse>> inMemory = inMemoryHandler(system);
    return request ->
        isQuotePost(request) && !(request.entity() instanceof HttpEntity.Strict)
            ? BodyDeadline.read(request, bodyTimeout, maxBody, system, inMemory)
            : inMemory.apply(request);
  }

  // every request whose body is in memory (or that is not a quote)
  private Function<HttpRequest, CompletionStage<HttpResponse>> inMemoryHandler(
      ClassicActorSystemProvider system) {
    Function<HttpRequest, CompletionStage<HttpResponse>> dsl = routes().handler(system);
    return request -> {
      String body = inMemoryQuoteBody(request);
      if (body == null) {
        return dsl.apply(request);
      }
      // what withRequestTimeoutResponse does in routes()
      request
          .getHeader(org.apache.pekko.http.javadsl.model.headers.TimeoutAccess.class)
          .ifPresent(t -> t.timeoutAccess().updateHandler(this::timedOut));
      return answer(body);
    };
  }

  /** The routing DSL for every route of the quote API (the handler's fallback). */
  public Route routes() {
    return withRequestTimeoutResponse(
        this::timedOut,
        () ->
            handleRejections(
                rejections(),
                () ->
                    handleExceptions(exceptions(), () -> concat(quotes(), health(), readiness()))));
  }

  private HttpResponse timedOut(HttpRequest request) {
    service.stats().record(new QuoteEvent.Shed(ShedCause.REQUEST_TIMEOUT));
    return overloaded("the quote did not complete within the request timeout");
  }

  private static boolean isQuotePost(HttpRequest request) {
    return HttpMethods.POST.equals(request.method()) && QUOTES_PATH.equals(request.getUri().path());
  }

  // the body of a POST /v1/quotes that the handler takes as it is, or null (routes() answers it)
  private String inMemoryQuoteBody(HttpRequest request) {
    if (!isQuotePost(request)
        || !(request.entity() instanceof HttpEntity.Strict strict)
        || !isJson(strict.getContentType())
        || strict.getData().size() > maxBody) {
      return null;
    }
    // as Unmarshaller.entityToString: the declared charset, UTF-8 when none is declared
    Optional<HttpCharset> charset = strict.getContentType().getCharsetOption();
    if (charset.isPresent() && !charset.get().equals(HttpCharsets.UTF_8)) {
      return null;
    }
    return strict.getData().utf8String();
  }

  /** 503 with {@code Retry-After}: shed, not failed; the partner may retry. */
  static HttpResponse overloaded(String detail) {
    return Problem.of(503, "Overloaded", detail)
        .response()
        .addHeader(RetryAfter.create((long) RETRY_AFTER_SECONDS));
  }

  private Route quotes() {
    return path(
        pathPrefixSegments(),
        () ->
            post(
                () ->
                    extractRequestEntity(
                        e ->
                            isJson(e.getContentType())
                                ? withSizeLimit(
                                    maxBody,
                                    () ->
                                        entity(
                                            Unmarshaller.entityToString(),
                                            body -> completeWithFuture(answer(body))))
                                : Problem.unsupportedMediaType(e.getContentType().toString())
                                    .route())));
  }

  /** A quote body is JSON, declared so (any charset parameter is read as declared). */
  private static boolean isJson(ContentType type) {
    return type.mediaType().equals(MediaTypes.APPLICATION_JSON);
  }

  private static org.apache.pekko.http.javadsl.server.PathMatcher0 pathPrefixSegments() {
    return org.apache.pekko.http.javadsl.server.PathMatchers.segment("v1").slash("quotes");
  }

  /**
   * The answer to one quote body. Never throws and never fails: an unexpected error is answered 500
   * with a problem, as {@link #exceptions()} answers it on the DSL path.
   */
  private CompletionStage<HttpResponse> answer(String body) {
    if (inFlight.incrementAndGet() > maxInFlight) {
      inFlight.decrementAndGet();
      service.stats().record(new QuoteEvent.Shed(ShedCause.IN_FLIGHT));
      return CompletableFuture.completedFuture(
          overloaded("more than " + maxInFlight + " quotes in flight on this node; retry later"));
    }
    try {
      return admitted(body);
    } catch (RuntimeException e) {
      inFlight.decrementAndGet();
      return CompletableFuture.completedFuture(internalError());
    }
  }

  // counted in inFlight until its answer is ready: exactly one decrement on every path
  private CompletionStage<HttpResponse> admitted(String body) {
    String quoteId = QuoteService.newQuoteId();
    QuoteRequest request;
    try {
      request = QuoteRequestParser.parse(body);
      service.validate(request);
    } catch (QuoteRequestParser.BadQuoteRequest e) {
      inFlight.decrementAndGet();
      return badRequest(e.field(), e.getMessage(), quoteId);
    } catch (InvalidQuoteInput e) {
      inFlight.decrementAndGet();
      return badRequest(e.field(), e.getMessage(), quoteId);
    }
    return service
        .quote(request, quoteId)
        // on the thread that finishes the quote (rating's timer on a hit): a short step
        .handleAsync(
            (result, e) -> {
              inFlight.decrementAndGet();
              return e == null ? response(result) : internalError();
            },
            QuoteService.SAME_THREAD);
  }

  private static CompletionStage<HttpResponse> badRequest(
      String field, String detail, String quoteId) {
    return CompletableFuture.completedFuture(
        Problem.badRequest(field, detail).withQuoteId(quoteId).response());
  }

  private static HttpResponse response(QuoteService.Result result) {
    if (result instanceof QuoteService.Result.Quoted q) {
      return HttpResponse.create()
          .withStatus(StatusCodes.OK)
          .withEntity(ContentTypes.APPLICATION_JSON, QuoteJson.quote(q.quote()));
    }
    solventa.quote.domain.QuoteFailure failure = ((QuoteService.Result.Failed) result).failure();
    Problem p = Problem.of(failure);
    if (p.isOverloaded()) {
      // shed by a bound behind the edge (entity limit, full mailbox): Retry-After as here
      return p.response().addHeader(RetryAfter.create((long) RETRY_AFTER_SECONDS));
    }
    // a spent partner budget says when it refills
    return failure.retryAfterSeconds() > 0
        ? p.response().addHeader(RetryAfter.create(failure.retryAfterSeconds()))
        : p.response();
  }

  private static HttpResponse internalError() {
    return Problem.internal("the request could not be processed").response();
  }

  private Route health() {
    return path("health", () -> get(() -> json(200, "{\"status\":\"UP\"}")));
  }

  private Route readiness() {
    return path(
        "ready",
        () ->
            get(
                () -> {
                  if (draining.getAsBoolean()) {
                    return json(503, "{\"status\":\"DRAINING\"}");
                  }
                  return ready.getAsBoolean()
                      ? json(200, "{\"status\":\"READY\"}")
                      : json(503, "{\"status\":\"STARTING\"}");
                }));
  }

  private static Route json(int status, String body) {
    return complete(
        HttpResponse.create().withStatus(status).withEntity(ContentTypes.APPLICATION_JSON, body));
  }

  private ExceptionHandler exceptions() {
    return ExceptionHandler.newBuilder()
        .match(EntityStreamSizeException.class, e -> Problem.tooLarge(maxBody).route())
        .matchAny(e -> complete(internalError()))
        .build();
  }

  // Pekko's default answers (404, 405, 413, ...) keep their status and their headers (a 405's
  // Allow, which RFC 9110 requires) and get a problem body.
  private RejectionHandler rejections() {
    return RejectionHandler.defaultHandler()
        .mapRejectionResponse(
            response -> {
              int status = response.status().intValue();
              Problem p =
                  status == 413
                      ? Problem.tooLarge(maxBody)
                      : Problem.of(status, response.status().reason(), detailOf(response));
              return p.response().addHeaders(response.getHeaders());
            });
  }

  private static String detailOf(HttpResponse response) {
    if (response.entity() instanceof HttpEntity.Strict strict) {
      return strict.getData().utf8String();
    }
    return response.status().reason();
  }
}
