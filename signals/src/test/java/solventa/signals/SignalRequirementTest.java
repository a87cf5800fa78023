package solventa.signals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SignalRequirementTest {

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  private static CanonicalProfile with(Signal... signals) {
    Map<Signal, BigDecimal> m = new java.util.EnumMap<>(Signal.class);
    for (Signal s : signals) {
      m.put(s, BigDecimal.ONE);
    }
    return new CanonicalProfile("c1", T0, m);
  }

  @Test
  void anyOfIsMetByOneOfItsSignalsAndNotByAnEmptyProfileOrAnotherSignal() {
    SignalRequirement r = SignalRequirement.anyOf(Set.of(Signal.MONTHLY_INCOME, Signal.PATRIMONY));
    assertThat(r.atLeast()).isEqualTo(1);
    assertThat(r.isMetBy(with(Signal.PATRIMONY))).isTrue();
    assertThat(r.isMetBy(with(Signal.MONTHLY_INCOME, Signal.PATRIMONY))).isTrue();
    assertThat(r.isMetBy(with())).isFalse();
    assertThat(r.isMetBy(with(Signal.INVESTED_BALANCE))).isFalse();
    assertThat(r.heldBy(with(Signal.MONTHLY_INCOME, Signal.INVESTED_BALANCE))).isEqualTo(1);
    assertThat(r).hasToString("at least 1 of [MONTHLY_INCOME, PATRIMONY]");
  }

  @Test
  void noneIsMetByEveryProfileAndABoundOutsideTheSetIsRefused() {
    assertThat(SignalRequirement.NONE.isMetBy(with())).isTrue();
    assertThat(SignalRequirement.anyOf(Set.of())).isEqualTo(SignalRequirement.NONE);
    assertThatThrownBy(() -> new SignalRequirement(Set.of(Signal.PATRIMONY), 2))
        .hasMessageContaining("atLeast = 2");
    assertThatThrownBy(() -> new SignalRequirement(Set.of(Signal.PATRIMONY), -1))
        .hasMessageContaining("atLeast = -1");
  }
}
