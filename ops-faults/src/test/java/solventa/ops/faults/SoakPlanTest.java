package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.vocabulary.ProviderState;

class SoakPlanTest {

  @Test
  void readsALengthInSecondsMinutesOrHours() {
    assertThat(SoakPlan.parse("30m").length()).isEqualTo(Duration.ofMinutes(30));
    assertThat(SoakPlan.parse("240s").length()).isEqualTo(Duration.ofMinutes(4));
    assertThat(SoakPlan.parse("2h").length()).isEqualTo(Duration.ofHours(2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "30", "m", "2d", "1.5h", "-5m", "2m", "179s", "3h", "121m"})
  void refusesWhatIsNotALengthOrOutOfRange(String text) {
    assertThatThrownBy(() -> SoakPlan.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theProviderWalksTheSixStatesAMinuteEachThenAgain() {
    assertThat(SoakPlan.stateAt(0)).isEqualTo(ProviderState.HEALTHY);
    assertThat(SoakPlan.stateAt(59)).isEqualTo(ProviderState.HEALTHY);
    assertThat(SoakPlan.stateAt(60)).isEqualTo(ProviderState.SLOW);
    assertThat(SoakPlan.stateAt(300)).isEqualTo(ProviderState.RECOVERY);
    assertThat(SoakPlan.stateAt(360)).isEqualTo(ProviderState.HEALTHY);
  }

  @Test
  void redisRestartsAThirdOfTheWayInAndTheClusterRollsTwoThirdsIn() {
    SoakPlan p = SoakPlan.parse("30m");
    assertThat(p.redisRestartSec()).isEqualTo(600);
    assertThat(p.rollSec()).isEqualTo(1200);
  }
}
