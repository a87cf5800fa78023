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

  @Test
  void aWindowSkipsItsMinutesFromItsStartToItsEnd() {
    SoakPlan.Window w = SoakPlan.Window.after(20);
    assertThat(w.contains(19.9)).isFalse();
    assertThat(w.contains(20)).isTrue();
    assertThat(w.contains(22.9)).isTrue();
    assertThat(w.contains(23)).isFalse();
  }

  /** The trends read the minutes outside the windows, the node figures only with every node. */
  @Test
  void theTrendsLeaveOutTheSkippedMinutesAndThoseShortOfANode() {
    java.util.List<SoakSample> samples = new java.util.ArrayList<>();
    for (int m = 0; m <= 10; m++) {
      int nodes = m == 9 ? 2 : Soak.NODES;
      samples.add(new SoakSample(m, nodes, 100 + m, 100, 600, 60_000, 1_000, 0, 2, 64));
    }
    java.util.List<SoakTrend> trends =
        SoakSampler.trends(
            samples, java.util.List.of(SoakPlan.Window.after(0), new SoakPlan.Window(5, 8)));
    SoakTrend heap = trends.get(0);
    assertThat(heap.name()).isEqualTo("heap after GC");
    assertThat(heap.minutes()).containsExactly(3.0, 4.0, 8.0, 10.0);
    SoakTrend redis = trends.get(trends.size() - 1);
    assertThat(redis.minutes()).containsExactly(3.0, 4.0, 8.0, 9.0, 10.0);
    assertThat(redis.limit()).isEqualTo(64);
  }
}
