package solventa.adapter.model;

/**
 * Why a provider call did not produce a profile. Two families: provider <i>failures</i> (the
 * provider or the way to it is unwell; counted by the breaker) and <i>business answers</i> (a
 * healthy provider answered that it has no profile to give for this customer; never counted, since
 * one client asking for unknown customers must not cut every other customer off). The adapter's own
 * refusals (breaker open, bulkhead full) are neither.
 */
public enum FailureKind {
  /** The call hit the adapter's hard timeout (EC-LAT-08, 700 ms). */
  TIMEOUT(true),
  /** Connection refused, reset or closed before a full response. */
  CONNECTION(true),
  /** Any other non-200 answer (5xx other than 529; a 4xx that is not a business answer). */
  HTTP_STATUS(true),
  /** The provider answered 429 or 529 (rate limited / overloaded). */
  THROTTLED(true),
  /** The body could not be read as the provider contract. */
  MALFORMED(true),
  /** The breaker was open: no call was made. */
  BREAKER_OPEN(false),
  /** The per-provider bulkhead was full: no call was made. */
  BULKHEAD_REJECTED(false),
  /** Business answer: the provider does not know this customer (or refused the id's shape). */
  UNKNOWN_CUSTOMER(false, true),
  /** Business answer: the customer has not consented to share data with us. */
  NO_CONSENT(false, true),
  /**
   * Business answer: a 404 without the provider's unknown-customer code, for an id of the
   * provider's format. Read as an unknown customer and never counted by the breaker (no client can
   * open it for everyone by asking for odd customers); kept apart from {@link #UNKNOWN_CUSTOMER} in
   * the outcomes so that a misrouted adapter (a wrong base URL or path answers 404 for everyone)
   * shows as a count of its own.
   */
  NOT_FOUND(false, true),
  /**
   * The adapter refused the id before any call: it is not of the provider's format, or it would not
   * stay one URL path segment ({@link CustomerIdFormat}). Final for the quote, never counted by the
   * breaker; the quote API refuses such ids with a 400 before they reach the adapter.
   */
  REFUSED_ID(false, true);

  private final boolean breakerFailure;
  private final boolean businessAnswer;

  FailureKind(boolean breakerFailure) {
    this(breakerFailure, false);
  }

  FailureKind(boolean breakerFailure, boolean businessAnswer) {
    this.breakerFailure = breakerFailure;
    this.businessAnswer = businessAnswer;
  }

  /**
   * True when a healthy provider answered that it has nothing for this customer: the answer is
   * final for the quote (no fallback applies) and says nothing about the provider's health.
   */
  public boolean isBusinessAnswer() {
    return businessAnswer;
  }

  /** True when this outcome counts as a failure for the circuit breaker's opening policy. */
  public boolean countsAsBreakerFailure() {
    return breakerFailure;
  }
}
