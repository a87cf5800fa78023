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
 * <p>The hit-rate sweep's steps and what the runner's bisection reads of them are {@link
 * SweepPlan}'s, the policy × traffic steps {@link PolicyPlan}'s. In {@code full} the first run also
 * measures a few steps under the card's other readings, each right after its counterpart ({@link
 * SensitivityPlan}); they never enter the verdicts.
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
        // the sweep in the first run only: HD-01.4 is an implementation check for C (its answers
        // are capped below the p99 threshold) and B's bracket is one more figure; full's time goes
        // to the outage steps and the trials that decide
        if (BISECTED_ARMS.contains(arm) && r == 0) {
          SweepPlan.sweep(p, arm, run, steps);
        }
        if (arm.equals(PROPOSAL)) {
          PolicyPlan.policy(p, r, steps);
        }
        outageLevels(p, run, arm, walkStates(arm, smoke), steps);
        // concurrent misses on one key: with and without coalescing, both answering in budget
        if (arm.fallsBack() && !arm.isVariant()) {
          steps.add(
              StepSpec.builder()
                  .id(inRun(run, "stampede-" + arm.tag()))
                  .kind(StepKind.STAMPEDE)
                  .run(run)
                  .arm(arm)
                  .state(ProviderState.SLOW)
                  .concurrent(p.stampedeConcurrency())
                  .build());
        }
      }
    }
    return SensitivityPlan.withSensitivity(p, steps);
  }

  /**
   * The walk step of {@code arm} in state {@code s} of run {@code run}, as the protocol plans it.
   */
  public static StepSpec walkStep(ExperimentProfile p, String run, BenchArm arm, ProviderState s) {
    return StepSpec.builder()
        .id(run + "-walk-" + arm.tag() + "-" + StateNames.label(s))
        .kind(StepKind.WALK)
        .run(run)
        .arm(arm)
        .state(s)
        .hitRate(p.designHitRate())
        .rate(p.walkRate())
        .warmupSec(s == ProviderState.RECOVERY ? 0 : p.warmupSec())
        .measureSec(measureSec(p, arm, s))
        .build();
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

  /**
   * The outage steps of {@code arm} in {@code run} at the profile's other seeded hit rates ({@link
   * ExperimentProfile#outageLevels}): for a design that falls back and was walked through the
   * unresponsive state, an unresponsive step at each level, its customers seeded in steady state at
   * that hit rate, with the walk's rate and lengths. With the walk's own step at the design point
   * they measure the minimum hit rate at which the fallback share through the outage stays within
   * the ceiling.
   */
  static void outageLevels(
      ExperimentProfile p,
      String run,
      BenchArm arm,
      List<ProviderState> walked,
      List<StepSpec> steps) {
    if (!arm.fallsBack() || !walked.contains(ProviderState.UNRESPONSIVE)) {
      return;
    }
    for (double h : p.outageLevels()) {
      steps.add(
          StepSpec.builder()
              .id(inRun(run, "outage-" + arm.tag() + "-h" + SweepPlan.points(h)))
              .kind(StepKind.OUTAGE)
              .run(run)
              .arm(arm)
              .state(ProviderState.UNRESPONSIVE)
              .hitRate(h)
              .rate(p.walkRate())
              .warmupSec(p.warmupSec())
              .measureSec(p.measureSec())
              .build());
    }
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
   * the most bisection steps the runner may add after C's sweep ({@link SweepPlan#maxExtraSteps}),
   * each as long as a sweep step, and the break-point steps it may add: the plan is an upper bound.
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
    return total
        + SweepPlan.maxExtraSteps(p, plan) * (p.warmupSec() + p.measureSec() + STEP_OVERHEAD_SEC);
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
}
