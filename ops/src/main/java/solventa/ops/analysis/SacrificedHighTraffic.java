package solventa.ops.analysis;

import java.util.List;

/**
 * HD-01.5: at high traffic the count policy keeps sacrificed requests below 1 % of W, judged by the
 * share's Clopper–Pearson interval ({@link PolicySteps#sacrificedCheck}).
 */
public final class SacrificedHighTraffic implements Hypothesis {
  static final double MAX_SACRIFICED_PCT = 1.0;

  @Override
  public String id() {
    return "HD-01.5";
  }

  @Override
  public String statement() {
    return "Sacrificed requests until the breaker opens are < 1 % of the exposure window at high"
        + " traffic (count policy, the default)";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.add(PolicySteps.policies(in.rules()));
    List<Integer> rates = in.results().policyRates();
    if (rates.isEmpty()) {
      ev.inconclusive("the breaker policy test was not run");
      return ev.verdict(this);
    }
    int high = rates.get(0);
    StepResult s = in.results().policy("count", high).orElse(null);
    String why = Evidence.unusable(s, "count policy at " + high + " req/s");
    if (why != null) {
      ev.inconclusive(why);
      return ev.verdict(this);
    }
    String cannot = PolicySteps.cannotOpen(in.rules(), "count", high);
    if (cannot != null) {
      ev.inconclusive(PolicySteps.line(in.rules(), s) + " → " + cannot);
    } else if (s.sacrificedPct() == null) {
      ev.inconclusive(PolicySteps.line(in.rules(), s) + "; " + s.missing().get("sacrificedPct"));
    } else {
      Call.Check c = PolicySteps.sacrificedCheck(s);
      String line = PolicySteps.line(in.rules(), s);
      switch (c.call()) {
        case HOLDS -> ev.add(line + " → < 1 %");
        case FAILS -> ev.refute(line + " → ≥ 1 %");
        case TOO_CLOSE, MISSING ->
            ev.inconclusive(line + " → " + c.undecided(PolicySteps.who(in.rules(), s)));
      }
    }
    return ev.verdict(this);
  }
}
