package solventa.rating.internal;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import solventa.signals.Signal;

/**
 * The rules of one line of business within one rule-set version.
 *
 * <p>Invariants (checked on load): exposureRate &gt; 0, minimumPremium ≥ 0; every factor &gt; 0;
 * the <em>rated signals</em> are the keys of {@code signalBands}, and each has a missing-signal
 * loading and a default-profile value; when segment defaults are loaded, every segment of the
 * object rule has one, with a value for each rated signal, and there is none for another segment.
 *
 * @param exposureRate premium per unit of insured amount, per year
 * @param minimumPremium floor of the premium
 * @param objectRule factor of the insured object's rated field
 * @param signalBands factor by band of each rated signal
 * @param missingLoadings loading and range weight applied when a rated signal is missing
 * @param defaultProfile the line's fallback profile (the experiment card (Arms), origin DEFAULT)
 * @param segmentDefaults the fallback profile of each risk segment, by segment key (see {@link
 *     ObjectRule#segment}); loaded and checked only when {@code rating.default-profile = segment},
 *     empty otherwise, so a rule set without them still prices in the line mode
 */
public record LineRules(
    String code,
    String currency,
    BigDecimal exposureRate,
    BigDecimal minimumPremium,
    ObjectRule objectRule,
    Map<Signal, BandTable> signalBands,
    Map<Signal, Loading> missingLoadings,
    Map<Signal, BigDecimal> defaultProfile,
    Map<String, Map<Signal, BigDecimal>> segmentDefaults) {

  /**
   * The factor of the insured object's rated field. Its bands or categories are also the line's
   * risk segments: a default profile per segment is calibrated on exactly the groups the tariff
   * already prices apart, so the segment a quote falls in is the one its object factor names.
   */
  public sealed interface ObjectRule {
    String field();

    /** Every segment key of the rule, in the rule's order. */
    List<String> segments();

    /**
     * The segment of a validated rated value: the band's label (e.g. {@code [2010,2018)}) or the
     * category (e.g. {@code masonry}), as the segment_default_profile table keys it.
     */
    String segment(Object rated);

    /** The factor of a validated rated value. */
    BigDecimal factor(Object rated);
  }

  /** Bands over a numeric field (vehicleYear, age). */
  public record BandedField(String field, BandTable bands) implements ObjectRule {
    @Override
    public List<String> segments() {
      return bands.bands().stream().map(Band::label).toList();
    }

    @Override
    public String segment(Object rated) {
      return bands.bandFor((BigDecimal) rated).label();
    }

    @Override
    public BigDecimal factor(Object rated) {
      return bands.bandFor((BigDecimal) rated).factor();
    }
  }

  /** A factor per allowed value of a text field (constructionType). */
  public record CategoryField(String field, Map<String, BigDecimal> factors) implements ObjectRule {
    @Override
    public List<String> segments() {
      return factors.keySet().stream().sorted().toList();
    }

    @Override
    public String segment(Object rated) {
      return (String) rated;
    }

    @Override
    public BigDecimal factor(Object rated) {
      return factors.get((String) rated);
    }
  }

  /**
   * What a missing rated signal costs: {@code loading} multiplies the premium by (1 + loading);
   * {@code rangeWeight} widens the range's half-width by that fraction of the premium.
   */
  public record Loading(BigDecimal loading, BigDecimal rangeWeight) {}
}
