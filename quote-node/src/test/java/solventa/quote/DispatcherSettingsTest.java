package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decision 0027: the default dispatcher's size is a validated setting. */
class DispatcherSettingsTest {
  static final String POOL = "pekko.actor.default-dispatcher.fork-join-executor.";

  private static Config withThreads(String value) {
    return ConfigFactory.parseString(DispatcherSettings.THREADS + " = " + value)
        .withFallback(ConfigFactory.load());
  }

  @Test
  void byDefaultTheDispatcherHasOneThreadPerProcessorAndAtLeastTwo() {
    DispatcherSettings d = DispatcherSettings.fromConfig(ConfigFactory.load());
    assertThat(d.threads()).isEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
  }

  @Test
  void theSettingPinsPekkosDefaultDispatcher() {
    Config applied = DispatcherSettings.fromConfig(withThreads("3")).applyTo(withThreads("3"));
    assertThat(applied.getInt(POOL + "parallelism-min")).isEqualTo(3);
    assertThat(applied.getInt(POOL + "parallelism-max")).isEqualTo(3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "65", "two"})
  void refusesAThreadCountOutsideOneToSixtyFourNamingTheKeyAndTheValue(String value) {
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(withThreads(value)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.THREADS)
        .hasMessageContaining(value);
  }
}
