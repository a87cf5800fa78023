package solventa.quote.settings;

import java.util.Locale;

/**
 * The four variants of profile resolution (the experiment card (Arms)); one binary, chosen by
 * {@code quote.arm}.
 */
public enum Arm {
  /** Call the adapter on every quote and wait, up to its 700 ms hard timeout; no cache. */
  A("A"),
  /** Cache-aside: a fresh cached profile answers at once; otherwise call and wait. */
  B("B"),
  /** Opportunistic refresh within the budget; last known or default when it runs out. */
  C("C"),
  /** C plus per-customer coalescing: at most one provider call in flight per customer. */
  C_PRIME("C'");

  private final String label;

  Arm(String label) {
    this.label = label;
  }

  /** The arm's name as the card and the responses write it ("C'" for {@link #C_PRIME}). */
  public String label() {
    return label;
  }

  /** True for the arms that keep profiles in sharded entities (all but A). */
  public boolean usesCache() {
    return this != A;
  }

  /** True for the arms that answer with STALE/DEFAULT instead of failing (C and C'). */
  public boolean fallsBack() {
    return this == C || this == C_PRIME;
  }

  /**
   * Parses "A", "B", "C" or "C'" (also "CP" / "C_PRIME", which survive shell quoting); empty when
   * the text names no arm.
   */
  public static java.util.Optional<Arm> parse(String text) {
    String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
    return switch (t) {
      case "A" -> java.util.Optional.of(A);
      case "B" -> java.util.Optional.of(B);
      case "C" -> java.util.Optional.of(C);
      case "C'", "CP", "C_PRIME", "CPRIME" -> java.util.Optional.of(C_PRIME);
      default -> java.util.Optional.empty();
    };
  }
}
