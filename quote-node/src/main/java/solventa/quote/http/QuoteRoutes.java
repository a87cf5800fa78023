package solventa.quote.http;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.handleExceptions;
import static org.apache.pekko.http.javadsl.server.Directives.handleRejections;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.Directives.withRequestTimeoutResponse;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RetryAfter;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.RejectionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import solventa.quote.QuoteRequest;
import solventa.quote.QuoteService;
import solventa.rating.InvalidQuoteInput;

/**
 * The quote API: {@code POST /v1/quotes}, {@code GET /health}, {@code GET /ready}. Errors are
 * mapped here, once: a bad body is a 400 problem naming the field, an oversized one a 413, a
 * provider failure (arms A/B) a 504/503; never a stack trace.
 */
public final class QuoteRoutes {
  /** What an overloaded node asks the partner to wait before retrying, in seconds. */
  static final int RETRY_AFTER_SECONDS = 1;

  private final QuoteService service;
  private final long maxBody;
  private final BooleanSupplier ready;
  private final int maxInFlight;
  private final AtomicInteger inFlight = new AtomicInteger();

  public QuoteRoutes(QuoteService service, long maxBody, BooleanSupplier ready) {
    this(service, maxBody, ready, Integer.MAX_VALUE);
  }

  /**
   * @param maxInFlight quotes this node works on at once ({@code quote.http.max-in-flight}); one
   *     more is answered at once with 503 and {@code Retry-After}, so that neither latency nor
   *     memory grows without bound under overload
   */
  public QuoteRoutes(QuoteService service, long maxBody, BooleanSupplier ready, int maxInFlight) {
    this.service = service;
    this.maxBody = maxBody;
    this.ready = ready;
    this.maxInFlight = maxInFlight;
  }

  /** Quotes being worked on now (admitted, not yet answered). */
  public int inFlight() {
    return inFlight.get();
  }

  public Route routes() {
    return withRequestTimeoutResponse(
        request -> overloaded("the quote did not complete within the request timeout"),
        () ->
            handleRejections(
                rejections(),
                () ->
                    handleExceptions(exceptions(), () -> concat(quotes(), health(), readiness()))));
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
                    withSizeLimit(
                        maxBody, () -> entity(Unmarshaller.entityToString(), this::onQuoteBody))));
  }

  private static org.apache.pekko.http.javadsl.server.PathMatcher0 pathPrefixSegments() {
    return org.apache.pekko.http.javadsl.server.PathMatchers.segment("v1").slash("quotes");
  }

  private Route onQuoteBody(String body) {
    if (inFlight.incrementAndGet() > maxInFlight) {
      inFlight.decrementAndGet();
      return complete(
          overloaded("more than " + maxInFlight + " quotes in flight on this node; retry later"));
    }
    try {
      return admitted(body);
    } catch (RuntimeException e) {
      inFlight.decrementAndGet();
      throw e;
    }
  }

  // counted in inFlight until its answer is ready: exactly one decrement on every path
  private Route admitted(String body) {
    String quoteId = QuoteService.newQuoteId();
    QuoteRequest request;
    try {
      request = QuoteRequestParser.parse(body);
      service.validate(request);
    } catch (QuoteRequestParser.BadQuoteRequest e) {
      inFlight.decrementAndGet();
      return Problem.badRequest(e.field(), e.getMessage()).withQuoteId(quoteId).route();
    } catch (InvalidQuoteInput e) {
      inFlight.decrementAndGet();
      return Problem.badRequest(e.field(), e.getMessage()).withQuoteId(quoteId).route();
    }
    return onSuccess(
        service.quote(request, quoteId).whenComplete((r, e) -> inFlight.decrementAndGet()),
        result -> {
          if (result instanceof QuoteService.Result.Quoted q) {
            return complete(
                HttpResponse.create()
                    .withStatus(StatusCodes.OK)
                    .withEntity(ContentTypes.APPLICATION_JSON, QuoteJson.quote(q.quote())));
          }
          return ((QuoteService.Result.Failed) result).problem().route();
        });
  }

  private Route health() {
    return path("health", () -> get(() -> json(200, "{\"status\":\"UP\"}")));
  }

  private Route readiness() {
    return path(
        "ready",
        () ->
            get(
                () ->
                    ready.getAsBoolean()
                        ? json(200, "{\"status\":\"READY\"}")
                        : json(503, "{\"status\":\"STARTING\"}")));
  }

  private static Route json(int status, String body) {
    return complete(
        HttpResponse.create().withStatus(status).withEntity(ContentTypes.APPLICATION_JSON, body));
  }

  private ExceptionHandler exceptions() {
    return ExceptionHandler.newBuilder()
        .match(EntityStreamSizeException.class, e -> Problem.tooLarge(maxBody).route())
        .matchAny(e -> Problem.internal("the request could not be processed").route())
        .build();
  }

  // Pekko's default answers (404, 405, 413, ...) keep their status and get a problem body.
  private RejectionHandler rejections() {
    return RejectionHandler.defaultHandler()
        .mapRejectionResponse(
            response -> {
              int status = response.status().intValue();
              Problem p =
                  status == 413
                      ? Problem.tooLarge(maxBody)
                      : Problem.of(status, response.status().reason(), detailOf(response));
              return p.response();
            });
  }

  private static String detailOf(HttpResponse response) {
    if (response.entity() instanceof org.apache.pekko.http.javadsl.model.HttpEntity.Strict strict) {
      return strict.getData().utf8String();
    }
    return response.status().reason();
  }
}
