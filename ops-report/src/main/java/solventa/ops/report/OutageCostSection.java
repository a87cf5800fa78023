package solventa.ops.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.OutageCost;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.FallbackFlip;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Block;
import solventa.ops.report.Report.Chart;
import solventa.ops.report.Report.Heading;
import solventa.ops.report.Report.Para;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.ProviderState;

/**
 * "The outage's cost over time": C's fallback share (STALE and DEFAULT apart) and the age of the
 * data its quotes were priced with, per second of its degraded, unresponsive and down steps, beside
 * the aging model of {@link OutageCost}, with the time to the actuarial ceiling t* for the
 * protocol's T and how it moves with another T.
 */
final class OutageCostSection {
  /** Rows shown per step; a longer step shows every k-th second (the first and last always). */
  static final int MAX_ROWS = 20;

  private static final String[] COLORS = {"#ff7f0e", "#d62728", "#9467bd"};

  private OutageCostSection() {}

  static List<Block> of(StepResults r, ExperimentProfile p, Actuarial a) {
    List<Block> out = new ArrayList<>();
    out.add(new Heading(2, "The outage's cost over time (arm C)"));
    if (r.runs().isEmpty()) {
      out.add(new Para("— (no run was made)"));
      return out;
    }
    int t = p.refreshAfterSec();
    double c = a.fallbackCeilingPct();
    String first = r.runs().get(0);
    List<OutageCost> costs = new ArrayList<>();
    for (String run : r.runs()) {
      costs.addAll(OutageCost.of(r, run, BenchArm.C, t, c));
    }
    if (costs.isEmpty()) {
      out.add(new Para("— (arm C walked no outage state in this profile)"));
      return out;
    }
    double h = costs.get(0).targetHit();
    out.add(modelPara(h, t, c));
    out.add(realUnitsPara(t, a));
    out.add(flipTable(r, t, a));
    for (String run : r.runs()) {
      out.add(chart(r, run, Charts.file("outage-cost-c", run, first), h, t, c));
    }
    for (OutageCost oc : costs) {
      out.add(new Heading(3, oc.step()));
      out.add(fittedPara(oc, t));
      out.add(table(oc));
    }
    return out;
  }

  /** The aging model: the share 1 − h·(1 − t/T) and where it reaches the ceiling, t*. */
  private static Para modelPara(double h, int t, double c) {
    double tStar = OutageCost.timeToCeilingSec(h, t, c);
    double share = tStar / t;
    return new Para(
        "Every outage step starts from a steady state where "
            + pct0(h * 100)
            + " % of quotes (the target hit rate h) find a value younger than T = "
            + t
            + " s, their ages uniform over [0, T). A failing provider refreshes none, so the"
            + " model's fallback share t seconds after the change is 1 − h·(1 − t/T), and it"
            + " reaches the actuarial ceiling c = "
            + pct0(c)
            + " % at **t* = T·(1 − (1 − c)/h) = "
            + String.format(Locale.ROOT, "%.1f", tStar)
            + " s, "
            + pct0(share * 100)
            + " % of T**. The model ignores the refreshes a degraded provider still completes:"
            + " it is an upper bound there, and exact when the provider answers nothing.");
  }

  /** How the curve maps to the source's T_source and is compared with D (clause (b)). */
  private static Para realUnitsPara(int t, Actuarial a) {
    return new Para(
        "**In real units (HD-01's clause (b)):** the share depends on t/T only, so the curve"
            + " maps to the source's refresh policy T_source = "
            + Actuarial.num(a.sourceRefreshSec())
            + " s through t/T (1 s of the lab stands for "
            + Actuarial.num(a.sourceRefreshSec() / t)
            + " s), as far as the model agrees with the measured curve. Each failure step's"
            + " flip (t* over h's interval, measured in the same run's healthy step, and the"
            + " measured crossing) is compared with the outage the business rides through, D"
            + " = "
            + Actuarial.num(a.outageSec())
            + " s: below the flip holds, above refutes, inside is too close to call.");
  }

  /** Clause (b) for each of C's degraded and unresponsive steps, one row a step. */
  private static Table flipTable(StepResults r, int t, Actuarial a) {
    List<List<String>> rows = new ArrayList<>();
    cFlips(r, t, a).forEach((step, f) -> rows.add(flipRow(step, f, t)));
    return new Table(
        List.of(
            "C step",
            "h % (healthy step)",
            "t* (s of T_source)",
            "measured crossing (s of T_source)",
            "model agrees for (lab); largest gap, deviation (points)",
            "STALE ≤ A % (first D)",
            "STALE > A % (first D)",
            "DEFAULT % (first D)",
            "clause (b) at D = " + Actuarial.num(a.outageSec()) + " s"),
        rows);
  }

  /**
   * Clause (b) judged for each of C's degraded and unresponsive walk steps, run by run, with h from
   * the same run's healthy step; keyed "R1 degraded", in that order.
   */
  static Map<String, FallbackFlip> cFlips(StepResults r, int t, Actuarial a) {
    Map<String, FallbackFlip> flips = new LinkedHashMap<>();
    for (String run : r.runs()) {
      StepResult healthy = r.walk(run, BenchArm.C, ProviderState.HEALTHY).orElse(null);
      for (ProviderState st : List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
        r.walk(run, BenchArm.C, st)
            .ifPresent(
                s ->
                    flips.put(
                        run + " " + StateNames.label(st),
                        FallbackFlip.judge(
                            "C " + StateNames.label(st) + " " + run, s, healthy, t, a)));
      }
    }
    return flips;
  }

