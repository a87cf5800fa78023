package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuoteSettingsTest {

  private static Config with(Map<String, Object> overrides) {
    return ConfigFactory.load(
        ConfigFactory.parseMap(overrides)
            .withFallback(ConfigFactory.parseResourcesAnySyntax("application")));
  }

  @Test
  void defaultsAreArmCWithTheCardBudget() {
    QuoteSettings s = QuoteSettings.fromConfig(with(Map.of()));
    assertThat(s.arm()).isEqualTo(Arm.C);
    assertThat(s.budget()).isEqualTo(Duration.ofMillis(120));
    assertThat(s.refreshAfter()).isEqualTo(Duration.ofSeconds(60));
    assertThat(s.http().host()).isEqualTo("127.0.0.1");
    assertThat(s.http().maxBody()).isEqualTo(16 * 1024);
    assertThat(s.redis().keyPrefix()).isEqualTo("ofp:");
    assertThat(s.stats().resetEnabled()).isFalse();
  }

  @ParameterizedTest
  @CsvSource({"A,A", "b,B", "C,C", "C',C_PRIME", "CP,C_PRIME"})
  void armIsChosenByConfigurationOnly(String text, Arm expected) {
    assertThat(QuoteSettings.fromConfig(with(Map.of("quote.arm", text))).arm()).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "A,by-arm,false",
    "B,by-arm,false",
    "C,by-arm,true",
    "C',by-arm,true",
    "B,on,true",
    "C,off,false"
  })
  void theBreakerIsAPerArmSetting(String arm, String breaker, boolean on) {
    QuoteSettings s =
        QuoteSettings.fromConfig(with(Map.of("quote.arm", arm, "quote.breaker", breaker)));
    assertThat(s.breakerOn()).isEqualTo(on);
  }

  @Test
  void refusesAnUnknownBreakerSettingNamingTheKeyAndTheValue() {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.breaker", "maybe"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.breaker = maybe");
  }

  @Test
  void refusesAnUnknownArmNamingTheKeyAndTheValue() {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.arm", "D"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.arm")
        .hasMessageContaining("D");
  }

  @ParameterizedTest
  @CsvSource({"0ms", "-5ms", "2s", "soon"})
  void refusesAnInvalidBudgetNamingTheKeyAndTheValue(String budget) {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.budget", budget))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.budget")
        .satisfies(
            e ->
                assertThat(((QuoteSettings.InvalidQuoteSettings) e).key())
                    .isEqualTo("quote.budget"));
  }

  @Test
  void refusesToBindAnythingButLoopback() {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.http.host", "0.0.0.0"))))
        .hasMessageContaining("quote.http.host")
        .hasMessageContaining("0.0.0.0");
  }

  @Test
  void refusesARedisUriThatIsNotRedis() {
    assertThatThrownBy(
            () -> QuoteSettings.fromConfig(with(Map.of("quote.redis.uri", "http://x:1"))))
        .hasMessageContaining("quote.redis.uri")
        .hasMessageContaining("http://x:1");
  }

  @Test
  void theNodeRefusesToStartBeforeTouchingAnyServer() {
    // no PostgreSQL, Redis or provider runs for this test: refusal must come first
    assertThatThrownBy(
            () ->
                QuoteNode.start(
                    with(Map.of("quote.arm", "Z")),
                    system -> {
                      throw new AssertionError("adapter must not be created");
                    }))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.arm = Z");
  }
}
