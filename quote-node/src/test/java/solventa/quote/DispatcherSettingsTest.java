package solventa.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
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

  /**
   * One of the two {@code auto | loop | pekko} settings (decisions 0034 and 0036), read and checked
   * by the same helpers: its key, how to read it, its loop and Pekko values, a value that is
   * neither, and what else must be set for "loop with fork-join" to be refused for this key alone.
   */
  record LoopOrPekko(
      String key,
      Function<DispatcherSettings, Object> read,
      Object loop,
      Object pekko,
      String neither,
      Map<String, String> alsoSet) {
    @Override
    public String toString() {
      return key;
    }
  }

  static Stream<LoopOrPekko> loopOrPekkoSettings() {
    return Stream.of(
        new LoopOrPekko(
            DispatcherSettings.TRANSPORT,
            DispatcherSettings::transport,
            DispatcherSettings.Transport.LOOP,
            DispatcherSettings.Transport.PEKKO,
            "netty",
            Map.of()),
        new LoopOrPekko(
            DispatcherSettings.SCHEDULER,
            DispatcherSettings::scheduler,
            DispatcherSettings.Timers.LOOP,
            DispatcherSettings.Timers.PEKKO,
            "wheel",
            Map.of(DispatcherSettings.TRANSPORT, "pekko")));
  }

  @ParameterizedTest
  @MethodSource("loopOrPekkoSettings")
  void byDefaultTheLoopAndForkJoinGetsPekko(LoopOrPekko s) {
    assertThat(s.read().apply(DispatcherSettings.fromConfig(ConfigFactory.load())))
        .isEqualTo(s.loop());
    Config forkJoin = with(DispatcherSettings.EXECUTOR, "fork-join");
    assertThat(s.read().apply(DispatcherSettings.fromConfig(forkJoin))).isEqualTo(s.pekko());
    assertThat(s.read().apply(DispatcherSettings.fromConfig(with(s.key(), "pekko"))))
        .isEqualTo(s.pekko());
  }

  @ParameterizedTest
  @MethodSource("loopOrPekkoSettings")
  void refusesAValueThatIsNotAutoLoopOrPekko(LoopOrPekko s) {
    assertRefusedNaming(with(s.key(), s.neither()), s.key(), s.neither());
  }

  @ParameterizedTest
  @MethodSource("loopOrPekkoSettings")
  void refusesLoopWithForkJoinNamingBothKeys(LoopOrPekko s) {
    Config bad =
        with(s.key(), "loop")
            .withValue(DispatcherSettings.EXECUTOR, ConfigValueFactory.fromAnyRef("fork-join"));
    for (var e : s.alsoSet().entrySet()) {
      bad = bad.withValue(e.getKey(), ConfigValueFactory.fromAnyRef(e.getValue()));
    }
    assertRefusedNaming(bad, s.key(), DispatcherSettings.EXECUTOR);
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
