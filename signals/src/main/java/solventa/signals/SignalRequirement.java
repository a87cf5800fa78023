package solventa.signals;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a reader of profiles needs of one before it can use it as the customer's own: at least
 * {@code atLeast} of the signals {@code anyOf}. The rating declares its requirement from its rules
 * and the adapter refuses a provider body whose profile does not meet it, so a profile the rating
 * cannot use never reaches it as FRESH.
 *
 * @param anyOf the signals that count
 * @param atLeast how many of them a profile must hold (0: none required)
 */
public record SignalRequirement(Set<Signal> anyOf, int atLeast) {

  /** Nothing required: every profile meets it. */
  public static final SignalRequirement NONE = new SignalRequirement(Set.of(), 0);

  public SignalRequirement {
    Objects.requireNonNull(anyOf, "anyOf");
    EnumSet<Signal> copy = EnumSet.noneOf(Signal.class);
    copy.addAll(anyOf);
    anyOf = Collections.unmodifiableSet(copy);
    if (atLeast < 0 || atLeast > anyOf.size()) {
      throw new IllegalArgumentException(
          "atLeast = "
              + atLeast
              + ": must be in 0.."
              + anyOf.size()
              + " (the signals "
              + anyOf
              + ")");
    }
  }

  /** At least one of {@code signals}. */
  public static SignalRequirement anyOf(Set<Signal> signals) {
    return new SignalRequirement(signals, signals.isEmpty() ? 0 : 1);
  }

  /** How many of {@link #anyOf} the profile holds. */
  public int heldBy(CanonicalProfile profile) {
    int held = 0;
    for (Signal s : anyOf) {
      if (profile.signals().containsKey(s)) {
        held++;
      }
    }
    return held;
  }

  public boolean isMetBy(CanonicalProfile profile) {
    return heldBy(profile) >= atLeast;
  }

  /** In words, for a refusal: "at least 1 of [MONTHLY_INCOME, PATRIMONY]". */
  @Override
  public String toString() {
    return atLeast == 0 ? "no signal required" : "at least " + atLeast + " of " + anyOf;
  }
}
