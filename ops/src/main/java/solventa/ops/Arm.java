package solventa.ops;

/** The four arms of SPEC §3, with the node's config value and the simulation that drives each. */
public enum Arm {
  A("A", "solventa.gatling.ArmASimulation"),
  B("B", "solventa.gatling.ArmBSimulation"),
  C("C", "solventa.gatling.ArmCSimulation"),
  C_PRIME("C'", "solventa.gatling.ArmCPrimeSimulation");

  private final String label;
  private final String simulation;

  Arm(String label, String simulation) {
    this.label = label;
    this.simulation = simulation;
  }

  /** The arm as the card and the node's {@code quote.arm} write it. */
  public String label() {
    return label;
  }

  public String simulation() {
    return simulation;
  }

  /** Arm A has no cache: warm keys mean nothing to it. */
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
