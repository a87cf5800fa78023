package solventa.ops.analysis;

import java.util.List;

/**
 * HD-01.6: at low traffic the count policy does not keep sacrificed requests below 1 %, the rate
 * policy does. A policy that needs more failures before it can open than 1 % of the requests in W
 * ({@link PolicySteps#cannotOpen}) makes it inconclusive, never refuted: its share would follow
 * from its setting, not from a measurement.
 */
public final class LowTrafficPolicies implements Hypothesis {
  @Override
  public String id() {
    return "HD-01.6";
  }

  @Override
  public String statement() {
    return "At low traffic the count policy does not keep sacrificed requests < 1 %, the rate policy"
        + " does";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.add(PolicySteps.policies(in.rules()));
    List<Integer> rates = in.results().policyRates();
    if (rates.size() < 2) {
      ev.inconclusive("the low-traffic policy test was not run");
      return ev.verdict(this);
    }
    int low = rates.get(rates.size() - 1);
    Double count = share(in, ev, "count", low);
    Double rate = share(in, ev, "rate", low);
    if (count != null && count < SacrificedHighTraffic.MAX_SACRIFICED_PCT) {
      ev.refute("the count policy kept the sacrificed share below 1 %");
    }
    if (rate != null && rate >= SacrificedHighTraffic.MAX_SACRIFICED_PCT) {
      ev.refute("the rate policy did not keep the sacrificed share below 1 %");
    }
    return ev.verdict(this);
  }

  /** The policy's share, or null (with the reason recorded) when it cannot decide. */
  private static Double share(Input in, Evidence ev, String policy, int rate) {
    StepResult s = in.results().policy(policy, rate).orElse(null);
    String why = Evidence.unusable(s, policy + " policy at " + rate + " req/s");
    if (why != null) {
      ev.inconclusive(why);
      return null;
    }
    String cannot = PolicySteps.cannotOpen(in.rules(), policy, rate);
    if (cannot != null) {
      ev.inconclusive(PolicySteps.line(s) + " → " + cannot);
      return null;
    }
    if (s.sacrificedPct() == null) {
      ev.inconclusive(PolicySteps.line(s) + "; " + s.missing().get("sacrificedPct"));
      return null;
    }
    ev.add(PolicySteps.line(s));
    return s.sacrificedPct();
  }
}
