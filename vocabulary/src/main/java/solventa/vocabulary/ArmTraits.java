package solventa.vocabulary;

/**
 * What an arm does, trait by trait: the only things the node (and the bench) ask of an arm. A
 * variant of an arm is the arm's traits with one or more of them changed ({@code withBreaker},
 * ...), so that adding one never adds a branch on an arm's name.
 *
 * @param cache keeps profiles in the per-customer sharded entities (and Redis); without it every
 *     quote calls the adapter directly
 * @param fallsBack on a miss, waits at most the budget ({@code quote.budget}) and then answers the
 *     last known profile or the default; without it a miss waits for the provider, up to the
 *     adapter's hard timeout
 * @param coalesces at most one provider call in flight per customer: later misses join it
 * @param breaker the adapter's circuit breaker guards the provider calls ({@code quote.breaker =
 *     by-arm} keeps this; {@code on}/{@code off} override it)
 */
public record ArmTraits(boolean cache, boolean fallsBack, boolean coalesces, boolean breaker) {

  public ArmTraits {
    // the budget and the shared call both live in the customer's entity: without a cache neither
    // has anywhere to run, and a node that silently ignored them would measure another arm
    if (!cache && fallsBack) {
      throw new IllegalArgumentException("an arm that falls back needs a cache (fallsBack, cache)");
    }
    if (!cache && coalesces) {
      throw new IllegalArgumentException("an arm that coalesces needs a cache (coalesces, cache)");
    }
  }

  /**
   * True when a miss waits for the provider (up to the adapter's hard timeout): the opposite of
   * {@link #fallsBack}.
   */
  public boolean waitsOnMiss() {
    return !fallsBack;
  }

  public ArmTraits withCache(boolean on) {
    return new ArmTraits(on, fallsBack, coalesces, breaker);
  }

  public ArmTraits withFallback(boolean on) {
    return new ArmTraits(cache, on, coalesces, breaker);
  }

  public ArmTraits withCoalescing(boolean on) {
    return new ArmTraits(cache, fallsBack, on, breaker);
  }

  public ArmTraits withBreaker(boolean on) {
    return new ArmTraits(cache, fallsBack, coalesces, on);
  }
}
