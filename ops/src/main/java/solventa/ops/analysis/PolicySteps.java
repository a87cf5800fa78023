package solventa.ops.analysis;

import java.util.Locale;

/** What HD-01.5 and HD-01.6 share: a policy step's line and whether its policy can open. */
public final class PolicySteps {
  private PolicySteps() {}

  static String line(StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s policy at %d req/s, provider turned unresponsive: %d sacrificed of %d requests in W (%s),"
            + " time to open %s",
        s.spec().policy(),
        s.spec().rate(),
        s.sacrificed() == null ? 0 : s.sacrificed(),
        s.requestsSinceChange(),
        Evidence.pct(s.sacrificedPct()),
        s.timeToOpenMs() == null
            ? "n/a (" + s.missing().get("timeToOpenMs") + ")"
            : s.timeToOpenMs() + " ms");
  }

  /** Calls a policy's window can expect at this traffic: rate × window × (1 − design hit rate). */
  static double expectedCalls(VerdictRules rules, String policy, int rate) {
    int window = policy.equals("rate") ? rules.ratePolicy().windowSec() : rules.exposureWindowSec();
    return rate * window * (1 - rules.designHitRate());
  }

  /** The calls a policy needs before it can open. */
  static int neededCalls(VerdictRules rules, String policy) {
    return policy.equals("rate") ? rules.ratePolicy().minCalls() : rules.countPolicyN();
  }

  /** Null when the policy can open at this traffic; otherwise why it cannot. */
  static String cannotOpen(VerdictRules rules, String policy, int rate) {
    double expected = expectedCalls(rules, policy, rate);
    int needed = neededCalls(rules, policy);
    if (needed <= expected) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "cannot open at this traffic: the %s policy needs %d calls, its window can expect %.1f at %d"
            + " req/s",
        policy,
        needed,
        expected,
        rate);
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
