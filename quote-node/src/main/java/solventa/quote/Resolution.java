package solventa.quote;

import java.util.Optional;
import solventa.adapter.FailureKind;
import solventa.quote.internal.ProfileCodec;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;

/** How one quote's profile was resolved: a profile to price on, or no way to price (A/B only). */
public sealed interface Resolution extends CborSerializable {

  /** True when the resolution met a provider failure while the breaker was CLOSED. */
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
   * Whether a failed provider call sacrifices its quote: the call met a provider failure (anything
   * but a refusal by the open breaker or a business answer) while the breaker was still CLOSED.
   */
  static boolean isSacrifice(FailureKind kind, solventa.adapter.BreakerState breakerNow) {
    return kind != FailureKind.BREAKER_OPEN
        && !kind.isBusinessAnswer()
        && breakerNow == solventa.adapter.BreakerState.CLOSED;
  }

  /**
   * No profile to price on: the provider failed and this arm does not fall back (A, B), or — in
   * every arm — the provider gave a business answer ({@link FailureKind#isBusinessAnswer()}:
   * unknown customer, no consent), which no fallback may paper over.
   */
  record Unavailable(FailureKind kind, String detail, boolean sacrificed, String servedBy)
      implements Resolution {}
}
