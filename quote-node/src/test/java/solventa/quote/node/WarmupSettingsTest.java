package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.quote.settings.QuoteSettings;

/**
 * {@code quote.warmup} (decision 0054): validated naming the key and the value, and the miss
 * customers it spreads among the quotes — each a customer not quoted before, apart from the
 * repeated ones.
 */
class WarmupSettingsTest {

  private static Config with(String key, String value) {
    return ConfigFactory.parseString("quote.warmup." + key + " = " + value)
        .withFallback(ConfigFactory.load());
  }

  private static WarmupSettings settings(int quotes, double share, int missCustomers) {
    Config c =
        ConfigFactory.parseString(
                "quote.warmup { quotes = "
                    + quotes
                    + ", miss-share = "
                    + share
                    + ", miss-customers = "
                    + missCustomers
                    + ", customers = 20, first-customer = 1000, first-miss-customer = 2000 }")
            .withFallback(ConfigFactory.load());
    return WarmupSettings.fromConfig(c);
  }

  @Test
  void theShippedWarmUpTakesTheMissPathOnAQuarterOfItsQuotes() {
    WarmupSettings s = WarmupSettings.fromConfig(ConfigFactory.load());
    assertThat(s.missShare()).isEqualTo(0.25);
    assertThat(s.missQuotes()).isEqualTo(s.quotes() / 4);
    assertThat(s.missQuotes()).as("every miss quote a new customer").isLessThan(s.missCustomers());
  }

  @Test
  void missQuotesAreSpreadEvenlyAndEachGoesToACustomerNotQuotedBefore() {
    WarmupSettings s = settings(400, 0.25, 500);
    Set<String> seen = new HashSet<>();
    int misses = 0;
    for (int i = 0; i < s.quotes(); i++) {
      String id = s.customerId(i);
      assertThat(s.isWarmupCustomer(id)).isTrue();
      if (s.isMiss(i)) {
        misses++;
        assertThat(id).as("quote %d", i).startsWith("c0000").isBetween("c00002000", "c00002499");
        assertThat(seen.add(id)).as("miss quote %d's customer %s is new", i, id).isTrue();
      } else {
        assertThat(id).isBetween("c00001000", "c00001019");
        seen.add(id);
      }
      // evenly: every window of four quotes holds exactly one miss
      if (i % 4 == 3) {
        assertThat(misses).isEqualTo(i / 4 + 1);
      }
    }
    assertThat(misses).isEqualTo(100).isEqualTo((int) s.missQuotes());
  }

  @Test
  void repeatedCustomersAreQuotedInRoundsSoTheyHitAfterTheirFirstQuote() {
    WarmupSettings s = settings(400, 0.25, 500);
    Set<String> repeated = new HashSet<>();
    int hits = 0;
    for (int i = 0; i < s.quotes(); i++) {
      if (!s.isMiss(i) && !repeated.add(s.customerId(i))) {
        hits++;
      }
    }
    assertThat(repeated).hasSize(20);
    assertThat(hits).isEqualTo(300 - 20);
  }

  @Test
  void noShareMeansRepeatedCustomersOnlyAndAFullShareMeansMissesOnly() {
    WarmupSettings none = settings(100, 0, 500);
    WarmupSettings all = settings(100, 1, 500);
    for (int i = 0; i < 100; i++) {
      assertThat(none.isMiss(i)).isFalse();
      assertThat(all.isMiss(i)).isTrue();
      assertThat(all.customerId(i)).isEqualTo(String.format("c%08d", 2000 + i));
    }
  }

  @Test
  void missCustomersStartOverPastTheirRange() {
    WarmupSettings s = settings(10, 1, 3);
    assertThat(s.customerId(0)).isEqualTo(s.customerId(3)).isEqualTo("c00002000");
    assertThat(s.isWarmupCustomer("c00002003")).isFalse();
  }

  @Test
  void otherIdsAreNotWarmUpCustomers() {
    WarmupSettings s = settings(10, 0.25, 5);
    assertThat(s.isWarmupCustomer("c00001020")).isFalse();
    assertThat(s.isWarmupCustomer("c00000999")).isFalse();
    assertThat(s.isWarmupCustomer("cx0001000")).isFalse();
    assertThat(s.isWarmupCustomer("c0001000")).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "miss-share, -0.1",
    "miss-share, 1.5",
    "miss-customers, 0",
    "first-miss-customer, -1",
    "first-miss-customer, 99999999",
    "quotes, -1",
    "concurrency, 0",
    "customers, 0",
  })
  void refusesAValueOutOfRangeNamingTheKeyAndTheValue(String key, String value) {
    assertThatThrownBy(() -> WarmupSettings.fromConfig(with(key, value)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.warmup." + key)
        .hasMessageContaining(value)
        .satisfies(
            e ->
                assertThat(((QuoteSettings.InvalidQuoteSettings) e).key())
                    .isEqualTo("quote.warmup." + key));
  }

  @Test
  void refusesMissCustomersThatOverlapTheRepeatedOnes() {
    // the shipped repeated range is 94800..94999
    assertThatThrownBy(() -> WarmupSettings.fromConfig(with("first-miss-customer", "94000")))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.warmup.first-miss-customer = 94000")
        .hasMessageContaining("overlap");
  }

  @Test
  void refusesAProviderModeThatIsNeitherRealNorSkip() {
    assertThatThrownBy(() -> WarmupSettings.fromConfig(with("provider", "maybe")))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.warmup.provider = maybe");
  }
}
