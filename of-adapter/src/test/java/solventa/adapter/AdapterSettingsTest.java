package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.InvalidAdapterConfigException;
import solventa.adapter.model.PartnerBudgetSettings;
import solventa.adapter.model.PoolSettings;
import solventa.adapter.model.ProviderSettings;

class AdapterSettingsTest {

  private static Config with(String overrides) {
    return ConfigFactory.parseString(overrides)
        .withFallback(ConfigFactory.defaultReference())
        .resolve();
  }

  @Test
  void referenceConfHoldsTheCardsNumbers() {
    AdapterSettings s = AdapterSettings.fromConfig(ConfigFactory.defaultReference().resolve());
    ProviderSettings ofb = s.defaultProviderSettings();
    assertThat(s.defaultProvider()).isEqualTo("ofb");
    assertThat(ofb.timeout()).isEqualTo(Duration.ofMillis(700));
    assertThat(ofb.pool()).isEqualTo(new PoolSettings(32, 64));
    assertThat(ofb.breaker().policy()).isEqualTo(BreakerPolicy.COUNT);
    assertThat(ofb.breaker().consecutiveFailures()).isEqualTo(5);
    assertThat(ofb.breaker().failureRateThreshold()).isEqualTo(50.0);
    assertThat(ofb.breaker().window()).isEqualTo(Duration.ofSeconds(10));
    assertThat(ofb.breaker().minimumCalls()).isEqualTo(10);
    assertThat(ofb.breaker().resetTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(ofb.breaker().halfOpenProbes()).as("today's single probe").isEqualTo(1);
    assertThat(ofb.dispatcher()).isEqualTo("of-adapter.providers.ofb.dispatcher");
    assertThat(s.allowForce()).isFalse();
  }

  @Test
  void overridesReachTheRecord() {
    AdapterSettings s =
        AdapterSettings.fromConfig(
            with(
                "of-adapter.providers.ofb { base-url = \"http://127.0.0.1:9999\", "
                    + "breaker.policy = rate, breaker.window = 3s }"));
    assertThat(s.defaultProviderSettings().baseUrl().getPort()).isEqualTo(9999);
    assertThat(s.defaultProviderSettings().breaker().policy()).isEqualTo(BreakerPolicy.RATE);
    assertThat(s.defaultProviderSettings().breaker().window()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void halfOpenProbesFromOneToAHundredReachTheRecord() {
    for (int k : new int[] {1, 3, 100}) {
      AdapterSettings s =
          AdapterSettings.fromConfig(
              with("of-adapter.providers.ofb.breaker.half-open-probes = " + k));
      assertThat(s.defaultProviderSettings().breaker().halfOpenProbes()).isEqualTo(k);
    }
  }

  @Test
  void noneTurnsTheBreakerOff() {
    AdapterSettings s =
        AdapterSettings.fromConfig(with("of-adapter.providers.ofb.breaker.policy = none"));
    assertThat(s.defaultProviderSettings().breaker().policy()).isEqualTo(BreakerPolicy.NONE);
  }

  @ParameterizedTest(name = "{0} = {1} refuses")
  @CsvSource(
      delimiter = '|',
      value = {
        "timeout | 0ms | of-adapter.providers.ofb.timeout",
        "timeout | -5ms | of-adapter.providers.ofb.timeout",
        "pool.max-connections | 0 | of-adapter.providers.ofb.pool.max-connections",
        "pool.max-open-requests | -1 | of-adapter.providers.ofb.pool.max-open-requests",
        "breaker.failure-rate-threshold | 0 | of-adapter.providers.ofb.breaker.failure-rate-threshold",
        "breaker.failure-rate-threshold | 100.5 | of-adapter.providers.ofb.breaker.failure-rate-threshold",
        "breaker.policy | sometimes | of-adapter.providers.ofb.breaker.policy",
        "breaker.consecutive-failures | 0 | of-adapter.providers.ofb.breaker.consecutive-failures",
        "breaker.minimum-calls | 0 | of-adapter.providers.ofb.breaker.minimum-calls",
        "breaker.reset-timeout | 0s | of-adapter.providers.ofb.breaker.reset-timeout",
        "breaker.half-open-probes | 0 | of-adapter.providers.ofb.breaker.half-open-probes",
        "breaker.half-open-probes | 101 | of-adapter.providers.ofb.breaker.half-open-probes",
        "breaker.half-open-probes | many | of-adapter.providers.ofb.breaker.half-open-probes",
        "breaker.window | 1500ms | of-adapter.providers.ofb.breaker.window",
        "breaker.window | 2d | of-adapter.providers.ofb.breaker.window",
        "timeout | soon | of-adapter.providers.ofb.timeout",
        "base-url | \"ftp://127.0.0.1:21\" | of-adapter.providers.ofb.base-url",
        "customer-id-pattern | \"c[0-9\" | of-adapter.providers.ofb.customer-id-pattern",
        "customer-id-pattern | \".*\" | of-adapter.providers.ofb.customer-id-pattern",
        "customer-id-pattern | \"[a-z.]+\" | of-adapter.providers.ofb.customer-id-pattern",
        "customer-id-pattern | \"[c0-9.]{1,9}\" | of-adapter.providers.ofb.customer-id-pattern",
        "partner-budget.rate | 0 | of-adapter.providers.ofb.partner-budget.rate",
        "partner-budget.rate | -3 | of-adapter.providers.ofb.partner-budget.rate",
        "partner-budget.rate | 20000 | of-adapter.providers.ofb.partner-budget.rate",
        "partner-budget.rate | fast | of-adapter.providers.ofb.partner-budget.rate",
        "partner-budget.burst | 0 | of-adapter.providers.ofb.partner-budget.burst",
        "partner-budget.burst | 10001 | of-adapter.providers.ofb.partner-budget.burst",
        "partner-budget.burst | many | of-adapter.providers.ofb.partner-budget.burst",
        "partner-budget.enabled | sometimes | of-adapter.providers.ofb.partner-budget.enabled",
        "partner-budget.partners | \"partner-1\" | of-adapter.providers.ofb.partner-budget.partners",
        "partner-budget.partners | [\"bad id!\"] | of-adapter.providers.ofb.partner-budget.partners",
        "partner-budget.partners | [p1, p1] | of-adapter.providers.ofb.partner-budget.partners",
      })
  void invalidConfigRefusesNamingKeyAndValue(String key, String value, String fullKey) {
    Config bad = with("of-adapter.providers.ofb." + key + " = " + value);
    String shown = value.replace("\"", "");
    assertThatThrownBy(() -> AdapterSettings.fromConfig(bad))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith(fullKey + " = ")
        .hasMessageContaining(shown)
        .satisfies(e -> assertThat(((InvalidAdapterConfigException) e).key()).isEqualTo(fullKey));
  }

  /**
   * Decision 0042: a management token shorter than 16 characters, or the retired default, refuses
   * the settings naming the key; the message shows the token's length, never the token.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "abc, 3, too short",
    "fifteen-chars-x, 15, too short",
    "ha01-actuarial-trace, 20, retired"
  })
  void aWeakManagementTokenRefusesNamingTheKey(String token, int length, String why) {
    assertThatThrownBy(
            () -> AdapterSettings.fromConfig(with("of-adapter.management.token = " + token)))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("of-adapter.management.token = <redacted, " + length + " chars>")
        .hasMessageContaining(why)
        .hasMessageContaining("16");
    if (!token.startsWith("ha01")) {
      assertThatThrownBy(
              () -> AdapterSettings.fromConfig(with("of-adapter.management.token = " + token)))
          .hasMessageNotContaining(token);
    }
  }

  @Test
  void aStrongOrNoManagementTokenIsAccepted() {
    AdapterSettings.fromConfig(with("of-adapter.management.token = sixteen-chars-ok"));
    AdapterSettings.fromConfig(with("of-adapter.management.token = \"\""));
  }

  @Test
  void thePartnerBudgetIsOffByDefaultAndOverridesReachTheRecord() {
    PartnerBudgetSettings off =
        AdapterSettings.fromConfig(ConfigFactory.defaultReference().resolve())
            .defaultProviderSettings()
            .partnerBudget();
    assertThat(off.enabled()).as("the card's arms run without it").isFalse();
    assertThat(off.partners()).isEmpty();
    PartnerBudgetSettings on =
        AdapterSettings.fromConfig(
                with(
                    "of-adapter.providers.ofb.partner-budget { enabled = on, rate = 40, burst = 10,"
                        + " partners = [partner-001, p.2] }"))
            .defaultProviderSettings()
            .partnerBudget();
    assertThat(on)
        .isEqualTo(new PartnerBudgetSettings(true, 40, 10, List.of("partner-001", "p.2")));
    assertThat(on.period()).as("burst / rate").isEqualTo(Duration.ofMillis(250));
  }

  /** A burst so large for its rate that one cycle would last over an hour refuses, naming burst. */
  @Test
  void aPartnerBudgetCycleOverAnHourRefuses() {
    assertThatThrownBy(
            () ->
                AdapterSettings.fromConfig(
                    with("of-adapter.providers.ofb.partner-budget { rate = 0.001, burst = 10 }")))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("of-adapter.providers.ofb.partner-budget.burst = 10")
        .hasMessageContaining("1 ms .. 1 h");
  }

  /**
   * The most calls one budget lets through in a window: the permits held at its start and those of
   * every cycle that begins inside it (Resilience4j's cycles never bank unused permits).
   */
  @ParameterizedTest(name = "rate {0}, burst {1}: at most {3} calls in {2} ms")
  @CsvSource({"20, 5, 1000, 25", "20, 6, 1000, 30", "20, 5, 250, 10", "100, 100, 1000, 200"})
  void mostCallsInAWindowCountTheCyclesItHolds(double rate, int burst, long ms, long most) {
    assertThat(
            new PartnerBudgetSettings(true, rate, burst, List.of())
                .mostCallsIn(Duration.ofMillis(ms)))
        .isEqualTo(most);
  }

  @Test
  void aPartnerListedOverTheLimitRefuses() {
    List<String> many =
        java.util.stream.IntStream.rangeClosed(0, PartnerBudgetSettings.MAX_PARTNERS)
            .mapToObj(i -> "p" + i)
            .toList();
    assertThatThrownBy(() -> new PartnerBudgetSettings(true, 20, 5, many))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("partner-budget.partners = " + many.size() + " partners");
  }

  @Test
  void unknownDefaultProviderRefuses() {
    assertThatThrownBy(() -> AdapterSettings.fromConfig(with("of-adapter.default-provider = acme")))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("of-adapter.default-provider = acme");
  }

  @Test
  void thresholdOfExactlyHundredIsAccepted() {
    AdapterSettings s =
        AdapterSettings.fromConfig(
            with("of-adapter.providers.ofb.breaker.failure-rate-threshold = 100"));
    assertThat(s.defaultProviderSettings().breaker().failureRateThreshold()).isEqualTo(100.0);
  }
}
