package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.ops.protocol.StepKind;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.ProviderState;

/**
 * C beside its variants (the card's mitigations), run by run: what each changes over an outage and
 * at recovery. Refresh-ahead should start the outage with more fresh values; careful recovery
 * should keep the adapter's pool from filling at recovery. Every cell is read from the design's own
 * walk steps in that run; a step not run says so.
 */
final class VariantsSection extends ReportSection {
  static final String HEADING = "C beside its variants: refresh-ahead and careful recovery";

  /** C, then its variants, then C' for reference. */
  static final List<BenchArm> ARMS =
      List.of(BenchArm.C, BenchArm.C_RA, BenchArm.C_CR, BenchArm.C_PRIME);

  VariantsSection(ReportSection report) {
    super(report);
  }

  /** Whether the results walked any of C's variants (the variants that fall back). */
  boolean walked() {
    return r.of(StepKind.WALK)
        .anyMatch(s -> s.spec().arm().isVariant() && s.spec().arm().fallsBack());
  }

  void table(int recoveryWindowSec, solventa.ops.analysis.hypotheses.Actuarial a) {
    h(2, HEADING);
    if (!walked()) {
      p(
          "C's variants (C+RA, refresh-ahead; C+CR, careful recovery) were not walked in this"
              + " experiment: `./bin/lab experiment explore` walks them beside C, and the"
              + " Recommendation then judges them.");
      return;
    }
    p(
        "Per run, each design's own walk steps. **Fresh at the outage's start**: the share of"
            + " answers not priced on a fallback in the first second of the degraded step (the"
            + " provider has just started to fail). **Down**: the fallback share and the p95 data"
            + " age over the down step's window. **Recovery**: the most adapter calls in flight"
            + " (of the pool) and the bulkhead's rejections over the recovery step, whether the"
            + " pool was read full before the provider was healthy again ("
            + recoveryWindowSec
            + " s after the change: the recovery backlog), and when the fallback share fell below"
            + " 5 % for good. **Calls per quote**: the provider calls in the healthy step's window"
            + " ÷ its answers, what refresh-ahead spends. The price error of DEFAULT quotes is in"
            + " the Recommendation section.");
    List<List<String>> rows = new ArrayList<>();
    for (String run : r.runs()) {
      for (BenchArm arm : ARMS) {
        if (r.walk(run, arm, ProviderState.HEALTHY).isEmpty()
            && r.walk(run, arm, ProviderState.RECOVERY).isEmpty()) {
          continue;
        }
        rows.add(row(run, arm, recoveryWindowSec));
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Design · run",
                "Fresh at the outage's start %",
                "Down: fallback %",
                "Down: data age p95 (s)",
                "Recovery: in flight (pool), rejected",
                "Recovery: pool full before healthy",
                "Recovery: fallback < 5 % after (s)",
                "Calls per quote, healthy"),
            rows));
    budgets();
    tradeOff(a);
    new RefreshPolicySection(this)
        .table(
            BenchArm.with(BenchArm::fallsBack),
            profileOf().refreshAfterSec(),
            recoveryWindowSec,
            a);
  }

  /** The budget variants beside C (the shipped budget), lowest budget first. */
  static final List<BenchArm> BUDGETS = List.of(BenchArm.C_B80, BenchArm.C, BenchArm.C_B160);

  /**
   * The card's mitigation 2: C at each budget, healthy and slow, with the share of answers that
   * took the cold path (not CACHED), the fallback share and the latency; shown when a budget
   * variant was walked.
   */
  private void budgets() {
    if (r.of(StepKind.WALK).noneMatch(s -> s.spec().arm().settings().containsKey("quote.budget"))) {
      return;
    }
    p(
        "**The budget** (the card's mitigation 2): C at 80 ms, at its shipped budget and at 160 ms,"
            + " healthy and slow, where the budget decides how many answers wait for the provider"
            + " and how long. Cold path: the share of answers that were not CACHED (FRESH, STALE"
            + " or DEFAULT); p95 and p99 with their 95 % intervals.");
    solventa.ops.analysis.figures.BudgetSettings b =
        solventa.ops.analysis.figures.BudgetSettings.of(e.environment());
    String shipped = b.budgetMs() == null ? "shipped" : b.budgetMs() + "ms";
    List<List<String>> rows = new ArrayList<>();
    for (String run : r.runs()) {
      for (ProviderState st : List.of(ProviderState.HEALTHY, ProviderState.SLOW)) {
        for (BenchArm arm : BUDGETS) {
          r.walk(run, arm, st).ifPresent(s -> rows.add(budgetRow(run, st, s, shipped)));
        }
      }
    }
    blocks.add(
        new Table(
            List.of(
                "Design · state · run",
                "Budget",
                "Cold path %",
                "Fallback %",
                "p95 (ms)",
                "p99 (ms)",
                "Meets?"),
            rows));
  }

  private static List<String> budgetRow(
      String run, ProviderState st, StepResult s, String shipped) {
    BenchArm arm = s.spec().arm();
    long answers = s.endToEnd() == null ? 0 : s.endToEnd().count();
    return List.of(
        arm.label() + " · " + StateNames.label(st) + " · " + run,
        arm.settings().getOrDefault("quote.budget", shipped),
        answers == 0 || s.coldPath() == null
            ? cell(null, why(s, "coldPath"))
            : String.format(Locale.ROOT, "%.1f", 100.0 * s.coldPath().count() / answers),
        cell(pct(s.fallbackPct()), why(s, "fallbackPct")),
        msCell(s, s.endToEnd().p95(), s.intervals() == null ? null : s.intervals().p95()),
        msCell(s, s.endToEnd().p99(), s.intervals() == null ? null : s.intervals().p99()),
        meetsCell(s));
  }

  /** The designs' colours, in {@link #ARMS}' order. */
  private static final String[] COLORS = {"#1f77b4", "#2ca02c", "#9467bd", "#d62728"};

  /**
   * The trade-off as pictures, from the first run: per failure state, each design's fallback share
   * per second against the outage's duration in real seconds (a lab second stands for T_source ÷ T
   * of them), the actuarial ceiling drawn as the assumption it is; then each design's data age
   * against its fallback share over the down step, the card's two costs of independence.
   */
  private void tradeOff(solventa.ops.analysis.hypotheses.Actuarial a) {
    String run = r.runs().get(0);
    double scale = a.sourceRefreshSec() / profileOf().refreshAfterSec();
    for (ProviderState st :
        List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE, ProviderState.DOWN)) {
      SvgChart c =
          new SvgChart(
              "Fallback share through the outage, " + StateNames.label(st) + ", run " + run,
              "seconds of outage (source refreshed every "
                  + solventa.ops.analysis.hypotheses.Actuarial.num(a.sourceRefreshSec())
                  + " s)",
              "% of answers on STALE/DEFAULT");
      for (int i = 0; i < ARMS.size(); i++) {
        Optional<StepResult> s = r.walk(run, ARMS.get(i), st);
        if (s.isEmpty() || s.get().timeline() == null) {
          continue;
        }
        List<double[]> pts = new ArrayList<>();
        for (TimelinePoint t : Charts.drawn(s.get().timeline())) {
          pts.add(
              new double[] {
                t.second() * scale, t.fallbackShare() == null ? Double.NaN : t.fallbackShare()
              });
        }
        c.series(ARMS.get(i).label(), COLORS[i], pts);
      }
      if (c.isEmpty()) {
        continue;
      }
      c.threshold(
          a.fallbackCeilingPct(),
          "actuarial ceiling "
              + solventa.ops.analysis.hypotheses.Actuarial.num(a.fallbackCeilingPct())
              + " % (an assumption)");
      blocks.add(
          new Report.Chart(
              "tradeoff-" + StateNames.label(st) + ".svg",
              c.render(),
              "Run "
                  + run
                  + ", provider "
                  + StateNames.label(st)
                  + ": each design's fallback share per second, against the outage's duration in"
                  + " real seconds. The ceiling is the declared assumption; a reader with another"
                  + " reads their own answer where each line crosses it. "
                  + Charts.PARTIAL));
    }
    SvgChart costs =
        new SvgChart(
                "The two costs of independence, provider down, run " + run,
                "% of answers on STALE/DEFAULT over the down step",
                "data age p95 (s)")
            .asPoints()
            .xFromZero();
    for (int i = 0; i < ARMS.size(); i++) {
      Optional<StepResult> s = r.walk(run, ARMS.get(i), ProviderState.DOWN);
      if (s.isEmpty() || s.get().fallbackPct() == null || s.get().ageP95() == null) {
        continue;
      }
      List<double[]> pt = new ArrayList<>();
      pt.add(new double[] {s.get().fallbackPct(), s.get().ageP95() / 1000});
      costs.series(ARMS.get(i).label(), COLORS[i], pt);
    }
    if (!costs.isEmpty()) {
      blocks.add(
          new Report.Chart(
              "tradeoff-costs.svg",
              costs.render(),
              "Run "
                  + run
                  + ", provider down: each design's data age (p95) against its fallback share,"
                  + " one point per design."));
    }
  }

  private List<String> row(String run, BenchArm arm, int windowSec) {
    Optional<StepResult> degraded = r.walk(run, arm, ProviderState.DEGRADED);
    Optional<StepResult> down = r.walk(run, arm, ProviderState.DOWN);
    Optional<StepResult> rec = r.walk(run, arm, ProviderState.RECOVERY);
    Optional<StepResult> healthy = r.walk(run, arm, ProviderState.HEALTHY);
    return List.of(
        arm.label() + " · " + run,
        degraded.map(VariantsSection::freshAtStart).orElse(cell(null, notRun())),
        down.map(s -> cell(pct(s.fallbackPct()), why(s, "fallbackPct")))
            .orElse(cell(null, notRun())),
        down.map(s -> cell(seconds(s.ageP95()), why(s, "ageP95"))).orElse(cell(null, notRun())),
        rec.map(VariantsSection::pool).orElse(cell(null, notRun())),
        rec.map(s -> backlog(s, windowSec)).orElse(cell(null, notRun())),
        rec.map(
                s ->
                    cell(
                        seconds(s.recoveryMs() == null ? null : s.recoveryMs().doubleValue()),
                        why(s, "recoveryMs")))
            .orElse(cell(null, notRun())),
        healthy
            .map(
                s -> {
                  Double c = Recommendation.callsPerQuote(s);
                  return cell(
                      c == null ? null : String.format(Locale.ROOT, "%.3f", c),
                      why(s, "providerCalls"));
                })
            .orElse(cell(null, notRun())));
  }

  /** 100 − the fallback share of the step's first second with answers. */
  static String freshAtStart(StepResult s) {
    List<TimelinePoint> tl = s.timeline() == null ? List.of() : s.timeline();
    return tl.stream()
        .filter(t -> t.requests() > 0 && t.fallbackShare() != null)
        .findFirst()
        .map(t -> String.format(Locale.ROOT, "%.1f", 100 - t.fallbackShare()))
        .orElse(cell(null, "no second of the step had answers with a fallback share"));
  }

  private static String pool(StepResult s) {
    if (s.poolMaxInFlight() == null || s.poolSize() == null) {
      return cell(null, why(s, "poolMaxInFlight"));
    }
    return s.poolMaxInFlight()
        + " ("
        + s.poolSize()
        + "), "
        + (s.rejections() == null ? "n/a" : s.rejections())
        + " rejected";
  }

  private static String backlog(StepResult s, int windowSec) {
    if (s.poolSize() == null) {
      return cell(null, why(s, "poolMaxInFlight"));
    }
    RecoveryPhases ph = RecoveryPhases.of(s, windowSec);
    return ph.backlog().map(b -> "yes, in second " + b.fullAtSec()).orElse("no");
  }

  private static String seconds(Double ms) {
    return ms == null ? null : String.format(Locale.ROOT, "%.1f", ms / 1000);
  }
}
