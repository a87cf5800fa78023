package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import solventa.adapter.model.BreakerState;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Chart;
import solventa.vocabulary.ProviderState;

/**
 * The report's charts, drawn from the step timelines and the sweep with {@link SvgChart}: each
 * chart is present only when its steps were run.
 */
final class Charts {
  /** A second is shaded as errors when more than this share of its answers were not quotes. */
  static final double ERROR_BAND_PCT = 1.0;

  private static final String ERROR_COLOR = "#404040";
  private static final String ERROR_LABEL = "errors > 1 % (the line is their latency)";

  /** C, then C': the colours of the two-arm charts. */
  private static final String[] COLORS = {"#1f77b4", "#d62728"};

  private final StepResults r;
  private final List<Chart> charts = new ArrayList<>();

  private Charts(StepResults r) {
    this.r = r;
  }

  /** Every chart the data allows, in the report's order. */
  static List<Chart> of(StepResults r) {
    Charts c = new Charts(r);
    c.walkCharts();
    for (String run : r.runs()) {
      c.recoveryFallback(run);
    }
    for (String run : r.runs()) {
      c.providerCalls(run);
    }
    c.hitRate();
    return c.charts;
  }

  /**
   * A chart's file name for a run: the first run's has none (the names the report has always used),
   * a later run's ends with its label, e.g. {@code latency-c-R2.svg}.
   */
  private String file(String base, String run) {
    return file(base, run, r.runs().get(0));
  }

  /** {@link #file(String, String)} given the first run: also the outage-cost section's charts. */
  static String file(String base, String run, String firstRun) {
    return base + (run.equals(firstRun) ? "" : "-" + run) + ".svg";
  }

  /**
   * Per arm: latency per second through the six states of a run, breaker bands shaded; every arm's
   * chart of every run on one y scale, so that two arms compare at a glance.
   */
  private void walkCharts() {
    List<String[]> names = new ArrayList<>();
    List<SvgChart> drawn = new ArrayList<>();
    List<BenchArm> arms = new ArrayList<>();
    for (String run : r.runs()) {
      for (BenchArm arm : BenchArm.card()) {
        SvgChart c = walkChart(run, arm, s -> s.p95(), s -> s.p99());
        if (c != null) {
          names.add(new String[] {run, file("latency-" + arm.tag(), run)});
          drawn.add(c);
          arms.add(arm);
        }
      }
    }
    double top = drawn.stream().mapToDouble(SvgChart::dataMax).max().orElse(0);
    for (int i = 0; i < drawn.size(); i++) {
      SvgChart c = drawn.get(i).yTop(top);
      charts.add(
          new Chart(
              names.get(i)[1],
              c.render(),
              "Arm "
                  + arms.get(i).label()
                  + ", run "
                  + names.get(i)[0]
                  + ": latency per second through the six provider states, every arm's chart on"
                  + " one scale; "
                  + shading(arms.get(i), c)
                  + " "
                  + PARTIAL));
    }
  }

  /** What a walk chart's shading shows: only the kinds drawn, and why breaker bands are absent. */
  private static String shading(BenchArm arm, SvgChart c) {
    List<String> kinds = new ArrayList<>();
    if (c.hasBand("breaker OPEN")) {
      kinds.add("breaker open (red)");
    }
    if (c.hasBand("breaker HALF_OPEN")) {
      kinds.add("half-open (orange)");
    }
    if (c.hasBand(ERROR_LABEL)) {
      kinds.add("seconds with more than 1 % errors (grey)");
    }
    String shaded = kinds.isEmpty() ? "nothing shaded" : "shaded: " + String.join(", ", kinds);
    return shaded + (arm.breaker() ? "." : "; arm " + arm.label() + " runs without a breaker.");
  }

  /** The caption's note on the seconds left out ({@link #drawn}). */
  static final String PARTIAL =
      "A second with fewer than half the step's typical answers per second (a step's partial last"
          + " second) is not drawn.";

  /**
   * The seconds of a timeline a chart draws: those with at least half the median answers per second
   * of the step, so that a step's partial last second, a handful of answers, never draws a spike to
   * 0 or 100 %.
   */
  static List<TimelinePoint> drawn(List<TimelinePoint> timeline) {
    if (timeline == null || timeline.isEmpty()) {
      return List.of();
    }
    double[] requests = timeline.stream().mapToDouble(TimelinePoint::requests).toArray();
    double typical = solventa.ops.statistics.Percentile.of(requests, 50);
    return timeline.stream().filter(t -> t.requests() >= typical / 2).toList();
  }

  /** Fallback share per second through a run's recovery, C vs C'. */
  private void recoveryFallback(String run) {
    SvgChart fb =
        new SvgChart(
            "Fallback share through recovery, run " + run,
            "seconds since the provider began to recover",
            "% of answers on STALE/DEFAULT");
    int ci = 0;
    for (BenchArm arm : BenchArm.fallingBack()) {
      Optional<StepResult> s = r.walk(run, arm, ProviderState.RECOVERY);
      if (s.isPresent()) {
        List<double[]> pts = new ArrayList<>();
        for (TimelinePoint t : drawn(s.get().timeline())) {
          pts.add(
              new double[] {
                t.second(), t.fallbackShare() == null ? Double.NaN : t.fallbackShare()
              });
        }
        fb.series(arm.label(), COLORS[ci], pts);
      }
      ci++;
    }
    fb.threshold(5, "5 % (HD-01.8)");
    if (!fb.isEmpty()) {
      charts.add(
          new Chart(
              file("recovery-fallback", run),
              fb.render(),
              "Run "
                  + run
                  + ": fallback share per second during the recovery step, C vs C'. "
                  + PARTIAL));
    }
  }

