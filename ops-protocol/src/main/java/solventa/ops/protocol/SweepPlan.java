package solventa.ops.protocol;

import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * The hit-rate sweep of the bisected arms ({@link ProtocolPlan#BISECTED_ARMS}: B and C), right
 * after each one's walk on its node, provider degraded, at the profile's sweep rates; and what the
 * runner's bisection reads of it: which steps are an arm's sweep, the last of its run, the first
 * run's that it narrows HD-01.4's minimum with, and the steps it may add ({@link #maxExtraSteps}).
 */
public final class SweepPlan {
  private SweepPlan() {}

  /** Adds {@code arm}'s sweep in {@code run} to {@code steps}: one step per planned rate. */
  static void sweep(ExperimentProfile p, BenchArm arm, String run, List<StepSpec> steps) {
    for (double hr : p.sweepHitRates()) {
      steps.add(sweepStep(p, arm, run, hr, false));
    }
  }

  /**
   * A hit-rate sweep step of {@code arm} at {@code hitRate} in the first run: provider degraded,
   * the walk's rate, warm-up and window. The runner adds B's and C's bisection steps with it
   * ({@code bisection} true); the bisection narrows the first run's bracket only.
   */
  public static StepSpec sweepStep(
      ExperimentProfile p, BenchArm arm, double hitRate, boolean bisection) {
    return sweepStep(p, arm, ProtocolPlan.FIRST_RUN, hitRate, bisection);
  }

  private static StepSpec sweepStep(
      ExperimentProfile p, BenchArm arm, String run, double hitRate, boolean bisection) {
    return StepSpec.builder()
        .id(ProtocolPlan.inRun(run, "sweep-" + arm.tag() + "-h" + points(hitRate)))
        .kind(StepKind.SWEEP)
        .run(run)
        .arm(arm)
        .state(ProviderState.DEGRADED)
        .hitRate(hitRate)
        .rate(p.walkRate())
        .warmupSec(p.warmupSec())
        .measureSec(p.measureSec())
        .bisection(bisection)
        .build();
  }

  /** A target in points for a step id: "96", or "99.5" for a target between whole points. */
  public static String points(double hitRate) {
    double pts = Math.round(hitRate * 1000) / 10.0;
    return pts == Math.rint(pts) ? Long.toString((long) pts) : Double.toString(pts);
  }

  /** True when step {@code i} of {@code plan} is C's last planned sweep step. */
  public static boolean isLastCSweep(List<StepSpec> plan, int i) {
    return isLastSweep(plan, i, ProtocolPlan.PROPOSAL);
  }

  /** True when step {@code i} of {@code plan} is {@code arm}'s last sweep step of its run. */
  public static boolean isLastSweep(List<StepSpec> plan, int i, BenchArm arm) {
    return isSweep(plan.get(i), arm)
        && (i + 1 == plan.size()
            || !isSweep(plan.get(i + 1), arm)
            || !plan.get(i + 1).run().equals(plan.get(i).run()));
  }

  /**
   * True when {@code s} is a sweep step of {@code arm} that the runner's bisection reads: the first
   * run's (its planned rates and the steps the bisection added). The later runs repeat the planned
   * rates only.
   */
  public static boolean isBisectedSweep(StepSpec s, BenchArm arm) {
    return isSweep(s, arm) && s.run().equals(ProtocolPlan.FIRST_RUN);
  }

  public static boolean isCSweep(StepSpec s) {
    return isSweep(s, ProtocolPlan.PROPOSAL);
  }

  public static boolean isSweep(StepSpec s, BenchArm arm) {
    return s.kind() == StepKind.SWEEP && s.arm() == arm;
  }

  /**
   * The bisection steps the runner may add to {@code plan}: the profile's bound for each arm whose
   * sweep the plan has ({@link ProtocolPlan#BISECTED_ARMS}), else none.
   */
  public static int maxExtraSteps(ExperimentProfile p, List<StepSpec> plan) {
    return ProtocolPlan.BISECTED_ARMS.stream().mapToInt(a -> maxExtraSteps(p, plan, a)).sum();
  }

  /** The bisection steps the runner may add after {@code arm}'s sweep. */
  public static int maxExtraSteps(ExperimentProfile p, List<StepSpec> plan, BenchArm arm) {
    return plan.stream().anyMatch(s -> isSweep(s, arm)) ? p.maxBisectionSteps() : 0;
  }
}
