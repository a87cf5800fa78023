package solventa.ops.protocol;

import java.util.ArrayList;
import java.util.List;
import solventa.vocabulary.ProviderState;

/**
 * The steps of the experiment card (Protocol) in execution order. Per run, the arms in Latin-square
 * order (R1 A→B→C, R2 B→C→A, R3 C→A→B), then C', each walking the six provider states on a fresh
 * node. In every run the measurements that need the same arm follow its walk on the same node, so a
 * node is started once per arm and run: the hit-rate sweep after B's and C's walks (provider
 * degraded), the policy × traffic steps and the stampede after C's, the stampede after C''s, so no
 * verdict rests on one run's reading of them. The first run's ids read as they always did
 * ("sweep-C-h96"), the later runs' carry the run ("R2-sweep-C-h96"), and a setting's later trial in
 * a run its number ("policy-count-n2-r10-t2"). The policy steps set their breaker on C's node at
 * their change. B+CB (B with the breaker) walks healthy, degraded and unresponsive once, in the
 * first run after B: the report sets it beside B.
 *
 * <p>In {@code full} the first run also measures a few steps under the card's other readings, each
 * right after its counterpart ({@link SensitivityPlan}); they never enter the verdicts.
 *
 * <p>The plan is static but for its bisections: in {@code full} the runner adds up to {@link
 * ExperimentProfile#maxBisectionSteps} sweep steps of B and of C right after that arm's last sweep
 * step of the first run, on the same node, to narrow HD-01.4's minimum hit rate (the later runs
 * repeat the planned rates only), and in {@code breakpoints} the rate bisection's steps ({@link
 * BreakpointPlan}); {@link #plannedSeconds} counts both at their maximum.
 *
 * <p>The {@code smoke} profile walks a subset on one arm (C: healthy, degraded, unresponsive,
 * recovery, then its sweep pair, count policy and stampede on the same node group) and leaves out
 * A, B, C' and the rate policy; the report marks what it did not run. Arm A's behaviour (a 504 at
 * the hard timeout, no breaker) is a one-node behaviour that {@code QuoteArmsIT} tests; leaving it
 * out saves smoke a second node group.
 */
public final class ProtocolPlan {
  /**
   * The card's Latin square of the three arms it compares, one row per run: protocol order, not a
   * trait. The card's other arms walk after it ({@link #afterTheSquare}), each variant right after
   * its card arm.
   */
  static final List<List<BenchArm>> LATIN_SQUARE =
      List.of(
          List.of(BenchArm.A, BenchArm.B, BenchArm.C),
          List.of(BenchArm.B, BenchArm.C, BenchArm.A),
          List.of(BenchArm.C, BenchArm.A, BenchArm.B));

  /**
   * The card's proposal, the arm its protocol names for the steps that only one arm takes: its
   * healthy and degraded walk steps are measured longer (HD-01.3), the policy × traffic steps run
   * on its node, its sweep is the one bisected first, and {@code smoke} walks it alone.
   */
  public static final BenchArm PROPOSAL = BenchArm.C;

  /** The arms whose sweep the runner bisects and extends: B's bracket as C's. */
  public static final List<BenchArm> BISECTED_ARMS = List.of(BenchArm.B, PROPOSAL);

  /** The three arms the card compares in its Latin square, in the first run's order: A, B, C. */
  public static List<BenchArm> comparedArms() {
    return LATIN_SQUARE.get(0);
  }

  /** The card's arms the Latin square leaves out, walked after it in every run (C'). */
  static List<BenchArm> afterTheSquare() {
    return BenchArm.card().stream().filter(a -> !comparedArms().contains(a)).toList();
  }

  /**
   * The variant a profile walks in its first run, beside its card arm: B+CB in full (healthy,
   * degraded, unresponsive); C+CR in quick, through down and recovery only, where careful recovery
   * differs from C, so that the variants' path stays exercised within quick's 12 minutes (B+CB took
   * that time before). {@code explore} walks every variant ({@link ExplorePlan}).
   */
  static List<BenchArm> walkedVariants(ExperimentProfile p) {
    return switch (p.name()) {
      case "quick" -> List.of(BenchArm.C_CR);
      case "full" -> List.of(BenchArm.B_CB);
      default -> List.of();
    };
  }

  private ProtocolPlan() {}

