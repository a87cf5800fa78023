package solventa.ops.analysis.figures;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;

/**
 * A run's own premiums: for each customer, the premium of their answers on their own profile
 * (FRESH, CACHED or STALE), from every request log added, whatever its step, arm or time. In this
 * lab a customer's own premium depends on neither: the provider double's profiles never change, one
 * rule book is in force, and the feeder always sends a customer the same insured object (their own,
 * in their line, {@link KeyFeeder#lineOf(String)}; one per line in runs recorded before objects
 * varied). That is checked, not assumed: a customer two of whose own premiums lie more than a cent
 * apart ({@link #TOLERANCE}) is left out and counted as inconsistent, which would reveal the
 * assumption broken. A customer's own premium is the first one recorded (the others agree with it
 * to the cent). DEFAULT answers, failed requests, answers without a premium and ids not of the
 * feeder's form add nothing.
 */
public final class OwnPremiums {
  /** Two own premiums of a customer further apart than a cent disagree (with rounding slack). */
  static final double TOLERANCE = 0.01 + 1e-9;

  /** Per customer: the first own premium recorded, the lowest and the highest. */
  private final Map<String, double[]> seen = new HashMap<>();

  private final SortedSet<String> inconsistent = new TreeSet<>();
  private boolean anyPremium;

  /** Adds the own premiums of one request log. */
  public OwnPremiums add(List<RequestRecord> log) {
    for (RequestRecord r : log) {
      if (!r.ok() || r.premium() == null) {
        continue;
      }
      anyPremium = true;
      if (r.origin() == null || r.is(Origin.DEFAULT) || KeyFeeder.lineOf(r.customerId()) == null) {
        continue;
      }
      double p = r.premium();
      double[] s = seen.computeIfAbsent(r.customerId(), k -> new double[] {p, p, p});
      s[1] = Math.min(s[1], p);
      s[2] = Math.max(s[2], p);
      if (s[2] - s[1] > TOLERANCE) {
        inconsistent.add(r.customerId());
      }
    }
    return this;
  }

  /** The customer's own premium; null when never priced on their own profile, or inconsistent. */
  public Double premium(String customerId) {
    double[] s = seen.get(customerId);
    return s == null || inconsistent.contains(customerId) ? null : s[0];
  }

  /** How many customers have an own premium (the inconsistent ones left out). */
  public int customers() {
    return seen.size() - inconsistent.size();
  }

  /** The customers whose own premiums disagree by more than a cent, sorted. */
  public SortedSet<String> inconsistent() {
    return java.util.Collections.unmodifiableSortedSet(inconsistent);
  }

  /** Whether any answer of the logs added carried a premium (own or DEFAULT). */
  public boolean anyPremium() {
    return anyPremium;
  }
}
