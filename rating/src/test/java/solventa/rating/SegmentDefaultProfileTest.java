package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import solventa.lab.PostgresServer;
import solventa.rating.model.AppliedFactor;
import solventa.rating.model.DefaultProfileMode;
import solventa.rating.model.InvalidRuleSet;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;

/**
 * The default profile per risk segment ({@code rating.default-profile = segment}) against real
 * PostgreSQL 16: the V4 seed, DEFAULT quotes priced on their segment's median customer, the line
 * mode and every non-DEFAULT origin unchanged, an incomplete table refused in the segment mode
 * only, and {@code clone_rule_set} copying the table.
 */
class SegmentDefaultProfileTest {
  static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final String DB = "rating_segments";
  static final AtomicInteger DATABASES = new AtomicInteger();
  static final ResolvedProfile DEFAULT = RatingEngineTest.DEFAULT;

  static PostgresServer pg;
  static RatingEngine line;
  static RatingEngine segment;

  @BeforeAll
  static void startBothModes() {
    pg = PostgresServer.start();
    pg.createDatabase(DB);
    RatingSettings settings = RatingDb.settings(pg, DB, Duration.ZERO);
    line = RatingEngine.start(settings, CLOCK);
    segment = RatingEngine.start(settings.withDefaultProfile(DefaultProfileMode.SEGMENT), CLOCK);
  }

