package solventa.ops.protocol;

/**
 * The arms of the experiment card (Arms) as the experiment runs them: the node's {@code quote.arm},
 * whether its adapter has the circuit breaker ({@code quote.breaker}), and the simulation that
 * drives it. The card puts the breaker in C's connector only; {@link #B_CB} is the variant "B with
 * the breaker" (issue 11), reported beside B.
 */
public enum Arm {
  A("A", "A", false, "solventa.gatling.ArmASimulation"),
  B("B", "B", false, "solventa.gatling.ArmBSimulation"),
  B_CB("B+CB", "B", true, "solventa.gatling.ArmBSimulation"),
  C("C", "C", true, "solventa.gatling.ArmCSimulation"),
  C_PRIME("C'", "C'", true, "solventa.gatling.ArmCPrimeSimulation");

  private final String label;
  private final String nodeArm;
  private final boolean breaker;
  private final String simulation;

  Arm(String label, String nodeArm, boolean breaker, String simulation) {
    this.label = label;
    this.nodeArm = nodeArm;
    this.breaker = breaker;
    this.simulation = simulation;
  }

  /** The arm as the card and the report write it. */
  public String label() {
    return label;
  }

  /** The node's {@code quote.arm}. */
  public String nodeArm() {
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
    return this != A;
  }

  public static Arm ofLabel(String label) {
    for (Arm a : values()) {
      if (a.label.equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("unknown arm " + label);
  }
}
