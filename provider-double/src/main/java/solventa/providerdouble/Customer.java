package solventa.providerdouble;

import java.util.Set;

/**
 * One customer of the universe.
 *
 * @param id {@code c} followed by the 8-digit index
 * @param index position in the universe, {@code 0 <= index < universe}
 * @param gaps what the customer's bundle lacks; empty for a complete customer
 */
public record Customer(String id, int index, Set<Gap> gaps) {
  public Customer {
    gaps = Set.copyOf(gaps);
  }

  public boolean complete() {
    return gaps.isEmpty();
  }
}
