package solventa.quote.stats;

import solventa.adapter.model.FailureKind;
import solventa.signals.Origin;

/**
 * What one quote came to, reported once by the quote path when the quote ends (and by the edge for
 * what it sheds before any work): {@link QuoteStats#record(QuoteEvent)} turns it into the counters,
 * histograms and Kamon metrics. Built from the quote's final resolution, so no step of the logic
 * counts on its own.
 *
 * <p>{@code sacrificed}: the quote was admitted under a CLOSED breaker and the provider call it
 * waited on failed; {@code admittedAtMs} (host wall clock) is when it was admitted, so that a fixed
 * exposure window counts it by send time.
 */
public sealed interface QuoteEvent {

  /**
   * Priced on a profile.
   *
   * @param ageMs the profile's age when resolved (0 for DEFAULT)
   * @param latencyNanos the quote's service time, admission to answer
   * @param ratingNanos rating's cost as this quote realized it: the call to rating to the priced
   *     quote's return on the quote path
   * @param budgetExpired a fallback answered because the quote's budget ran out
   */
  record Quoted(
      Origin origin,
      long ageMs,
      long latencyNanos,
      long ratingNanos,
      boolean budgetExpired,
      boolean sacrificed,
      long admittedAtMs)
      implements QuoteEvent {}

  /**
   * Ended in an error answer.
   *
   * @param kind the adapter's failure when the provider could not give a profile; null when no
   *     resolution came in time or the quote failed in the node itself
   */
  record Failed(FailureKind kind, long latencyNanos, boolean sacrificed, long admittedAtMs)
      implements QuoteEvent {}

  /**
   * A business answer (unknown customer, no consent): not an error of the service, and never
   * sacrificed (a business answer is no provider failure).
   */
  record Refused() implements QuoteEvent {}

  /** Not worked on: answered 503 with {@code Retry-After} at one of the node's bounds. */
  record Shed(ShedCause cause) implements QuoteEvent {}

  /**
   * A quote already answered at its budget (a fallback) whose provider call then failed: sacrificed
   * after the fact. Reported by the entity that held the call, when the call ends.
   */
  record SacrificedLate(long admittedAtMs) implements QuoteEvent {}
}
