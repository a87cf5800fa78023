package solventa.gatling;

/** Open-model load on a quote node running arm A. */
public final class ArmASimulation extends QuoteSimulation {
  public ArmASimulation() {
    super("A");
  }
}
