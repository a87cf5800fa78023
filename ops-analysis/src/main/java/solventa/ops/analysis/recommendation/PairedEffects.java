package solventa.ops.analysis.recommendation;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import solventa.ops.analysis.figures.OutageCurve;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.PairedSeries;
import solventa.vocabulary.ProviderState;

/**
 * The designs compared in pairs (rules version 15), as a canary judge compares a canary with its
 * baseline: a variant against C on the same run's step of the same state, which ran with the same
 * seed, key sequence and fault timeline, second by second; the effect is the pooled mean of the
 * paired differences with its moving-block bootstrap interval ({@link PairedSeries}). An effect
 * whose interval lies wholly on one side of 0 favours that design; otherwise neither is shown
 * better. Claims: careful recovery (C+CR) and coalescing (C') against C at recovery (the adapter's
 * calls in flight, the duplicate calls once the provider is healthy again, the fallback share in
 * the first 60 s, and the time back under 5 %, a figure per run with no interval), and
 * refresh-ahead (C+RA) against C at an outage's start (the fresh share over its first seconds).
 *
 * @param variant the variant's label
 * @param base the design it is compared with (C)
 * @param state the state of the paired steps
 * @param metric what is compared
 * @param runs the runs paired
 * @param effect the pooled mean difference (variant − base) and its interval; null with no pair
 * @param perRun for a figure read once per step, each run's difference (variant − base)
 * @param favours which design the interval shows better, given the metric's direction
 */
