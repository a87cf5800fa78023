package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.FailureKind;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.unknown-customers}: a node refuses to start on a bad value, naming key and value.
 */
class UnknownCustomersTest {

  private static Config node(String overrides) {
    return ConfigFactory.parseString(overrides)
        .withFallback(ConfigFactory.parseResourcesAnySyntax("application"))
        .resolve();
  }

  @Test
  void theDefaultsAreValidAndTheIdleTimeUndercutsShardingsDefault() {
    UnknownCustomers u = UnknownCustomers.fromConfig(node(""));
    assertThat(u.ttl()).isEqualTo(Duration.ofSeconds(30));
    assertThat(u.idleTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(u.idleTimeout())
        .isLessThan(node("").getDuration(UnknownCustomers.DEFAULT_IDLE).dividedBy(10));
  }

  @Test
  void aZeroOrNegativeDurationIsRefusedNamingKeyAndValue() {
    assertThatThrownBy(() -> UnknownCustomers.fromConfig(node(UnknownCustomers.TTL + " = 0s")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.unknown-customers.ttl = 0ms");
    assertThatThrownBy(
            () -> UnknownCustomers.fromConfig(node(UnknownCustomers.IDLE_TIMEOUT + " = -1s")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.unknown-customers.idle-timeout = -1000ms");
  }

  @Test
  void aValueThatIsNoDurationIsRefusedNamingKeyAndValue() {
    assertThatThrownBy(() -> UnknownCustomers.fromConfig(node(UnknownCustomers.TTL + " = soon")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.unknown-customers.ttl = \"soon\"")
        .hasMessageContaining("not a duration");
  }

  @Test
  void anIdleTimeNotShorterThanShardingsDefaultIsRefused() {
    assertThatThrownBy(
            () -> UnknownCustomers.fromConfig(node(UnknownCustomers.IDLE_TIMEOUT + " = 120s")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.unknown-customers.idle-timeout = 120000ms")
        .hasMessageContaining("must be shorter than " + UnknownCustomers.DEFAULT_IDLE);
  }

  @Test
  void onlyTheAnswersThatSayTheProviderDoesNotKnowTheCustomerAreRemembered() {
    for (FailureKind k : FailureKind.values()) {
      assertThat(UnknownCustomers.isUnknown(k))
          .as(k.name())
          .isEqualTo(k == FailureKind.UNKNOWN_CUSTOMER || k == FailureKind.NOT_FOUND);
    }
  }
}
