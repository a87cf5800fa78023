package solventa.providerdouble;

/**
 * The provider's quota per client credential, as a setting ({@code
 * provider-double.quota.calls-per-second}, {@code PUT /admin/quota}): whole calls a second, 0 for
 * none. The double meters it in {@code internal.ClientQuota}.
 */
public final class Quota {
  /** The highest quota accepted. */
  public static final int MAX_CALLS_PER_SECOND = 100_000;

  private Quota() {}

  /** Refuses a quota outside 0..{@value #MAX_CALLS_PER_SECOND}, naming {@code field}. */
  public static int require(String field, Object value, long callsPerSecond) {
    if (callsPerSecond < 0 || callsPerSecond > MAX_CALLS_PER_SECOND) {
      throw new InvalidSettingException(
          field,
          value,
          "must be whole calls a second in 0.." + MAX_CALLS_PER_SECOND + " (0: no quota)");
    }
    return (int) callsPerSecond;
  }
}
