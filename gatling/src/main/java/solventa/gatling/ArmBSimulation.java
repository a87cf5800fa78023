package solventa.gatling;

/** Open-model load on a quote node running arm B. */
public final class ArmBSimulation extends QuoteSimulation {
  public ArmBSimulation() {
    super("B");
  }
}
