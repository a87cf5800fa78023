package solventa.ops.analysis;

import java.util.Locale;
import solventa.ops.protocol.BreakerSetting;

/** What HD-01.5 and HD-01.6 share: a policy step's line and whether its policy can open. */
public final class PolicySteps {
  private PolicySteps() {}

  /** The policy step's line; the sacrificed share with its Clopper–Pearson interval. */
  static String line(VerdictRules rules, StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s at %d req/s, provider turned unresponsive: %d sacrificed of %d requests in W (%s"
            + " %s), time to open %s",
        setting(rules, s.spec().policy()).label(),
        s.spec().rate(),
        s.sacrificed() == null ? 0 : s.sacrificed(),
        s.requestsSinceChange(),
        Evidence.pct(s.sacrificedPct()),
        sacrificedInterval(s),
        s.timeToOpenMs() == null
            ? "n/a (" + s.missing().get("timeToOpenMs") + ")"
            : s.timeToOpenMs() + " ms");
  }

  /**
   * The sacrificed share compared with 1 % by its Clopper–Pearson interval: below 1 % over the
   * whole interval holds, at or above 1 % over the whole interval fails, an interval containing 1 %
   * is too close to call, and no interval (results written before intervals, or no share) is
   * missing. One step at low traffic holds few requests in W, so its interval can be too wide to
   * say "below 1 %" even with none sacrificed: the rule says so rather than compare the point.
   */
  static Call.Check sacrificedCheck(StepResult s) {
    Interval ci =
        s.intervals() == null || s.sacrificedPct() == null ? null : s.intervals().sacrificedPct();
    String missing =
        ci != null
            ? null
            : s.intervals() == null
                ? StepIntervals.BEFORE_VERSION_5
                : "no interval ("
                    + s.missing()
                        .getOrDefault(
                            "sacrificedPctInterval",
                            s.missing().getOrDefault("sacrificedPct", "no reason recorded"))
                    + ")";
    return new Call.Check(
        "sacrificed "
            + Evidence.pct(s.sacrificedPct())
            + " "
            + (ci == null ? "[no interval]" : ci.pct()),
        "1 %",
        Call.of(ci, x -> x < SacrificedHighTraffic.MAX_SACRIFICED_PCT),
        missing);
  }

  /** {@link #sacrificedCheck}'s outcome, for the report's tables. */
  public static Call sacrificedCall(StepResult s) {
    return sacrificedCheck(s).call();
  }

  /** "count N=2 at 10 req/s": the step as a too-close line names it. */
  static String who(VerdictRules rules, StepResult s) {
    return setting(rules, s.spec().policy()).label() + " at " + s.spec().rate() + " req/s";
  }

  /** The setting a policy step names ({@link BreakerSetting#parse}) under these rules. */
  public static BreakerSetting setting(VerdictRules rules, String policy) {
    return BreakerSetting.parse(policy, rules.countPolicyN(), rules.ratePolicy());
  }

  private static String sacrificedInterval(StepResult s) {
    if (s.intervals() == null) {
      return "[no interval: results written before rules version 5]";
    }
    Interval ci = s.intervals().sacrificedPct();
    return ci == null ? "[no interval]" : ci.pct();
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
