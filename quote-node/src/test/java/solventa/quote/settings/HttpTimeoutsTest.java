package solventa.quote.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The slow-client bounds: the shipped values, and every refusal naming its key and value. */
class HttpTimeoutsTest {
  private static Config with(Map<String, Object> overrides) {
    Map<String, Object> all = new HashMap<>(overrides);
    return ConfigFactory.load(
        ConfigFactory.parseMap(all)
            .withFallback(ConfigFactory.parseResourcesAnySyntax("application")));
  }

  @Test
  void theShippedBoundsAreEachShorterThanTheRequestTimeout() {
    HttpTimeouts t = HttpTimeouts.fromConfig(with(Map.of()));
    assertThat(t.head()).isEqualTo(Duration.ofSeconds(2));
    assertThat(t.body()).isEqualTo(Duration.ofMillis(2500));
    assertThat(t.idle()).isEqualTo(Duration.ofSeconds(10));
    assertThat(t.request()).isEqualTo(Duration.ofSeconds(3));
    // 16 KiB (max-body) within the body timeout: at least 6.5 KiB/s, a slow mobile link
    long maxBody = with(Map.of()).getBytes("quote.http.max-body");
    assertThat(maxBody * 1000 / t.body().toMillis()).isLessThan(7 * 1024);
  }

  @ParameterizedTest
  @CsvSource({
    "quote.http.head-timeout, 3s, shorter than pekko.http.server.request-timeout",
    "quote.http.head-timeout, 0s, must be positive",
    "quote.http.head-timeout, soon, not a duration",
    "quote.http.body-timeout, 4s, shorter than pekko.http.server.request-timeout",
    "quote.http.body-timeout, -1s, must be positive",
    "pekko.http.server.idle-timeout, 5s, longer than pekko.http.server.request-timeout",
    "pekko.http.server.idle-timeout, infinite, not a duration",
    "pekko.http.server.request-timeout, 0s, must be positive"
  })
  void refusesABoundThatCannotHold(String key, String value, String why) {
    assertThatThrownBy(() -> HttpTimeouts.fromConfig(with(Map.of(key, value))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(key)
        .hasMessageContaining(why)
        .satisfies(e -> assertThat(((QuoteSettings.InvalidQuoteSettings) e).key()).isEqualTo(key));
  }

  @Test
  void aLongerRequestTimeoutMakesRoomForTheOthers() {
    HttpTimeouts t =
        HttpTimeouts.fromConfig(
            with(
                Map.of(
                    "pekko.http.server.request-timeout", "5s",
                    "quote.http.head-timeout", "4s",
                    "pekko.http.server.idle-timeout", "10s")));
    assertThat(t.head()).isEqualTo(Duration.ofSeconds(4));
    assertThatThrownBy(
            () ->
                HttpTimeouts.fromConfig(
                    with(
                        Map.of(
                            "pekko.http.server.request-timeout", "5s",
                            "quote.http.head-timeout", "4s",
                            "pekko.http.server.idle-timeout", "9s"))))
        .hasMessageContaining("pekko.http.server.idle-timeout = 9000ms");
  }
}