  /** Provider calls per second through a run's walk, C vs C'. */
  private void providerCalls(String run) {
    SvgChart calls =
        new SvgChart(
            "Provider calls per second through the walk, run " + run,
            "seconds since the walk started",
            "calls/s");
    int ci = 0;
    for (BenchArm arm : BenchArm.fallingBack()) {
      List<double[]> pts =
          concatenated(run, arm, t -> t.providerCalls() == null ? Double.NaN : t.providerCalls());
      if (!pts.isEmpty()) {
        calls.series(arm.label(), COLORS[ci], pts);
      }
      ci++;
    }
    if (!calls.isEmpty()) {
      charts.add(
          new Chart(
              file("provider-calls", run),
              calls.render(),
              "Run "
                  + run
                  + ": provider calls per second (completed, sampled from the adapter) through the state walk, C vs C'."));
    }
  }

  /** p95 and p99 of B and C against the hit rate (the sweep). */
  private void hitRate() {
    SvgChart hr =
        new SvgChart("Latency against hit rate (provider degraded)", "hit rate (%)", "ms");
    String[][] spec = {
      {"B p95", "#ff7f0e"}, {"B p99", "#ffbb78"}, {"C p95", "#1f77b4"}, {"C p99", "#aec7e8"}
    };
    for (String[] sp : spec) {
      BenchArm arm = BenchArm.ofLabel(sp[0].substring(0, sp[0].indexOf(' ')));
      boolean p99 = sp[0].endsWith("p99");
      List<double[]> pts = new ArrayList<>();
      for (double h : r.sweepHitRates().stream().sorted().toList()) {
        r.sweep(arm, h)
            .ifPresent(
                s -> {
                  Double v = p99 ? s.endToEnd().p99() : s.endToEnd().p95();
                  pts.add(new double[] {h * 100, v == null ? Double.NaN : v});
                });
      }
      if (!pts.isEmpty()) {
        hr.series(sp[0], sp[1], pts);
      }
    }
    hr.acceptanceLines();
    if (!hr.isEmpty()) {
      charts.add(
          new Chart(
              "hit-rate.svg",
              hr.render(),
              "p95 and p99 of arms B and C against the cache hit rate"
                  + (r.runsOf(solventa.ops.protocol.StepKind.SWEEP).size() > 1
                      ? ", the first run's sweep (with its bisection steps); every run's is in"
                          + " card table 3."
                      : ".")));
    }
  }

  private List<double[]> concatenated(String run, BenchArm arm, Function<TimelinePoint, Double> y) {
    List<double[]> pts = new ArrayList<>();
    int offset = 0;
    for (ProviderState st : ProviderState.values()) {
      Optional<StepResult> s = r.walk(run, arm, st);
      if (s.isEmpty()) {
        continue;
      }
      for (TimelinePoint t : s.get().timeline()) {
        pts.add(new double[] {offset + t.second(), y.apply(t)});
      }
      offset += s.get().timeline().size();
    }
    return pts;
  }

  private SvgChart walkChart(
      String run,
      BenchArm arm,
      Function<TimelinePoint, Double> p95,
      Function<TimelinePoint, Double> p99) {
    SvgChart c =
        new SvgChart(
            "Arm " + arm.label() + " — latency per second, run " + run,
            "seconds since the walk started",
            "ms");
    List<double[]> a = new ArrayList<>();
    List<double[]> b = new ArrayList<>();
    int offset = 0;
    for (ProviderState st : ProviderState.values()) {
      Optional<StepResult> s = r.walk(run, arm, st);
      if (s.isEmpty()) {
        continue;
      }
      c.marker(offset, StateNames.label(st));
      String prevState = null;
      int bandStart = 0;
      Integer errorsFrom = null;
      java.util.Set<Integer> keep = new java.util.HashSet<>();
      drawn(s.get().timeline()).forEach(t -> keep.add(t.second()));
      for (TimelinePoint t : s.get().timeline()) {
        // a second whose answers were mostly not quotes: its latency is that of failures, so it is
        // shaded as errors, never read as a fast second
        boolean errors = t.errorPct() != null && t.errorPct() > ERROR_BAND_PCT;
        if (errors && errorsFrom == null) {
          errorsFrom = offset + t.second();
        } else if (!errors && errorsFrom != null) {
          c.band(errorsFrom, offset + t.second(), ERROR_COLOR, ERROR_LABEL);
          errorsFrom = null;
        }
        if (keep.contains(t.second())) {
          a.add(
              new double[] {offset + t.second(), p95.apply(t) == null ? Double.NaN : p95.apply(t)});
          b.add(
              new double[] {offset + t.second(), p99.apply(t) == null ? Double.NaN : p99.apply(t)});
        }
        String bs = t.breaker();
        if (bs != null && !bs.equals(prevState)) {
          if (prevState != null && !BreakerState.CLOSED.name().equals(prevState)) {
            c.band(
                bandStart,
                offset + t.second(),
                BreakerState.OPEN.name().equals(prevState) ? "#d62728" : "#ff7f0e",
                "breaker " + prevState);
          }
          prevState = bs;
          bandStart = offset + t.second();
        }
      }
      offset += s.get().timeline().size();
      if (errorsFrom != null) {
        c.band(errorsFrom, offset, ERROR_COLOR, ERROR_LABEL);
      }
      if (prevState != null && !BreakerState.CLOSED.name().equals(prevState)) {
        c.band(
            bandStart,
            offset,
            BreakerState.OPEN.name().equals(prevState) ? "#d62728" : "#ff7f0e",
            "breaker " + prevState);
      }
    }
    if (a.isEmpty()) {
      return null;
    }
    c.series("p95", "#1f77b4", a).series("p99", "#9467bd", b);
    c.acceptanceLines();
    return c;
  }
}
