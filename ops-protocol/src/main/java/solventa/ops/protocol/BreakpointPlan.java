package solventa.ops.protocol;

import java.util.ArrayList;
import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * The {@code breakpoints} profile's steps: the card's open questions (b) and (c) as break points
 * over the arrival rate, on arm C's node in one run. (b): each breaker policy (the protocol's count
 * and rate policies) with the provider turned unresponsive at {@value #HIGHEST_RATE} and {@value
 * #LOWEST_RATE} req/s, as the policy steps are; (c): the adapter's pool with the provider slow at
 * {@value #HIGHEST_RATE} req/s, the state in which C abandons calls at its budget and the breaker
 * stays closed (the failing states open it, which empties the pool). After a series' last step the
 * runner adds, while the rate bisection names one, a step of the same series at the next rate, at
 * most {@value #MAX_STEPS} per series; {@link ProtocolPlan#plannedSeconds} counts them all.
 */
public final class BreakpointPlan {
  private BreakpointPlan() {}

  /** The profile's name. */
  public static final String PROFILE = "breakpoints";

  /** The range the break points are bisected in, req/s: the card's low and high traffic. */
  public static final int LOWEST_RATE = 10;

  public static final int HIGHEST_RATE = 200;

  /** The bisection stops once its bracket is at most this many req/s wide. */
  public static final int RESOLUTION = 10;

  /**
   * Steps added per series at most: from [10, 200] five halvings reach the resolution, and the rest
   * repeat a rate too close to call (one trial at 20 req/s holds 600 requests in W).
   */
  public static final int MAX_STEPS = 8;

  /** Trials pooled at one rate at most, before a rate too close to call ends the bisection. */
  public static final int MAX_TRIALS = 3;

  /** The pool series' provider state: slow, answered after C's budget, the breaker closed. */
  public static final ProviderState POOL_STATE = ProviderState.SLOW;

  /** The series: the two policies of (b), the pool of (c). */
  public static final String POOL = "pool";

  public static final List<String> SERIES =
      List.of(BreakerSetting.COUNT, BreakerSetting.RATE, POOL);

  /** Each series at its planned rates: the policies at the range's ends, the pool at its top. */
  static List<StepSpec> build(ExperimentProfile p) {
    List<StepSpec> steps = new ArrayList<>();
    for (String series : SERIES) {
      steps.add(step(p, series, HIGHEST_RATE, 1, false));
      if (!series.equals(POOL)) {
        steps.add(step(p, series, LOWEST_RATE, 1, false));
      }
    }
    return steps;
  }

  /**
   * A step of {@code series} at {@code rate}, its {@code trial}-th there ("bp-count-r57", "bp-pool-
   * r200-t2"); {@code bisection} for one the runner added.
   */
  public static StepSpec step(
      ExperimentProfile p, String series, int rate, int trial, boolean bisection) {
    boolean pool = series.equals(POOL);
    return StepSpec.builder()
        .id("bp-" + series + "-r" + rate + (trial > 1 ? "-t" + trial : ""))
        .kind(StepKind.BREAKPOINT)
        .run(ProtocolPlan.FIRST_RUN)
        .arm(ProtocolPlan.PROPOSAL)
        .state(pool ? POOL_STATE : ProviderState.UNRESPONSIVE)
        .hitRate(p.designHitRate())
        .rate(rate)
        .policy(pool ? BreakerSetting.COUNT : series)
        .warmupSec(pool ? p.warmupSec() : 0)
        .measureSec(pool ? p.measureSec() : p.policyMeasureSec())
        .bisection(bisection)
        .build();
  }

  /** The series of a break-point step (count, rate or pool); null for any other step. */
  public static String series(StepSpec s) {
    if (s.kind() != StepKind.BREAKPOINT) {
      return null;
    }
    return s.state() == POOL_STATE
        ? POOL
        : BreakerSetting.parse(s.policy(), 1, ExperimentProfile.RATE_POLICY).family();
  }

  /** True when step {@code i} of {@code steps} is the last of its series. */
  public static boolean isLastOfSeries(List<StepSpec> steps, int i) {
    String series = series(steps.get(i));
    return series != null && steps.stream().skip(i + 1L).noneMatch(s -> series.equals(series(s)));
  }

  /** The steps the runner may add to {@code plan}: {@value #MAX_STEPS} per series it holds. */
  public static int maxExtraSteps(List<StepSpec> plan) {
    return (int) plan.stream().map(BreakpointPlan::series).filter(x -> x != null).distinct().count()
        * MAX_STEPS;
  }

  /** The most seconds the added steps may take: each as long as its series' planned step. */
  static int extraSeconds(List<StepSpec> plan) {
    int total = 0;
    for (String series : SERIES) {
      total +=
          plan.stream()
              .filter(s -> series.equals(series(s)))
              .findFirst()
              .map(s -> MAX_STEPS * (s.durationSec() + ProtocolPlan.STEP_OVERHEAD_SEC))
              .orElse(0);
    }
    return total;
  }
}
