package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.analysis.power.Characteristic;
import solventa.ops.analysis.power.OcRow;
import solventa.ops.analysis.recommendation.PairedEffects;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;

/**
 * What the answer depends on and how sure each verdict can be: the thresholds each design's
 * fallback share rests on ({@link Thresholds}: the minimum production hit rate and the longest
 * outage, with their intervals), the designs compared in pairs ({@link PairedEffects}), and each
 * rule's operating characteristic at this profile's sizes ({@link OcRow}).
 */
final class DependsSection extends ReportSection {
  static final String THRESHOLDS = "Thresholds: what the answer depends on";
  static final String PAIRED = "Designs compared in pairs";
  static final String POWER = "Operating characteristics of the rules";

  DependsSection(ReportSection report) {
    super(report);
  }

  /**
   * The rules this profile's sizes cannot take both ways ({@link #POWER}): what its verdicts cannot
   * show, said on the first screen so a short profile's answer is not read as a long one's.
   */
  void cannotShow() {
    List<solventa.ops.analysis.power.OcRow> oc = e.operatingCharacteristics();
    if (oc == null) {
      return;
    }
    List<String> weak =
        oc.stream()
            .filter(x -> !x.admitted())
            .map(
                x -> x.rule() + String.format(Locale.ROOT, " (%.0f %% both ways)", 100 * x.power()))
            .toList();
    if (!weak.isEmpty()) {
      p(
          "**What this profile's sample sizes cannot show:** "
              + String.join(", ", weak)
              + " cannot go both ways at "
              + e.profile()
              + "'s sizes (80 % needed at ±δ; see Operating characteristics): their verdicts here"
              + " lean on too few answers to refute or to hold, so they are not the answer;"
              + " `full` and `explore` are sized for them, and the recovery backlog that a longer"
              + " outage leaves only their longer steps show.");
    }
  }

  /** The thresholds of every design that falls back, a row each. */
  void thresholds() {
    h(2, THRESHOLDS);
    Actuarial a = e.judgedWith();
    List<Thresholds> ts = e.thresholds() == null ? List.of() : e.thresholds();
    if (ts.isEmpty()) {
      p("— (no design that falls back was walked through a failing state)");
      return;
    }
    p(
        "The lab seeds the hit rate and cannot know the production one, nor the outage a business"
            + " will meet; so a design's fallback share through an outage is stated as thresholds"
            + " with their intervals, not as a verdict. h_min: the lowest production hit rate at"
            + " which the share through a "
            + Actuarial.num(a.outageSec())
            + " s outage stays within "
            + Actuarial.num(a.fallbackCeilingPct())
            + " % (the least-squares line of each outage step's share through D on its seeded hit"
            + " rate, over every level and run, solved for the ceiling, with a parametric"
            + " bootstrap interval). D*: the longest outage whose share stays within the ceiling"
            + " at the seeded hit rate (the line of each answer's fallback on its time into the"
            + " outage, whose mean over D is the share through D). Beside each, the aging model's"
            + " own figure, an implementation check. `--assume` re-judges them with other inputs.");
    List<List<String>> rows = new ArrayList<>();
    for (Thresholds t : ts) {
      Thresholds.HMin h = t.hMin();
      rows.add(
          List.of(
              t.arm(),
              OutageWords.hMin(h),
              h.levels().isEmpty()
                  ? "— (no usable step at a seeded hit rate)"
                  : h.levels().stream()
                          .map(l -> String.format(Locale.ROOT, "%.1f", l.seededPct()))
                          .distinct()
                          .reduce((x, y) -> x + ", " + y)
                          .orElse("")
                      + " % ("
                      + h.levels().size()
                      + (h.levels().size() == 1 ? " step)" : " steps)"),
              h.modelPct() == null
                  ? "— (none: D ≥ 2·T_source, or above 100 %)"
                  : String.format(Locale.ROOT, "%.1f %%", h.modelPct()),
              String.join(
                  "; ",
                  t.dStar().stream()
                      .map(d -> StateNames.label(d.state()) + ": " + OutageWords.dStar(d))
                      .toList()),
              modelDStar(t)));
    }
    blocks.add(
        new Table(
            List.of(
                "design",
                "h_min through D [95 % CI]",
                "seeded hit rates measured",
                "h_min, aging model",
                "D* at the seeded hit rate [95 % CI]",
                "D*, aging model"),
            rows));
  }

  /** The aging model's D* per failing state, or why it has none. */
  private static String modelDStar(Thresholds t) {
    String s =
        String.join(
            "; ",
            t.dStar().stream()
                .filter(d -> d.modelSec() != null)
                .map(
                    d ->
                        StateNames.label(d.state())
                            + " "
                            + Actuarial.num(Math.round(d.modelSec()))
                            + " s")
                .toList());
    return s.isEmpty() ? "— (no step with a seeded hit rate)" : s;
  }

