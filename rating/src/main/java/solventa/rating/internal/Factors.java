package solventa.rating.internal;

import java.math.BigDecimal;
import solventa.rating.model.InvalidRuleSet;

/** Sign checks shared by the rule-book validation. */
final class Factors {
  private Factors() {}

  /** A multiplicative factor: zero would erase the premium, negative would invert it. */
  static void requirePositive(String rule, String what, BigDecimal factor) {
    String prefix = what.isEmpty() ? "" : what + ": ";
    if (factor == null) {
      throw new InvalidRuleSet(rule, prefix + "factor is null");
    }
    if (factor.signum() < 0) {
      throw new InvalidRuleSet(rule, prefix + "negative factor " + factor.toPlainString());
    }
    if (factor.signum() == 0) {
      throw new InvalidRuleSet(rule, prefix + "factor is 0 (must be > 0)");
    }
  }

  static void requireNonNegative(String rule, String what, BigDecimal value) {
    if (value == null || value.signum() < 0) {
      throw new InvalidRuleSet(
          rule, "negative " + what + " " + (value == null ? "null" : value.toPlainString()));
    }
  }

  /** A fraction of the premium that widens the range: 0 ≤ w < 1 keeps the low end positive. */
  static void requireWeight(String rule, String what, BigDecimal value) {
    requireNonNegative(rule, what, value);
    if (value.compareTo(BigDecimal.ONE) >= 0) {
      throw new InvalidRuleSet(rule, what + " " + value.toPlainString() + " must be < 1");
    }
  }
}
