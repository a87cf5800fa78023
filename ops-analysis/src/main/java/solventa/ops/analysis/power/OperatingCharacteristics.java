package solventa.ops.analysis.power;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.OutageShare;
import solventa.ops.analysis.hypotheses.Recovery;
import solventa.ops.analysis.hypotheses.RuleNames;
import solventa.ops.analysis.hypotheses.SacrificedHighTraffic;
import solventa.ops.protocol.ExperimentProfile;
import solventa.vocabulary.Acceptance;

/**
 * Every verdict rule at a profile's own sample sizes (docs/verdict-rules.md, "Operating
 * characteristics"): its bound, its declared practical margin δ, the comparisons its verdicts
 * combine, and its simulation ({@link Simulations}). A rule is admitted when its verdicts can go
 * both ways at those sizes ({@link Characteristic#admitted}); one that cannot is an implementation
 * check, or its protocol is resized.
 */
public final class OperatingCharacteristics {
  private OperatingCharacteristics() {}

  /** δ of a latency percentile compared with the p95 threshold, ms. */
  public static final double P95_MARGIN_MS = 10;

  /** δ of a p99, ms. */
  public static final double P99_MARGIN_MS = 50;

  /** δ of the error share, points. */
  public static final double ERRORS_MARGIN_PTS = 0.5;

  /** δ of the sacrificed share at high traffic, points. */
  public static final double SACRIFICED_MARGIN_PTS = 0.5;

  /**
   * δ of the sacrificed share at low traffic: two requests of one trial's W (2 ÷ (rate × W)), the
   * resolution of the settings it compares: a setting one failure stricter sacrifices one request
   * fewer per trial, 0.33 points at 10 req/s.
   */
  public static double lowTrafficMarginPts(int rate, int windowSec) {
    return 200.0 / (rate * windowSec);
  }

  /** δ of HD-01.8's recovery time, s. */
  public static final double RECOVERY_MARGIN_SEC = 5;

  /** δ of HD-01.3's difference of medians, ms. */
  public static final double MEDIANS_MARGIN_MS = 20;

  /** Simulated experiments per true value for the bootstrap rules (each one thousands of draws). */
  static final int BOOTSTRAP_REPLICATES = 100;

  /** Simulated experiments per true value for the rules read from counts. */
  static final int COUNT_REPLICATES = 2000;

  /** The rules at {@code p}'s sizes, judged with the actuarial inputs {@code a}. */
  public static List<Rule> rules(ExperimentProfile p, Actuarial a) {
    int step = p.walkRate() * p.measureSec();
    int runs = p.runs();
    List<Rule> out = new ArrayList<>();
    out.add(
        new Rule(
            RuleNames.P95,
            Acceptance.P95_MS,
            P95_MARGIN_MS,
            "ms",
            true,
            4 * runs,
            step + " answers a step",
            BOOTSTRAP_REPLICATES,
            Simulations.percentile(95, step, Acceptance.P95_MS),
            false));
    out.add(
        new Rule(
            RuleNames.P99,
            Acceptance.P99_MS,
            P99_MARGIN_MS,
            "ms",
            true,
            4 * runs,
            step + " answers a step",
            BOOTSTRAP_REPLICATES,
            Simulations.percentile(99, step, Acceptance.P99_MS),
            false));
    out.add(
        new Rule(
            RuleNames.ERRORS,
            Acceptance.MAX_ERROR_PCT,
            ERRORS_MARGIN_PTS,
            "%",
            true,
            4 * runs,
            step + " answers a step",
            COUNT_REPLICATES,
            Simulations.share(step, Acceptance.MAX_ERROR_PCT, false),
            false));
    long throughD =
        Math.round(runs * p.walkRate() * OutageShare.labSpanMs(p.refreshAfterSec(), a) / 1000);
    out.add(
        new Rule(
            RuleNames.FALLBACK_THROUGH_D,
            a.fallbackCeilingPct(),
            ClauseB.MARGIN_PTS,
            "%",
            true,
            2,
            throughD + " answers pooled over " + runs + " run" + (runs == 1 ? "" : "s"),
            COUNT_REPLICATES,
            Simulations.outageShare(throughD, a.fallbackCeilingPct()),
            false));
    out.addAll(policyRules(p));
    out.add(
        new Rule(
            RuleNames.RECOVERY_TIME,
            Recovery.WITHIN_MS / 1000.0,
            RECOVERY_MARGIN_SEC,
            "s",
            true,
            2 * runs,
            p.walkRate() + " answers a second for " + p.recoveryMeasureSec() + " s",
            COUNT_REPLICATES / 2,
            Simulations.recoveryTime(p.walkRate(), p.recoveryMeasureSec()),
            false));
    int cold = (int) Math.round((1 - p.designHitRate()) * p.walkRate() * p.pathMeasureSec());
    out.add(
        new Rule(
            RuleNames.MEDIAN_DIFFERENCE,
            0,
            MEDIANS_MARGIN_MS,
            "ms",
            false,
            runs,
            cold + " answers a path",
            2 * BOOTSTRAP_REPLICATES,
            Simulations.medianDifference(cold, cold),
            false));
    return out;
  }

  /** HD-01.5's and HD-01.6's pooled sacrificed shares, at the high and the low policy rate. */
  private static List<Rule> policyRules(ExperimentProfile p) {
    List<Rule> out = new ArrayList<>();
    List<Integer> rates = p.policyRates();
    if (rates.isEmpty()) {
      return out;
    }
    int w = p.exposureWindowSec();
    long high = (long) p.runs() * rates.get(0) * w;
    out.add(
        new Rule(
            RuleNames.SACRIFICED_HIGH,
            SacrificedHighTraffic.MAX_SACRIFICED_PCT,
            SACRIFICED_MARGIN_PTS,
            "%",
            true,
            1,
            high + " requests pooled over " + p.runs() + " trial" + (p.runs() == 1 ? "" : "s"),
            COUNT_REPLICATES,
            Simulations.share(high, SacrificedHighTraffic.MAX_SACRIFICED_PCT, true),
            false));
    if (rates.size() > 1) {
      int trials = p.lowTrafficTrials();
      long low = (long) trials * rates.get(rates.size() - 1) * w;
      out.add(
          new Rule(
              RuleNames.SACRIFICED_LOW,
              SacrificedHighTraffic.MAX_SACRIFICED_PCT,
              lowTrafficMarginPts(rates.get(rates.size() - 1), w),
              "%",
              true,
              1,
              low + " requests pooled over " + trials + " trial" + (trials == 1 ? "" : "s"),
              COUNT_REPLICATES,
              Simulations.share(low, SacrificedHighTraffic.MAX_SACRIFICED_PCT, true),
              false));
    }
    return out;
  }

  /** Every rule's characteristic at {@code p}'s sizes. */
  public static List<Characteristic> of(ExperimentProfile p, Actuarial a) {
    return rules(p, a).stream().map(Characteristic::of).toList();
  }
}
