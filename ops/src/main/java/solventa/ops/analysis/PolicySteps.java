package solventa.ops.analysis;

import java.util.Locale;
import solventa.ops.protocol.ExperimentProfile;

/** What HD-01.5 and HD-01.6 share: a policy step's line and whether its policy can open. */
public final class PolicySteps {
  private PolicySteps() {}

  /**
   * The policy step's line; the sacrificed share with its Clopper–Pearson interval, shown beside it
   * (rules version 5 compares the point value: see verdict-rules.md).
   */
  static String line(StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s policy at %d req/s, provider turned unresponsive: %d sacrificed of %d requests in W (%s"
            + " %s), time to open %s",
        s.spec().policy(),
        s.spec().rate(),
        s.sacrificed() == null ? 0 : s.sacrificed(),
        s.requestsSinceChange(),
        Evidence.pct(s.sacrificedPct()),
        sacrificedInterval(s),
        s.timeToOpenMs() == null
            ? "n/a (" + s.missing().get("timeToOpenMs") + ")"
            : s.timeToOpenMs() + " ms");
  }

  private static String sacrificedInterval(StepResult s) {
    if (s.intervals() == null) {
      return "[no interval: results written before rules version 5]";
    }
    Interval ci = s.intervals().sacrificedPct();
    return ci == null ? "[no interval]" : ci.pct();
  }

  /**
   * The fewest failures a policy needs before it can open: the count policy N consecutive ones; the
   * rate policy ceil(minCalls × threshold %), its window holding exactly its minimum calls and
   * successes in the rest (more successes in the window raise the number; a window of failures only
   * needs minCalls of them). A lower bound, so the guard below never calls a policy unable to open
   * when it could.
   */
  static int neededFailures(VerdictRules rules, String policy) {
    if (!policy.equals("rate")) {
      return rules.countPolicyN();
    }
    ExperimentProfile.RatePolicy r = rules.ratePolicy();
    // the tolerance keeps an exact product (5 × 60 % = 3) from rounding up on a binary fraction
    return (int) Math.ceil(r.minCalls() * r.thresholdPct() / 100.0 - 1e-9);
  }

  /**
   * 1 % of the requests sent in W at {@code rate} (rate × W): the most a policy may sacrifice for
   * HD-01.5 and HD-01.6 to call it under 1 %.
   */
  static double allowedInW(VerdictRules rules, int rate) {
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
  static String cannotOpen(VerdictRules rules, String policy, int rate) {
    int needed = neededFailures(rules, policy);
    double allowed = allowedInW(rules, rate);
    if (needed <= allowed + 1e-9) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "inconclusive (%s): the %s policy needs %d failures before it can open, more than 1 %% of"
            + " the %d requests in W = %d s at %d req/s (%s)",
        CANNOT_OPEN,
        policy,
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
