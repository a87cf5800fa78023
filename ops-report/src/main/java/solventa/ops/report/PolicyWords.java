package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.LowTrafficPolicies;
import solventa.ops.analysis.hypotheses.PolicySteps;
import solventa.ops.analysis.hypotheses.PooledTrials;
import solventa.ops.statistics.Interval;

/**
 * The words of HD-01.5's and HD-01.6's findings: the settings judged, each setting's trials pooled
 * and where it stands, and what the low-traffic grid says as a whole.
 */
final class PolicyWords {
  private PolicyWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof PolicySteps.Policies p) {
      return String.format(
          Locale.ROOT,
          "policies: count opens after %d consecutive failures; rate opens at %.0f %% failures"
              + " over %d s with at least %d calls; W = %d s",
          p.countPolicyN(),
          p.rate().thresholdPct(),
          p.rate().windowSec(),
          p.rate().minCalls(),
          p.windowSec());
    }
    if (fact instanceof PolicySteps.NotRun n) {
      return n.rule() == PolicySteps.Rule.HIGH_TRAFFIC
          ? "the breaker policy test was not run"
          : "the low-traffic policy test was not run";
    }
    if (fact instanceof PolicySteps.Setting s) {
      return setting(s);
    }
    if (fact instanceof LowTrafficPolicies.OpenQuestionB q) {
      return String.format(
          Locale.ROOT,
          "open question (b), settings that keep the sacrificed share < 1 %% at %d req/s: %s",
          q.rate(),
          q.keeping().isEmpty() ? "none" : String.join(", ", q.keeping()));
    }
    if (fact instanceof LowTrafficPolicies.GridFinding g) {
      return grid(g);
    }
    return null;
  }

  private static String grid(LowTrafficPolicies.GridFinding g) {
    return switch (g.what()) {
      case A_COUNT_KEPT -> "a count setting kept the sacrificed share below 1 % at low traffic";
      case NO_RATE_KEPT -> "no rate setting kept the sacrificed share below 1 % at low traffic";
      case NO_COUNT_JUDGED ->
          "no count setting able to open within 1 % was measured at " + g.rate() + " req/s";
      case NO_RATE_JUDGED ->
          "no rate setting able to open within 1 % was measured at " + g.rate() + " req/s";
      case RATE_TOO_CLOSE ->
          "no rate setting kept the share below 1 %, and a rate setting was too close to call";
      case RATE_NOT_JUDGED ->
          "no rate setting kept the share below 1 %, and a rate setting was not judged";
    };
  }

  private static String setting(PolicySteps.Setting s) {
    String who = s.label() + " at " + s.rate() + " req/s";
    PooledTrials pool = s.pool();
    boolean high = s.rule() == PolicySteps.Rule.HIGH_TRAFFIC;
    return switch (s.standing()) {
      case NOT_USABLE -> (high ? "" : "not judged: ") + who + ": " + pool.nonePooled();
      case CANNOT_OPEN ->
          line(pool, who) + (high ? " → " : " → not judged: ") + cannotOpen(s.cannot());
      case KEEPS -> line(pool, who) + " → < 1 %";
      case MISSES -> line(pool, who) + " → ≥ 1 %";
      case TOO_CLOSE ->
          line(pool, who) + " → too close to call: " + who + " " + shown(pool) + " against 1 %";
    };
  }

  /** Why a setting cannot open within 1 % of W at its rate. */
  static String cannotOpen(PolicySteps.CannotOpen c) {
    return String.format(
        Locale.ROOT,
        "inconclusive (the policy cannot open within 1 %% at this traffic): %s needs %d failures"
            + " before it can open, more than 1 %% of the %d requests in W = %d s at %d req/s"
            + " (%s)",
        c.label(),
        c.needed(),
        c.requestsInW(),
        c.windowSec(),
        c.rate(),
        c.allowed() == Math.rint(c.allowed())
            ? Long.toString((long) c.allowed())
            : String.format(Locale.ROOT, "%.2f", c.allowed()));
  }

  /** "pooled sacrificed 0.13 % [0.03, 0.39]", as a too-close line cites it. */
  private static String shown(PooledTrials pool) {
    Interval ci = pool.interval();
    return "pooled sacrificed "
        + Evidence.pct(pool.pct())
        + " "
        + (ci == null ? "[no interval]" : ci.pct());
  }

  /**
   * The setting's pooled line: "count N=2 at 10 req/s, provider turned unresponsive: 5 trials
   * pooled, 2 sacrificed of 1500 requests in W (0.13 % [0.02, 0.48]): policy-count-n2-r10 1 of 300,
   * … (time to open …)", and the trials left out.
   */
  private static String line(PooledTrials pool, String who) {
    List<String> each = new ArrayList<>();
    for (StepResult s : pool.pooled()) {
      each.add(s.spec().id() + " " + s.sacrificed() + " of " + s.requestsSinceChange());
    }
    String out =
        String.format(
            Locale.ROOT,
            "%s, provider turned unresponsive: %d trial%s pooled, %d sacrificed of %d requests in"
                + " W (%s %s): %s (time to open %s)",
            who,
            pool.pooled().size(),
            pool.pooled().size() == 1 ? "" : "s",
            pool.sacrificed(),
            pool.requests(),
            Evidence.pct(pool.pct()),
            pool.interval() == null ? "[no interval]" : pool.interval().pct(),
            String.join(", ", each),
            pool.timesToOpen());
    return pool.left().isEmpty() ? out : out + "; left out: " + String.join("; ", pool.left());
  }
}
