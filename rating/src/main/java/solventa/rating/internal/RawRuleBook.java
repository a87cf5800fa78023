package solventa.rating.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The rule-book tables as read from PostgreSQL, one record per row, not yet validated. Kept apart
 * from the JDBC code so the validation is a pure function that unit tests can feed directly.
 */
public record RawRuleBook(
    List<LineRow> lines,
    List<RuleSetRow> ruleSets,
    List<BaseRateRow> baseRates,
    List<ObjectBandRow> objectBands,
    List<ObjectCategoryRow> objectCategories,
    List<SignalBandRow> signalBands,
    List<LoadingRow> loadings,
    List<OriginWeightRow> originWeights,
    List<DefaultRow> defaults,
    List<SegmentDefaultRow> segmentDefaults) {

  public record LineRow(String code, String currency) {}

  public record RuleSetRow(String version, Instant effectiveFrom, BigDecimal maxUncertainty) {}

  public record BaseRateRow(
      String version, String line, BigDecimal exposureRate, BigDecimal minimumPremium) {}

  public record ObjectBandRow(
      String version,
      String line,
      String field,
      BigDecimal lower,
      BigDecimal upper,
      BigDecimal factor) {}

  public record ObjectCategoryRow(
      String version, String line, String field, String category, BigDecimal factor) {}

  public record SignalBandRow(
      String version,
      String line,
      String signal,
      BigDecimal lower,
      BigDecimal upper,
      BigDecimal factor) {}

  public record LoadingRow(
      String version, String line, String signal, BigDecimal loading, BigDecimal rangeWeight) {}

  public record OriginWeightRow(String version, String origin, BigDecimal rangeWeight) {}

  public record DefaultRow(String version, String line, String signal, BigDecimal value) {}

  public record SegmentDefaultRow(
      String version, String line, String segment, String signal, BigDecimal value) {}
}
