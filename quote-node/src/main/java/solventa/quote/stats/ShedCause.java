package solventa.quote.stats;

/**
 * Why the node shed a quote: answered at once with 503 and {@code Retry-After} instead of being
 * worked on. Each is a bound on a queue or a resource, so that overload is refused at once rather
 * than queued until it times out; the stats count them apart.
 */
public enum ShedCause {
  /** {@code quote.http.max-in-flight} quotes were already being worked on. */
  IN_FLIGHT("inFlight"),
  /** The quote had not completed within {@code pekko.http.server.request-timeout}. */
  REQUEST_TIMEOUT("requestTimeout"),
  /** The customer needed a new profile entity and {@code quote.entities.max-active} were up. */
  ENTITY_LIMIT("entityLimit"),
  /** The customer's entity had {@code quote.entities.mailbox-capacity} messages queued. */
  MAILBOX_FULL("mailboxFull"),
  /**
   * Arms A and B: the adapter's bulkhead (its pool and queue) refused the provider call. Also
   * counted in {@code errors}: the experiment counts it as an error of the service.
   */
  PROVIDER_BULKHEAD("providerBulkhead");

  private final String key;

  ShedCause(String key) {
    this.key = key;
  }

  /** Its name in the stats JSON ({@code shed.<key>}). */
  public String key() {
    return key;
  }
}