  @AfterAll
  static void stop() {
    for (AutoCloseable c : new AutoCloseable[] {line, segment, pg}) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Test
  void theSeedGivesEverySegmentTheLineProfileWithItsMedianIncome() throws SQLException {
    Map<String, String> income = new TreeMap<>();
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl(DB), pg.user(), pg.password());
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "select line, segment, value from rating.segment_default_profile"
                  + " where version = '2026.1' and signal = 'MONTHLY_INCOME'")) {
        while (rs.next()) {
          income.put(rs.getString(1) + " " + rs.getString(2), rs.getBigDecimal(3).toPlainString());
        }
      }
      // every other signal is the line's default profile, for every segment
      try (ResultSet rs =
          s.executeQuery(
              "select count(*), count(*) filter (where s.value = d.value)"
                  + " from rating.segment_default_profile s"
                  + " join rating.default_profile d using (version, line, signal)"
                  + " where s.signal <> 'MONTHLY_INCOME'")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(13 * 6);
        assertThat(rs.getInt(2)).isEqualTo(13 * 6);
      }
    }
    assertThat(income)
        .containsExactlyInAnyOrderEntriesOf(
            Map.ofEntries(
                Map.entry("auto (-inf,2010)", "2475.00"),
                Map.entry("auto [2010,2018)", "3600.00"),
                Map.entry("auto [2018,2024)", "5400.00"),
                Map.entry("auto [2024,+inf)", "10800.00"),
                Map.entry("home masonry", "5850.00"),
                Map.entry("home mixed", "3600.00"),
                Map.entry("home wood", "2250.00"),
                Map.entry("life (-inf,30)", "2700.00"),
                Map.entry("life [30,40)", "4050.00"),
                Map.entry("life [40,50)", "5400.00"),
                Map.entry("life [50,60)", "6750.00"),
                Map.entry("life [60,70)", "5850.00"),
                Map.entry("life [70,+inf)", "4500.00")));
  }

  // ---- DEFAULT quotes: the segment's default against the line's ----

  record DefaultCase(
      String name,
      QuoteInput input,
      String segmentDefault,
      String incomeFactor,
      String segmentPremium,
      String segmentLow,
      String segmentHigh,
      String linePremium,
      String lineLow,
      String lineHigh) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<DefaultCase> defaultCases() {
    return Stream.of(
        // 2250 x 1.25 (2006) x 1.06 (income 2475 < 3000); the line's 4500 is neutral: 2250 x 1.25
        new DefaultCase(
            "auto, old car",
            RatingEngineTest.auto(50000, 2006),
            "segment vehicleYear (-inf,2010)",
            "MONTHLY_INCOME (-inf,3000) 1.0600",
            "2981.25",
            "2534.06",
            "3428.44",
            "2812.50",
            "2390.63",
            "3234.38"),
        // 3600 x 1.05 (2025) x 0.96 (income 10800 >= 10000); the line's: 3600 x 1.05
        new DefaultCase(
            "auto, new car",
            RatingEngineTest.auto(80000, 2025),
            "segment vehicleYear [2024,+inf)",
            "MONTHLY_INCOME [10000,+inf) 0.9600",
            "3628.80",
            "3084.48",
            "4173.12",
            "3780.00",
            "3213.00",
            "4347.00"),
        // 462 x 1.04 (income 2250) x 1.02 (available 2500) x 0.98 (36 months); the line's: no 1.04
        new DefaultCase(
            "home, wood",
            RatingEngineTest.home(300000, "wood"),
            "segment constructionType wood",
            "MONTHLY_INCOME (-inf,3000) 1.0400",
            "480.29",
            "408.25",
            "552.33",
            "461.82",
            "392.55",
            "531.09"),
        // income 4050 is in the same band as the line's 4500: the same premium in both modes
        new DefaultCase(
            "life, age 35",
            RatingEngineTest.life(200000, 35),
            "segment age [30,40)",
            "MONTHLY_INCOME [3000,10000) 1.0000",
            "285.07",
            "242.31",
            "327.83",
            "285.07",
            "242.31",
            "327.83"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultCases")
  void aDefaultQuotePricesOnItsSegmentsMedianCustomer(DefaultCase c) {
    PricedQuote q = segment.priceNow(c.input(), DEFAULT);
    assertThat(q.premium()).isEqualTo(new BigDecimal(c.segmentPremium()));
    assertThat(q.premiumLow()).isEqualTo(new BigDecimal(c.segmentLow()));
    assertThat(q.premiumHigh()).isEqualTo(new BigDecimal(c.segmentHigh()));
    assertThat(q.defaultProfile()).contains(c.segmentDefault());
    assertThat(q.factors()).extracting(f -> f.name() + " " + f.value()).contains(c.incomeFactor());
    // still nothing known about the customer: every signal missing, no loading, DEFAULT's width
    assertThat(q.missingSignals()).containsExactlyInAnyOrder(Signal.values());
    assertThat(q.factors()).extracting(AppliedFactor::name).noneMatch(n -> n.startsWith("missing"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultCases")
  void theLineModePricesADefaultQuoteExactlyAsBefore(DefaultCase c) {
    PricedQuote q = line.priceNow(c.input(), DEFAULT);
    // BigDecimal.equals compares value and scale: the same bytes as before the segment mode
    assertThat(q.premium()).isEqualTo(new BigDecimal(c.linePremium()));
    assertThat(q.premiumLow()).isEqualTo(new BigDecimal(c.lineLow()));
    assertThat(q.premiumHigh()).isEqualTo(new BigDecimal(c.lineHigh()));
    assertThat(q.defaultProfile()).contains("line " + c.input().lineOfBusiness());
    // the line's median income, 4500, for every segment
    assertThat(q.factors())
        .extracting(f -> f.name() + " " + f.value())
        .contains("MONTHLY_INCOME [3000,10000) 1.0000");
  }

  @Test
  void theLineModePricesTheDocumentedExamplesUnchanged() {
    RatingEngineTest.examples()
        .forEach(
            ex -> {
              PricedQuote q = line.priceNow(ex.input(), ex.profile());
              assertThat(q.premium()).as(ex.name()).isEqualTo(new BigDecimal(ex.premium()));
              assertThat(q.premiumLow()).as(ex.name()).isEqualTo(new BigDecimal(ex.low()));
              assertThat(q.premiumHigh()).as(ex.name()).isEqualTo(new BigDecimal(ex.high()));
            });
  }

  static Stream<Arguments> ownProfiles() {
    List<Arguments> cases = new ArrayList<>();
    List<QuoteInput> inputs =
        List.of(
            RatingEngineTest.auto(50000, 2006),
            RatingEngineTest.auto(80000, 2025),
            RatingEngineTest.home(300000, "wood"),
            RatingEngineTest.home(500000, "masonry"),
            RatingEngineTest.life(200000, 25),
            RatingEngineTest.life(200000, 72));
    List<Map<Signal, Number>> profiles =
        List.of(
            RatingEngineTest.NEUTRAL,
            RatingEngineTest.complete(2000, 20000, 72, 5, 100, 150, 0),
            RatingEngineTest.without(
                RatingEngineTest.NEUTRAL, Signal.MONTHLY_INCOME, Signal.PATRIMONY),
            Map.of());
    for (Origin origin : Origin.values()) {
      if (origin == Origin.DEFAULT) {
        continue;
      }
      for (QuoteInput input : inputs) {
        for (Map<Signal, Number> p : profiles) {
          cases.add(Arguments.of(origin, input, RatingEngineTest.profile(origin, p)));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("ownProfiles")
  void aQuoteOnTheCustomersOwnProfileIsTheSameInBothModes(
      Origin origin, QuoteInput input, ResolvedProfile profile) {
    PricedQuote inLine = line.priceNow(input, profile);
    assertThat(segment.priceNow(input, profile)).isEqualTo(inLine);
    assertThat(inLine.defaultProfile()).isEmpty();
  }

  // ---- an incomplete table refuses the segment mode only ----

  static Stream<Arguments> incompleteTables() {
    return Stream.of(
        Arguments.of(
            "a segment without a profile",
            "delete from segment_default_profile where line = 'auto' and segment = '[2010,2018)'",
            "2026.1/segment_default_profile/auto/[2010,2018)",
            "no default profile for segment vehicleYear [2010,2018) of line 'auto'"),
        Arguments.of(
            "a profile for a segment the rule does not have",
            "insert into segment_default_profile"
                + " select version, line, '[2010,2017)', signal, value from segment_default_profile"
                + " where line = 'auto' and segment = '[2010,2018)'",
            "2026.1/segment_default_profile/auto/[2010,2017)",
            "no segment '[2010,2017)' in the vehicleYear rule of line 'auto'"),
        Arguments.of(
            "a profile for an unknown category",
            "insert into segment_default_profile values"
                + " ('2026.1', 'home', 'steel', 'MONTHLY_INCOME', 9000)",
            "2026.1/segment_default_profile/home/steel",
            "its segments: [masonry, mixed, wood]"),
        Arguments.of(
            "a segment lacking a rated signal",
            "delete from segment_default_profile"
                + " where line = 'life' and segment = '[40,50)' and signal = 'INVESTED_BALANCE'",
            "2026.1/segment_default_profile/life/[40,50)/INVESTED_BALANCE",
            "lacks the rated signal INVESTED_BALANCE"),
        Arguments.of(
            "an unknown signal",
            "update segment_default_profile set signal = 'SALARY'"
                + " where line = 'home' and segment = 'mixed' and signal = 'INVESTED_BALANCE'",
            "2026.1/segment_default_profile/home/mixed/SALARY",
            "unknown signal 'SALARY'"),
        Arguments.of(
            "no segment defaults at all",
            "delete from segment_default_profile",
            "2026.1/segment_default_profile/auto/(-inf,2010)",
            "no default profile for segment"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("incompleteTables")
  void anIncompleteTableRefusesTheSegmentModeOnly(
      String name, String breakIt, String rule, String message) {
    String db = "rating_segments_broken_" + DATABASES.incrementAndGet();
    pg.createDatabase(db);
    RatingSettings lineMode = RatingDb.settings(pg, db, Duration.ZERO);
    RatingSettings segmentMode = lineMode.withDefaultProfile(DefaultProfileMode.SEGMENT);
    RatingEngine.start(segmentMode, CLOCK).close(); // migrate; the seed is complete
    RatingDb.exec(pg, db, breakIt);
    try (RatingEngine stillValid = RatingEngine.start(lineMode, CLOCK)) {
      assertThat(stillValid.priceNow(RatingEngineTest.auto(80000, 2020), DEFAULT).premium())
          .isEqualTo(new BigDecimal("3600.00"));
    }
    assertThatThrownBy(() -> RatingEngine.start(segmentMode, CLOCK))
        .isInstanceOfSatisfying(InvalidRuleSet.class, e -> assertThat(e.rule()).isEqualTo(rule))
        .hasMessageContaining(rule)
        .hasMessageContaining(message);
  }

  // ---- clone_rule_set ----

  @Test
  void cloneRuleSetCopiesTheSegmentDefaults() throws SQLException {
    String db = "rating_segments_clone";
    Instant takeover = Instant.parse("2027-01-01T00:00:00Z");
    pg.createDatabase(db);
    RatingSettings segmentMode =
        RatingDb.settings(pg, db, Duration.ZERO).withDefaultProfile(DefaultProfileMode.SEGMENT);
    RatingEngine.start(segmentMode, CLOCK).close(); // migrate and seed
    RatingDb.exec(
        pg, db, "select clone_rule_set('2026.1', '2027.1', '" + takeover + "', 'a copy')");
    try (Connection c = DriverManager.getConnection(pg.jdbcUrl(db), pg.user(), pg.password());
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "select count(*) from rating.segment_default_profile a"
                    + " join rating.segment_default_profile b"
                    + " on b.version = '2027.1' and (a.line, a.segment, a.signal, a.value)"
                    + " = (b.line, b.segment, b.signal, b.value)"
                    + " where a.version = '2026.1'")) {
      rs.next();
      assertThat(rs.getInt(1)).isEqualTo(13 * 7);
    }
    Clock later = Clock.fixed(takeover.plus(Duration.ofDays(1)), ZoneOffset.UTC);
    try (RatingEngine cloned = RatingEngine.start(segmentMode, later)) {
      PricedQuote q = cloned.priceNow(RatingEngineTest.auto(50000, 2006), DEFAULT);
      assertThat(q.ruleSetVersion()).isEqualTo("2027.1");
      assertThat(q.premium()).isEqualTo(new BigDecimal("2981.25"));
      assertThat(q.defaultProfile()).contains("segment vehicleYear (-inf,2010)");
    }
  }

  @Test
  void theDefaultUsedIsNamedOnlyForADefaultQuote() {
    ResolvedProfile fresh = RatingEngineTest.profile(Origin.FRESH, RatingEngineTest.NEUTRAL);
    assertThat(segment.priceNow(RatingEngineTest.life(100000, 45), fresh).defaultProfile())
        .isEqualTo(Optional.empty());
    assertThat(segment.priceNow(RatingEngineTest.life(100000, 45), DEFAULT).defaultProfile())
        .contains("segment age [40,50)");
    assertThat(line.priceNow(RatingEngineTest.life(100000, 45), DEFAULT).defaultProfile())
        .contains("line life");
  }
}
