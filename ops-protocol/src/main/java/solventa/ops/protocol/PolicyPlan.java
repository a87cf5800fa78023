package solventa.ops.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import solventa.vocabulary.ProviderState;

/**
 * The policy × traffic steps that follow C's walk on its node in every run: which breaker settings
 * run at which rates, and how many trials of each a run takes.
 */
public final class PolicyPlan {
  private PolicyPlan() {}

  /**
   * Policy × traffic, on C's node (each step sets its breaker at its change), in every run: the
   * count policy at every rate; the rate policy at the low rate (HD-01.6 compares the two there),
   * and in {@code full} at every rate; then the low-traffic grid's other settings ({@link #grid}).
   * A low-traffic setting that can open within 1 % of W's requests (one HD-01.6 judges) runs {@link
   * ExperimentProfile#lowTrafficTrials} trials over the runs, in rounds (every setting once, then
   * the judged ones again), so a run's trials of one setting are not back to back; the count policy
   * at the high rate (HD-01.5) runs once per run. A setting no rule judges (one that cannot open
   * within 1 % of W, whose share restates its setting, and the rate policy at the high rate, which
   * only the card's table shows) runs in the first run only: a repeat could change no verdict, and
   * full's time is spent on the steps that decide. {@code smoke} runs the count policy only.
   */
  static void policy(ExperimentProfile p, int r, List<StepSpec> steps) {
    String run = "R" + (r + 1);
    int low = p.policyRates().stream().mapToInt(Integer::intValue).min().orElse(0);
    boolean rateAtLow =
        grid(p).stream().anyMatch(g -> g.protocol() && g.family().equals(BreakerSetting.RATE));
    List<StepSpec> settings = new ArrayList<>();
    for (String policy : List.of(BreakerSetting.COUNT, BreakerSetting.RATE)) {
      for (int rate : p.policyRates()) {
        boolean measured =
            policy.equals(BreakerSetting.COUNT) || (rate == low ? rateAtLow : p.runs() >= 3);
        if (measured) {
          settings.add(policyStep(p, run, policy, rate, 1));
        }
      }
    }
    for (BreakerSetting g : grid(p)) {
      if (!g.protocol()) {
        settings.add(policyStep(p, run, g.gridPolicy(), low, 1));
      }
    }
    if (r > 0) {
      settings.removeIf(s -> !judged(p, s, low));
    }
    steps.addAll(settings);
    int rounds = trialsIn(p, r);
    for (int t = 2; t <= rounds; t++) {
      for (StepSpec s : settings) {
        if (s.rate() == low && judgedAtLowTraffic(p, s.policy(), low)) {
          steps.add(policyStep(p, run, s.policy(), low, t));
        }
      }
    }
  }

  /**
   * Whether a rule judges the policy step {@code s}: the count policy at a rate above the lowest
   * (HD-01.5), or a low-traffic setting that can open within 1 % of W (HD-01.6).
   */
  private static boolean judged(ExperimentProfile p, StepSpec s, int low) {
    return s.rate() == low
        ? judgedAtLowTraffic(p, s.policy(), low)
        : s.policy().equals(BreakerSetting.COUNT);
  }

  /**
   * The trials of each judged low-traffic setting in run {@code r} (0-based): the profile's {@link
   * ExperimentProfile#lowTrafficTrials} spread over its runs, the earlier runs taking the remainder
   * (full: 2, 2, 1).
   */
  static int trialsIn(ExperimentProfile p, int r) {
    int total = p.lowTrafficTrials();
    return total / p.runs() + (r < total % p.runs() ? 1 : 0);
  }

  /**
   * Whether HD-01.6 judges {@code policy} at {@code rate}: it can open within 1 % of the requests
   * sent in W (its failures needed from an empty window at most rate × W × 1 %); a setting that
   * cannot sacrifices more than 1 % by construction, so repeating it measures nothing new. The
   * analysis' own guard is the same arithmetic ({@code PolicySteps.cannotOpen}).
   */
  public static boolean judgedAtLowTraffic(ExperimentProfile p, String policy, int rate) {
    return p.breakerSetting(policy).failuresNeeded()
        <= rate * (double) p.exposureWindowSec() / 100.0 + 1e-9;
  }

  private static StepSpec policyStep(
      ExperimentProfile p, String run, String policy, int rate, int trial) {
    return StepSpec.builder()
        .id(
            ProtocolPlan.inRun(
                run, "policy-" + policy + "-r" + rate + (trial > 1 ? "-t" + trial : "")))
        .kind(StepKind.POLICY)
        .run(run)
        .arm(ProtocolPlan.PROPOSAL)
        .state(ProviderState.UNRESPONSIVE)
        .hitRate(p.designHitRate())
        .rate(rate)
        .policy(policy)
        .measureSec(p.policyMeasureSec())
        .build();
  }

  /**
   * The breaker settings measured at the low policy rate (each from an empty breaker window): the
   * protocol's own (count N, the rate policy's minimum calls) and the grid around them. {@code
   * full}: count N ∈ {2, 5}, rate minimum calls ∈ {2, 5} (N = 3 needs 3 failures, 1 % of W at 10
   * req/s: its floor is the bound itself, where no rule decides; 4 calls, like 5, cannot open
   * within 1 %); the other profiles measure the protocol's count policy only: one trial of 300
   * requests cannot take the low-traffic share both ways (its operating characteristic), so quick
   * spends its 12 minutes elsewhere.
   */
  public static List<BreakerSetting> grid(ExperimentProfile p) {
    List<Integer> counts =
        switch (p.name()) {
          case "full" -> List.of(2, p.countPolicyN());
          default -> List.of(p.countPolicyN());
        };
    List<Integer> minCalls =
        switch (p.name()) {
          case "full" -> List.of(2, p.ratePolicy().minCalls());
          default -> List.of();
        };
    List<BreakerSetting> out = new ArrayList<>();
    for (int n : new TreeSet<>(counts)) {
      out.add(new BreakerSetting(BreakerSetting.COUNT, n, p.ratePolicy(), n == p.countPolicyN()));
    }
    for (int m : new TreeSet<>(minCalls)) {
      out.add(
          new BreakerSetting(
              BreakerSetting.RATE, m, p.ratePolicy(), m == p.ratePolicy().minCalls()));
    }
    return out;
  }
}