  /** One step's flip, its agreement, what the first D recorded, and the clause's outcome. */
  private static List<String> flipRow(String step, FallbackFlip f, int t) {
    FallbackFlip.Recorded rec = f.recorded();
    return List.of(
        step,
        f.hPct() == null ? "—" : pct1(f.hPct()) + " " + f.h().pct(),
        f.tStar() == null ? "—" : span(f.tStar()),
        f.crossing() == null ? "— (not within the step)" : span(f.crossing()),
        f.agreesUntilSec() == null
            ? "—"
            : String.format(
                Locale.ROOT,
                "%.0f s (%.2f T); gap %.1f, deviation %.1f",
                f.agreesUntilSec(),
                f.agreesUntilSec() / t,
                f.maxGapPts(),
                f.maxDeviationPts()),
        share(rec, rec.staleWithinA()),
        share(rec, rec.staleBeyondA()),
        share(rec, rec.dflt()),
        FlipWords.outcome(f));
  }

  /** The T a line fitted through the fresh share implies, and the model's error. */
  private static Para fittedPara(OutageCost oc, int t) {
    return new Para(
        "Fitted: a least-squares line through the measured fresh share implies T = "
            + (oc.fittedTSec() == null
                ? "— (fewer than 3 seconds before T, or no decline)"
                : String.format(Locale.ROOT, "%.1f", oc.fittedTSec()) + " s")
            + " (declared "
            + t
            + " s); measured − model fallback share, root mean square: "
            + (oc.modelRmsePts() == null
                ? "— (no second with answers)"
                : String.format(Locale.ROOT, "%.1f", oc.modelRmsePts()) + " points")
            + ".");
  }

  static Table table(OutageCost oc) {
    List<List<String>> rows = new ArrayList<>();
    int n = oc.seconds().size();
    int every = Math.max(1, (int) Math.ceil(n / (double) MAX_ROWS));
    for (int i = 0; i < n; i++) {
      if (i % every != 0 && i != n - 1) {
        continue;
      }
      OutageCost.Second s = oc.seconds().get(i);
      String none = "— (no request in this second)";
      rows.add(
          List.of(
              Integer.toString(s.second()),
              Integer.toString(s.requests()),
              s.fallbackPct() == null ? none : pct1(s.fallbackPct()),
              pct1(s.modelFallbackPct()),
              s.stalePct() == null ? none : pct1(s.stalePct()),
              s.defaultPct() == null ? none : pct1(s.defaultPct()),
              s.ageP50Ms() == null ? ageMissing(s) : sec(s.ageP50Ms()),
              s.ageP95Ms() == null ? ageMissing(s) : sec(s.ageP95Ms())));
    }
    return new Table(
        List.of(
            "s since change",
            "requests",
            "fallback % (measured)",
            "fallback % (model)",
            "STALE %",
            "DEFAULT %",
            "data age p50 (s)",
            "data age p95 (s)"),
        rows);
  }

  private static String ageMissing(OutageCost.Second s) {
    return s.requests() == 0
        ? "— (no request in this second)"
        : "— (not recorded: results older than the per-second age, or no answer carried one)";
  }

  private static Block chart(StepResults r, String run, String file, double h, int t, double c) {
    SvgChart chart =
        new SvgChart(
            "Arm C, run " + run + ": fallback share through the outage, measured and modelled",
            "seconds since the provider changed",
            "% of answers on STALE/DEFAULT");
    int ci = 0;
    double maxSec = 0;
    for (var st : OutageCost.OUTAGE_STATES) {
      var step = r.walk(run, BenchArm.C, st);
      if (step.isEmpty()) {
        continue;
      }
      StepResult s = step.get();
      List<double[]> pts = new ArrayList<>();
      for (var p : s.timeline()) {
        pts.add(
            new double[] {p.second(), p.fallbackShare() == null ? Double.NaN : p.fallbackShare()});
        maxSec = Math.max(maxSec, p.second());
      }
      chart.series(StateNames.label(st) + " (measured)", COLORS[ci++ % COLORS.length], pts);
    }
    List<double[]> model = new ArrayList<>();
    for (int i = 0; i <= (int) maxSec; i++) {
      model.add(new double[] {i, OutageCost.modelFallbackPct(h, t, i + 0.5)});
    }
    chart.series("model, h " + pct0(h * 100) + " %, T " + t + " s", "#7f7f7f", model);
    chart.threshold(c, "actuarial ceiling " + pct0(c) + " %");
    return new Chart(
        file,
        chart.render(),
        "Arm C, run "
            + run
            + ": fallback share per second in the degraded, unresponsive and down steps, and the"
            + " aging model 1 − h·(1 − t/T).");
  }

  private static String span(solventa.ops.statistics.Interval i) {
    return String.format(Locale.ROOT, "%.0f–%.0f", i.low(), i.high());
  }

  private static String share(FallbackFlip.Recorded rec, Long k) {
    if (k == null) {
      return "— (ages not recorded)";
    }
    return rec.answers() == 0
        ? "— (no answer)"
        : String.format(
            Locale.ROOT, "%.1f (%d of %d)", 100.0 * k / rec.answers(), k, rec.answers());
  }

  private static String pct0(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String pct1(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static String sec(double ms) {
    return String.format(Locale.ROOT, "%.1f", ms / 1000.0);
  }
}
