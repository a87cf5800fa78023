package solventa.signals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalProfileTest {

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

  @Test
  void missingListsEverySignalNotSent() {
    var p =
        new CanonicalProfile(
            "c1",
            T0,
            Map.of(Signal.MONTHLY_INCOME, BigDecimal.TEN, Signal.PRODUCTS_HELD, BigDecimal.ONE));
    assertThat(p.missing())
        .containsExactly(
            Signal.PATRIMONY,
            Signal.RELATIONSHIP_MONTHS,
            Signal.AVAILABLE_BALANCE,
            Signal.BLOCKED_BALANCE,
            Signal.INVESTED_BALANCE);
    assertThat(p.isComplete()).isFalse();
    assertThat(p.get(Signal.MONTHLY_INCOME)).contains(BigDecimal.TEN);
  }

  @Test
  void isImmutableAgainstTheCallersMap() {
    var source = new HashMap<Signal, BigDecimal>();
    source.put(Signal.PATRIMONY, BigDecimal.ONE);
    var p = new CanonicalProfile("c1", T0, source);
    source.put(Signal.MONTHLY_INCOME, BigDecimal.TEN);
    assertThat(p.signals()).containsOnlyKeys(Signal.PATRIMONY);
    assertThatThrownBy(() -> p.signals().put(Signal.PATRIMONY, BigDecimal.ZERO))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void ageIsNeverNegative() {
    var p = new CanonicalProfile("c1", T0, Map.of());
    assertThat(p.ageMillis(T0.plusMillis(250))).isEqualTo(250);
    assertThat(p.ageMillis(T0.minusMillis(5))).isZero();
  }

  @Test
  void fallbackOriginsAreStaleAndDefault() {
    assertThat(Origin.STALE.isFallback()).isTrue();
    assertThat(Origin.DEFAULT.isFallback()).isTrue();
    assertThat(Origin.FRESH.isFallback()).isFalse();
    assertThat(Origin.CACHED.isFallback()).isFalse();
  }
}
