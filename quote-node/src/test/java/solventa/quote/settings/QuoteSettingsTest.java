package solventa.quote.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.quote.node.QuoteNode;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;

class QuoteSettingsTest {

  private static Config with(Map<String, Object> overrides) {
    Map<String, Object> all = new java.util.HashMap<>(Map.of("quote.trace.salt", TRACE_KEY));
    all.putAll(overrides);
    return ConfigFactory.load(
        ConfigFactory.parseMap(all)
            .withFallback(ConfigFactory.parseResourcesAnySyntax("application")));
  }

  static final String TRACE_KEY = solventa.lab.LabToken.value();

  /** Issue 14: the trace key had a committed default; pseudonyms of c+8-digit ids then reverse. */
  @ParameterizedTest
  @CsvSource({"''", "'   '", "short-key"})
  void refusesToStartWithoutAStrongTraceKey(String key) {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.trace.salt", key))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.trace.salt")
        .hasMessageContaining("QUOTE_TRACE_SALT")
        .hasMessageNotContaining(key.isBlank() ? "@@" : key);
  }

  /** Decision 0042: the key's retired default is refused by name, although it is long enough. */
  @Test
  void refusesTheRetiredTraceKey() {
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(with(Map.of("quote.trace.salt", "ha01-actuarial-trace"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.trace.salt")
        .hasMessageContaining("retired");
  }

  /**
   * Decision 0042: an admin token shorter than 16 characters or the retired default refuses the
   * start, naming the setting and only the token's length; none at all stays allowed.
   */
  @ParameterizedTest
  @CsvSource({
    "quote.stats.reset-token, short-one",
    "of-adapter.management.token, short-one",
    "quote.stats.reset-token, ha01-actuarial-trace",
    "of-adapter.management.token, ha01-actuarial-trace",
  })
  void refusesAWeakAdminToken(String key, String token) {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of(key, token))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(key + " = <redacted, " + token.length() + " chars>")
        .hasMessageNotContaining("short-one")
        .satisfies(e -> assertThat(((QuoteSettings.InvalidQuoteSettings) e).key()).isEqualTo(key));
    QuoteSettings.fromConfig(with(Map.of(key, "")));
    QuoteSettings.fromConfig(with(Map.of(key, TRACE_KEY)));
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
  @CsvSource({"A,A", "b,B", "C,C", "C',C'", "CP,C'"})
  void armIsChosenByConfigurationOnly(String text, String label) {
    Arm expected = Arm.card().stream().filter(a -> a.label().equals(label)).findFirst().get();
    assertThat(QuoteSettings.fromConfig(with(Map.of("quote.arm", text))).arm()).isEqualTo(expected);
  }

  @Test
  void aVariantIsTheArmWithItsOverridesResolvedOnce() {
    // B+CB: B with the breaker; only the breaker trait changes, the label stays the node's arm's
    QuoteSettings bcb =
        QuoteSettings.fromConfig(with(Map.of("quote.arm", "B", "quote.breaker", "on")));
    assertThat(bcb.arm()).isEqualTo(new Arm("B", Arm.B.traits().withBreaker(true)));
    assertThat(bcb.arm()).isNotEqualTo(Arm.B);
    assertThat(bcb.breakerOn()).isTrue();
    QuoteSettings coalescedB =
        QuoteSettings.fromConfig(with(Map.of("quote.arm", "B", "quote.traits.coalesces", "on")));
    assertThat(coalescedB.arm().traits()).isEqualTo(new ArmTraits(true, false, true, false));
    assertThat(coalescedB.arm().label()).isEqualTo("B");
  }

  @Test
  void anArmOfTheConfigurationsOwnNeedsEveryTrait() {
    Map<String, Object> own = new java.util.HashMap<>();
    own.put("quote.arm", "T");
    own.put("quote.traits.cache", "on");
    own.put("quote.traits.falls-back", "off");
    own.put("quote.traits.coalesces", "on");
    own.put("quote.breaker", "on");
    assertThat(QuoteSettings.fromConfig(with(own)).arm())
        .isEqualTo(new Arm("T", new ArmTraits(true, false, true, true)));
    own.put("quote.breaker", "by-arm"); // T has no breaker of its own to go by
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(own)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.arm = T");
  }

  @Test
  void refusesTraitsThatContradictEachOtherNamingTheTraits() {
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(
                    with(Map.of("quote.arm", "C", "quote.traits.cache", "off"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.traits")
        .hasMessageContaining("falls back needs a cache");
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(
                    with(Map.of("quote.arm", "A", "quote.traits.coalesces", "maybe"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.traits.coalesces = \"maybe\"");
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

  @ParameterizedTest
  @CsvSource({"0", "-1", "many"})
  void refusesAnEdgeInFlightLimitThatIsNotAPositiveCount(String limit) {
    assertThatThrownBy(
            () -> QuoteSettings.fromConfig(with(Map.of("quote.http.max-in-flight", limit))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.http.max-in-flight")
        .hasMessageContaining(limit);
  }

  @Test
  void refusesToBindAnythingButLoopback() {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.http.host", "0.0.0.0"))))
        .hasMessageContaining("quote.http.host")
        .hasMessageContaining("0.0.0.0");
  }

  /**
   * Issue 29: every address the node listens on is checked at start; a wildcard or any address
   * other than loopback refuses the start, naming the key and the value and the setting that allows
   * it, unless that setting is on.
   */
  @ParameterizedTest
  @CsvSource({
    "quote.http.host, 0.0.0.0, 0.0.0.0",
    "quote.http.host, '', <empty>",
    "quote.http.host, ::, ::",
    "quote.http.host, 192.168.1.20, 192.168.1.20",
    "pekko.management.http.bind-hostname, 0.0.0.0, 0.0.0.0",
    "pekko.management.http.bind-hostname, '[::]', [::]",
    "pekko.management.http.bind-hostname, quote-1, quote-1",
    "pekko.remote.artery.canonical.hostname, 10.0.0.5, 10.0.0.5",
    "pekko.remote.artery.canonical.hostname, <getHostAddress>, <getHostAddress>",
    "pekko.remote.artery.bind.hostname, 0.0.0.0, 0.0.0.0",
    "kamon.prometheus.embedded-server.hostname, 0.0.0.0, 0.0.0.0",
  })
  void refusesAWildcardOrNonLoopbackBindAddressNamingTheKeyAndTheValue(
      String key, String value, String shown) {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of(key, value))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(key + " = " + shown + " (")
        .hasMessageContaining(QuoteSettings.ALLOW_NON_LOOPBACK_KEY + " = on")
        .satisfies(e -> assertThat(((QuoteSettings.InvalidQuoteSettings) e).key()).isEqualTo(key));
    // the same address is accepted where the setting allows a non-loopback address
    QuoteSettings.fromConfig(with(Map.of(key, value, QuoteSettings.ALLOW_NON_LOOPBACK_KEY, true)));
  }

  /**
   * Pekko binds Management's hostname when bind-hostname is empty: that one is checked, by name.
   */
  @Test
  void anEmptyPekkoBindHostnameChecksTheHostnamePekkoBindsInstead() {
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(
                    with(
                        Map.of(
                            "pekko.management.http.bind-hostname", "",
                            "pekko.management.http.hostname", "0.0.0.0"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("pekko.management.http.hostname = 0.0.0.0 (a wildcard")
        .hasMessageContaining("pekko.management.http.bind-hostname is empty");
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(
                    with(
                        Map.of(
                            "pekko.remote.artery.bind.hostname", "",
                            "pekko.remote.artery.canonical.hostname", "quote-2"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("pekko.remote.artery.canonical.hostname = quote-2");
    QuoteSettings.fromConfig(
        with(
            Map.of(
                "pekko.management.http.bind-hostname", "",
                "pekko.management.http.hostname", "127.0.0.1",
                "pekko.remote.artery.bind.hostname", "")));
  }

  /**
   * Loopback in every spelling starts without the setting; the compose file's form starts with it.
   */
  @Test
  void loopbackBindsWithoutTheSettingAndServiceNamesWithIt() {
    for (String loopback : new String[] {"127.0.0.1", "localhost", "::1", "[::1]", "127.0.1.1"}) {
      QuoteSettings.fromConfig(
          with(
              Map.of(
                  "quote.http.host", loopback,
                  "pekko.management.http.bind-hostname", loopback,
                  "pekko.remote.artery.bind.hostname", loopback)));
    }
    Map<String, Object> compose = new java.util.HashMap<>();
    for (String key :
        new String[] {
          "quote.http.host",
          "pekko.management.http.hostname",
          "pekko.management.http.bind-hostname",
          "pekko.remote.artery.canonical.hostname",
          "pekko.remote.artery.bind.hostname",
          "kamon.prometheus.embedded-server.hostname"
        }) {
      compose.put(key, "quote-1");
    }
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(compose)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.http.host = quote-1");
    compose.put(QuoteSettings.ALLOW_NON_LOOPBACK_KEY, "on");
    assertThat(QuoteSettings.fromConfig(with(compose)).http().host()).isEqualTo("quote-1");
    assertThatThrownBy(
            () ->
                QuoteSettings.fromConfig(
                    with(Map.of(QuoteSettings.ALLOW_NON_LOOPBACK_KEY, "sometimes"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(QuoteSettings.ALLOW_NON_LOOPBACK_KEY + " = \"sometimes\"");
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

  @Test
  void storedProfilesExpireAndFallbacksHaveAMaximumStalenessByDefault() {
    QuoteSettings s = QuoteSettings.fromConfig(with(Map.of()));
    assertThat(s.redis().ttl()).isEqualTo(Duration.ofHours(24));
    assertThat(s.maxStaleness()).isEqualTo(Duration.ofHours(24));
  }

  @Test
  void refusesAMaximumStalenessNotBeyondRefreshAfter() {
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.max-staleness", "30s"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.max-staleness");
    assertThatThrownBy(() -> QuoteSettings.fromConfig(with(Map.of("quote.redis.ttl", "0s"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.redis.ttl");
  }

  /** Issue 29: the load backoff and the graceful stop's deadlines, read and checked. */
  @Test
  void theLoadBackoffAndTheShutdownDeadlinesHaveCheckedDefaults() {
    Config c = with(Map.of());
    assertThat(QuoteSettings.fromConfig(c).redis().loadRetryMax())
        .isEqualTo(Duration.ofSeconds(10));
    ShutdownSettings s = ShutdownSettings.fromConfig(c);
    assertThat(s.unreadyDelay()).isEqualTo(Duration.ofSeconds(3));
    assertThat(s.drainDeadline()).isEqualTo(Duration.ofSeconds(3));
    assertThat(s.flushDeadline()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void refusesALoadBackoffBelowRetryAfter() {
    assertThatThrownBy(
            () -> QuoteSettings.fromConfig(with(Map.of("quote.redis.load-retry-max", "500ms"))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.redis.load-retry-max = 500ms")
        .hasMessageContaining("quote.redis.retry-after");
  }

  @ParameterizedTest
  @CsvSource({
    "quote.shutdown.unready-delay, 6s, shorter than",
    "quote.shutdown.unready-delay, -1s, zero or positive",
    "quote.shutdown.unready-delay, later, not a duration",
    "quote.shutdown.drain-deadline, 5s, shorter than",
    "quote.shutdown.drain-deadline, 0s, must be positive",
    "quote.shutdown.flush-deadline, 10s, shorter than",
    "quote.shutdown.flush-deadline, soon, not a duration"
  })
  void refusesAShutdownDeadlineItsPhaseWouldCutShort(String key, String value, String why) {
    assertThatThrownBy(() -> ShutdownSettings.fromConfig(with(Map.of(key, value))))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(key)
        .hasMessageContaining(why)
        .satisfies(e -> assertThat(((QuoteSettings.InvalidQuoteSettings) e).key()).isEqualTo(key));
  }

  /** Careful recovery and refresh-ahead are off by default: the card's arms run unchanged. */
  @Test
  void refreshPacingIsOffByDefault() {
    RefreshSettings r = RefreshSettings.fromConfig(with(Map.of()), Duration.ofSeconds(60));
    assertThat(r.admissionLimited()).isFalse();
    assertThat(r.refreshAhead()).isFalse();
    assertThat(r.admissionJitter()).isEqualTo(Duration.ofSeconds(1));
  }

  @ParameterizedTest
  @CsvSource({"off, 0", "0, 0", "25, 25", "0.5, 0.5"})
  void readsTheAdmissionRate(String value, double rate) {
    RefreshSettings r =
        RefreshSettings.fromConfig(
            with(Map.of(RefreshSettings.RATE, value)), Duration.ofSeconds(60));
    assertThat(r.admissionRate()).isEqualTo(rate);
    assertThat(r.admissionLimited()).isEqualTo(rate > 0);
  }

  @Test
  void readsRefreshAheadsBetaAndSeed() {
    RefreshSettings r =
        RefreshSettings.fromConfig(
            with(Map.of(RefreshSettings.BETA, "1.5", RefreshSettings.SEED, "7")),
            Duration.ofSeconds(60));
    assertThat(r.aheadBeta()).isEqualTo(1.5);
    assertThat(r.aheadSeed()).isEqualTo(7);
    assertThat(r.refreshAhead()).isTrue();
  }

  @ParameterizedTest
  @CsvSource({
    "quote.refresh-admission.rate, -1, -1.0",
    "quote.refresh-admission.rate, 20000, 20000.0",
    "quote.refresh-admission.rate, lots, lots",
    "quote.refresh-admission.jitter, -1s, -1000ms",
    "quote.refresh-admission.jitter, soon, soon",
    "quote.refresh-admission.jitter, 61s, 61000ms",
    "quote.refresh-ahead.beta, -0.5, -0.5",
    "quote.refresh-ahead.beta, 1000, 1000.0",
    "quote.refresh-ahead.beta, high, high",
    "quote.refresh-ahead.seed, 1.5, 1.5",
  })
  void refusesAnOutOfRangeRefreshSetting(String key, String value, String shown) {
    assertThatThrownBy(
            () -> RefreshSettings.fromConfig(with(Map.of(key, value)), Duration.ofSeconds(60)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining(key + " = ")
        .hasMessageContaining(shown)
        .satisfies(e -> assertThat(((QuoteSettings.InvalidQuoteSettings) e).key()).isEqualTo(key));
  }

  /** A jitter longer than the refresh interval would defer a customer past its next refresh. */
  @Test
  void refusesAJitterLongerThanRefreshAfter() {
    assertThatThrownBy(
            () ->
                RefreshSettings.fromConfig(
                    with(Map.of(RefreshSettings.JITTER, "3s")), Duration.ofSeconds(2)))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.refresh-admission.jitter = 3000ms")
        .hasMessageContaining("quote.refresh-after (2000ms)");
  }

  /** The node reads them at start: a bad one refuses the start before any port opens. */
  @Test
  void aNodeWithABadRefreshSettingRefusesToStart() {
    assertThatThrownBy(
            () ->
                QuoteNode.start(
                    with(Map.of(RefreshSettings.BETA, "-1")),
                    system -> {
                      throw new AssertionError("adapter must not be created");
                    }))
        .isInstanceOf(QuoteSettings.InvalidQuoteSettings.class)
        .hasMessageContaining("quote.refresh-ahead.beta = -1");
  }
}
