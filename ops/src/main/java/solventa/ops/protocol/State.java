package solventa.ops.protocol;

/**
 * Provider states of the experiment card (Provider states), in the order a run walks them, with the
 * card's Spanish name.
 */
public enum State {
  HEALTHY("Sano"),
  SLOW("Lento"),
  DEGRADED("Degradado"),
  UNRESPONSIVE("Sin respuesta"),
  DOWN("Caído"),
  RECOVERY("Recuperación");

  private final String cardName;

  State(String cardName) {
    this.cardName = cardName;
  }

  public String cardName() {
    return cardName;
  }

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
