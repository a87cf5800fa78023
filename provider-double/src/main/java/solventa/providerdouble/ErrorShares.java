package solventa.providerdouble;

/**
 * Shares of profile calls the double answers with 429, 504 or 529 instead of 200, and the {@code
 * Retry-After} (whole seconds) its 429s carry: 0 leaves the header out.
 *
 * <p>Invariant: each share is in [0, 1] and their sum is at most 1; {@code retryAfterSec} is in
 * 0..{@value #MAX_RETRY_AFTER_SEC}; checked on construction.
 */
public record ErrorShares(double share429, double share504, double share529, int retryAfterSec) {

  /** The {@code Retry-After} of a 429 unless told otherwise: a real provider's usual second. */
  public static final int DEFAULT_RETRY_AFTER_SEC = 1;

  /** An hour: more is no bench's fault to inject. */
  public static final int MAX_RETRY_AFTER_SEC = 3600;

  public static final ErrorShares NONE = new ErrorShares(0, 0, 0);

  /** The shares, with 429s carrying {@value #DEFAULT_RETRY_AFTER_SEC} s of Retry-After. */
  public ErrorShares(double share429, double share504, double share529) {
    this(share429, share504, share529, DEFAULT_RETRY_AFTER_SEC);
  }

  public ErrorShares {
    if (retryAfterSec < 0 || retryAfterSec > MAX_RETRY_AFTER_SEC) {
      throw new InvalidSettingException(
          "retryAfterSec",
          retryAfterSec,
          "must be whole seconds in 0.." + MAX_RETRY_AFTER_SEC + " (0: no Retry-After)");
    }
    check("share429", share429);
    check("share504", share504);
    check("share529", share529);
    double sum = share429 + share504 + share529;
    if (sum > 1.0 + 1e-9) {
      throw new InvalidSettingException(
          "share429+share504+share529", sum, "the shares must add up to at most 1");
    }
  }

  private static void check(String field, double share) {
    if (!(share >= 0 && share <= 1)) {
      throw new InvalidSettingException(field, share, "must be a number between 0 and 1");
    }
  }

  /**
   * The status for a uniform draw {@code u} in [0, 1): 429 below share429, then 504, then 529, else
   * 200. Consecutive intervals, so each status gets exactly its share of draws.
   */
  public int statusFor(double u) {
    if (u < share429) {
      return 429;
    }
    if (u < share429 + share504) {
      return 504;
    }
    if (u < share429 + share504 + share529) {
      return 529;
    }
    return 200;
  }
}
