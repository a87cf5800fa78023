package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The XFetch rule {@code now - delta * beta * ln(rand) >= expiry}, with the random fixed. */
class RefreshAheadTest {
  private static final long EXPIRY = 100_000;

  @Test
  void refreshesWhenTheDrawReachesExpiry() {
    // delta 40 ms, beta 1, rand e^-3: the draw reaches 120 ms ahead
    double rand = Math.exp(-3);
    assertThat(RefreshAhead.due(EXPIRY - 119, EXPIRY, 40, 1, rand)).isTrue();
    assertThat(RefreshAhead.due(EXPIRY - 121, EXPIRY, 40, 1, rand)).isFalse();
  }

  @Test
  void betaStretchesTheWindow() {
    double rand = Math.exp(-1); // one delta ahead at beta 1
    assertThat(RefreshAhead.due(EXPIRY - 100, EXPIRY, 40, 1, rand)).isFalse();
    assertThat(RefreshAhead.due(EXPIRY - 100, EXPIRY, 40, 3, rand)).isTrue();
  }

  @Test
  void aDrawOfOneOrAnUnknownDurationNeverRefreshesBeforeExpiry() {
    assertThat(RefreshAhead.due(EXPIRY - 1, EXPIRY, 40, 50, 1.0)).isFalse();
    assertThat(RefreshAhead.due(EXPIRY - 1, EXPIRY, 0, 50, 0.001)).isFalse();
    assertThat(RefreshAhead.due(EXPIRY, EXPIRY, 0, 50, 1.0)).isTrue();
  }

  @Test
  void betaZeroIsPlainExpiry() {
    assertThat(RefreshAhead.due(EXPIRY - 1, EXPIRY, 40, 0, 1e-9)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, -0.1, 1.5, Double.NaN})
  void refusesARandomOutsideTheUnitInterval(double rand) {
    assertThatThrownBy(() -> RefreshAhead.due(0, EXPIRY, 40, 1, rand))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rand");
  }
}
