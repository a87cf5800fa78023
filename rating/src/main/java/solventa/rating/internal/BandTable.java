package solventa.rating.internal;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import solventa.rating.model.InvalidRuleSet;

/**
 * An ordered set of bands that covers the whole number line exactly once.
 *
 * <p>Invariants (checked by {@link #of}): at least one band; the first is unbounded below, the last
 * unbounded above; each band's lower bound equals the previous band's upper bound (no gap, no
 * overlap); every factor is strictly positive. Hence {@link #bandFor} always finds exactly one
 * band.
 */
public record BandTable(List<Band> bands) {

  public BandTable {
    bands = List.copyOf(bands);
  }

  /** Validates and orders {@code bands}; a violation names {@code rule}. */
  public static BandTable of(String rule, List<Band> bands) {
    if (bands.isEmpty()) {
      throw new InvalidRuleSet(rule, "no bands");
    }
    List<Band> sorted = new ArrayList<>(bands);
    sorted.sort(
        Comparator.comparing(Band::lower, Comparator.nullsFirst(Comparator.naturalOrder())));
    for (Band b : sorted) {
      Factors.requirePositive(rule, "band " + b.label(), b.factor());
      if (b.lower() != null && b.upper() != null && b.lower().compareTo(b.upper()) >= 0) {
        throw new InvalidRuleSet(rule, "band " + b.label() + " is empty (lower >= upper)");
      }
    }
    Band first = sorted.get(0);
    if (first.lower() != null) {
      throw new InvalidRuleSet(
          rule, "gapped bands: nothing covers values below " + first.lower().toPlainString());
    }
    for (int i = 1; i < sorted.size(); i++) {
      Band prev = sorted.get(i - 1);
      Band next = sorted.get(i);
      if (prev.upper() == null || next.lower() == null) {
        throw new InvalidRuleSet(
            rule, "overlapping bands: " + prev.label() + " and " + next.label());
      }
      int cmp = next.lower().compareTo(prev.upper());
      if (cmp < 0) {
        throw new InvalidRuleSet(
            rule, "overlapping bands: " + prev.label() + " and " + next.label());
      }
      if (cmp > 0) {
        throw new InvalidRuleSet(
            rule, "gapped bands: nothing covers between " + prev.label() + " and " + next.label());
      }
    }
    Band last = sorted.get(sorted.size() - 1);
    if (last.upper() != null) {
      throw new InvalidRuleSet(
          rule, "gapped bands: nothing covers values from " + last.upper().toPlainString());
    }
    return new BandTable(sorted);
  }

  public Band bandFor(BigDecimal value) {
    for (Band b : bands) {
      if (b.contains(value)) {
        return b;
      }
    }
    // Unreachable for a table built by of(): the bands cover the whole line.
    throw new IllegalStateException("no band for " + value + " in " + bands);
  }
}