  public static List<StepSpec> build(ExperimentProfile p) {
    if (p.name().equals("explore") || p.name().equals(BreakpointPlan.PROFILE)) {
      return p.name().equals("explore") ? ExplorePlan.build(p) : BreakpointPlan.build(p);
    }
    boolean smoke = p.name().equals("smoke");
    List<StepSpec> steps = new ArrayList<>();
    for (int r = 0; r < p.runs(); r++) {
      String run = "R" + (r + 1);
      List<BenchArm> order = new ArrayList<>(LATIN_SQUARE.get(r % 3));
      if (r == 0) {
        for (BenchArm variant : walkedVariants(p)) {
          order.add(order.indexOf(variant.base()) + 1, variant);
        }
      }
      order.addAll(afterTheSquare());
      for (BenchArm arm : order) {
        if (smoke && !arm.equals(PROPOSAL)) {
          continue;
        }
        for (ProviderState s : walkStates(arm, smoke)) {
          steps.add(walkStep(p, run, arm, s));
        }
        // every run repeats the steps that follow an arm's walk on its node (the sweep, the
        // policy steps, the stampede): one run's reading of them would decide a verdict alone
        if (BISECTED_ARMS.contains(arm)) {
          sweep(p, arm, run, steps);
        }
        if (arm.equals(PROPOSAL)) {
          policy(p, r, steps);
        }
        // concurrent misses on one key: with and without coalescing, both answering in budget
        if (arm.fallsBack() && !arm.isVariant()) {
          steps.add(
              new StepSpec(
                  inRun(run, "stampede-" + arm.tag()),
                  StepKind.STAMPEDE,
                  run,
                  arm,
                  ProviderState.SLOW,
                  0,
                  0,
                  "count",
                  0,
                  0,
                  p.stampedeConcurrency()));
        }
      }
    }
    return SensitivityPlan.withSensitivity(p, steps);
  }

  static StepSpec walkStep(ExperimentProfile p, String run, BenchArm arm, ProviderState s) {
    return new StepSpec(
        run + "-walk-" + arm.tag() + "-" + StateNames.label(s),
        StepKind.WALK,
        run,
        arm,
        s,
        p.designHitRate(),
        p.walkRate(),
        "count",
        s == ProviderState.RECOVERY ? 0 : p.warmupSec(),
        measureSec(p, arm, s),
        0);
  }

  /**
   * C's healthy and degraded steps feed HD-01.3; the recovery of the arms that fall back (C, C')
   * feeds HD-01.8.
   */
  static int measureSec(ExperimentProfile p, BenchArm arm, ProviderState s) {
    if (s == ProviderState.RECOVERY) {
      return arm.fallsBack() ? p.recoveryMeasureSec() : p.measureSec();
    }
    if (arm.equals(PROPOSAL) && (s == ProviderState.HEALTHY || s == ProviderState.DEGRADED)) {
      return p.pathMeasureSec();
    }
    return p.measureSec();
  }

  /** Seconds the runner spends around each step: settling, seeding, Gatling's start and stop. */
  public static final int STEP_OVERHEAD_SEC = 4;

  /** Seconds a new node costs: JVM start, warm-up quotes, unmeasured load, settling. */
  static final int NODE_OVERHEAD_SEC = 25;

  /** Seconds to start the lab (Redis, PostgreSQL, Toxiproxy, the double). */
  static final int LAB_START_SEC = 20;

  /**
   * The planned wall time of a plan: every step's load plus {@value #STEP_OVERHEAD_SEC} s, plus
   * {@value #NODE_OVERHEAD_SEC} s per node the runner starts (one per run, arm and policy), plus
   * the most bisection steps the runner may add after C's sweep ({@link #maxExtraSteps}), each as
   * long as a sweep step, and the break-point steps it may add: the plan is an upper bound.
   */
  static int plannedSeconds(ExperimentProfile p, List<StepSpec> plan) {
    int total = LAB_START_SEC;
    StepSpec prev = null;
    for (StepSpec s : plan) {
      boolean newNode =
          prev == null
              || prev.arm() != s.arm()
              || !prev.run().equals(s.run())
              || !prev.nodePolicy().equals(s.nodePolicy());
      total += s.durationSec() + STEP_OVERHEAD_SEC + (newNode ? NODE_OVERHEAD_SEC : 0);
      prev = s;
    }
    total += BreakpointPlan.extraSeconds(plan);
    return total + maxExtraSteps(p, plan) * (p.warmupSec() + p.measureSec() + STEP_OVERHEAD_SEC);
  }

