package solventa.rating.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import solventa.signals.Signal;

/**
 * A priced quote: the premium, the range that shows its uncertainty (missing signals and a
 * STALE/DEFAULT origin widen it), the rule-set version in force and what was missing.
 *
 * @param defaultProfile which default profile supplied the signals of a DEFAULT quote, so a reader
 *     can tell the two {@code rating.default-profile} modes apart in a result: {@code line auto}
 *     for the line's one default, {@code segment vehicleYear (-inf,2010)} or {@code segment
 *     constructionType wood} for a segment's. Empty for every other origin, which prices on the
 *     customer's own profile.
 */
public record PricedQuote(
    BigDecimal premium,
    BigDecimal premiumLow,
    BigDecimal premiumHigh,
    String currency,
    String ruleSetVersion,
    List<AppliedFactor> factors,
    Set<Signal> missingSignals,
    Optional<String> defaultProfile) {}
