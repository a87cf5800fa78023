package solventa.ops.analysis.hypotheses;

import java.util.List;

/**
 * HD-01.5: at high traffic the count policy keeps sacrificed requests below 1 % of W, judged by the
 * Clopper–Pearson interval of the share pooled over its trials, one per run ({@link PooledTrials},
 * rules version 12).
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
    String who = PolicySteps.setting(in.rules(), "count").label() + " at " + high + " req/s";
    PooledTrials pool = PooledTrials.of(in.results().policyTrials("count", high));
    if (!pool.any()) {
      ev.inconclusive(who + ": " + pool.nonePooled());
      return ev.verdict(this);
    }
    String line = pool.line(who);
    String cannot = PolicySteps.cannotOpen(in.rules(), "count", high);
    if (cannot != null) {
      ev.inconclusive(line + " → " + cannot);
      return ev.verdict(this);
    }
    switch (pool.call()) {
      case HOLDS -> ev.add(line + " → < 1 %");
      case FAILS -> ev.refute(line + " → ≥ 1 %");
      case TOO_CLOSE, MISSING ->
          ev.inconclusive(
              line + " → too close to call: " + who + " " + pool.shown() + " against 1 %");
    }
    return ev.verdict(this);
  }
}
