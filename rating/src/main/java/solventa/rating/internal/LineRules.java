package solventa.rating.internal;

import java.math.BigDecimal;
import java.util.Map;
import solventa.signals.Signal;

/**
 * The rules of one line of business within one rule-set version.
 *
 * <p>Invariants (checked on load): exposureRate &gt; 0, minimumPremium ≥ 0; every factor &gt; 0;
 * the <em>rated signals</em> are the keys of {@code signalBands}, and each has a missing-signal
 * loading and a default-profile value.
 *
 * @param exposureRate premium per unit of insured amount, per year
 * @param minimumPremium floor of the premium
 * @param objectRule factor of the insured object's rated field
 * @param signalBands factor by band of each rated signal
 * @param missingLoadings loading and range weight applied when a rated signal is missing
 * @param defaultProfile the line's fallback profile (the experiment card (Arms), origin DEFAULT)
 */
public record LineRules(
    String code,
    String currency,
    BigDecimal exposureRate,
    BigDecimal minimumPremium,
    ObjectRule objectRule,
    Map<Signal, BandTable> signalBands,
    Map<Signal, Loading> missingLoadings,
    Map<Signal, BigDecimal> defaultProfile) {

  /** The factor of the insured object's rated field. */
  public sealed interface ObjectRule {
    String field();
  }

  /** Bands over a numeric field (vehicleYear, age). */
  public record BandedField(String field, BandTable bands) implements ObjectRule {}

  /** A factor per allowed value of a text field (constructionType). */
  public record CategoryField(String field, Map<String, BigDecimal> factors)
      implements ObjectRule {}

  /**
   * What a missing rated signal costs: {@code loading} multiplies the premium by (1 + loading);
   * {@code rangeWeight} widens the range's half-width by that fraction of the premium.
   */
  public record Loading(BigDecimal loading, BigDecimal rangeWeight) {}
}
