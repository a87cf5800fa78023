package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/** {@code quote.entities}: a node refuses to start on a bad bound, naming the key and value. */
class EntityBoundsTest {

  private static Config with(String key, String value) {
    return ConfigFactory.parseString(key + " = " + value)
        .withFallback(ConfigFactory.parseResourcesAnySyntax("quote"))
        .resolve();
  }

  @Test
  void theDefaultsAreValid() {
    EntityBounds b =
        EntityBounds.fromConfig(ConfigFactory.parseResourcesAnySyntax("quote").resolve());
    assertThat(b.maxActive()).isEqualTo(50000);
    assertThat(b.mailboxCapacity()).isEqualTo(1000);
  }

  @Test
  void aZeroOrNegativeLimitIsRefusedNamingKeyAndValue() {
    assertThatThrownBy(() -> EntityBounds.fromConfig(with(EntityBounds.MAX_ACTIVE, "0")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.entities.max-active = 0");
    assertThatThrownBy(() -> EntityBounds.fromConfig(with(EntityBounds.MAILBOX_CAPACITY, "-5")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.entities.mailbox-capacity = -5");
  }

  @Test
  void aValueThatIsNoNumberIsRefusedNamingKeyAndValue() {
    assertThatThrownBy(() -> EntityBounds.fromConfig(with(EntityBounds.MAX_ACTIVE, "lots")))
        .isInstanceOf(InvalidQuoteSettings.class)
        .hasMessageContaining("quote.entities.max-active = \"lots\"")
        .hasMessageContaining("not a whole number");
  }
}
