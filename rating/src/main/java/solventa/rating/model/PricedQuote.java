package solventa.rating.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import solventa.signals.Signal;

/**
 * A priced quote: the premium, the range that shows its uncertainty (missing signals and a
 * STALE/DEFAULT origin widen it), the rule-set version in force and what was missing.
 */
public record PricedQuote(
    BigDecimal premium,
    BigDecimal premiumLow,
    BigDecimal premiumHigh,
    String currency,
    String ruleSetVersion,
    List<AppliedFactor> factors,
    Set<Signal> missingSignals) {}
