package solventa.signals;

/**
 * Where the profile used to price a quote came from (the experiment card (Arms)); tagged on every
 * response.
 */
public enum Origin {
  /** Fetched from the provider while this quote waited. */
  FRESH,
  /** A cached profile that is still within its refresh window. */
  CACHED,
  /**
   * The last known profile, past its refresh window, served because the provider did not answer.
   */
  STALE,
  /** No profile known: the line of business' default profile. */
  DEFAULT;

  /** True for the origins that the actuarial trace records (priced on a fallback). */
  public boolean isFallback() {
    return this == STALE || this == DEFAULT;
  }
}
