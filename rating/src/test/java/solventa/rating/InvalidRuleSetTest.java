package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import solventa.lab.PostgresServer;
import solventa.rating.model.InvalidRuleSet;

/**
 * A rule book broken in the database refuses to load, with a message naming the rule. Each case
 * migrates its own database, checks the seed loads, breaks one rule and starts again.
 */
class InvalidRuleSetTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);
  static final AtomicInteger DATABASES = new AtomicInteger();
  static PostgresServer pg;

  @BeforeAll
  static void startPostgres() {
    pg = PostgresServer.start();
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static Stream<Arguments> brokenRules() {
    return Stream.of(
        Arguments.of(
            "negative signal factor",
            "update signal_band_factor set factor = -1.06"
                + " where line = 'auto' and signal = 'MONTHLY_INCOME' and upper_bound = 3000",
            "2026.1/signal_band_factor/auto/MONTHLY_INCOME",
            "band (-inf,3000): negative factor -1.0600"),
        Arguments.of(
            "overlapping signal bands",
            "update signal_band_factor set lower_bound = 2500"
                + " where line = 'auto' and signal = 'MONTHLY_INCOME' and lower_bound = 3000",
            "2026.1/signal_band_factor/auto/MONTHLY_INCOME",
            "overlapping bands: (-inf,3000) and [2500,10000)"),
        Arguments.of(
            "gapped signal bands",
            "update signal_band_factor set lower_bound = 3500"
                + " where line = 'auto' and signal = 'MONTHLY_INCOME' and lower_bound = 3000",
            "2026.1/signal_band_factor/auto/MONTHLY_INCOME",
            "gapped bands"),
        Arguments.of(
            "gapped vehicle-year bands",
            "delete from object_band_factor where line = 'auto' and lower_bound = 2010",
            "2026.1/object_band_factor/auto/vehicleYear",
            "gapped bands"),
        Arguments.of(
            "bands not unbounded above",
            "update object_band_factor set upper_bound = 90 where line = 'life' and upper_bound is null",
            "2026.1/object_band_factor/life/age",
            "nothing covers values from 90"),
        Arguments.of(
            "negative category factor",
            "update object_category_factor set factor = -1.4 where category = 'wood'",
            "2026.1/object_category_factor/home/constructionType/wood",
            "negative factor"),
        Arguments.of(
            "category without factor",
            "delete from object_category_factor where category = 'mixed'",
            "2026.1/object_category_factor/home/constructionType/mixed",
            "no factor for category 'mixed'"),
        Arguments.of(
            "no default profile for a line",
            "delete from default_profile where line = 'home'",
            "2026.1/default_profile/home",
            "no default profile for line 'home'"),
        Arguments.of(
            "default profile lacks a rated signal",
            "delete from default_profile where line = 'life' and signal = 'INVESTED_BALANCE'",
            "2026.1/default_profile/life/INVESTED_BALANCE",
            "lacks the rated signal INVESTED_BALANCE"),
        Arguments.of(
            "rated signal without loading",
            "delete from missing_signal_loading where line = 'life' and signal = 'PATRIMONY'",
            "2026.1/missing_signal_loading/life/PATRIMONY",
            "has no loading"),
        Arguments.of(
            "negative loading",
            "update missing_signal_loading set loading = -0.02 where line = 'home' and signal = 'PATRIMONY'",
            "2026.1/missing_signal_loading/home/PATRIMONY",
            "negative loading"),
        Arguments.of(
            "unknown signal",
            "update signal_band_factor set signal = 'SALARY'"
                + " where line = 'life' and signal = 'PRODUCTS_HELD'",
            "2026.1/signal_band_factor/life/SALARY",
            "unknown signal 'SALARY'"),
        Arguments.of(
            "no weight for STALE",
            "delete from origin_range_weight where origin = 'STALE'",
            "2026.1/origin_range_weight/STALE",
            "no range weight"),
        Arguments.of(
            "negative base rate",
            "update base_rate set exposure_rate = -0.045 where line = 'auto'",
            "2026.1/base_rate/auto",
            "exposure_rate: negative factor"),
        Arguments.of(
            "a line this build cannot price",
            "insert into line_of_business values ('pet', 'Pet', 'BRL');"
                + " insert into base_rate values ('2026.1', 'pet', 0.05, 100)",
            "2026.1/base_rate/pet",
            "no insured-object schema"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenRules")
  void refusesToLoadNamingTheRule(String name, String breakIt, String rule, String message) {
    String db = "rating_broken_" + DATABASES.incrementAndGet();
    pg.createDatabase(db);
    RatingSettings settings = RatingDb.settings(pg, db, Duration.ZERO);
    try (RatingEngine valid = RatingEngine.start(settings, CLOCK)) {
      assertThat(valid.activeVersion()).isEqualTo("2026.1");
    }
    RatingDb.exec(pg, db, breakIt);
    assertThatThrownBy(() -> RatingEngine.start(settings, CLOCK))
        .isInstanceOfSatisfying(InvalidRuleSet.class, e -> assertThat(e.rule()).isEqualTo(rule))
        .hasMessageContaining(rule)
        .hasMessageContaining(message);
  }
}
