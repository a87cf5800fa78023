package solventa.ops;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of SPEC §7 in execution order: per run, the arms in Latin-square order (R1 A→B→C, R2
 * B→C→A, R3 C→A→B) each walking the six provider states, then C' walking them too; after the runs
 * the hit-rate sweep (B and C, degraded), breaker policy × traffic (C), and the stampede (C, C').
 */
public final class ProtocolPlan {
  static final List<List<Arm>> LATIN_SQUARE =
      List.of(
          List.of(Arm.A, Arm.B, Arm.C), List.of(Arm.B, Arm.C, Arm.A), List.of(Arm.C, Arm.A, Arm.B));

  private ProtocolPlan() {}

  public static List<StepSpec> build(ExperimentProfile p) {
    List<StepSpec> steps = new ArrayList<>();
    double h = p.designHitRate();
    for (int r = 0; r < p.runs(); r++) {
      String run = "R" + (r + 1);
      List<Arm> order = new ArrayList<>(LATIN_SQUARE.get(r % 3));
      order.add(Arm.C_PRIME);
      for (Arm arm : order) {
        for (State s : State.values()) {
          int measure = s == State.RECOVERY ? p.recoveryMeasureSec() : p.measureSec();
          int warmup = s == State.RECOVERY ? 0 : p.warmupSec();
          steps.add(
              new StepSpec(
                  run + "-walk-" + tag(arm) + "-" + s.label(),
                  StepKind.WALK,
                  run,
                  arm,
                  s,
                  h,
                  p.walkRate(),
                  "count",
                  warmup,
                  measure,
                  0));
        }
      }
    }
    for (Arm arm : List.of(Arm.B, Arm.C)) {
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
    for (String policy : List.of("count", "rate")) {
      for (int rate : p.policyRates()) {
        steps.add(
            new StepSpec(
                "policy-" + policy + "-r" + rate,
                StepKind.POLICY,
                "R1",
                Arm.C,
                State.UNRESPONSIVE,
                h,
                rate,
                policy,
                0,
                p.policyMeasureSec(),
                0));
      }
    }
    for (Arm arm : List.of(Arm.C, Arm.C_PRIME)) {
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
    return steps;
  }

  static String tag(Arm arm) {
    return arm == Arm.C_PRIME ? "Cp" : arm.label();
  }
}
