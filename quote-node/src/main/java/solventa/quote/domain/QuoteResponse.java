package solventa.quote.domain;

import java.math.BigDecimal;
import java.util.List;
import solventa.signals.Origin;

/**
 * A quote as the API answers it. Identical in every arm; the API ({@code api.QuoteJson}) writes it
 * with fixed-scale decimals and a fixed-width id so that sizes differ across arms by a few bytes
 * only.
 */
public record QuoteResponse(
    String quoteId,
    String arm,
    String lineOfBusiness,
    BigDecimal premium,
    String currency,
    BigDecimal low,
    BigDecimal high,
    String ruleSetVersion,
    Origin origin,
    long ageMs,
    List<String> missingSignals) {}