public record PairedEffects(
    String variant,
    String base,
    ProviderState state,
    Metric metric,
    List<String> runs,
    PairedSeries.Effect effect,
    List<Double> perRun,
    Favours favours) {

  /** What a claim compares, and which direction is better. */
  public enum Metric {
    /** The adapter's calls in flight, per second of the recovery step: fewer is better. */
    POOL_IN_FLIGHT(true),
    /** Duplicate provider calls per second once the provider is healthy again: fewer is better. */
    DUPLICATES_HEALED(true),
    /** The fallback share per second over the recovery's first 60 s, points: lower is better. */
    FALLBACK_FIRST_60S(true),
    /** Seconds until the fallback share stays below 5 %, one per run: sooner is better. */
    TIME_BACK_UNDER_5(true),
    /** The fresh (CACHED) share per second over the outage's first seconds, points: higher. */
    FRESH_AT_START(false);

    private final boolean lowerIsBetter;

    Metric(boolean lowerIsBetter) {
      this.lowerIsBetter = lowerIsBetter;
    }

    public boolean lowerIsBetter() {
      return lowerIsBetter;
    }
  }

  /** Which design a paired effect shows better. */
  public enum Favours {
    VARIANT,
    BASE,
    NEITHER
  }

  /** The seconds at an outage's start the fresh share is compared over. */
  static final int START_SEC = 25;

  /** The recovery's first seconds the fallback share is compared over. */
  static final int FIRST_SEC = 60;

  /** Every claim the results can pair, with {@code windowSec} the recovery window. */
  public static List<PairedEffects> of(StepResults r, int windowSec) {
    List<PairedEffects> out = new ArrayList<>();
    for (BenchArm v : List.of(BenchArm.C_CR, BenchArm.C_PRIME)) {
      ProviderState rec = ProviderState.RECOVERY;
      add(
          out,
          r,
          v,
          rec,
          Metric.POOL_IN_FLIGHT,
          s -> series(s, 0, Integer.MAX_VALUE, p -> num(p.inFlight())));
      add(
          out,
          r,
          v,
          rec,
          Metric.DUPLICATES_HEALED,
          s -> series(s, windowSec, Integer.MAX_VALUE, p -> num(p.duplicates())));
      add(
          out,
          r,
          v,
          rec,
          Metric.FALLBACK_FIRST_60S,
          s -> series(s, 0, FIRST_SEC, TimelinePoint::fallbackShare));
      perRun(out, r, v);
    }
    for (ProviderState st : List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE)) {
      add(out, r, BenchArm.C_RA, st, Metric.FRESH_AT_START, PairedEffects::freshAtStart);
    }
    return out.stream().filter(e -> !e.runs().isEmpty()).toList();
  }

  private static void add(
      List<PairedEffects> out,
      StepResults r,
      BenchArm variant,
      ProviderState st,
      Metric m,
      Function<StepResult, double[]> series) {
    List<String> runs = new ArrayList<>();
    List<double[]> diffs = new ArrayList<>();
    for (String run : r.runs()) {
      StepResult x = r.walk(run, variant, st).orElse(null);
      StepResult c = r.walk(run, BenchArm.C, st).orElse(null);
      if (x == null || c == null || !x.valid() || !c.valid()) {
        continue;
      }
      double[] a = series.apply(x);
      double[] b = series.apply(c);
      int n = Math.min(a.length, b.length);
      double[] d = new double[n];
      int k = 0;
      for (int i = 0; i < n; i++) {
        if (!Double.isNaN(a[i]) && !Double.isNaN(b[i])) {
          d[k++] = a[i] - b[i];
        }
      }
      if (k > 0) {
        runs.add(run);
        diffs.add(java.util.Arrays.copyOf(d, k));
      }
    }
    PairedSeries.Effect e = PairedSeries.of(diffs);
    out.add(
        new PairedEffects(
            variant.label(),
            BenchArm.C.label(),
            st,
            m,
            List.copyOf(runs),
            e,
            List.of(),
            favours(e, m)));
  }

  /** The time back under 5 %: one figure per step, each run's difference, no interval. */
  private static void perRun(List<PairedEffects> out, StepResults r, BenchArm variant) {
    List<String> runs = new ArrayList<>();
    List<Double> diffs = new ArrayList<>();
    for (String run : r.runs()) {
      StepResult x = r.walk(run, variant, ProviderState.RECOVERY).orElse(null);
      StepResult c = r.walk(run, BenchArm.C, ProviderState.RECOVERY).orElse(null);
      if (x == null || c == null || x.recoveryMs() == null || c.recoveryMs() == null) {
        continue;
      }
      runs.add(run);
      diffs.add((x.recoveryMs() - c.recoveryMs()) / 1000.0);
    }
    PairedSeries.Effect e =
        diffs.isEmpty()
            ? null
            : new PairedSeries.Effect(
                diffs.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                null,
                diffs.size());
    out.add(
        new PairedEffects(
            variant.label(),
            BenchArm.C.label(),
            ProviderState.RECOVERY,
            Metric.TIME_BACK_UNDER_5,
            List.copyOf(runs),
            e,
            List.copyOf(diffs),
            Favours.NEITHER));
  }

  private static Favours favours(PairedSeries.Effect e, Metric m) {
    if (e == null || e.ci() == null) {
      return Favours.NEITHER;
    }
    boolean below = e.ci().high() < 0;
    boolean above = e.ci().low() > 0;
    if (!below && !above) {
      return Favours.NEITHER;
    }
    return below == m.lowerIsBetter() ? Favours.VARIANT : Favours.BASE;
  }

  /** A timeline figure per second in [from, to), NaN where it was not read. */
  private static double[] series(
      StepResult s, int from, int to, Function<TimelinePoint, Double> f) {
    if (s.timeline() == null) {
      return new double[0];
    }
    List<TimelinePoint> tl = s.timeline();
    int end = Math.min(tl.size(), to);
    if (end <= from) {
      return new double[0];
    }
    double[] out = new double[end - from];
    for (int i = from; i < end; i++) {
      Double v = f.apply(tl.get(i));
      out[i - from] = v == null ? Double.NaN : v;
    }
    return out;
  }

  /** The CACHED share per second over the outage's first {@value #START_SEC} s, percent. */
  private static double[] freshAtStart(StepResult s) {
    OutageCurve c = s.outage();
    if (c == null) {
      return new double[0];
    }
    int per = 1000 / c.binMs();
    int secs = Math.min(START_SEC, c.answers().size() / per);
    double[] out = new double[secs];
    for (int sec = 0; sec < secs; sec++) {
      long n = 0;
      long k = 0;
      for (int i = sec * per; i < (sec + 1) * per; i++) {
        n += c.answers().get(i);
        k += c.cached().get(i);
      }
      out[sec] = n == 0 ? Double.NaN : 100.0 * k / n;
    }
    return out;
  }

  private static Double num(Number n) {
    return n == null ? null : n.doubleValue();
  }
}
