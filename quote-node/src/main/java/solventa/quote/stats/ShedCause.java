package solventa.quote.stats;

/**
 * Why the node shed a quote: answered at once with 503 and {@code Retry-After} instead of being
 * worked on. Each is a bound on a queue or a resource (issue 14); the stats count them apart.
 */
public enum ShedCause {
  /** {@code quote.http.max-in-flight} quotes were already being worked on. */
  IN_FLIGHT("inFlight"),
  /** The quote had not completed within {@code pekko.http.server.request-timeout}. */
  REQUEST_TIMEOUT("requestTimeout"),
  /** The customer needed a new profile entity and {@code quote.entities.max-active} were up. */
  ENTITY_LIMIT("entityLimit"),
  /** The customer's entity had {@code quote.entities.mailbox-capacity} messages queued. */
  MAILBOX_FULL("mailboxFull");

  private final String key;

  ShedCause(String key) {
    this.key = key;
  }

  /** Its name in the stats JSON ({@code shed.<key>}). */
  public String key() {
    return key;
  }
}