  /** The paired effects, a row per claim and metric. */
  void paired() {
    h(2, PAIRED);
    List<PairedEffects> ps = e.pairedEffects() == null ? List.of() : e.pairedEffects();
    if (ps.isEmpty()) {
      p("— (no variant was walked beside C in the same run)");
      return;
    }
    p(
        "Each claim \"variant X beats C\" is judged on the same run's steps of the same state,"
            + " which ran with the same seed, key sequence and fault timeline: the difference X − C"
            + " second by second, pooled over the runs, with a 95 % moving-block bootstrap interval"
            + " (blocks of 5 s). An interval wholly on one side of 0 favours that design; otherwise"
            + " neither is shown better. The time back under 5 % is one figure per step: each"
            + " run's difference is shown, too few for an interval.");
    List<List<String>> rows = new ArrayList<>();
    for (PairedEffects p : ps) {
      rows.add(
          List.of(
              p.variant() + " vs " + p.base(),
              StateNames.label(p.state()),
              metric(p.metric()),
              String.join(", ", p.runs()),
              p.effect() == null
                  ? "—"
                  : String.format(Locale.ROOT, "%+.2f", p.effect().mean())
                      + (p.effect().ci() == null
                          ? p.perRun().isEmpty()
                              ? ""
                              : " (runs: "
                                  + String.join(
                                      ", ",
                                      p.perRun().stream()
                                          .map(x -> String.format(Locale.ROOT, "%+.0f", x))
                                          .toList())
                                  + ")"
                          : String.format(
                              Locale.ROOT,
                              " [%+.2f, %+.2f]",
                              p.effect().ci().low(),
                              p.effect().ci().high())),
              switch (p.favours()) {
                case VARIANT -> p.variant();
                case BASE -> p.base();
                case NEITHER -> "neither shown";
              }));
    }
    blocks.add(
        new Table(
            List.of(
                "claim",
                "state",
                "metric (lower is better unless noted)",
                "runs paired",
                "X − C [95 % CI]",
                "favours"),
            rows));
  }

  private static String metric(PairedEffects.Metric m) {
    return switch (m) {
      case POOL_IN_FLIGHT -> "adapter calls in flight per second";
      case DUPLICATES_HEALED -> "duplicate calls per second once the provider is healthy";
      case FALLBACK_FIRST_60S -> "fallback share per second, first 60 s, points";
      case TIME_BACK_UNDER_5 -> "seconds until back under 5 % of fallback";
      case FRESH_AT_START ->
          "fresh (CACHED) share per second, first 25 s, points (higher is better)";
    };
  }

  /** The rules' operating characteristics at this profile's sizes. */
  void power() {
    h(2, POWER);
    List<OcRow> oc = e.operatingCharacteristics();
    if (oc == null || oc.isEmpty()) {
      p("— (not computed for results written before rules version 15)");
      return;
    }
    p(
        "Each rule simulated at this profile's own sample sizes, with the analysis's own"
            + " estimator and comparison (docs/verdict-rules.md, \"Operating characteristics\"): the"
            + " probability that its verdicts hold when the truth is the bound moved by its"
            + " practical margin δ to the holding side (every comparison a verdict combines must"
            + " hold), and that they refute when it is moved δ to the failing side (one clear"
            + " failure refutes). A rule reaching "
            + Math.round(Characteristic.REQUIRED * 100)
            + " % both ways can go both ways at these sizes; one that does not is shown so, and"
            + " its verdicts here can only come out one way or too close to call.");
    List<List<String>> rows = new ArrayList<>();
    for (OcRow r : oc) {
      Characteristic.Point lo = r.points().get(0);
      Characteristic.Point at = r.points().get(1);
      Characteristic.Point hi = r.points().get(2);
      rows.add(
          List.of(
              r.rule(),
              (r.holdsBelow() ? "≤ " : "> ") + num(r.bound()) + " " + r.unit(),
              num(r.margin()) + " " + r.unit(),
              r.sizes() + "; " + r.comparisons() + " combined",
              pct(lo.allHold()) + " hold",
              pct(at.holds()) + " / " + pct(at.refutes()) + " / " + pct(at.tooClose()),
              pct(hi.anyRefutes()) + " refute",
              r.admitted() ? "yes" : "no"));
    }
    blocks.add(
        new Table(
            List.of(
                "rule",
                "bound",
                "δ",
                "sizes",
                "at bound ∓ δ (holding side)",
                "at the bound: holds / refutes / too close (one comparison)",
                "at bound ± δ (failing side)",
                "both ways ≥ 80 %"),
            rows));
  }

  /**
   * A verdict's power at this profile's sizes: the least of its rules' (holding and refuting
   * sides), or what it reads when it reads exact counts only.
   */
  static String powerOf(String hypothesis, List<OcRow> oc) {
    if (oc == null || oc.isEmpty()) {
      return "— (not computed: results written before rules version 15)";
    }
    List<String> rules = VerdictRules.rulesRead().getOrDefault(hypothesis, List.of());
    if (rules.isEmpty()) {
      return "exact counts and stamped times: no sampling error";
    }
    List<String> weak = new ArrayList<>();
    double least = 1;
    for (String rule : rules) {
      OcRow row = oc.stream().filter(x -> x.rule().equals(rule)).findFirst().orElse(null);
      if (row == null) {
        continue;
      }
      least = Math.min(least, row.power());
      if (!row.admitted()) {
        weak.add(rule + " " + pct(row.power()));
      }
    }
    return weak.isEmpty()
        ? "≥ " + pct(least) + " both ways"
        : "not both ways at these sizes: " + String.join(", ", weak);
  }

  private static String pct(double p) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * p);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