  private static List<ProviderState> walkStates(BenchArm arm, boolean smoke) {
    // a variant is set beside its card arm in the states where the two differ: the breaker on B
    // where the provider fails; careful recovery at the recovery, after the outage it recovers from
    if (arm.isVariant()) {
      return arm.fallsBack()
          ? List.of(ProviderState.DOWN, ProviderState.RECOVERY)
          : List.of(ProviderState.HEALTHY, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE);
    }
    if (!smoke) {
      return List.of(ProviderState.values());
    }
    return List.of(
        ProviderState.HEALTHY,
        ProviderState.DEGRADED,
        ProviderState.UNRESPONSIVE,
        ProviderState.RECOVERY);
  }

  private static void sweep(ExperimentProfile p, BenchArm arm, String run, List<StepSpec> steps) {
    for (double hr : p.sweepHitRates()) {
      steps.add(sweepStep(p, arm, run, hr, false));
    }
  }

  /** The first run's label: its step ids carry no run prefix, and only it is bisected. */
  public static final String FIRST_RUN = "R1";

  /**
   * A repeated step's id in {@code run}: the first run's as it always was ("sweep-C-h96"), later
   * runs' prefixed with the run ("R2-sweep-C-h96"), so ids stay unique and recordings made before
   * the repeats read the same.
   */
  static String inRun(String run, String id) {
    return run.equals(FIRST_RUN) ? id : run + "-" + id;
  }

  /**
   * A hit-rate sweep step of {@code arm} at {@code hitRate} in the first run: provider degraded,
   * the walk's rate, warm-up and window. The runner adds B's and C's bisection steps with it
   * ({@code bisection} true); the bisection narrows the first run's bracket only.
   */
  public static StepSpec sweepStep(
      ExperimentProfile p, BenchArm arm, double hitRate, boolean bisection) {
    return sweepStep(p, arm, FIRST_RUN, hitRate, bisection);
  }

  private static StepSpec sweepStep(
      ExperimentProfile p, BenchArm arm, String run, double hitRate, boolean bisection) {
    return new StepSpec(
        inRun(run, "sweep-" + arm.tag() + "-h" + points(hitRate)),
        StepKind.SWEEP,
        run,
        arm,
        ProviderState.DEGRADED,
        hitRate,
        p.walkRate(),
        "count",
        p.warmupSec(),
        p.measureSec(),
        0,
        bisection);
  }

  /** A target in points for a step id: "96", or "99.5" for a target between whole points. */
  public static String points(double hitRate) {
    double pts = Math.round(hitRate * 1000) / 10.0;
    return pts == Math.rint(pts) ? Long.toString((long) pts) : Double.toString(pts);
  }

  /** True when step {@code i} of {@code plan} is C's last planned sweep step. */
  public static boolean isLastCSweep(List<StepSpec> plan, int i) {
    return isLastSweep(plan, i, PROPOSAL);
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
    return isSweep(s, arm) && s.run().equals(FIRST_RUN);
  }

  public static boolean isCSweep(StepSpec s) {
    return isSweep(s, PROPOSAL);
  }

  public static boolean isSweep(StepSpec s, BenchArm arm) {
    return s.kind() == StepKind.SWEEP && s.arm() == arm;
  }

  /**
   * The bisection steps the runner may add to {@code plan}: the profile's bound for each arm whose
   * sweep the plan has ({@link #BISECTED_ARMS}), else none.
   */
  public static int maxExtraSteps(ExperimentProfile p, List<StepSpec> plan) {
    return BISECTED_ARMS.stream().mapToInt(a -> maxExtraSteps(p, plan, a)).sum();
  }

  /** The bisection steps the runner may add after {@code arm}'s sweep. */
  public static int maxExtraSteps(ExperimentProfile p, List<StepSpec> plan, BenchArm arm) {
    return plan.stream().anyMatch(s -> isSweep(s, arm)) ? p.maxBisectionSteps() : 0;
  }

