package solventa.ops.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.vocabulary.Acceptance;

/**
 * What the partner flood row measured and whether it holds: a pure function of its figures, so that
 * each term is shown to fail ({@code PartnerFloodTest}) and a run names the terms that did.
 *
 * @param otherRequests the other partner's quotes sent while the flood ran
 * @param otherErrors those answered other than 200, or not at all
 * @param otherP99Ms their p99 latency, ms
 * @param otherFallback their answers priced on STALE or DEFAULT
 * @param floodRequests the flooding partner's quotes
 * @param floodCalls those that reached the provider (answered 404: it does not know the id)
 * @param floodOverBudget those the node answered past the partner's budget, without a call
 * @param floodBound the most calls the flooding partner's budget lets through from the flood's
 *     first quote to its last answer (its rate × that time + its burst)
 * @param quota429 calls the provider's quota answered 429 during the row
 * @param throttled calls the node's adapter counted THROTTLED during the row
 * @param breakerClosed whether the breaker was CLOSED at every reading and at the end
 * @param transitions breaker transitions during the row
 * @param lost known customers' last values lost
 */
record PartnerFlood(
    long otherRequests,
    long otherErrors,
    long otherP99Ms,
    long otherFallback,
    long floodRequests,
    long floodCalls,
    long floodOverBudget,
    long floodBound,
    long quota429,
    long throttled,
    boolean breakerClosed,
    int transitions,
    long lost) {

  /** The card's fallback ceiling once the provider is healthy (HD-01.8), %. */
  static final double MAX_FALLBACK_PCT = 5.0;

  /** The other partner's errors allowed (the card's), %. */
  static final double MAX_ERROR_PCT = Acceptance.MAX_ERROR_PCT;

  /** The card's p99, ms. */
  static final long MAX_P99_MS = Acceptance.P99_MS;

  /** The other partner's answers priced on STALE or DEFAULT, % of its answers (0 with none). */
  double otherFallbackPct() {
    long answered = otherRequests - otherErrors;
    return answered <= 0 ? 0 : 100.0 * otherFallback / answered;
  }

  double otherErrorPct() {
    return otherRequests == 0 ? 0 : 100.0 * otherErrors / otherRequests;
  }

  /** The terms that failed, in words; empty when the row holds. */
  List<String> failures() {
    List<String> f = new ArrayList<>();
    if (otherP99Ms > MAX_P99_MS) {
      f.add("the other partner's p99 " + otherP99Ms + " ms");
    }
    if (otherFallbackPct() > MAX_FALLBACK_PCT) {
      f.add(String.format(Locale.ROOT, "the other partner's fallback %.1f %%", otherFallbackPct()));
    }
    f.addAll(failuresApartFromTiming());
    return f;
  }

  /**
   * The terms that failed apart from the two a starved machine moves on its own, the other
   * partner's p99 and its fallback share (a call slower than the quote's budget falls back): what
   * the tests assert, where the matrix's run judges every term.
   */
  List<String> failuresApartFromTiming() {
    List<String> f = new ArrayList<>();
    if (otherRequests == 0 || floodRequests == 0) {
      f.add("a load did not run");
    }
    if (otherErrorPct() > MAX_ERROR_PCT) {
      f.add(String.format(Locale.ROOT, "the other partner's errors %.2f %%", otherErrorPct()));
    }
    if (floodCalls > floodBound || floodOverBudget == 0) {
      f.add(
          "the flooding partner not limited (" + floodCalls + " calls, bound " + floodBound + ")");
    }
    if (quota429 > 0 || throttled > 0) {
      f.add("the provider answered 429 (" + quota429 + "; THROTTLED " + throttled + ")");
    }
    if (!breakerClosed || transitions > 0) {
      f.add("the breaker left CLOSED (" + transitions + " transitions)");
    }
    if (lost > 0) {
      f.add(lost + " values lost");
    }
    return f;
  }

  boolean holds() {
    return failures().isEmpty();
  }

  /** Whether it failed on the provider's 429s or the breaker (what the row guards against). */
  boolean failedOnQuotaOrBreaker() {
    return quota429 > 0 || throttled > 0 || !breakerClosed || transitions > 0;
  }
}
