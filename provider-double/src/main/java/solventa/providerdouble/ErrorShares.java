package solventa.providerdouble;

/**
 * Shares of profile calls the double answers with 429, 504 or 529 instead of 200.
 *
 * <p>Invariant: each share is in [0, 1] and their sum is at most 1, checked on construction.
 */
public record ErrorShares(double share429, double share504, double share529) {

  public static final ErrorShares NONE = new ErrorShares(0, 0, 0);

  public ErrorShares {
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
