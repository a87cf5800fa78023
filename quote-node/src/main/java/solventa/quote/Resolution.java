package solventa.quote;

import java.util.Optional;
import solventa.adapter.FailureKind;
import solventa.quote.internal.ProfileCodec;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;

/** How one quote's profile was resolved: a profile to price on, or no way to price (A/B only). */
public sealed interface Resolution extends CborSerializable {

  /** True when the quote was admitted under a CLOSED breaker and its provider call failed. */
  boolean sacrificed();

  /**
   * A profile to price on.
   *
   * @param profileJson the profile in {@link ProfileCodec} form; null for {@link Origin#DEFAULT}
   * @param ageMs age of the profile when resolved (0 for DEFAULT)
   * @param failure why a fallback was served ("BUDGET" or a {@link FailureKind} name); else null
   * @param servedBy address of the node whose entity resolved it
   */
  record Resolved(
      Origin origin,
      String profileJson,
      long ageMs,
      String failure,
      boolean sacrificed,
      String servedBy)
      implements Resolution {

    public Optional<CanonicalProfile> decodedProfile() {
      return profileJson == null ? Optional.empty() : Optional.of(ProfileCodec.decode(profileJson));
    }

    /** A profile the provider just returned, priced FRESH. */
    static Resolved fresh(CanonicalProfile profile, java.time.Instant now, String servedBy) {
      return new Resolved(
          Origin.FRESH,
          ProfileCodec.encode(profile),
          profile.ageMillis(now),
          null,
          false,
          servedBy);
    }
  }

  /**
   * Whether a failed provider call sacrifices its quote: the quote was admitted while the breaker
   * was CLOSED (stamped at admission) and the call it waited on ended in a provider failure
   * (timeout, connection error, 5xx…; not a refusal by the breaker or the bulkhead).
   */
  static boolean isSacrifice(FailureKind kind, solventa.adapter.BreakerState atAdmission) {
    return kind.countsAsBreakerFailure() && atAdmission == solventa.adapter.BreakerState.CLOSED;
  }

  /** The provider failed and this arm does not fall back (A, B): the quote fails. */
  record Unavailable(FailureKind kind, String detail, boolean sacrificed, String servedBy)
      implements Resolution {}
}
