package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.LowTrafficPolicies;
import solventa.ops.analysis.hypotheses.PolicySteps;
import solventa.ops.analysis.hypotheses.PooledTrials;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.Report.Table;

/**
 * "Breaker settings at low traffic": the card's open question (b) — does a count threshold open in
 * time at low traffic? — answered over the low-traffic grid: every breaker setting the run measured
 * at the low policy rate, each from an empty breaker window, with the failures it needs before it
 * can open, whether that is within 1 % of W, its trials (every run's, rules version 12) and what
 * they sacrificed pooled. HD-01.6 is judged on this table.
 */
final class PolicyGridSection extends ReportSection {
  static final String HEADING = "Breaker settings at low traffic (the card's open question (b))";

  PolicyGridSection(ReportSection report) {
    super(report);
  }

  void table() {
    h(2, HEADING);
    List<Integer> rates = r.policyRates();
    if (rates.size() < 2) {
      p("— (" + notRun() + ": no low-traffic policy step)");
      return;
    }
    int low = rates.get(rates.size() - 1);
    ExperimentProfile pr = profileOf();
    VerdictRules rules = VerdictRules.of(pr);
    double allowed = PolicySteps.allowedInW(rules, low);
    p(
        String.format(
            Locale.ROOT,
            "Arm C at %d req/s, provider turned unresponsive. Each setting starts from an empty breaker"
                + " window: the runner sets it on the node (a fresh closed breaker) just before the"
                + " change, so the successes of seeding and of earlier steps are not in it. Every"
                + " call then fails, so a setting can open only after the failures it needs: the"
                + " count policy its N, the rate policy its minimum calls (at 100 %% failures any"
                + " threshold is passed). 1 %% of the %d requests in W = %d s is %s; a setting"
                + " needing more cannot keep the share below 1 %% by construction and is not"
                + " judged. Sacrificed can exceed the failures needed: calls already in flight when"
                + " the breaker opens fail too. A setting's trials (every run's; in the full"
                + " profile at least %d of each judged setting, and one of a setting that cannot"
                + " open within 1 %%, which no repeat could change) are pooled: Σ sacrificed ÷ Σ"
                + " requests in W, with one interval.",
            low,
            low * pr.exposureWindowSec(),
            pr.exposureWindowSec(),
            allowed == Math.rint(allowed)
                ? Long.toString((long) allowed)
                : String.format(Locale.ROOT, "%.2f", allowed),
            ExperimentProfile.LOW_TRAFFIC_TRIALS));
    List<List<String>> rows = new ArrayList<>();
    List<String> keeping = new ArrayList<>();
    List<String> tooClose = new ArrayList<>();
    for (String policy : r.policySettings(low)) {
      rows.add(row(rules, policy, low, keeping, tooClose));
    }
    blocks.add(
        new Table(
            List.of(
                "Setting",
                "Failures needed",
                "Can open within 1 %?",
                "Trials (sacrificed of sent in W)",
                "Pooled sacrificed / sent in W",
                "Pooled % [95 % CI]",
                "Time to open per trial",
                "< 1 %?"),
            rows));
    p(
        "**Answer to (b)** at "
            + low
            + " req/s: "
            + (keeping.isEmpty()
                ? "no measured setting keeps the sacrificed share below 1 %."
                : "the settings that keep the sacrificed share below 1 % are "
                    + String.join(", ", keeping)
                    + ".")
            + (tooClose.isEmpty()
                ? ""
                : " Too close to call (the 95 % interval of the share contains 1 %): "
                    + String.join(", ", tooClose)
                    + ".")
            + " Whether the count policy suffices is HD-01.6's verdict above.");
  }

  /**
   * One setting's row: its trials pooled, its standing; adds it to {@code keeping} or {@code
   * tooClose} for the answer below the table.
   */
  private List<String> row(
      VerdictRules rules, String policy, int low, List<String> keeping, List<String> tooClose) {
    BreakerSetting setting = PolicySteps.setting(rules, policy);
    List<StepResult> trials = r.policyTrials(policy, low);
    PooledTrials pool = PooledTrials.of(trials);
    LowTrafficPolicies.Standing standing = LowTrafficPolicies.standing(rules, policy, trials, low);
    boolean able = PolicySteps.cannotOpen(rules, policy, low) == null;
    String noPool = "— (" + pool.nonePooled() + ")";
    String keeps =
        switch (standing) {
          case KEEPS -> "yes";
          case MISSES -> "no";
          case TOO_CLOSE -> "too close to call";
          case CANNOT_OPEN -> "not judged";
          case NOT_USABLE -> "not judged: no usable trial";
        };
    if (standing == LowTrafficPolicies.Standing.KEEPS) {
      keeping.add(setting.label());
    } else if (standing == LowTrafficPolicies.Standing.TOO_CLOSE) {
      tooClose.add(setting.label());
    }
    return List.of(
        setting.label() + (setting.protocol() ? " (the protocol's)" : ""),
        Integer.toString(setting.failuresNeeded()),
        able ? "yes" : "no",
        trials(trials, pool),
        pool.any() ? pool.sacrificed() + " of " + pool.requests() : noPool,
        pool.any() ? pct(pool.pct()) + " " + pool.interval().pct() : noPool,
        pool.any() ? pool.timesToOpen() : noPool,
        keeps);
  }

  /**
   * The setting's trials, each "id k of n" (a trial left out of the pool: "id: not pooled"), and
   * how many: "2 trials: policy-count-n2-r10 1 of 300, R2-policy-count-n2-r10 0 of 300".
   */
  private static String trials(List<StepResult> trials, PooledTrials pool) {
    List<String> each = new ArrayList<>();
    for (StepResult s : trials) {
      boolean pooled = pool.pooled().contains(s);
      each.add(
          s.spec().id()
              + (pooled
                  ? " " + s.sacrificed() + " of " + s.requestsSinceChange()
                  : ": not pooled"));
    }
    return trials.size()
        + " trial"
        + (trials.size() == 1 ? "" : "s")
        + ": "
        + String.join(", ", each);
  }
}
