package solventa.ops;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of SPEC §7 in execution order. Per run, the arms in Latin-square order (R1 A→B→C, R2
 * B→C→A, R3 C→A→B), then C', each walking the six provider states on a fresh node. In the first run
 * the measurements that need the same arm follow its walk on the same node, so a node is started
 * once per arm: the hit-rate sweep after B's and C's walks (provider degraded), the count policy ×
 * traffic and the stampede after C's, the stampede after C''s. The rate policy needs a node
 * configured for it, so its steps come last.
 *
 * <p>The {@code smoke} profile walks a subset (A: healthy and unresponsive; C: healthy, degraded,
 * unresponsive, recovery) and leaves out B, C' and the rate policy; the report marks what it did
 * not run.
 */
public final class ProtocolPlan {
  static final List<List<Arm>> LATIN_SQUARE =
      List.of(
          List.of(Arm.A, Arm.B, Arm.C), List.of(Arm.B, Arm.C, Arm.A), List.of(Arm.C, Arm.A, Arm.B));

  private ProtocolPlan() {}

  public static List<StepSpec> build(ExperimentProfile p) {
    boolean smoke = p.name().equals("smoke");
    List<StepSpec> steps = new ArrayList<>();
    for (int r = 0; r < p.runs(); r++) {
      String run = "R" + (r + 1);
      List<Arm> order = new ArrayList<>(LATIN_SQUARE.get(r % 3));
      order.add(Arm.C_PRIME);
      for (Arm arm : order) {
        if (smoke && (arm == Arm.B || arm == Arm.C_PRIME)) {
          continue;
        }
        for (State s : walkStates(arm, smoke)) {
          boolean recovery = s == State.RECOVERY;
          steps.add(
              new StepSpec(
                  run + "-walk-" + tag(arm) + "-" + s.label(),
                  StepKind.WALK,
                  run,
                  arm,
                  s,
                  p.designHitRate(),
                  p.walkRate(),
                  "count",
                  recovery ? 0 : p.warmupSec(),
                  recovery ? p.recoveryMeasureSec() : p.measureSec(),
                  0));
        }
        if (r == 0) {
          if (arm == Arm.B || arm == Arm.C) {
            sweep(p, arm, steps);
          }
          if (arm == Arm.C) {
            policy(p, "count", steps);
          }
          if (arm == Arm.C || arm == Arm.C_PRIME) {
            steps.add(
                new StepSpec(
                    "stampede-" + tag(arm),
                    StepKind.STAMPEDE,
                    "R1",
                    arm,
                    State.SLOW,
                    0,
                    0,
                    "count",
                    0,
                    0,
                    p.stampedeConcurrency()));
          }
        }
      }
    }
    if (!smoke) {
      policy(p, "rate", steps);
    }
    return steps;
  }

  private static List<State> walkStates(Arm arm, boolean smoke) {
    if (!smoke) {
      return List.of(State.values());
    }
    return arm == Arm.A
        ? List.of(State.HEALTHY, State.UNRESPONSIVE)
        : List.of(State.HEALTHY, State.DEGRADED, State.UNRESPONSIVE, State.RECOVERY);
  }

  private static void sweep(ExperimentProfile p, Arm arm, List<StepSpec> steps) {
    for (double hr : p.sweepHitRates()) {
      steps.add(
          new StepSpec(
              "sweep-" + tag(arm) + "-h" + Math.round(hr * 100),
              StepKind.SWEEP,
              "R1",
              arm,
              State.DEGRADED,
              hr,
              p.walkRate(),
              "count",
              p.warmupSec(),
              p.measureSec(),
              0));
    }
  }

  private static void policy(ExperimentProfile p, String policy, List<StepSpec> steps) {
    int low = p.policyRates().stream().mapToInt(Integer::intValue).min().orElse(0);
    for (int rate : p.policyRates()) {
      steps.add(
          new StepSpec(
              "policy-" + policy + "-r" + rate,
              StepKind.POLICY,
              "R1",
              Arm.C,
              State.UNRESPONSIVE,
              p.designHitRate(),
              rate,
              policy,
              0,
              rate == low ? p.policyLowMeasureSec() : p.policyMeasureSec(),
              0));
    }
  }

  static String tag(Arm arm) {
    return arm == Arm.C_PRIME ? "Cp" : arm.label();
  }
}
