package solventa.quote.api;

import static org.apache.pekko.http.javadsl.server.Directives.complete;

import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.server.Route;
import solventa.quote.domain.QuoteFailure;

/**
 * An RFC 9457 problem body ({@code application/problem+json}); {@code field} names the offending
 * request field (400s, business answers) and is null otherwise; {@code quoteId} is the id of the
 * quote attempt (null outside {@code POST /v1/quotes}), the key that joins the answer to the
 * server's log line with the specifics. The detail is written for the partner: it names the cause,
 * never an exception, a connection target, a provider value or a customer id.
 *
 * <p>The one home of error answers: the quote API and the management routes answer every error
 * through {@link #response()} or {@link #route()}.
 */
public record Problem(
    String type, String title, int status, String detail, String field, String quoteId) {

  public Problem(String type, String title, int status, String detail, String field) {
    this(type, title, status, detail, field, null);
  }

  /** This problem, tagged with the quote attempt it answers. */
  public Problem withQuoteId(String id) {
    return new Problem(type, title, status, detail, field, id);
  }

  private static final String BASE = "https://solventa.example/problems/";

  /** {@code application/problem+json}, the media type of every problem body. */
  public static final ContentType MEDIA_TYPE =
      ContentTypes.create(
          MediaTypes.applicationWithFixedCharset("problem+json", HttpCharsets.UTF_8));

  /** This problem as an HTTP response: its status and its JSON body. */
  public HttpResponse response() {
    return HttpResponse.create().withStatus(status).withEntity(MEDIA_TYPE, json());
  }

  /** The problem body in the published field order (docs/api.md). */
  public byte[] json() {
    return QuoteJson.write(
        g -> {
          g.writeStartObject();
          g.writeStringField("type", type);
          g.writeStringField("title", title);
          g.writeNumberField("status", status);
          g.writeStringField("detail", detail);
          if (field != null) {
            g.writeStringField("field", field);
          }
          if (quoteId != null) {
            g.writeStringField("quoteId", quoteId);
          }
          g.writeEndObject();
        });
  }

  /** A route that answers {@link #response()}. */
  public Route route() {
    return complete(response());
  }

  public static Problem badRequest(String field, String detail) {
    return new Problem(BASE + "invalid-request", "Invalid request", 400, detail, field);
  }

  /** 415: the body is not declared as JSON; names the header. */
  public static Problem unsupportedMediaType(String declared) {
    return new Problem(
        BASE + "unsupported-media-type",
        "Unsupported media type",
        415,
        "the body must be declared Content-Type: application/json, was " + declared,
        "Content-Type");
  }

  public static Problem tooLarge(long limit) {
    return new Problem(
        BASE + "body-too-large",
        "Request body too large",
        413,
        "the request body exceeds " + limit + " bytes",
        "body");
  }

  /** 408: the body did not fully arrive within the body timeout; names the body. */
  public static Problem bodyTimeout(long timeoutMs) {
    return new Problem(
        BASE + "body-timeout",
        "Request body timeout",
        408,
        "the request body did not arrive within " + timeoutMs + " ms of its headers",
        "body");
  }

  public static Problem providerTimeout(String detail) {
    return new Problem(
        BASE + "provider-timeout",
        "Open Finance provider did not answer in time",
        504,
        detail,
        null);
  }

  public static Problem providerUnavailable(String detail) {
    return new Problem(
        BASE + "provider-unavailable", "Open Finance provider unavailable", 503, detail, null);
  }

  /** Business answer: the provider does not know the customer. */
  public static Problem unknownCustomer() {
    return new Problem(
        BASE + "unknown-customer",
        "Unknown customer",
        404,
        "the Open Finance provider does not know this customer",
        "customerId");
  }

  /** Business answer: the customer has not consented to share their data. */
  public static Problem noConsent() {
    return new Problem(
        BASE + "no-consent",
        "No consent",
        422,
        "the customer has not consented to share their Open Finance data",
        "customerId");
  }

  /**
   * 429: the partner's budget of provider calls for customers new to the node is spent; names the
   * partner field (the edge adds {@code Retry-After}).
   */
  public static Problem partnerBudget(String detail) {
    return new Problem(
        BASE + "partner-budget-exhausted", "Partner budget exhausted", 429, detail, "partnerId");
  }

  public static Problem resolutionTimeout(String detail) {
    return new Problem(
        BASE + "resolution-timeout", "Profile resolution did not complete", 504, detail, null);
  }

  /** 503: the node shed the quote (a bound on its queues); the partner may retry later. */
  public static Problem overloaded(String detail) {
    return of(503, OVERLOADED, detail);
  }

  static final String OVERLOADED = "Overloaded";

  /** Whether this is an {@link #overloaded} answer (the edge adds {@code Retry-After}). */
  public boolean isOverloaded() {
    return status == 503 && OVERLOADED.equals(title);
  }

  public static Problem internal(String detail) {
    return new Problem(BASE + "internal", "Internal error", 500, detail, null);
  }

  /**
   * The answer to a quote the service failed ({@link QuoteFailure}): the one mapping of a failure
   * cause to its status and problem type, tagged with the failure's quote id.
   */
  public static Problem of(QuoteFailure failure) {
    Problem p =
        switch (failure.cause()) {
          case OVERLOADED -> overloaded(failure.detail());
          case UNKNOWN_CUSTOMER -> unknownCustomer();
          case NO_CONSENT -> noConsent();
          case PARTNER_BUDGET -> partnerBudget(failure.detail());
          case INVALID_CUSTOMER_ID -> badRequest("customerId", failure.detail());
          case PROVIDER_TIMEOUT -> providerTimeout(failure.detail());
          case PROVIDER_UNAVAILABLE -> providerUnavailable(failure.detail());
          case RESOLUTION_TIMEOUT -> resolutionTimeout(failure.detail());
          case INTERNAL -> internal(failure.detail());
        };
    return p.withQuoteId(failure.quoteId());
  }

  public static Problem of(int status, String title, String detail) {
    return new Problem(BASE + "http-" + status, title, status, detail, null);
  }
}
