package solventa.rating.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import solventa.signals.Origin;

/**
 * One validated, immutable rule-set version.
 *
 * @param version e.g. "2026.1"; appears in every priced result
 * @param effectiveFrom the instant from which this version is in force
 * @param maxUncertainty cap on the total half-width of the premium range, as a fraction (0..1)
 * @param originWeights range half-width added by a fallback origin (STALE, DEFAULT; others 0)
 * @param lines the lines of business this version prices, by code
 */
public record RuleSet(
    String version,
    Instant effectiveFrom,
    BigDecimal maxUncertainty,
    Map<Origin, BigDecimal> originWeights,
    NavigableMap<String, LineRules> lines) {

  public BigDecimal originWeight(Origin origin) {
    return originWeights.getOrDefault(origin, BigDecimal.ZERO);
  }
}
