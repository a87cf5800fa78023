package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

class StoreRestartRewriteTest {

  @Test
  void theShippedRateIsReadAndAnOutOfRangeOneRefusesTheStartNamingKeyAndValue() {
    assertThat(StoreRestartRewrite.fromConfig(ConfigFactory.load()).rate()).isEqualTo(1000);
    for (String bad : new String[] {"0", "-5", "100001"}) {
      assertThatThrownBy(
              () ->
                  StoreRestartRewrite.fromConfig(
                      ConfigFactory.parseString(StoreRestartRewrite.RATE + " = " + bad)))
          .isInstanceOf(InvalidQuoteSettings.class)
          .hasMessageContaining(StoreRestartRewrite.RATE)
          .hasMessageContaining(bad);
    }
  }
}
