package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import solventa.lab.PostgresServer;
import solventa.rating.model.AppliedFactor;
import solventa.rating.model.InvalidQuoteInput;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;

/** The engine against real PostgreSQL 16: migrations, the seed rule set, pricing and bad input. */
class RatingEngineTest {
  static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  static final String DB = "rating_engine";

  static PostgresServer pg;
  static RatingEngine engine;

  @BeforeAll
  static void startEngine() {
    pg = PostgresServer.start();
    pg.createDatabase(DB);
    engine =
        RatingEngine.start(
            RatingDb.settings(pg, DB, Duration.ZERO), Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterAll
  static void stop() {
    if (engine != null) {
      engine.close();
    }
    if (pg != null) {
      pg.close();
    }
  }

  @Test
  void migrationsApplyToAnEmptyDatabase() throws Exception {
    pg.createDatabase("rating_empty");
    List<String> tables = new ArrayList<>();
    try (RatingEngine fresh =
        RatingEngine.start(
            RatingDb.settings(pg, "rating_empty", Duration.ZERO),
            Clock.fixed(NOW, ZoneOffset.UTC))) {
      assertThat(fresh.activeVersion()).isEqualTo("2026.1");
    }
    try (Connection c =
            DriverManager.getConnection(pg.jdbcUrl("rating_empty"), pg.user(), pg.password());
        Statement s = c.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "select table_name from information_schema.tables where table_schema = 'rating'"
                  + " order by table_name")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "select count(*) from rating.flyway_schema_history where success and version is not null")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(4);
      }
    }
    assertThat(tables)
        .contains(
            "line_of_business",
            "rule_set",
            "base_rate",
            "object_band_factor",
            "object_category_factor",
            "signal_band_factor",
            "missing_signal_loading",
            "origin_range_weight",
            "default_profile",
            "segment_default_profile");
  }

  @Test
  void seedRuleSetLoadsWithItsThreeLines() {
    assertThat(engine.activeVersion()).isEqualTo("2026.1");
    assertThat(engine.linesOfBusiness()).containsExactly("auto", "home", "life");
  }

  @Test
  void startingTwiceOnAMigratedDatabaseIsIdempotent() {
    try (RatingEngine again =
        RatingEngine.start(
            RatingDb.settings(pg, DB, Duration.ZERO), Clock.fixed(NOW, ZoneOffset.UTC))) {
      assertThat(again.activeVersion()).isEqualTo("2026.1");
    }
  }

  // ---- pricing examples, hand-computed from the seed rule set (docs/rating.md) ----

  record Example(
      String name,
      QuoteInput input,
      ResolvedProfile profile,
      String premium,
      String low,
      String high,
      Set<Signal> missing) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Map<Signal, Number> complete(
      Number income,
      Number patrimony,
      Number months,
      Number products,
      Number available,
      Number blocked,
      Number invested) {
    Map<Signal, Number> m = new EnumMap<>(Signal.class);
    m.put(Signal.MONTHLY_INCOME, income);
    m.put(Signal.PATRIMONY, patrimony);
    m.put(Signal.RELATIONSHIP_MONTHS, months);
    m.put(Signal.PRODUCTS_HELD, products);
    m.put(Signal.AVAILABLE_BALANCE, available);
    m.put(Signal.BLOCKED_BALANCE, blocked);
    m.put(Signal.INVESTED_BALANCE, invested);
    return m;
  }

  static Map<Signal, Number> without(Map<Signal, Number> m, Signal... drop) {
    Map<Signal, Number> copy = new EnumMap<>(Signal.class);
    copy.putAll(m);
    Arrays.asList(drop).forEach(copy::remove);
    return copy;
  }

  static ResolvedProfile profile(Origin origin, Map<Signal, Number> signals) {
    Map<Signal, BigDecimal> values = new EnumMap<>(Signal.class);
    signals.forEach((k, v) -> values.put(k, new BigDecimal(v.toString())));
    return new ResolvedProfile(
        origin, Optional.of(new CanonicalProfile("c-1", NOW.minusSeconds(60), values)), 60_000);
  }

  static final ResolvedProfile DEFAULT = new ResolvedProfile(Origin.DEFAULT, Optional.empty(), 0);

  static QuoteInput auto(Object value, Object year) {
    Map<String, Object> o = new HashMap<>();
    o.put("vehicleValue", value);
    o.put("vehicleYear", year);
    return new QuoteInput("auto", o);
  }

  static QuoteInput home(Object value, Object construction) {
    Map<String, Object> o = new HashMap<>();
    o.put("propertyValue", value);
    o.put("constructionType", construction);
    return new QuoteInput("home", o);
  }

  static QuoteInput life(Object amount, Object age) {
    Map<String, Object> o = new HashMap<>();
    o.put("insuredAmount", amount);
    o.put("age", age);
    return new QuoteInput("life", o);
  }

  static final Map<Signal, Number> NEUTRAL = complete(6000, 200000, 48, 3, 3000, 0, 10000);
  static final Set<Signal> NONE = EnumSet.noneOf(Signal.class);
  static final Set<Signal> ALL = EnumSet.allOf(Signal.class);

  static Stream<Example> examples() {
    return Stream.of(
        // 80000 x 0.045 = 3600; every rated signal in its neutral band.
        new Example(
            "auto, complete, neutral bands",
            auto(80000, 2020),
            profile(Origin.FRESH, NEUTRAL),
            "3600.00",
            "3600.00",
            "3600.00",
            NONE),
        // 2250 x 1.25 (2008) x 1.06 (income) x 0.95 (72 months) x 0.97 (5 products) x 1.08
        // (blocked)
        new Example(
            "auto, complete, every factor away from 1",
            auto(50000, 2008),
            profile(Origin.CACHED, complete(2000, 20000, 72, 5, 100, 150, 0)),
            "2967.00",
            "2967.00",
            "2967.00",
            NONE),
        // 3600 x 1.04 x 1.03 (income, blocked loadings); w = 0.06 + 0.04
        new Example(
            "auto, incomplete: wider range, missing listed",
            auto(80000, 2020),
            profile(Origin.CACHED, without(NEUTRAL, Signal.MONTHLY_INCOME, Signal.BLOCKED_BALANCE)),
            "3856.32",
            "3470.69",
            "4241.95",
            EnumSet.of(Signal.MONTHLY_INCOME, Signal.BLOCKED_BALANCE)),
        // same, STALE adds 0.05: w = 0.15
        new Example(
            "auto, incomplete and stale",
            auto(80000, 2020),
            profile(Origin.STALE, without(NEUTRAL, Signal.MONTHLY_INCOME, Signal.BLOCKED_BALANCE)),
            "3856.32",
            "3277.87",
            "4434.77",
            EnumSet.of(Signal.MONTHLY_INCOME, Signal.BLOCKED_BALANCE)),
        // a missing signal the line does not rate is listed but costs nothing
        new Example(
            "auto, missing only an unrated signal",
            auto(80000, 2020),
            profile(Origin.FRESH, without(NEUTRAL, Signal.INVESTED_BALANCE)),
            "3600.00",
            "3600.00",
            "3600.00",
            EnumSet.of(Signal.INVESTED_BALANCE)),
        // default profile: neutral for auto; w = DEFAULT 0.15
        new Example(
            "auto, default profile",
            auto(80000, 2020),
            DEFAULT,
            "3600.00",
            "3060.00",
            "4140.00",
            ALL),
        // 550 x 1.02 (available 2500) x 0.98 (36 months)
        new Example(
            "home, default profile",
            home(500000, "masonry"),
            DEFAULT,
            "549.78",
            "467.31",
            "632.25",
            ALL),
        // 360 x 0.85 (age 35) x 0.98 (patrimony) x 0.97 (invested) x 0.98 (36 months)
        new Example(
            "life, default profile", life(200000, 35), DEFAULT, "285.07", "242.31", "327.83", ALL),
        // 330 x 1.40 (wood) x 1.02 x 1.03 x 1.01 x 1.02 (every rated signal missing); w = 0.12
        new Example(
            "home, fresh but empty profile",
            home(300000, "wood"),
            profile(Origin.FRESH, Map.of()),
            "500.04",
            "440.04",
            "560.04",
            ALL),
        // 10000 x 0.0018 x 0.60 ... is far below the 120.00 minimum premium
        new Example(
            "life, minimum premium",
            life(10000, 25),
            profile(Origin.FRESH, NEUTRAL),
            "120.00",
            "120.00",
            "120.00",
            NONE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void pricesTheDocumentedExamples(Example ex) {
    PricedQuote q = engine.priceNow(ex.input(), ex.profile());
    assertThat(q.premium()).isEqualTo(new BigDecimal(ex.premium()));
    assertThat(q.premiumLow()).isEqualTo(new BigDecimal(ex.low()));
    assertThat(q.premiumHigh()).isEqualTo(new BigDecimal(ex.high()));
    assertThat(q.currency()).isEqualTo("BRL");
    assertThat(q.ruleSetVersion()).isEqualTo("2026.1");
    assertThat(q.missingSignals()).containsExactlyInAnyOrderElementsOf(ex.missing());
    assertThat(q.premium().scale()).isEqualTo(2);
    assertThat(q.premiumLow().scale()).isEqualTo(2);
    assertThat(q.premiumHigh().scale()).isEqualTo(2);
  }

  @Test
  void rangeWidthIsCappedByTheRuleSetsMaxUncertainty() {
    pg.createDatabase("rating_capped");
    RatingSettings settings = RatingDb.settings(pg, "rating_capped", Duration.ZERO);
    Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    RatingEngine.start(settings, clock).close(); // migrate and seed
    RatingDb.exec(pg, "rating_capped", "update rule_set set max_uncertainty = 0.10");
    try (RatingEngine capped = RatingEngine.start(settings, clock)) {
      // uncapped: 0.05 (STALE) + 0.06 + 0.04 = 0.15, as in the examples; capped to 0.10
      PricedQuote q =
          capped.priceNow(
              auto(80000, 2020),
              profile(
                  Origin.STALE, without(NEUTRAL, Signal.MONTHLY_INCOME, Signal.BLOCKED_BALANCE)));
      assertThat(q.premium()).isEqualTo(new BigDecimal("3856.32"));
      assertThat(q.premiumLow()).isEqualTo(new BigDecimal("3470.69"));
      assertThat(q.premiumHigh()).isEqualTo(new BigDecimal("4241.95"));
    }
  }

  @Test
  void factorBreakdownNamesEachRuleApplied() {
    PricedQuote q =
        engine.priceNow(
            auto(80000, 2020), profile(Origin.CACHED, without(NEUTRAL, Signal.MONTHLY_INCOME)));
    assertThat(q.factors())
        .extracting(AppliedFactor::name)
        .containsExactly(
            "vehicleYear [2018,2024)",
            "RELATIONSHIP_MONTHS [12,60)",
            "PRODUCTS_HELD [2,4)",
            "BLOCKED_BALANCE (-inf,0.01)",
            "missing MONTHLY_INCOME");
    assertThat(q.factors().get(4).value()).isEqualByComparingTo("1.04");
  }

  @Test
  void pricingIsDeterministic() {
    var input = home(431234.57, "mixed");
    var p = profile(Origin.STALE, without(NEUTRAL, Signal.PATRIMONY));
    assertThat(engine.priceNow(input, p)).isEqualTo(engine.priceNow(input, p));
  }

  @Test
  void aNonDefaultOriginWithoutAProfileIsACallerBug() {
    assertThatThrownBy(
            () ->
                engine.priceNow(
                    auto(80000, 2020), new ResolvedProfile(Origin.FRESH, Optional.empty(), 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FRESH");
  }

  // ---- bad input ----

  static Stream<Arguments> badInputs() {
    Map<String, Object> noYear = new HashMap<>();
    noYear.put("vehicleValue", 80000);
    return Stream.of(
        Arguments.of(new QuoteInput("boat", Map.of("value", 1)), "lineOfBusiness", "boat"),
        Arguments.of(new QuoteInput("AUTO", Map.of()), "lineOfBusiness", "auto, home, life"),
        Arguments.of(new QuoteInput(null, Map.of()), "lineOfBusiness", "required"),
        Arguments.of(new QuoteInput("auto", null), "insuredObject", "required"),
        Arguments.of(new QuoteInput("auto", noYear), "insuredObject.vehicleYear", "required"),
        Arguments.of(auto(-1, 2020), "insuredObject.vehicleValue", "> 0"),
        Arguments.of(auto(0, 2020), "insuredObject.vehicleValue", "> 0"),
        Arguments.of(auto("80000", 2020), "insuredObject.vehicleValue", "must be a number"),
        Arguments.of(auto(80000, 1979), "insuredObject.vehicleYear", "between 1980 and 2030"),
        Arguments.of(auto(80000, 2020.5), "insuredObject.vehicleYear", "integer"),
        Arguments.of(home(300000, "steel"), "insuredObject.constructionType", "masonry"),
        Arguments.of(home(300000, 3), "insuredObject.constructionType", "one of"),
        Arguments.of(life(Double.NaN, 40), "insuredAmount", "finite"),
        Arguments.of(life(100000, 17), "insuredObject.age", "between 18 and 85"),
        Arguments.of(life(100000, 86), "insuredObject.age", "between 18 and 85"));
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("badInputs")
  void badInputIsADomainErrorNamingTheField(QuoteInput input, String field, String hint) {
    assertThatThrownBy(() -> engine.validate(input))
        .isInstanceOfSatisfying(InvalidQuoteInput.class, e -> assertThat(e.field()).endsWith(field))
        .hasMessageContaining(hint);
    assertThatThrownBy(() -> engine.priceNow(input, DEFAULT)).isInstanceOf(InvalidQuoteInput.class);
  }

  @Test
  void priceCompletesExceptionallyOnBadInputWithoutThrowing() throws Exception {
    var stage = engine.price(auto(80000, 1900), DEFAULT).toCompletableFuture();
    assertThat(stage).isCompletedExceptionally();
    assertThatThrownBy(() -> stage.get(1, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            InvalidQuoteInput.class,
            e -> assertThat(e.field()).isEqualTo("insuredObject.vehicleYear"));
  }

  @Test
  void goodInputPassesValidationAndAFieldTheLineDoesNotHaveIsRefusedNamingIt() {
    Map<String, Object> o = new HashMap<>();
    o.put("vehicleValue", new BigDecimal("45999.90"));
    o.put("vehicleYear", 2030L);
    engine.validate(new QuoteInput("auto", o));
    assertThat(engine.priceNow(new QuoteInput("auto", o), DEFAULT).premium()).isPositive();
    o.put("color", "red");
    assertThatThrownBy(() -> engine.validate(new QuoteInput("auto", o)))
        .isInstanceOfSatisfying(
            InvalidQuoteInput.class,
            e -> {
              assertThat(e.field()).isEqualTo("insuredObject.color");
              assertThat(e.getMessage()).contains("[vehicleValue, vehicleYear]");
            });
  }

  /**
   * The one declaration of which signals a customer's own profile needs: at least one of those the
   * rule book rates (rule set 2026.1 rates each of the seven in some line), so a profile without
   * any is refused upstream, while an incomplete one (the double's 10 %) still prices.
   */
  @Test
  void theProfileRequirementIsOneOfTheSignalsTheRuleBookRates() {
    var required = engine.profileRequirement();
    assertThat(required.atLeast()).isEqualTo(1);
    assertThat(required.anyOf()).containsExactlyInAnyOrder(Signal.values());
    assertThat(required.isMetBy(new CanonicalProfile("c1", NOW, Map.of()))).isFalse();
    assertThat(
            required.isMetBy(
                new CanonicalProfile("c1", NOW, Map.of(Signal.BLOCKED_BALANCE, BigDecimal.ZERO))))
        .isTrue();
  }
}
