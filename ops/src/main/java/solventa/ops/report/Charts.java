package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import solventa.adapter.BreakerState;
import solventa.ops.analysis.StepResult;
import solventa.ops.analysis.StepResults;
import solventa.ops.analysis.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Chart;
import solventa.providerdouble.control.ProviderState;

/**
 * The report's charts, drawn from the step timelines and the sweep with {@link SvgChart}: each
 * chart is present only when its steps were run.
 */
final class Charts {
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
    c.recoveryFallback();
    c.providerCalls();
    c.hitRate();
    return c.charts;
  }

  /** Per arm: latency per second through the six states of the first run, breaker bands shaded. */
  private void walkCharts() {
    for (BenchArm arm : List.of(BenchArm.A, BenchArm.B, BenchArm.C, BenchArm.C_PRIME)) {
      SvgChart c = walkChart(arm, "p", s -> s.p95(), s -> s.p99());
      if (c != null) {
        charts.add(
            new Chart(
                "latency-" + arm.tag() + ".svg",
                c.render(),
                "Arm "
                    + arm.label()
                    + ", run "
                    + r.runs().get(0)
                    + ": latency per second through the six provider states; shaded: breaker open (red) / half-open (orange)."));
      }
    }
  }

  /** Fallback share per second through recovery, C vs C'. */
  private void recoveryFallback() {
    SvgChart fb =
        new SvgChart(
            "Fallback share through recovery",
            "seconds since the provider began to recover",
            "% of answers on STALE/DEFAULT");
    int ci = 0;
    for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
      Optional<StepResult> s =
          r.runs().isEmpty()
              ? Optional.empty()
              : r.walk(r.runs().get(0), arm, ProviderState.RECOVERY);
      if (s.isPresent()) {
        List<double[]> pts = new ArrayList<>();
        for (TimelinePoint t : s.get().timeline()) {
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
              "recovery-fallback.svg",
              fb.render(),
              "Fallback share per second during the recovery step, C vs C'."));
    }
  }

  /** Provider calls per second through the walk, C vs C'. */
  private void providerCalls() {
    SvgChart calls =
        new SvgChart(
            "Provider calls per second through the walk",
            "seconds since the walk started",
            "calls/s");
    int ci = 0;
    for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
      List<double[]> pts =
          concatenated(arm, t -> t.providerCalls() == null ? Double.NaN : t.providerCalls());
      if (!pts.isEmpty()) {
        calls.series(arm.label(), COLORS[ci], pts);
      }
      ci++;
    }
    if (!calls.isEmpty()) {
      charts.add(
          new Chart(
              "provider-calls.svg",
              calls.render(),
              "Provider calls per second (completed, sampled from the adapter) through the state walk, C vs C'."));
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
      BenchArm arm = sp[0].startsWith("B") ? BenchArm.B : BenchArm.C;
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
              "p95 and p99 of arms B and C against the cache hit rate."));
    }
  }

  private List<double[]> concatenated(BenchArm arm, Function<TimelinePoint, Double> y) {
    List<double[]> pts = new ArrayList<>();
    if (r.runs().isEmpty()) {
      return pts;
    }
    int offset = 0;
    for (ProviderState st : ProviderState.values()) {
      Optional<StepResult> s = r.walk(r.runs().get(0), arm, st);
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
      BenchArm arm,
      String unused,
      Function<TimelinePoint, Double> p95,
      Function<TimelinePoint, Double> p99) {
    if (r.runs().isEmpty()) {
      return null;
    }
    String run = r.runs().get(0);
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
      for (TimelinePoint t : s.get().timeline()) {
        a.add(new double[] {offset + t.second(), p95.apply(t) == null ? Double.NaN : p95.apply(t)});
        b.add(new double[] {offset + t.second(), p99.apply(t) == null ? Double.NaN : p99.apply(t)});
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
