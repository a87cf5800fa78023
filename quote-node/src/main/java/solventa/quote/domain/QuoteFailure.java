package solventa.quote.domain;

/**
 * Why {@link QuoteService} answered a quote without a price: the cause the service chose, which the
 * API maps to its status and problem body ({@code api.Problem.of}), once. The domain never names an
 * HTTP status.
 *
 * @param detail for the partner: names the cause, never an exception, a connection target, a
 *     provider value or a customer id; null for the business answers ({@link
 *     Cause#UNKNOWN_CUSTOMER}, {@link Cause#NO_CONSENT}), whose wording is fixed
 * @param quoteId the quote attempt this failure answers (the key of the server's log line with the
 *     specifics)
 * @param retryAfterSeconds when the partner may try again, whole seconds; 0 when the failure says
 *     nothing of it (a shed's {@code Retry-After} is the edge's own)
 */
public record QuoteFailure(Cause cause, String detail, String quoteId, long retryAfterSeconds) {

  /** A failure that says nothing of when to retry. */
  public QuoteFailure(Cause cause, String detail, String quoteId) {
    this(cause, detail, quoteId, 0);
  }

  /** The causes a quote fails with. */
  public enum Cause {
    /** A bound of the node shed the quote (entity limit, full mailbox, the adapter's bulkhead). */
    OVERLOADED,
    /** Business answer: the provider does not know the customer. */
    UNKNOWN_CUSTOMER,
    /** Business answer: the customer has not consented to share their data. */
    NO_CONSENT,
    /**
     * The customer is new to the node and the partner's budget of provider calls for such customers
     * is spent (an arm that does not fall back); {@link #retryAfterSeconds} says when it refills.
     */
    PARTNER_BUDGET,
    /** The customer id is not of the provider's format: a bad request, naming customerId. */
    INVALID_CUSTOMER_ID,
    /** The provider did not answer within the adapter's hard timeout. */
    PROVIDER_TIMEOUT,
    /** The provider cannot be reached now (breaker open, connection refused, malformed answer…). */
    PROVIDER_UNAVAILABLE,
    /** The profile's resolution did not complete within {@code quote.resolve-timeout}. */
    RESOLUTION_TIMEOUT,
    /** Anything else: the quote could not be completed. */
    INTERNAL
  }
}
