package solventa.gatling;

/** Open-model load on a quote node running arm C. */
public final class ArmCSimulation extends QuoteSimulation {
  public ArmCSimulation() {
    super("C");
  }
}
