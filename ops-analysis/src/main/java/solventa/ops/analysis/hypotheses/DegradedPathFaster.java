package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Bootstrap;
import solventa.vocabulary.ProviderState;

/**
 * HD-01.3: in arm C the degraded path (answers not CACHED after the breaker opened, degraded step)
 * is faster than the cold path (misses, healthy step): difference of medians with a bootstrap 95 %
 * interval that excludes zero, at least {@value #MIN_PATH_ANSWERS} answers per path.
 */
public final class DegradedPathFaster implements Hypothesis {
  static final int MIN_PATH_ANSWERS = 30;

  @Override
  public String id() {
    return "HD-01.3";
  }

  @Override
  public String statement() {
    return "In arm C the degraded path (after the breaker opened) is faster than the cold path with"
        + " a healthy provider: lower median, bootstrap 95 % interval of the difference excluding 0";
  }

  /** True by construction: the degraded path is the cold path without its provider call. */
  @Override
  public String byConstruction(Design d) {
    return d.degradedPathFaster();
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    if (in.results().runs().isEmpty()) {
      ev.inconclusive("no state walk was run");
    }
    for (String run : in.results().runs()) {
      StepResult healthy = in.results().walk(run, BenchArm.C, ProviderState.HEALTHY).orElse(null);
      StepResult degraded = in.results().walk(run, BenchArm.C, ProviderState.DEGRADED).orElse(null);
      String why =
          healthy == null || !healthy.valid()
              ? Evidence.unusable(healthy, "C " + run + " healthy")
              : degraded == null || !degraded.valid()
                  ? Evidence.unusable(degraded, "C " + run + " degraded")
                  : null;
      if (why != null) {
        ev.inconclusive(why);
        continue;
      }
      if (degraded.timeToOpenMs() == null) {
        ev.inconclusive("C " + run + " degraded: the breaker never opened, so no degraded path");
        continue;
      }
      List<Long> cold = healthy.pathLatenciesMs();
      List<Long> deg = degraded.pathLatenciesMs();
      Latency lc = Latency.of(cold);
      Latency ld = Latency.of(deg);
      String paths =
          String.format(
              Locale.ROOT,
              "C %s: degraded path p50 %s, p95 %s (n=%d) vs cold path p50 %s, p95 %s (n=%d)",
              run,
              Evidence.ms(ld.p50()),
              Evidence.ms(ld.p95()),
              deg.size(),
              Evidence.ms(lc.p50()),
              Evidence.ms(lc.p95()),
              cold.size());
      if (cold.size() < MIN_PATH_ANSWERS || deg.size() < MIN_PATH_ANSWERS) {
        ev.inconclusive(paths + "; fewer than " + MIN_PATH_ANSWERS + " answers on a path");
        continue;
      }
      Bootstrap.Difference d = Bootstrap.medianDifference(cold, deg);
      String line =
          paths
              + String.format(
                  Locale.ROOT,
                  "; median cold − degraded %.1f ms, 95 %% CI [%.1f, %.1f]",
                  d.difference(),
                  d.low(),
                  d.high());
      if (d.above(0)) {
        ev.add(line + " → faster");
      } else if (d.below(0)) {
        ev.refute(line + " → slower");
      } else {
        ev.inconclusive(line + " → the interval contains 0");
      }
    }
    return ev.verdict(this);
  }
}
