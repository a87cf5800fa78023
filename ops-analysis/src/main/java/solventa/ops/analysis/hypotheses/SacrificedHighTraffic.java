package solventa.ops.analysis.hypotheses;

import java.util.List;

/**
 * HD-01.5: at high traffic the count policy keeps sacrificed requests below 1 % of W, judged by the
 * Clopper–Pearson interval of the share pooled over its trials, one per run ({@link PooledTrials},
 * rules version 12).
 */
public final class SacrificedHighTraffic implements Hypothesis {
  public static final double MAX_SACRIFICED_PCT = 1.0;

  @Override
  public String byConstruction(Design d) {
    return d.sacrificedHighTraffic();
  }

  @Override
  public List<String> rules() {
    return List.of(RuleNames.SACRIFICED_HIGH);
  }

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
    ev.note(PolicySteps.policies(in.rules()));
    List<Integer> rates = in.results().policyRates();
    if (rates.isEmpty()) {
      ev.undecided(new PolicySteps.NotRun(PolicySteps.Rule.HIGH_TRAFFIC));
      return ev.verdict(this);
    }
    int high = rates.get(0);
    String label = PolicySteps.setting(in.rules(), "count").label();
    PooledTrials pool = PooledTrials.of(in.results().policyTrials("count", high));
    PolicySteps.CannotOpen cannot = PolicySteps.cannotOpen(in.rules(), "count", high);
    if (!pool.any()) {
      ev.undecided(setting(label, high, pool, LowTrafficPolicies.Standing.NOT_USABLE, null));
    } else if (cannot != null) {
      ev.undecided(setting(label, high, pool, LowTrafficPolicies.Standing.CANNOT_OPEN, cannot));
    } else {
      switch (pool.call()) {
        case HOLDS -> ev.note(setting(label, high, pool, LowTrafficPolicies.Standing.KEEPS, null));
        case FAILS ->
            ev.refute(setting(label, high, pool, LowTrafficPolicies.Standing.MISSES, null));
        case TOO_CLOSE, MISSING ->
            ev.undecided(setting(label, high, pool, LowTrafficPolicies.Standing.TOO_CLOSE, null));
      }
    }
    return ev.verdict(this);
  }

  private static PolicySteps.Setting setting(
      String label,
      int rate,
      PooledTrials pool,
      LowTrafficPolicies.Standing st,
      PolicySteps.CannotOpen cannot) {
    return new PolicySteps.Setting(PolicySteps.Rule.HIGH_TRAFFIC, label, rate, pool, st, cannot);
  }
}
