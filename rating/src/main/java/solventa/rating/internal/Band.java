package solventa.rating.internal;

import java.math.BigDecimal;

/**
 * A half-open band {@code [lower, upper)} with its factor; a null bound is unbounded on that side.
 */
public record Band(BigDecimal lower, BigDecimal upper, BigDecimal factor) {

  public boolean contains(BigDecimal value) {
    return (lower == null || value.compareTo(lower) >= 0)
        && (upper == null || value.compareTo(upper) < 0);
  }

  /** e.g. {@code [3000,10000)} or {@code (-inf,3000)}. */
  public String label() {
    return (lower == null ? "(-inf" : "[" + lower.toPlainString())
        + ","
        + (upper == null ? "+inf)" : upper.toPlainString() + ")");
  }
}
