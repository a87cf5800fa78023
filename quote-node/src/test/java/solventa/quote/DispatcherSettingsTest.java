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
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(bad))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.SHARE_INTERNAL)
        .hasMessageContaining("sometimes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "65", "two"})
  void refusesAThreadCountOutsideOneToSixtyFourNamingTheKeyAndTheValue(String value) {
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(withThreads(value)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.THREADS)
        .hasMessageContaining(value);
  }

  @Test
  void byDefaultTheDispatcherRunsOnTheNodesLoop() {
    DispatcherSettings d = DispatcherSettings.fromConfig(ConfigFactory.load());
    assertThat(d.executor()).isEqualTo(DispatcherSettings.Executor.LOOP);
    assertThat(d.spillAt()).isEqualTo(2);
    Config forkJoin = with(DispatcherSettings.EXECUTOR, "fork-join");
    assertThat(DispatcherSettings.fromConfig(forkJoin).executor())
        .isEqualTo(DispatcherSettings.Executor.FORK_JOIN);
  }

  @Test
  void byDefaultTheLoopCarriesTheApiAndForkJoinGetsPekkosTcp() {
    assertThat(DispatcherSettings.fromConfig(ConfigFactory.load()).transport())
        .isEqualTo(DispatcherSettings.Transport.LOOP);
    Config forkJoin = with(DispatcherSettings.EXECUTOR, "fork-join");
    assertThat(DispatcherSettings.fromConfig(forkJoin).transport())
        .isEqualTo(DispatcherSettings.Transport.PEKKO);
    Config pekko = with(DispatcherSettings.TRANSPORT, "pekko");
    assertThat(DispatcherSettings.fromConfig(pekko).transport())
        .isEqualTo(DispatcherSettings.Transport.PEKKO);
  }

  @Test
  void refusesATransportThatIsNotAutoLoopOrPekko() {
    Config bad = with(DispatcherSettings.TRANSPORT, "netty");
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(bad))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.TRANSPORT)
        .hasMessageContaining("netty");
  }

  @Test
  void refusesTheLoopTransportWithForkJoinNamingBothKeys() {
    Config bad =
        with(DispatcherSettings.TRANSPORT, "loop")
            .withValue(
                DispatcherSettings.EXECUTOR,
                com.typesafe.config.ConfigValueFactory.fromAnyRef("fork-join"));
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(bad))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.TRANSPORT)
        .hasMessageContaining(DispatcherSettings.EXECUTOR);
  }

  @Test
  void refusesAnExecutorThatIsNotLoopOrForkJoin() {
    Config bad = with(DispatcherSettings.EXECUTOR, "affinity");
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(bad))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.EXECUTOR)
        .hasMessageContaining("affinity");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1025", "some"})
  void refusesASpillAtOutsideOneTo1024NamingTheKeyAndTheValue(String value) {
    Config bad = with(DispatcherSettings.SPILL_AT, value);
    assertThatThrownBy(() -> DispatcherSettings.fromConfig(bad))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(DispatcherSettings.SPILL_AT)
        .hasMessageContaining(value);
  }
}
