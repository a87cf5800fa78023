package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.MutableClock;
import solventa.lab.PostgresServer;
import solventa.rating.model.InvalidRuleSet;
import solventa.rating.model.PricedQuote;
import solventa.rating.model.ResolvedProfile;
import solventa.signals.Origin;

/**
 * A second rule-set version with a later effective date takes over by itself when the injected
 * clock reaches that date; the version in force appears in every result.
 */
class RuleSetVersionTest {
  static final Instant TAKEOVER = Instant.parse("2027-01-01T00:00:00Z");
  static final String DB = "rating_versions";
  static final ResolvedProfile DEFAULT = new ResolvedProfile(Origin.DEFAULT, Optional.empty(), 0);
  static final QuoteInput AUTO =
      new QuoteInput("auto", Map.of("vehicleValue", 80000, "vehicleYear", 2020));

  static PostgresServer pg;

  @BeforeAll
  static void prepareTwoVersions() {
    pg = PostgresServer.start();
    pg.createDatabase(DB);
    // First start migrates the empty database and loads the seed.
    try (RatingEngine seedOnly =
        RatingEngine.start(
            RatingDb.settings(pg, DB, Duration.ZERO),
            Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC))) {
      assertThat(seedOnly.activeVersion()).isEqualTo("2026.1");
    }
    // 2027.1: the seed with auto's exposure rate up 10 %, in force from 2027-01-01.
    RatingDb.exec(
        pg,
        DB,
        "select clone_rule_set('2026.1', '2027.1', '" + TAKEOVER + "', 'auto +10%')",
        "update base_rate set exposure_rate = exposure_rate * 1.10"
            + " where version = '2027.1' and line = 'auto'");
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  @Test
  void laterVersionTakesOverWhenItsDateComes() {
    MutableClock clock = new MutableClock(TAKEOVER.minusSeconds(2));
    try (RatingEngine engine =
        RatingEngine.start(RatingDb.settings(pg, DB, Duration.ZERO), clock)) {
      assertThat(engine.activeVersion()).isEqualTo("2026.1");
      PricedQuote before = engine.priceNow(AUTO, DEFAULT);
      assertThat(before.ruleSetVersion()).isEqualTo("2026.1");
      assertThat(before.premium()).isEqualTo(new BigDecimal("3600.00"));

      clock.advance(Duration.ofSeconds(2)); // exactly the effective instant
      assertThat(engine.activeVersion()).isEqualTo("2027.1");
      PricedQuote after = engine.priceNow(AUTO, DEFAULT);
      assertThat(after.ruleSetVersion()).isEqualTo("2027.1");
      assertThat(after.premium()).isEqualTo(new BigDecimal("3960.00"));
    }
  }

  @Test
  void afterTheTakeoverTheEarlierVersionIsNoLongerLoaded() {
    Clock later = Clock.fixed(TAKEOVER.plus(Duration.ofDays(30)), ZoneOffset.UTC);
    try (RatingEngine engine =
        RatingEngine.start(RatingDb.settings(pg, DB, Duration.ZERO), later)) {
      assertThat(engine.activeVersion()).isEqualTo("2027.1");
      assertThat(engine.priceNow(AUTO, DEFAULT).ruleSetVersion()).isEqualTo("2027.1");
    }
  }

  @Test
  void aClockBeforeEveryVersionRefusesToStart() {
    Clock early = Clock.fixed(Instant.parse("2025-12-31T23:59:59Z"), ZoneOffset.UTC);
    assertThatThrownBy(() -> RatingEngine.start(RatingDb.settings(pg, DB, Duration.ZERO), early))
        .isInstanceOfSatisfying(
            InvalidRuleSet.class, e -> assertThat(e.rule()).isEqualTo("rule_set"))
        .hasMessageContaining("no rule set in force at 2025-12-31T23:59:59Z")
        .hasMessageContaining("2026.1");
  }
}
