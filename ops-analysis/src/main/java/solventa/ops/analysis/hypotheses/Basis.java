package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;

/**
 * What a verdict was judged on (rules version 12), beside it in the report and as {@code basis} in
 * {@code results.json}: the runs of the walk it read, of the card's three, and for the verdicts
 * that read repeated steps how many runs or trials they had ("1 run of 3; judged settings: 1 trial
 * each of ≥ 5"). A profile of one run runs fewer repeats than {@code full}, and its verdicts say
 * so.
 */
public final class Basis {
  private Basis() {}

  /** The basis of verdict {@code id} over {@code r}, with {@code rules}' settings. */
  static String of(String id, StepResults r, VerdictRules rules) {
    String walk = runs(r.runs().size(), rules.requiredRuns());
    return switch (id) {
      case "HD-01.4" -> walk + "; sweep: " + runs(r.runsOf(StepKind.SWEEP).size(), 3);
      case "HD-01.5" -> walk + "; " + highTraffic(r);
      case "HD-01.6" -> walk + "; " + lowTraffic(r, rules);
      case "HD-01.7" -> walk + "; stampede: " + runs(r.runsOf(StepKind.STAMPEDE).size(), 3);
      case "HD-01" ->
          walk + "; sweep: " + runs(r.runsOf(StepKind.SWEEP).size(), 3) + "; " + highTraffic(r);
      default -> walk;
    };
  }

  private static String runs(int n, int of) {
    return String.format(Locale.ROOT, "%d run%s of %d", n, n == 1 ? "" : "s", of);
  }

  private static String highTraffic(StepResults r) {
    List<Integer> rates = r.policyRates();
    if (rates.isEmpty()) {
      return "count policy at high traffic: not run";
    }
    int n = r.policyTrials("count", rates.get(0)).size();
    return String.format(
        Locale.ROOT,
        "count policy at %d req/s: %d trial%s pooled",
        rates.get(0),
        n,
        n == 1 ? "" : "s");
  }

  /** The trials of the low-traffic settings HD-01.6 judges, against the ≥ 5 full plans. */
  private static String lowTraffic(StepResults r, VerdictRules rules) {
    List<Integer> rates = r.policyRates();
    if (rates.size() < 2) {
      return "low-traffic settings: not run";
    }
    int low = rates.get(rates.size() - 1);
    TreeSet<Integer> counts = new TreeSet<>();
    List<String> judged = new ArrayList<>();
    for (String policy : r.policySettings(low)) {
      if (PolicySteps.cannotOpen(rules, policy, low) == null) {
        judged.add(policy);
        counts.add(r.policyTrials(policy, low).size());
      }
    }
    if (judged.isEmpty()) {
      return "judged low-traffic settings: none measured";
    }
    int lo = counts.first();
    int hi = counts.last();
    return String.format(
        Locale.ROOT,
        "judged settings: %s trial%s each of ≥ %d",
        lo == hi ? Integer.toString(lo) : lo + "–" + hi,
        hi == 1 ? "" : "s",
        ExperimentProfile.LOW_TRAFFIC_TRIALS);
  }
}
