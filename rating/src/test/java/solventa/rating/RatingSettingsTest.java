package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.platform.InvalidSetting;
import solventa.rating.model.DefaultProfileMode;

class RatingSettingsTest {

  private static Config withOverride(String hocon) {
    return ConfigFactory.parseString(hocon)
        .withFallback(ConfigFactory.defaultReference())
        .resolve();
  }

  @Test
  void referenceConfSuppliesTheDocumentedDefaults() {
    RatingSettings s = RatingSettings.fromConfig(ConfigFactory.defaultReference().resolve());
    assertThat(s.cost()).isEqualTo(Duration.ofMillis(60));
    assertThat(s.connectAttempts()).isEqualTo(10);
    assertThat(s.connectBackoff()).isEqualTo(Duration.ofMillis(500));
    assertThat(s.jdbcUrl()).startsWith("jdbc:postgresql://");
    assertThat(s.defaultProfile()).isEqualTo(DefaultProfileMode.LINE);
  }

  @Test
  void theSegmentDefaultProfileIsChosenBySetting() {
    RatingSettings s = RatingSettings.fromConfig(withOverride("rating.default-profile = segment"));
    assertThat(s.defaultProfile()).isEqualTo(DefaultProfileMode.SEGMENT);
    assertThat(s.toString()).contains("defaultProfile=segment");
    assertThat(s.withCost(Duration.ofMillis(80)).defaultProfile())
        .isEqualTo(DefaultProfileMode.SEGMENT);
  }

  @Test
  void overridesAreRead() {
    RatingSettings s =
        RatingSettings.fromConfig(
            withOverride(
                "rating { cost = 80ms, connect-attempts = 2, jdbc-url = \"jdbc:postgresql://127.0.0.1:5999/r\" }"));
    assertThat(s.cost()).isEqualTo(Duration.ofMillis(80));
    assertThat(s.connectAttempts()).isEqualTo(2);
    assertThat(s.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5999/r");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "rating.cost = -5ms | rating.cost = -5ms: must be between 0ms and 10000ms",
        "rating.cost = 60s | rating.cost = 60000ms",
        "rating.connect-attempts = 0 | rating.connect-attempts = 0",
        "rating.connect-backoff = 0ms | rating.connect-backoff = 0ms: must be > 0",
        "rating.jdbc-url = \"jdbc:mysql://127.0.0.1/r\" | rating.jdbc-url = jdbc:mysql://127.0.0.1/r",
        "rating.user = \" \" | rating.user =  ",
        "rating.default-profile = segments"
            + " | rating.default-profile = segments: must be line or segment",
        "rating.default-profile = SEGMENT | rating.default-profile = SEGMENT: must be line or segment",
        "rating.default-profile = \"\" | rating.default-profile = : must be line or segment",
      })
  void invalidValuesRefuseToStartNamingKeyAndValue(String override, String expected) {
    assertThatThrownBy(() -> RatingSettings.fromConfig(withOverride(override)))
        .isInstanceOf(InvalidSetting.class)
        .hasMessageStartingWith(expected)
        .satisfies(e -> assertThat(((InvalidSetting) e).key()).isEqualTo(override.split(" = ")[0]));
  }

  @Test
  void wrongTypeNamesTheKey() {
    assertThatThrownBy(() -> RatingSettings.fromConfig(withOverride("rating.cost = soon")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cost")
        .hasMessageContaining("soon");
  }

  @Test
  void passwordIsNeverPrinted() {
    RatingSettings s = RatingSettings.fromConfig(withOverride("rating.password = s3cret"));
    assertThat(s.password()).isEqualTo("s3cret");
    assertThat(s.toString()).doesNotContain("s3cret").contains("password=***");
  }
}
