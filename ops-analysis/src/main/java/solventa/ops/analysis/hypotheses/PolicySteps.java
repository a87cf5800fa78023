package solventa.ops.analysis.hypotheses;

import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.ExperimentProfile;

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
   * Why a setting cannot open within 1 % of W's requests at a rate: every failure the breaker
   * counts before opening is a quote that waited on a failed call, so a setting needing more
   * failures than 1 % of W's requests sacrifices at least that many by construction.
   *
   * @param label the setting ("count N=5")
   * @param needed the failures it needs before it can open
   * @param requestsInW the requests sent in W at {@code rate}
   * @param windowSec W
   * @param allowed 1 % of {@code requestsInW}
   */
  public record CannotOpen(
      String label, int needed, int requestsInW, int windowSec, int rate, double allowed) {}

  /**
   * Null when the policy can open within 1 % of W's requests at this traffic; otherwise why not
   * ({@link CannotOpen}): its share would restate the setting, not measure the policy.
   */
  public static CannotOpen cannotOpen(VerdictRules rules, String policy, int rate) {
    int needed = neededFailures(rules, policy);
    double allowed = allowedInW(rules, rate);
    if (needed <= allowed + 1e-9) {
      return null;
    }
    return new CannotOpen(
        setting(rules, policy).label(),
        needed,
        rate * rules.exposureWindowSec(),
        rules.exposureWindowSec(),
        rate,
        allowed);
  }

  /** The breaker settings the policy steps judge, and W, as the evidence states them first. */
  public record Policies(ExperimentProfile.RatePolicy rate, int countPolicyN, int windowSec)
      implements Fact {}

  static Policies policies(VerdictRules rules) {
    return new Policies(rules.ratePolicy(), rules.countPolicyN(), rules.exposureWindowSec());
  }

  /** The policy steps a rule needs were not run. */
  public record NotRun(Rule rule) implements Fact {}

  /** The two rules that judge the policy steps. */
  public enum Rule {
    /** HD-01.5: the count policy at high traffic. */
    HIGH_TRAFFIC,
    /** HD-01.6: every setting at low traffic. */
    LOW_TRAFFIC
  }

  /**
   * One setting at one rate: its trials pooled, where it stands, and why it cannot open within 1 %
   * when it cannot (else null).
   */
  public record Setting(
      Rule rule,
      String label,
      int rate,
      PooledTrials pool,
      LowTrafficPolicies.Standing standing,
      CannotOpen cannot)
      implements Fact {}
}
