package solventa.quote.profile;

import solventa.adapter.model.FailureKind;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;

/** How one quote's profile was resolved: a profile to price on, or no way to price (A/B only). */
public sealed interface Resolution extends CborSerializable {

  /** {@link Resolved#failure()} of a fallback served because the quote's budget ran out. */
  String BUDGET = "BUDGET";

  /**
   * {@link Resolved#failure()} of a STALE answer served without a call: the node's refresh
   * admission ({@code quote.refresh-admission.rate}) deferred this customer's refresh.
   */
  String DEFERRED = "DEFERRED";

  /**
   * {@link Resolved#failure()} of a DEFAULT answer served without a call: the customer is new to
   * the node and its partner's budget of such calls is spent ({@link PartnerBudget}).
   */
  String PARTNER_BUDGET = "PARTNER_BUDGET";

  /** True when the quote was admitted under a CLOSED breaker and its provider call failed. */
  boolean sacrificed();

  /**
   * A profile to price on. Inside a node the profile object itself is handed over (no encoding); a
   * reply that crosses nodes is serialized with the rest of the message (CBOR, {@link
   * CborSerializable}).
   *
   * @param profile the profile to price on; null for {@link Origin#DEFAULT}
   * @param ageMs age of the profile when resolved (0 for DEFAULT)
   * @param failure why a fallback was served ("BUDGET", "DEFERRED" or a {@link FailureKind} name);
   *     else null
   * @param servedBy address of the node whose entity resolved it
   */
  record Resolved(
      Origin origin,
      CanonicalProfile profile,
      long ageMs,
      String failure,
      boolean sacrificed,
      String servedBy)
      implements Resolution {

    /** A profile the provider just returned, priced FRESH. */
    public static Resolved fresh(CanonicalProfile profile, java.time.Instant now, String servedBy) {
      return new Resolved(Origin.FRESH, profile, profile.ageMillis(now), null, false, servedBy);
    }
  }

  /**
   * Whether a failed provider call sacrifices its quote: the quote was admitted while the breaker
   * was CLOSED (stamped at admission) and the call it waited on ended in a provider failure
   * (timeout, connection error, 5xx…; not a refusal by the breaker or the bulkhead, nor a business
   * answer).
   */
  static boolean isSacrifice(FailureKind kind, solventa.adapter.model.BreakerState atAdmission) {
    return kind.countsAsBreakerFailure()
        && !kind.isBusinessAnswer()
        && atAdmission == solventa.adapter.model.BreakerState.CLOSED;
  }

  /**
   * No profile to price on: the provider failed and this arm does not fall back (A, B), or — in
   * every arm — the provider gave a business answer ({@link FailureKind#isBusinessAnswer()}:
   * unknown customer, no consent), which no fallback may paper over.
   */
  record Unavailable(FailureKind kind, String detail, boolean sacrificed, String servedBy)
      implements Resolution {}

  /**
   * No call made and no profile to price on: the customer is new to the node, its partner's budget
   * of such calls is spent ({@link PartnerBudget}) and the arm does not fall back (A, B); the edge
   * answers 429 with {@code Retry-After}.
   *
   * @param retryAfterSeconds when the partner's budget holds a permit again, whole seconds (at
   *     least 1)
   */
  record OverBudget(long retryAfterSeconds, String servedBy) implements Resolution {
    @Override
    public boolean sacrificed() {
      return false;
    }
  }

  /**
   * Not worked on: the node shed the request before any provider call (the active-entity limit, a
   * full entity mailbox); the edge answers 503 with {@code Retry-After}.
   *
   * @param detail for the partner: names the bound, never the customer
   */
  record Shed(solventa.quote.stats.ShedCause cause, String detail) implements Resolution {
    @Override
    public boolean sacrificed() {
      return false;
    }
  }
}
