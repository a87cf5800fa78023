package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.LowTrafficPolicies;
import solventa.ops.analysis.PolicySteps;
import solventa.ops.analysis.StepResult;
import solventa.ops.analysis.VerdictRules;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.Report.Table;

/**
 * "Breaker settings at low traffic": the card's open question (b) — does a count threshold open in
 * time at low traffic? — answered over the low-traffic grid: every breaker setting the run measured
 * at the low policy rate, each from an empty breaker window, with the failures it needs before it
 * can open, whether that is within 1 % of W, and what it sacrificed. HD-01.6 is judged on this
 * table.
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
                + " the breaker opens fail too.",
            low,
            low * pr.exposureWindowSec(),
            pr.exposureWindowSec(),
            allowed == Math.rint(allowed)
                ? Long.toString((long) allowed)
                : String.format(Locale.ROOT, "%.2f", allowed)));
    List<List<String>> rows = new ArrayList<>();
    List<String> keeping = new ArrayList<>();
    List<String> tooClose = new ArrayList<>();
    for (StepResult s : r.policySteps(low)) {
      BreakerSetting setting = PolicySteps.setting(rules, s.spec().policy());
      LowTrafficPolicies.Standing standing = LowTrafficPolicies.standing(rules, s, low);
      boolean able = standing != LowTrafficPolicies.Standing.CANNOT_OPEN;
      String keeps =
          s.sacrificedPct() == null
              ? cell(null, why(s, "sacrificedPct"))
              : switch (standing) {
                case KEEPS -> "yes";
                case MISSES -> "no";
                case TOO_CLOSE -> "too close to call";
                case CANNOT_OPEN -> "not judged";
                case NOT_USABLE -> "not judged: the step is not usable";
              };
      if (standing == LowTrafficPolicies.Standing.KEEPS) {
        keeping.add(setting.label());
      } else if (standing == LowTrafficPolicies.Standing.TOO_CLOSE) {
        tooClose.add(setting.label());
      }
      rows.add(
          List.of(
              setting.label() + (setting.protocol() ? " (the protocol's)" : ""),
              Integer.toString(setting.failuresNeeded()),
              able ? "yes" : "no",
              s.sacrificed() == null
                  ? cell(null, why(s, "sacrificed"))
                  : s.sacrificed() + " of " + s.requestsSinceChange(),
              s.sacrificedPct() == null
                  ? cell(null, why(s, "sacrificedPct"))
                  : pct(s.sacrificedPct())
                      + (s.intervals() == null || s.intervals().sacrificedPct() == null
                          ? ""
                          : " " + s.intervals().sacrificedPct().pct()),
              cell(
                  s.timeToOpenMs() == null ? null : s.timeToOpenMs().toString(),
                  why(s, "timeToOpenMs")),
              keeps));
    }
    blocks.add(
        new Table(
            List.of(
                "Setting",
                "Failures needed",
                "Can open within 1 %?",
                "Sacrificed / sent in W",
                "Sacrificed % [95 % CI]",
                "Time to open (ms)",
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
}
