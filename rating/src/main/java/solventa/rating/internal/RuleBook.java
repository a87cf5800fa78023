package solventa.rating.internal;

import java.time.Instant;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Every loaded rule-set version by effective date. Immutable. The version in force at {@code t} is
 * the one with the latest effective date ≤ t, so a later version takes over by itself when its date
 * comes.
 */
public final class RuleBook {
  private final NavigableMap<Instant, RuleSet> byEffectiveDate;

  public RuleBook(Iterable<RuleSet> ruleSets) {
    TreeMap<Instant, RuleSet> m = new TreeMap<>();
    for (RuleSet rs : ruleSets) {
      m.put(rs.effectiveFrom(), rs);
    }
    if (m.isEmpty()) {
      throw new IllegalArgumentException("a rule book needs at least one rule set");
    }
    this.byEffectiveDate = Collections.unmodifiableNavigableMap(m);
  }

  /**
   * @throws IllegalStateException if {@code now} precedes every version (cannot happen for a book
   *     loaded by {@link RuleBookAssembler}, which requires a version in force at start-up)
   */
  public RuleSet inForce(Instant now) {
    var e = byEffectiveDate.floorEntry(now);
    if (e == null) {
      throw new IllegalStateException(
          "no rule set in force at " + now + "; the earliest starts " + byEffectiveDate.firstKey());
    }
    return e.getValue();
  }

  public NavigableMap<Instant, RuleSet> versions() {
    return byEffectiveDate;
  }
}
