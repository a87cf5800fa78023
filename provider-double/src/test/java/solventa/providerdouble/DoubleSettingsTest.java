package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.providerdouble.server.Main;

class DoubleSettingsTest {

  private static Config with(String overrides) {
    return ConfigFactory.parseString(overrides)
        .withFallback(ConfigFactory.defaultReference())
        .resolve();
  }

  @Test
  void readsTheDocumentedDefaults() {
    DoubleSettings s = DoubleSettings.fromConfig(with(""));
    assertThat(s.host()).isEqualTo("127.0.0.1");
    assertThat(s.universe()).isEqualTo(100_000);
    assertThat(s.profile()).isEqualTo(LatencyProfile.HEALTHY);
    assertThat(s.errors()).isEqualTo(ErrorShares.NONE);
  }

  @Test
  void readsACustomProfileAndErrorShares() {
    DoubleSettings s =
        DoubleSettings.fromConfig(
            with(
                "provider-double { profile = custom, custom { median-ms = 30, p99-ms = 90 },"
                    + " errors.share-504 = 0.25, seed = 7 }"));
    assertThat(s.profile()).isEqualTo(LatencyProfile.custom(30, 90));
    assertThat(s.errors().share504()).isEqualTo(0.25);
    assertThat(s.seed()).isEqualTo(7);
  }

  @Test
  void hasNoQuotaByDefaultAndReadsOne() {
    assertThat(DoubleSettings.fromConfig(with("")).quotaPerSecond()).isZero();
    assertThat(
            DoubleSettings.fromConfig(with("provider-double.quota.calls-per-second = 100"))
                .quotaPerSecond())
        .isEqualTo(100);
  }

  @Test
  void readsTheHealthyTailP99ByDefaultOrP95() {
    assertThat(DoubleSettings.fromConfig(with("")).healthyTail()).isEqualTo(HealthyTail.P99);
    assertThat(DoubleSettings.fromConfig(with("provider-double.healthy-tail = p95")).healthyTail())
        .isEqualTo(HealthyTail.P95);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "provider-double.host = \"10.0.0.1\"|provider-double.host|10.0.0.1",
        "provider-double.port = 70000|provider-double.port|70000",
        "provider-double.universe = 0|provider-double.universe|0",
        "provider-double.incomplete-share = 1.5|provider-double.incomplete-share|1.5",
        "provider-double.profile = sluggish|provider-double.profile|sluggish",
        "provider-double.seed = abc|provider-double.seed|abc",
        "provider-double { profile = custom, custom.p99-ms = 10 }|provider-double.custom.p99-ms|10",
        "provider-double.healthy-tail = p90|provider-double.healthy-tail|p90",
        "provider-double.quota.calls-per-second = -1|provider-double.quota.calls-per-second|-1",
        "provider-double.quota.calls-per-second = 100001|provider-double.quota.calls-per-second|100001",
        "provider-double.quota.calls-per-second = lots|provider-double.quota.calls-per-second|lots",
      })
  void refusesAnInvalidValueNamingTheKeyAndTheValue(String conf, String key, String value) {
    assertThatThrownBy(() -> DoubleSettings.fromConfig(with(conf)))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageContaining(key)
        .hasMessageContaining(value)
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo(key);
  }

  /**
   * Issue 29: the bind address is checked at start. A wildcard, an empty or any other non-loopback
   * address refuses the start, naming the key, the value and the setting that allows it; with that
   * setting on (the compose file) the service's own name is accepted.
   */
  @ParameterizedTest
  @CsvSource({"0.0.0.0, 0.0.0.0", "'::', ::", "'', <empty>", "provider-double, provider-double"})
  void refusesANonLoopbackBindAddressUnlessAllowed(String host, String shown) {
    assertThatThrownBy(
            () -> DoubleSettings.fromConfig(with("provider-double.host = \"" + host + "\"")))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageStartingWith("provider-double.host = " + shown)
        .hasMessageContaining("provider-double.allow-non-loopback = on")
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo("provider-double.host");
    DoubleSettings allowed =
        DoubleSettings.fromConfig(
            with("provider-double { host = \"" + host + "\", allow-non-loopback = on }"));
    assertThat(allowed.host()).isEqualTo(host);
    assertThat(allowed.withPort(1).allowNonLoopback()).isTrue();
    for (String loopback : new String[] {"127.0.0.1", "localhost", "::1"}) {
      assertThat(
              DoubleSettings.fromConfig(with("provider-double.host = \"" + loopback + "\""))
                  .allowNonLoopback())
          .isFalse();
    }
  }

  /**
   * Decision 0042: an admin token shorter than 16 characters or the retired default refuses the
   * start naming the key and only the token's length; none stays allowed (every change refused).
   */
  @ParameterizedTest
  @CsvSource({"short-token, 11", "fifteen-chars-x, 15", "ha01-actuarial-trace, 20"})
  void refusesAWeakAdminTokenNamingTheKeyButNotTheToken(String token, int length) {
    assertThatThrownBy(
            () -> DoubleSettings.fromConfig(with("provider-double.admin-token = " + token)))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageStartingWith("provider-double.admin-token = <redacted, " + length + " chars>")
        .hasMessageContaining("16")
        .hasMessageNotContaining(token.startsWith("ha01") ? "@@" : token)
        .extracting(e -> ((InvalidSettingException) e).field())
        .isEqualTo("provider-double.admin-token");
    assertThatThrownBy(() -> DoubleSettings.defaults(1).withAdminToken(token))
        .isInstanceOf(InvalidSettingException.class);
  }

  @Test
  void acceptsAStrongAdminTokenOrNone() {
    assertThat(
            DoubleSettings.fromConfig(with("provider-double.admin-token = sixteen-chars-ok"))
                .adminToken())
        .isEqualTo("sixteen-chars-ok");
    assertThat(DoubleSettings.fromConfig(with("provider-double.admin-token = \"\"")).adminToken())
        .isEmpty();
  }

  @Test
  void mainArgumentsOverrideTheConfig() {
    Config c = Main.withArgs(with(""), new String[] {"port=9123", "profile=slow"});
    DoubleSettings s = DoubleSettings.fromConfig(c);
    assertThat(s.port()).isEqualTo(9123);
    assertThat(s.profile()).isEqualTo(LatencyProfile.SLOW);
  }

  @Test
  void mainRejectsAnArgumentWithoutAnEqualsSign() {
    assertThatThrownBy(() -> Main.withArgs(with(""), new String[] {"port"}))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageContaining("key=value");
  }
}