  /**
   * Policy × traffic, on C's node (each step sets its breaker at its change), in every run: the
   * count policy at every rate; the rate policy at the low rate (HD-01.6 compares the two there),
   * and in {@code full} at every rate; then the low-traffic grid's other settings ({@link
   * ExperimentProfile#policyGrid}). A low-traffic setting that can open within 1 % of W's requests
   * (one HD-01.6 judges) runs {@link ExperimentProfile#lowTrafficTrials} trials over the runs, in
   * rounds (every setting once, then the judged ones again), so a run's trials of one setting are
   * not back to back; the count policy at the high rate (HD-01.5) runs once per run. A setting no
   * rule judges (one that cannot open within 1 % of W, whose share restates its setting, and the
   * rate policy at the high rate, which only the card's table shows) runs in the first run only: a
   * repeat could change no verdict, and full's time is spent on the steps that decide. {@code
   * smoke} runs the count policy only.
   */
  private static void policy(ExperimentProfile p, int r, List<StepSpec> steps) {
    String run = "R" + (r + 1);
    int low = p.policyRates().stream().mapToInt(Integer::intValue).min().orElse(0);
    boolean rateAtLow =
        p.policyGrid().stream()
            .anyMatch(g -> g.protocol() && g.family().equals(BreakerSetting.RATE));
    List<StepSpec> settings = new ArrayList<>();
    for (String policy : List.of(BreakerSetting.COUNT, BreakerSetting.RATE)) {
      for (int rate : p.policyRates()) {
        boolean measured =
            policy.equals(BreakerSetting.COUNT) || (rate == low ? rateAtLow : p.runs() >= 3);
        if (measured) {
          settings.add(policyStep(p, run, policy, rate, 1));
        }
      }
    }
    for (BreakerSetting g : p.policyGrid()) {
      if (!g.protocol()) {
        settings.add(policyStep(p, run, g.gridPolicy(), low, 1));
      }
    }
    if (r > 0) {
      settings.removeIf(s -> !judged(p, s, low));
    }
    steps.addAll(settings);
    int rounds = trialsIn(p, r);
    for (int t = 2; t <= rounds; t++) {
      for (StepSpec s : settings) {
        if (s.rate() == low && judgedAtLowTraffic(p, s.policy(), low)) {
          steps.add(policyStep(p, run, s.policy(), low, t));
        }
      }
    }
  }

  /**
   * Whether a rule judges the policy step {@code s}: the count policy at a rate above the lowest
   * (HD-01.5), or a low-traffic setting that can open within 1 % of W (HD-01.6).
   */
  private static boolean judged(ExperimentProfile p, StepSpec s, int low) {
    return s.rate() == low
        ? judgedAtLowTraffic(p, s.policy(), low)
        : s.policy().equals(BreakerSetting.COUNT);
  }

  /**
   * The trials of each judged low-traffic setting in run {@code r} (0-based): the profile's {@link
   * ExperimentProfile#lowTrafficTrials} spread over its runs, the earlier runs taking the remainder
   * (full: 2, 2, 1).
   */
  static int trialsIn(ExperimentProfile p, int r) {
    int total = p.lowTrafficTrials();
    return total / p.runs() + (r < total % p.runs() ? 1 : 0);
  }

  /**
   * Whether HD-01.6 judges {@code policy} at {@code rate}: it can open within 1 % of the requests
   * sent in W (its failures needed from an empty window at most rate × W × 1 %); a setting that
   * cannot sacrifices more than 1 % by construction, so repeating it measures nothing new. The
   * analysis' own guard is the same arithmetic ({@code PolicySteps.cannotOpen}).
   */
  public static boolean judgedAtLowTraffic(ExperimentProfile p, String policy, int rate) {
    return p.breakerSetting(policy).failuresNeeded()
        <= rate * (double) p.exposureWindowSec() / 100.0 + 1e-9;
  }

  private static StepSpec policyStep(
      ExperimentProfile p, String run, String policy, int rate, int trial) {
    return new StepSpec(
        inRun(run, "policy-" + policy + "-r" + rate + (trial > 1 ? "-t" + trial : "")),
        StepKind.POLICY,
        run,
        PROPOSAL,
        ProviderState.UNRESPONSIVE,
        p.designHitRate(),
        rate,
        policy,
        0,
        p.policyMeasureSec(),
        0);
  }
}
