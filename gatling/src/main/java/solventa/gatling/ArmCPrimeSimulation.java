package solventa.gatling;

/** Open-model load on a quote node running arm C' (C plus per-key coalescing). */
public final class ArmCPrimeSimulation extends QuoteSimulation {
  public ArmCPrimeSimulation() {
    super("C'");
  }
}
