package solventa.ops.analysis.hypotheses;

import java.util.List;
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
  public static final int MIN_PATH_ANSWERS = 30;

  @Override
  public List<String> rules() {
    return List.of(RuleNames.MEDIAN_DIFFERENCE);
  }

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

  /** The breaker of C's degraded step in {@code run} never opened: there is no degraded path. */
  public record NeverOpened(String run) implements Fact {}

  /** How a run's comparison of the two paths came out. */
  public enum PathOutcome {
    /** Fewer than {@link #MIN_PATH_ANSWERS} answers on a path: not compared. */
    TOO_FEW,
    /** The difference's interval lies above 0: the degraded path is faster. */
    FASTER,
    /** It lies below 0: slower. */
    SLOWER,
    /** It contains 0. */
    CONTAINS_ZERO
  }

  /**
   * C's degraded path against its cold path in {@code run}: each path's median and p95 over its
   * answers, and the bootstrap interval of the median difference (cold − degraded; null when a path
   * had too few answers to compare).
   */
  public record Paths(
      String run,
      Latency degraded,
      int degradedAnswers,
      Latency cold,
      int coldAnswers,
      Bootstrap.Difference difference,
      PathOutcome outcome)
      implements Fact {}

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    if (in.results().runs().isEmpty()) {
      ev.undecided(new Fact.NoWalk());
    }
    for (String run : in.results().runs()) {
      StepResult healthy = in.results().walk(run, BenchArm.C, ProviderState.HEALTHY).orElse(null);
      StepResult degraded = in.results().walk(run, BenchArm.C, ProviderState.DEGRADED).orElse(null);
      String arm = BenchArm.C.label();
      Fact why =
          healthy == null || !healthy.valid()
              ? Evidence.unusable(healthy, new Fact.StepRef(arm, run, ProviderState.HEALTHY))
              : degraded == null || !degraded.valid()
                  ? Evidence.unusable(degraded, new Fact.StepRef(arm, run, ProviderState.DEGRADED))
                  : null;
      if (why != null) {
        ev.undecided(why);
        continue;
      }
      if (degraded.timeToOpenMs() == null) {
        ev.undecided(new NeverOpened(run));
        continue;
      }
      List<Long> cold = healthy.pathLatenciesMs();
      List<Long> deg = degraded.pathLatenciesMs();
      if (cold.size() < MIN_PATH_ANSWERS || deg.size() < MIN_PATH_ANSWERS) {
        ev.undecided(paths(run, deg, cold, null, PathOutcome.TOO_FEW));
        continue;
      }
      Bootstrap.Difference d = Bootstrap.medianDifference(cold, deg);
      if (d.above(0)) {
        ev.note(paths(run, deg, cold, d, PathOutcome.FASTER));
      } else if (d.below(0)) {
        ev.refute(paths(run, deg, cold, d, PathOutcome.SLOWER));
      } else {
        ev.undecided(paths(run, deg, cold, d, PathOutcome.CONTAINS_ZERO));
      }
    }
    return ev.verdict(this);
  }

  private static Paths paths(
      String run, List<Long> deg, List<Long> cold, Bootstrap.Difference d, PathOutcome o) {
    return new Paths(run, Latency.of(deg), deg.size(), Latency.of(cold), cold.size(), d, o);
  }
}
