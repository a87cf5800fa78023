package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.InvalidAdapterConfigException;

/** The breaker route's query parameters read into settings (pure logic, no HTTP). */
class BreakerSettingsQueryTest {
  private static final BreakerSettings CURRENT =
      new BreakerSettings(
          BreakerPolicy.COUNT, 5, 50, Duration.ofSeconds(10), 10, Duration.ofSeconds(5));

  @Test
  void parametersLeftOutKeepTheCurrentValues() {
    BreakerSettings s =
        BreakerSettingsQuery.parse(Map.of("policy", "rate", "minimum-calls", "4"), CURRENT);
    assertThat(s)
        .isEqualTo(
            new BreakerSettings(
                BreakerPolicy.RATE, 5, 50, Duration.ofSeconds(10), 4, Duration.ofSeconds(5)));
  }

  @Test
  void everyParameterInItsOwnUnit() {
    BreakerSettings s =
        BreakerSettingsQuery.parse(
            Map.of(
                "policy", "count",
                "consecutive-failures", "3",
                "minimum-calls", "2",
                "failure-rate-threshold", "37.5",
                "window", "30",
                "reset-timeout", "1500",
                "half-open-probes", "3"),
            CURRENT);
    assertThat(s)
        .isEqualTo(
            new BreakerSettings(
                BreakerPolicy.COUNT,
                3,
                37.5,
                Duration.ofSeconds(30),
                2,
                Duration.ofMillis(1500),
                3));
  }

  /** Each refusal names the query parameter (not the config key) and the text sent. */
  @ParameterizedTest
  @CsvSource({
    "minimum-calls, 0",
    "minimum-calls, x",
    "consecutive-failures, -1",
    "consecutive-failures, 99999999999",
    "failure-rate-threshold, 0",
    "failure-rate-threshold, 100.5",
    "failure-rate-threshold, NaN",
    "window, 0",
    "window, 1.5",
    "window, 86401",
    "reset-timeout, 0",
    "reset-timeout, soon",
    "half-open-probes, 0",
    "half-open-probes, 101",
    "half-open-probes, three",
    "policy, none",
    "policy, sometimes",
    "minimum_calls, 2"
  })
  void aValueThatCannotRunIsRefusedNamingTheParameterAndTheValue(String name, String value) {
    Map<String, String> query =
        name.equals("policy") ? Map.of(name, value) : Map.of("policy", "rate", name, value);
    assertThatThrownBy(() -> BreakerSettingsQuery.parse(query, CURRENT))
        .asInstanceOf(InstanceOfAssertFactories.type(InvalidAdapterConfigException.class))
        .satisfies(
            e -> {
              assertThat(e.key()).isEqualTo(name);
              assertThat(e.value()).isEqualTo(value);
              assertThat(e.getMessage()).startsWith(name + " = " + value + ": ");
            });
  }

  @Test
  void halfOpenProbesLeftOutKeepTheCurrentNumber() {
    BreakerSettings s =
        BreakerSettingsQuery.parse(Map.of("policy", "count"), CURRENT.withHalfOpenProbes(4));
    assertThat(s.halfOpenProbes()).isEqualTo(4);
  }

  @Test
  void aMissingPolicyIsRefusedNamingIt() {
    assertThatThrownBy(() -> BreakerSettingsQuery.parse(Map.of("minimum-calls", "2"), CURRENT))
        .isInstanceOf(InvalidAdapterConfigException.class)
        .hasMessageStartingWith("policy = null: is required");
  }
}
