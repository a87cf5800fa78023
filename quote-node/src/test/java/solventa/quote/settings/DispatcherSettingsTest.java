package solventa.quote.settings;

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

  private static Config with(String key, String value) {
    return ConfigFactory.parseString(key + " = " + value).withFallback(ConfigFactory.load());
  }

  private static Config withThreads(String value) {
    return with(DispatcherSettings.THREADS, value);
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

  @Test
  void pekkosInternalDispatcherIsTheDefaultOneUnlessTurnedOff() {
    Config shared =
        DispatcherSettings.fromConfig(ConfigFactory.load()).applyTo(ConfigFactory.load());
    assertThat(shared.getString("pekko.actor.internal-dispatcher"))
        .isEqualTo("pekko.actor.default-dispatcher");
    Config off = with(DispatcherSettings.SHARE_INTERNAL, "off");
    assertThat(DispatcherSettings.fromConfig(off).applyTo(off).getConfig("pekko.actor"))
        .satisfies(
            c ->
                assertThat(c.getValue("internal-dispatcher").valueType().name())
                    .isEqualTo("OBJECT"));
  }

  @Test
  void refusesAShareInternalThatIsNotOnOrOff() {
    Config bad = with(DispatcherSettings.SHARE_INTERNAL, "sometimes");
    assertRefusedNaming(bad, DispatcherSettings.SHARE_INTERNAL, "sometimes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "65", "two"})
  void refusesAThreadCountOutsideOneToSixtyFourNamingTheKeyAndTheValue(String value) {
    assertRefusedNaming(withThreads(value), DispatcherSettings.THREADS, value);
  }

  /** Decision 0039: the settings of the node's former own loop refuse the start, naming the key. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "quote.dispatcher.executor",
        "quote.dispatcher.spill-at",
        "quote.dispatcher.scheduler",
        "quote.http.transport"
      })
  void refusesARemovedLoopSettingNamingTheKey(String key) {
    assertRefusedNaming(with(key, "loop"), key, "removed");
  }

  /** Reading {@code config} refuses the start with a message naming every one of {@code parts}. */
  private static void assertRefusedNaming(Config config, String... parts) {
    var refusal =
        assertThatThrownBy(() -> DispatcherSettings.fromConfig(config))
            .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class);
    for (String part : parts) {
      refusal.hasMessageContaining(part);
    }
  }
}
