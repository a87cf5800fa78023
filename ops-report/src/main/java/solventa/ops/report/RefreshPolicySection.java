package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.ProviderState;

/**
 * The source's refresh policy T as a design choice: each design of C's family read at several
 * values of T_source, each row the same recordings time-scaled (one lab second stands for T_source
 * ÷ the lab's T real seconds). Its freshness cost (the data age when healthy, scaled) beside the
 * fallback share over the declared outage, judged as the Recommendation judges it at that T.
 */
final class RefreshPolicySection extends ReportSection {
  /** A minute, ten minutes and an hour, then the declared input (a day, unless assumed). */
  static final List<Double> SOURCE_REFRESH_SEC = List.of(60.0, 600.0, 3_600.0);

  RefreshPolicySection(ReportSection report) {
    super(report);
  }

  /** The values of T_source read: the three above and the actuarial input, without repeats. */
  static List<Double> values(Actuarial a) {
    List<Double> ts = new ArrayList<>(SOURCE_REFRESH_SEC);
    if (!ts.contains(a.sourceRefreshSec())) {
      ts.add(a.sourceRefreshSec());
    }
    ts.sort(Double::compare);
    return ts;
  }

  void table(List<BenchArm> arms, int labT, int recoveryWindowSec, Actuarial a) {
    h(3, "The source's refresh policy T");
    p(
        "One T was measured: the lab refreshes a value after T = "
            + labT
            + " s. Each row reads the same recordings with the source refreshed every T_source,"
            + " time-scaled: one lab second stands for T_source ÷ "
            + labT
            + " real seconds. This holds for an outage because the seeded ages, the expiry and the"
            + " outage's seconds all scale with T and the provider answers nothing in time"
            + " throughout; what it does not capture is the healthy state's cost of a short T (at"
            + " the same quotes per customer a shorter T expires more values between quotes: more"
            + " cold-path answers and provider calls), which the lab's seeded hit rate does not"
            + " model. **Data age** is the healthy step's p50 / p95 (the highest over the runs),"
            + " scaled. **Fallback through D** is the highest share of one step over the first D = "
            + Actuarial.num(a.outageSec())
            + " s of the outage (mapped to the lab); **clause (b)** is the Recommendation's"
            + " fallback share at that T_source, the runs pooled, with the other inputs as declared"
            + " ("
            + a.describe()
            + "). Where D maps past the steps' end (a short T_source) it cannot be judged, and"
            + " says so.");
    List<List<String>> rows = new ArrayList<>();
    EvidenceWords words = EvidenceWords.over(e.steps());
    for (double t : values(a)) {
      Actuarial at = new Actuarial(t, a.outageSec(), a.fallbackCeilingPct(), a.maxStaleAgeSec());
      Recommendation rec = Recommendation.of(r, labT, recoveryWindowSec, at);
      for (BenchArm arm : arms) {
        if (rec.candidates().stream().noneMatch(c -> c.arm() == arm)
            || r.runs().stream().allMatch(run -> r.walk(run, arm, ProviderState.DOWN).isEmpty())) {
          continue; // not a candidate, or a card arm this experiment did not walk
        }
        Recommendation.Candidate c = rec.candidate(arm);
        Recommendation.ClauseCall fb = c.clauses().get(Recommendation.Clause.FALLBACK);
        rows.add(
            List.of(
                Actuarial.num(t) + " s" + (t == a.sourceRefreshSec() ? " (declared)" : ""),
                arm.label(),
                age(arm, t / labT),
                c.worstFallbackPct() == null
                    ? "— (no failure step judged)"
                    : String.format(Locale.ROOT, "%.1f", c.worstFallbackPct()),
                switch (fb.standing()) {
                  case MET -> "holds";
                  case MISSED -> "misses: " + words.text(fb.evidence());
                  case UNDECIDED -> "undecided: " + words.text(fb.evidence());
                }));
      }
    }
    if (rows.isEmpty()) {
      p("— (no design of C's family was walked through every required state and its recovery)");
      return;
    }
    blocks.add(
        new Table(
            List.of(
                "T_source",
                "Design",
                "Data age p50 / p95 when healthy (s)",
                "Fallback % through D (worst step)",
                "Clause (b) at D"),
            rows));
  }

  /** The healthy step's data age p50 / p95, the highest over the runs, times {@code scale}. */
  private String age(BenchArm arm, double scale) {
    Double p50 = null;
    Double p95 = null;
    for (String run : r.runs()) {
      StepResult s = r.walk(run, arm, ProviderState.HEALTHY).orElse(null);
      if (s == null) {
        continue;
      }
      p50 = max(p50, s.ageP50());
      p95 = max(p95, s.ageP95());
    }
    if (p50 == null || p95 == null) {
      return "— (not recorded)";
    }
    return seconds(p50 * scale) + " / " + seconds(p95 * scale);
  }

  private static String seconds(double ms) {
    double sec = ms / 1000;
    return String.format(Locale.ROOT, sec >= 100 ? "%.0f" : "%.1f", sec);
  }

  private static Double max(Double a, Double b) {
    if (b == null) {
      return a;
    }
    return a == null ? b : Math.max(a, b);
  }
}
