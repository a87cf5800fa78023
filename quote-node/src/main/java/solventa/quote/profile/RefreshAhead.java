package solventa.quote.profile;

/**
 * The probabilistic early refresh of XFetch (Vattani, Chierichetti and Lowenstein, "Optimal
 * Probabilistic Cache Stampede Prevention", VLDB 2015): a value is refreshed ahead of its expiry
 * when {@code now - delta * beta * ln(rand) >= expiry}, where {@code delta} is how long computing
 * it took (here: the customer's last provider call) and {@code rand} is uniform in (0, 1]. The
 * closer to expiry and the slower the provider, the likelier; a single reader refreshes about
 * {@code delta * beta} before expiry, and many readers do not all refresh at once.
 */
final class RefreshAhead {
  private RefreshAhead() {}

  /**
   * Whether to refresh now.
   *
   * @param rand uniform in (0, 1]; 1 never refreshes before expiry
   */
  static boolean due(long nowMs, long expiryMs, long deltaMs, double beta, double rand) {
    if (!(rand > 0 && rand <= 1)) {
      throw new IllegalArgumentException("rand must be in (0, 1]: " + rand);
    }
    return nowMs - deltaMs * beta * Math.log(rand) >= expiryMs;
  }
}
