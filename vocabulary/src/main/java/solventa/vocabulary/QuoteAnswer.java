package solventa.vocabulary;

import java.math.BigDecimal;
import java.util.List;

/**
 * A quote as the API answers it ({@code POST /v1/quotes}, 200; docs/api.md): the wire record the
 * quote node writes, field for field and in this order, and every client of the lab reads (the
 * runner's own quotes, the price probe). Money has two decimals.
 *
 * @param quoteId the quote's id ({@code q-} and a UUID)
 * @param arm the arm's label that answered (A, B, C, C')
 * @param lineOfBusiness auto, home or life
 * @param premium the premium
 * @param range the premium's uncertainty range
 * @param ruleSetVersion the rule set that priced it
 * @param profile where the customer's profile came from
 */
public record QuoteAnswer(
    String quoteId,
    String arm,
    String lineOfBusiness,
    Money premium,
    Range range,
    String ruleSetVersion,
    Profile profile) {

  /** An amount in a currency. */
  public record Money(BigDecimal amount, String currency) {}

  /** The premium's low and high bound. */
  public record Range(BigDecimal low, BigDecimal high) {}

  /**
   * The profile the quote was priced on.
   *
   * @param origin FRESH, CACHED, STALE or DEFAULT
   * @param ageMs its age when resolved (0 for DEFAULT)
   * @param missingSignals the signals it lacked, sorted
   */
  public record Profile(String origin, long ageMs, List<String> missingSignals) {}
}
