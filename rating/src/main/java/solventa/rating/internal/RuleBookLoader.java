package solventa.rating.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import solventa.rating.internal.RawRuleBook.BaseRateRow;
import solventa.rating.internal.RawRuleBook.DefaultRow;
import solventa.rating.internal.RawRuleBook.LineRow;
import solventa.rating.internal.RawRuleBook.LoadingRow;
import solventa.rating.internal.RawRuleBook.ObjectBandRow;
import solventa.rating.internal.RawRuleBook.ObjectCategoryRow;
import solventa.rating.internal.RawRuleBook.OriginWeightRow;
import solventa.rating.internal.RawRuleBook.RuleSetRow;
import solventa.rating.internal.RawRuleBook.SegmentDefaultRow;
import solventa.rating.internal.RawRuleBook.SignalBandRow;

/**
 * Reads every rule-book table in one read-only REPEATABLE READ transaction, so the rows form one
 * consistent snapshot even if someone edits the rules meanwhile. Blocking: start-up only.
 */
public final class RuleBookLoader {
  /** The schema the migrations create and own. */
  public static final String SCHEMA = "rating";

  private RuleBookLoader() {}

  @FunctionalInterface
  private interface RowMapper<T> {
    T map(ResultSet rs) throws SQLException;
  }

  public static RawRuleBook read(Connection c) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    c.setReadOnly(true);
    c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    try {
      RawRuleBook raw =
          new RawRuleBook(
              lines(c),
              ruleSets(c),
              baseRates(c),
              objectBands(c),
              objectCategories(c),
              signalBands(c),
              loadings(c),
              originWeights(c),
              defaults(c),
              segmentDefaults(c));
      c.commit();
      return raw;
    } finally {
      if (!c.isClosed()) {
        c.rollback();
        c.setAutoCommit(autoCommit);
      }
    }
  }

  private static List<LineRow> lines(Connection c) throws SQLException {
    return query(
        c,
        "select code, currency from line_of_business",
        rs -> new LineRow(rs.getString(1), rs.getString(2)));
  }

  private static List<RuleSetRow> ruleSets(Connection c) throws SQLException {
    return query(
        c,
        "select version, effective_from, max_uncertainty from rule_set",
        rs ->
            new RuleSetRow(
                rs.getString(1),
                rs.getObject(2, OffsetDateTime.class).toInstant(),
                rs.getBigDecimal(3)));
  }

  private static List<BaseRateRow> baseRates(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, exposure_rate, minimum_premium from base_rate",
        rs ->
            new BaseRateRow(
                rs.getString(1), rs.getString(2), rs.getBigDecimal(3), rs.getBigDecimal(4)));
  }

  private static List<ObjectBandRow> objectBands(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, field, lower_bound, upper_bound, factor"
            + " from object_band_factor",
        rs ->
            new ObjectBandRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getBigDecimal(4),
                rs.getBigDecimal(5),
                rs.getBigDecimal(6)));
  }

  private static List<ObjectCategoryRow> objectCategories(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, field, category, factor from object_category_factor",
        rs ->
            new ObjectCategoryRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getBigDecimal(5)));
  }

  private static List<SignalBandRow> signalBands(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, signal, lower_bound, upper_bound, factor"
            + " from signal_band_factor",
        rs ->
            new SignalBandRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getBigDecimal(4),
                rs.getBigDecimal(5),
                rs.getBigDecimal(6)));
  }

  private static List<LoadingRow> loadings(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, signal, loading, range_weight from missing_signal_loading",
        rs ->
            new LoadingRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getBigDecimal(4),
                rs.getBigDecimal(5)));
  }

  private static List<OriginWeightRow> originWeights(Connection c) throws SQLException {
    return query(
        c,
        "select version, origin, range_weight from origin_range_weight",
        rs -> new OriginWeightRow(rs.getString(1), rs.getString(2), rs.getBigDecimal(3)));
  }

  private static List<DefaultRow> defaults(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, signal, value from default_profile",
        rs ->
            new DefaultRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBigDecimal(4)));
  }

  private static List<SegmentDefaultRow> segmentDefaults(Connection c) throws SQLException {
    return query(
        c,
        "select version, line, segment, signal, value from segment_default_profile",
        rs ->
            new SegmentDefaultRow(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getBigDecimal(5)));
  }

  private static <T> List<T> query(Connection c, String sql, RowMapper<T> mapper)
      throws SQLException {
    List<T> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql.replace(" from ", " from " + SCHEMA + "."));
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rows.add(mapper.map(rs));
      }
    }
    return rows;
  }
}
