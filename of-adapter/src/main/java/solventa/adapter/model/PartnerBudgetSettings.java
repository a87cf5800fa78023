package solventa.adapter.model;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One provider's budget of calls per partner for customers the node holds no value for ({@code
 * of-adapter.providers.<name>.partner-budget}). A real provider meters calls per client credential,
 * and the node has one credential per provider: without a budget, one partner quoting customers the
 * node has never seen spends the quota every partner shares. The quote node enforces it (a refresh
 * of a customer whose value it holds, even stale, never draws); this record holds what the provider
 * allows. Validation errors name keys relative to the provider's section; {@code AdapterSettings}
 * qualifies them.
 *
 * @param enabled whether the budget applies; off by default (the card's arms run unchanged, and
 *     only a deployment knows its provider's quota)
 * @param rate calls a second one partner may make on one node, on average (&gt; 0, at most {@value
 *     #MAX_RATE})
 * @param burst calls one partner may make at once: the budget's permits per cycle of {@code burst /
 *     rate} seconds, never banked beyond it, so over any window of {@code w} seconds at most {@code
 *     burst * (ceil(w / cycle) + 1)} calls pass, {@code rate * w + burst} when the window is whole
 *     cycles (1..{@value #MAX_BURST})
 * @param partners the partners with a budget of their own (at most {@value #MAX_PARTNERS}, each of
 *     the quote API's partner-id form); every other partner id shares one more budget of the same
 *     size, so a client that changes its partner id on every quote gets no new budget and the node
 *     holds {@code partners + 1} budgets whatever the ids it is sent
 */
public record PartnerBudgetSettings(
    boolean enabled, double rate, int burst, List<String> partners) {

  /** The highest rate accepted: a cycle shorter than this would be the limiter's bookkeeping. */
  public static final double MAX_RATE = 10_000;

  public static final int MAX_BURST = 10_000;

  /** The most partners listed: each is one limiter held for the node's life. */
  public static final int MAX_PARTNERS = 1_000;

  /** The shortest and longest cycle ({@code burst / rate}) accepted. */
  static final Duration MIN_PERIOD = Duration.ofMillis(1);

  static final Duration MAX_PERIOD = Duration.ofHours(1);

  /** The quote API's partner id: 1–64 of {@code A-Z a-z 0-9 . _ -}. */
  private static final Pattern PARTNER_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  /** No budget (the default). */
  public static final PartnerBudgetSettings OFF =
      new PartnerBudgetSettings(false, 20, 5, List.of());

  public PartnerBudgetSettings {
    ConfigChecks.require(
        Double.isFinite(rate) && rate > 0 && rate <= MAX_RATE,
        "partner-budget.rate",
        rate,
        "must be a number of calls a second in (0, " + (long) MAX_RATE + "]");
    ConfigChecks.require(
        burst >= 1 && burst <= MAX_BURST,
        "partner-budget.burst",
        burst,
        "must be a whole number of calls in 1.." + MAX_BURST);
    double periodNanos = burst / rate * 1e9;
    ConfigChecks.require(
        periodNanos >= MIN_PERIOD.toNanos() && periodNanos <= MAX_PERIOD.toNanos(),
        "partner-budget.burst",
        burst,
        "burst / rate (" + rate + " a second) must be a cycle of 1 ms .. 1 h");
    ConfigChecks.require(partners != null, "partner-budget.partners", partners, "is required");
    partners = List.copyOf(partners);
    ConfigChecks.require(
        partners.size() <= MAX_PARTNERS,
        "partner-budget.partners",
        partners.size() + " partners",
        "at most " + MAX_PARTNERS + " partners have a budget of their own");
    Set<String> seen = new HashSet<>();
    for (String p : partners) {
      ConfigChecks.require(
          PARTNER_ID.matcher(p).matches(),
          "partner-budget.partners",
          p,
          "a partner id is 1-64 of A-Z a-z 0-9 . _ -");
      ConfigChecks.require(
          seen.add(p), "partner-budget.partners", p, "is listed twice (one budget per partner)");
    }
  }

  /** The limiter's cycle: {@code burst / rate}, at least 1 ms. */
  public Duration period() {
    return Duration.ofNanos(Math.round(burst / rate * 1e9));
  }

  /**
   * The most calls one budget lets through in any window of {@code window}: the permits it holds at
   * the window's start and those of every cycle that begins inside it, {@code burst * (ceil(window
   * / cycle) + 1)}; {@code rate * window + burst} when the window is whole cycles. The figure the
   * sizing rule multiplies by the budgets and the nodes.
   */
  public long mostCallsIn(Duration window) {
    long cycles = (window.toNanos() + period().toNanos() - 1) / period().toNanos();
    return (long) burst * (cycles + 1);
  }
}
