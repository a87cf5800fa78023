package solventa.ops.analysis.hypotheses;

import java.util.Locale;
import solventa.ops.protocol.BreakerSetting;

/** What HD-01.5 and HD-01.6 share: a setting, and whether it can open within 1 % of W. */
public final class PolicySteps {
  private PolicySteps() {}

  /** The setting a policy step names ({@link BreakerSetting#parse}) under these rules. */
  public static BreakerSetting setting(VerdictRules rules, String policy) {
    return BreakerSetting.parse(policy, rules.countPolicyN(), rules.ratePolicy());
  }

  /**
   * The failures a policy needs before it can open (rules version 6): every policy step starts from
   * an empty breaker window and the provider then fails every call, so the count policy needs its N
   * consecutive failures and the rate policy its minimum calls, each a failure ({@link
   * BreakerSetting#failuresNeeded}).
   */
  static int neededFailures(VerdictRules rules, String policy) {
    return setting(rules, policy).failuresNeeded();
  }

  /**
   * 1 % of the requests sent in W at {@code rate} (rate × W): the most a policy may sacrifice for
   * HD-01.5 and HD-01.6 to call it under 1 %.
   */
  public static double allowedInW(VerdictRules rules, int rate) {
    return rate
        * (double) rules.exposureWindowSec()
        * SacrificedHighTraffic.MAX_SACRIFICED_PCT
        / 100.0;
  }

  /**
   * Null when the policy can open within 1 % of W's requests at this traffic; otherwise why not.
   * Every failure the breaker counts before opening is a quote that waited on a failed call, so a
   * policy needing more failures than 1 % of W's requests sacrifices at least that many by
   * construction: its share would restate the setting, not measure the policy.
   */
  public static String cannotOpen(VerdictRules rules, String policy, int rate) {
    int needed = neededFailures(rules, policy);
    double allowed = allowedInW(rules, rate);
    if (needed <= allowed + 1e-9) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "inconclusive (%s): %s needs %d failures before it can open, more than 1 %% of"
            + " the %d requests in W = %d s at %d req/s (%s)",
        CANNOT_OPEN,
        setting(rules, policy).label(),
        needed,
        rate * rules.exposureWindowSec(),
        rules.exposureWindowSec(),
        rate,
        trim(allowed));
  }

  /** The reason a policy's verdict is inconclusive when {@link #cannotOpen} is not null. */
  static final String CANNOT_OPEN = "the policy cannot open within 1 % at this traffic";

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }

  static String policies(VerdictRules rules) {
    return String.format(
        Locale.ROOT,
        "policies: count opens after %d consecutive failures; rate opens at %.0f %% failures over %d"
            + " s with at least %d calls; W = %d s",
        rules.countPolicyN(),
        rules.ratePolicy().thresholdPct(),
        rules.ratePolicy().windowSec(),
        rules.ratePolicy().minCalls(),
        rules.exposureWindowSec());
  }
}
