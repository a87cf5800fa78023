package solventa.vocabulary;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A variant of profile resolution: a label and its {@link ArmTraits}. The experiment card (Arms)
 * names four, the constants below; one binary, chosen by {@code quote.arm}. Code asks an arm for a
 * trait, never which arm it is, so an arm made of other traits (a variant, or a test's own arm)
 * runs through the same code.
 *
 * @param label the arm's name as the card, the responses and the results write it
 * @param traits what the arm does
 */
public record Arm(String label, ArmTraits traits) {
  /** Call the adapter on every quote and wait, up to its 700 ms hard timeout; no cache. */
  public static final Arm A = new Arm("A", new ArmTraits(false, false, false, false));

  /** Cache-aside: a fresh cached profile answers at once; otherwise call and wait. */
  public static final Arm B = new Arm("B", new ArmTraits(true, false, false, false));

  /**
   * Opportunistic refresh within the budget; last known or default when it runs out. The card puts
   * the circuit breaker in its connector.
   */
  public static final Arm C = new Arm("C", new ArmTraits(true, true, false, true));

  /** C plus per-customer coalescing: at most one provider call in flight per customer. */
  public static final Arm C_PRIME = new Arm("C'", C.traits().withCoalescing(true));

  private static final List<Arm> CARD = List.of(A, B, C, C_PRIME);

  public Arm {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(traits, "traits");
    if (label.isBlank()) {
      throw new IllegalArgumentException("an arm needs a label");
    }
  }

  /** The card's arms, in the card's order: A, B, C, C'. */
  public static List<Arm> card() {
    return CARD;
  }

  /** This arm with other traits, under the same label (a variant: the arm plus overrides). */
  public Arm withTraits(ArmTraits other) {
    return new Arm(label, other);
  }

  /** True for the arms that keep profiles in sharded entities. */
  public boolean usesCache() {
    return traits.cache();
  }

  /** True for the arms that answer with STALE/DEFAULT after the budget instead of waiting. */
  public boolean fallsBack() {
    return traits.fallsBack();
  }

  /** True for the arms that keep at most one provider call in flight per customer. */
  public boolean coalesces() {
    return traits.coalesces();
  }

  /** True for the arms whose adapter runs with the circuit breaker. */
  public boolean breaker() {
    return traits.breaker();
  }

  /**
   * Parses "A", "B", "C" or "C'" (also "CP" / "C_PRIME", which survive shell quoting) into one of
   * the card's arms; empty when the text names none.
   */
  public static Optional<Arm> parse(String text) {
    String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
    String label =
        switch (t) {
          case "CP", "C_PRIME", "CPRIME" -> C_PRIME.label();
          default -> t;
        };
    return CARD.stream().filter(a -> a.label().equals(label)).findFirst();
  }

  /** The label: what a log line or a message shows. */
  @Override
  public String toString() {
    return label;
  }
}
