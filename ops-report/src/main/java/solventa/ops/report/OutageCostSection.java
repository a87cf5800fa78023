package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.OutageCost;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.OutageShare;
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

  /** The aging model: the share 1 − h·(1 − t/T), its mean through D, and where it reaches c. */
  private static Para modelPara(double h, int t, double c) {
    double tStar = OutageCost.timeToCeilingSec(h, t, c);
    return new Para(
        "Every outage step starts from a steady state where "
            + pct0(h * 100)
            + " % of quotes (the seeded hit rate h) find a value younger than T = "
            + t
            + " s, their ages spread evenly over [0, T). A provider that answers nothing refreshes"
            + " none, so the aging model's fallback share t seconds after the change is 1 − h·(1 −"
            + " t/T), and its mean over the first L seconds is 1 − h·(1 − L/(2T)). The share at t"
            + " reaches the ceiling c = "
            + pct0(c)
            + " % at t* = T·(1 − (1 − c)/h) = "
            + String.format(Locale.ROOT, "%.1f", tStar)
            + " s. The model ignores the refreshes a degraded provider still completes and any"
            + " answer that falls back for another reason; how far each step lies from it is"
            + " measured, with its interval, in the table below.");
  }

  /** How the share through D is counted and compared with c (clause (b)). */
  private static Para realUnitsPara(int t, Actuarial a) {
    return new Para(
        "**The fallback share through the outage (HD-01's clause (b)):** the share of the quotes"
            + " sent during the first D = "
            + Actuarial.num(a.outageSec())
            + " s of the outage that were priced on a fallback (STALE or DEFAULT). The share"
            + " depends on t/T only, so the outage maps to the lab through t/T: its first D is the"
            + " step's first D·T/T_source = "
            + String.format(Locale.ROOT, "%.2f", OutageShare.labSpanMs(t, a) / 1000)
            + " s (T_source = "
            + Actuarial.num(a.sourceRefreshSec())
            + " s), counted to the tenth of a second. The runs' steps of a state are pooled and"
            + " the pooled share's Clopper–Pearson interval is compared with c: within it over the"
            + " whole interval holds, above it refutes, otherwise too close to call.");
  }

  /** Clause (b) in C's degraded and unresponsive states: a row per state, then one per step. */
  private static Table flipTable(StepResults r, int t, Actuarial a) {
    List<List<String>> rows = new ArrayList<>();
    for (ClauseB b : cShares(r, t, a)) {
      rows.add(
          List.of(
              OutageWords.who(b),
              b.pct() == null ? "—" : pct1(b.pct()) + " " + b.share().pct(),
              b.pooled() == null ? "—" : Long.toString(b.pooled().answers()),
              b.excess() == null
                  ? "—"
                  : OutageWords.signed(b.excessPts())
                      + " ["
                      + OutageWords.signed(b.excess().low())
                      + ", "
                      + OutageWords.signed(b.excess().high())
                      + "]",
              OutageWords.outcome(b)));
      for (OutageShare s : b.steps()) {
        rows.add(
            List.of(
                "  " + s.stepId(),
                s.pct() == null ? "—" : pct1(s.pct()) + " " + s.share().pct(),
                s.span() == null ? "—" : Long.toString(s.span().answers()),
                s.excessPts() == null
                    ? "—"
                    : OutageWords.signed(s.excessPts())
                        + " (h "
                        + pct1(s.hPct())
                        + " %"
                        + (s.hSeeded() ? " seeded" : " measured")
                        + ", model "
                        + pct1(s.modelPct())
                        + " %)",
                ""));
      }
    }
    return new Table(
        List.of(
            "C state (runs pooled), then each step",
            "fallback % through D [95 % CI]",
            "answers",
            "points above the aging model [95 % CI]",
            "clause (b) at c = " + Actuarial.num(a.fallbackCeilingPct()) + " %"),
        rows);
  }

  /** Clause (b) judged in each of C's degraded and unresponsive states, the runs pooled. */
  static List<ClauseB> cShares(StepResults r, int t, Actuarial a) {
    return List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE).stream()
        .map(st -> ClauseB.judge(r, BenchArm.C, st, t, a))
        .filter(b -> !b.steps().isEmpty() || !b.left().isEmpty())
        .toList();
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
      for (var p : Charts.drawn(s.timeline())) {
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
            + " aging model 1 − h·(1 − t/T). "
            + Charts.PARTIAL);
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
