package solventa.rating.model;

import java.util.Optional;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;

/**
 * The profile the quote node resolved for pricing. For {@link Origin#DEFAULT} the profile is empty
 * and rating prices on the line of business' default profile.
 */
public record ResolvedProfile(Origin origin, Optional<CanonicalProfile> profile, long ageMs) {}
