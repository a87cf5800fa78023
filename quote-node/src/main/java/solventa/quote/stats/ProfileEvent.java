package solventa.quote.stats;

/**
 * What resolving profiles did on this node, apart from any one quote's outcome: cache reads,
 * provider calls started and joined, unknown customers answered from memory, Redis trouble. Counted
 * by {@link QuoteStats#record( ProfileEvent)}; each is mirrored into the Kamon counter it names
 * (none for {@link #UNFLUSHED}).
 */
public enum ProfileEvent {
  /** An entity answered from a value younger than {@code quote.refresh-after}. */
  CACHE_HIT("quote.cache.hits"),
  /**
   * An entity had no value young enough: it waits on a provider call, or (its refresh deferred by
   * the node's refresh admission) answers STALE at once.
   */
  CACHE_MISS("quote.cache.misses"),
  /** An entity answered with its last known value as a fallback (STALE). */
  STALE_READ("quote.cache.stale-reads"),
  /** A resolution asked the adapter for a profile (the adapter may still refuse: breaker open). */
  FETCH_STARTED("quote.provider.fetches"),
  /** A miss joined the provider call already in flight for its customer (an arm that coalesces). */
  COALESCED_WAITER("quote.coalesced.waiters"),
  /**
   * An entity answered "unknown customer" from memory: the provider said so within {@code
   * quote.unknown-customers.ttl}, so no call was made.
   */
  REFUSED_FROM_MEMORY("quote.unknown-customers.refused-from-memory"),
  /**
   * A refresh of a value still servable was not called: the node's refresh admission ({@code
   * quote.refresh-admission.rate}) had no permit, or this customer waits out its jittered delay
   * after one; the quote was answered STALE at once.
   */
  REFRESH_DEFERRED("quote.refresh.deferred"),
  /**
   * A quote answered CACHED also started an early refresh ({@code quote.refresh-ahead.beta}, the
   * XFetch rule), before its value expired.
   */
  REFRESH_AHEAD("quote.refresh.ahead"),
  /**
   * A quote for a customer the node holds no value for was answered without a provider call: its
   * partner's budget of such calls was spent (DEFAULT in an arm that falls back, else 429).
   */
  OVER_BUDGET("quote.partner-budget.over"),
  /** A read or write of a stored value failed. */
  REDIS_ERROR("quote.redis.errors"),
  /**
   * An entity stopped (passivation, hand-off, shutdown) at its flush deadline with a value Redis
   * had not taken: a last known value lost.
   */
  UNFLUSHED(null);

  private final String metric;

  ProfileEvent(String metric) {
    this.metric = metric;
  }

  /** The Kamon counter it increments, tagged with the arm; null when none. */
  String metric() {
    return metric;
  }
}
