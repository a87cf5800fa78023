package solventa.ops.protocol;

import solventa.quote.settings.Arm;

/**
 * The arms as the experiment runs them: the node's own {@link Arm} (its {@code quote.arm}) plus
 * what only the bench knows — whether the node's adapter runs with the circuit breaker ({@code
 * quote.breaker}) and the simulation that drives it. The card puts the breaker in C's connector
 * only; {@link #B_CB} is the variant "B with the breaker" (issue 11), reported beside B.
 */
public enum BenchArm {
  A(Arm.A, false, "solventa.gatling.ArmASimulation"),
  B(Arm.B, false, "solventa.gatling.ArmBSimulation"),
  B_CB(Arm.B, true, "solventa.gatling.ArmBSimulation"),
  C(Arm.C, true, "solventa.gatling.ArmCSimulation"),
  C_PRIME(Arm.C_PRIME, true, "solventa.gatling.ArmCPrimeSimulation");

  private final Arm nodeArm;
  private final boolean breaker;
  private final String simulation;

  BenchArm(Arm nodeArm, boolean breaker, String simulation) {
    this.nodeArm = nodeArm;
    this.breaker = breaker;
    this.simulation = simulation;
  }

  /** The arm as the card and the report write it: the node's label, "B+CB" for {@link #B_CB}. */
  public String label() {
    return this == B_CB ? nodeArm.label() + "+CB" : nodeArm.label();
  }

  /** The node's arm ({@code quote.arm}). */
  public Arm nodeArm() {
    return nodeArm;
  }

  /** Whether the node's adapter runs with the circuit breaker. */
  public boolean breaker() {
    return breaker;
  }

  public String simulation() {
    return simulation;
  }

  /** Arm A has no cache: a key population means nothing to it. */
  public boolean caches() {
    return nodeArm.usesCache();
  }

  /** The arm in step ids and file names: no quote or plus sign ("Cp", "BCB"). */
  public String tag() {
    return switch (this) {
      case C_PRIME -> "Cp";
      case B_CB -> "BCB";
      default -> label();
    };
  }

  public static BenchArm ofLabel(String label) {
    for (BenchArm a : values()) {
      if (a.label().equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown arm " + label);
  }
}
