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
    assertRefusedNaming(bad, DispatcherSettings.SHARE_INTERNAL, "sometimes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "65", "two"})
  void refusesAThreadCountOutsideOneToSixtyFourNamingTheKeyAndTheValue(String value) {
    assertRefusedNaming(withThreads(value), DispatcherSettings.THREADS, value);
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
    assertRefusedNaming(bad, DispatcherSettings.TRANSPORT, "netty");
  }

  @Test
  void refusesTheLoopTransportWithForkJoinNamingBothKeys() {
    Config bad =
        with(DispatcherSettings.TRANSPORT, "loop")
            .withValue(
                DispatcherSettings.EXECUTOR,
                com.typesafe.config.ConfigValueFactory.fromAnyRef("fork-join"));
    assertRefusedNaming(bad, DispatcherSettings.TRANSPORT, DispatcherSettings.EXECUTOR);
  }

  @Test
  void byDefaultTheLoopRunsPekkosTimersAndForkJoinKeepsPekkosScheduler() {
    assertThat(DispatcherSettings.fromConfig(ConfigFactory.load()).scheduler())
        .isEqualTo(DispatcherSettings.Timers.LOOP);
    Config forkJoin = with(DispatcherSettings.EXECUTOR, "fork-join");
    assertThat(DispatcherSettings.fromConfig(forkJoin).scheduler())
        .isEqualTo(DispatcherSettings.Timers.PEKKO);
    Config pekko = with(DispatcherSettings.SCHEDULER, "pekko");
    assertThat(DispatcherSettings.fromConfig(pekko).scheduler())
        .isEqualTo(DispatcherSettings.Timers.PEKKO);
  }

  @Test
  void refusesASchedulerThatIsNotAutoLoopOrPekko() {
    Config bad = with(DispatcherSettings.SCHEDULER, "wheel");
    assertRefusedNaming(bad, DispatcherSettings.SCHEDULER, "wheel");
  }

  @Test
  void refusesTheLoopSchedulerWithForkJoinNamingBothKeys() {
    Config bad =
        with(DispatcherSettings.SCHEDULER, "loop")
            .withValue(
                DispatcherSettings.EXECUTOR,
                com.typesafe.config.ConfigValueFactory.fromAnyRef("fork-join"))
            .withValue(
                DispatcherSettings.TRANSPORT,
                com.typesafe.config.ConfigValueFactory.fromAnyRef("pekko"));
    assertRefusedNaming(bad, DispatcherSettings.SCHEDULER, DispatcherSettings.EXECUTOR);
  }

  @Test
  void refusesAnExecutorThatIsNotLoopOrForkJoin() {
    Config bad = with(DispatcherSettings.EXECUTOR, "affinity");
    assertRefusedNaming(bad, DispatcherSettings.EXECUTOR, "affinity");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1025", "some"})
  void refusesASpillAtOutsideOneTo1024NamingTheKeyAndTheValue(String value) {
    Config bad = with(DispatcherSettings.SPILL_AT, value);
    assertRefusedNaming(bad, DispatcherSettings.SPILL_AT, value);
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
