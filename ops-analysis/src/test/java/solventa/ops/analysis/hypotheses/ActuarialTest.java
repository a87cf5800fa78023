package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The actuarial inputs and the reader's {@code --assume KEY=VALUE} overrides. */
class ActuarialTest {
  @Test
  void theDeclaredInputsAreADailyRefreshAnHoursOutageTenPercentAndTwoRefreshPeriods() {
    assertThat(Actuarial.DECLARED.asMap())
        .containsExactly(
            java.util.Map.entry("source-refresh-s", 86_400.0),
            java.util.Map.entry("outage-s", 3_600.0),
            java.util.Map.entry("fallback-ceiling-pct", 10.0),
            java.util.Map.entry("max-stale-age-s", 172_800.0));
    assertThat(Actuarial.DECLARED.declared()).isTrue();
  }

  @Test
  void eachAssumptionReplacesItsInputAndTheLastOneWins() {
    Actuarial a =
        Actuarial.DECLARED.with(List.of("outage-s=600", "fallback-ceiling-pct=20", "outage-s=900"));
    assertThat(a).isEqualTo(new Actuarial(86_400, 900, 20, 172_800));
    assertThat(a.declared()).isFalse();
    assertThat(a.describe()).startsWith("source-refresh-s=86400 (T_source), outage-s=900 (D)");
  }

  @Test
  void anUnknownKeyOrABadValueIsRefusedNamingIt() {
    assertThatThrownBy(() -> Actuarial.DECLARED.with(List.of("outage=600")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown key 'outage'");
    assertThatThrownBy(() -> Actuarial.DECLARED.with(List.of("outage-s=soon")))
        .hasMessageContaining("outage-s: 'soon' is not a number");
    assertThatThrownBy(() -> Actuarial.DECLARED.with(List.of("outage-s=-5")))
        .hasMessageContaining("outage-s must be a positive number");
    assertThatThrownBy(() -> Actuarial.DECLARED.with(List.of("fallback-ceiling-pct=100")))
        .hasMessageContaining("fallback-ceiling-pct must be a percentage in (0, 100)");
    assertThatThrownBy(() -> Actuarial.DECLARED.with(List.of("max-stale-age-s")))
        .hasMessageContaining("--assume takes KEY=VALUE");
  }
}
