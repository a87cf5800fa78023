package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;

/** The join bench's windows and page, on request logs the join step can produce. */
class JoinFiguresTest {
  private static final long T0 = 1_800_000_000_000L;

  // `perSecond` answers a second for `sec` seconds from T0 + fromSec, each `latency` ms, `status`
  private static void add(
      List<RequestRecord> rs, int fromSec, int sec, int perSecond, long latency, int status) {
    for (int s = fromSec; s < fromSec + sec; s++) {
      for (int i = 0; i < perSecond; i++) {
        long at = T0 + s * 1000L + i * (1000L / perSecond);
        rs.add(
            RequestRecord.builder()
                .sendMs(at)
                .latencyMs(latency)
                .status(status)
                .origin(status == 200 ? Origin.CACHED : null)
                .ageMs(status == 200 ? 10 : -1)
                .keyKind("known")
                .customerId("c00001000")
                .node("127.0.0.1:1")
                .build());
      }
    }
  }

  @Test
  void theJoinWindowRunsFromTheLaunchToTwentySecondsAfterReady() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 100, 10, 62, 200);
    long launch = T0 + 20_000;
    long ready = T0 + 50_000;
    List<JoinFigures.Window> w = JoinFigures.windows(rs, launch, ready, T0 + 100_000);
    assertThat(w).hasSize(3);
    assertThat(w.get(0).answers()).isEqualTo(200);
    assertThat(w.get(1).fromMs()).isEqualTo(launch);
    assertThat(w.get(1).toMs()).isEqualTo(ready + 20_000);
    assertThat(w.get(1).answers()).isEqualTo(500);
    assertThat(w.get(2).answers()).isEqualTo(300);
    assertThat(w).allMatch(JoinFigures.Window::holds);
  }

  @Test
  void oneErrorInAThousandThroughTheJoinIsTheBoundAndTwoBreakIt() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 10, 100, 62, 200);
    add(rs, 10, 1, 1, 62, 503);
    add(rs, 11, 10, 100, 62, 200);
    // 2001 answers in the join window, one error: 0.05 %
    JoinFigures.Window one = JoinFigures.windows(rs, T0, T0 + 1_000, T0 + 40_000).get(1);
    assertThat(one.errors()).isEqualTo(1);
    assertThat(one.holds()).isTrue();
    add(rs, 12, 1, 1, 62, 0);
    add(rs, 13, 1, 1, 62, 504);
    JoinFigures.Window three = JoinFigures.windows(rs, T0 + 5_000, T0 + 6_000, T0 + 40_000).get(1);
    assertThat(three.errorPct()).isGreaterThan(JoinFigures.MAX_JOIN_ERROR_PCT);
    assertThat(three.holds()).isFalse();
    assertThat(JoinFigures.windows(rs, T0 + 5_000, T0 + 6_000, T0 + 40_000).get(0).holds())
        .as("the windows outside the join keep the card's 1 %")
        .isTrue();
  }

  @Test
  void aSlowTailThroughTheJoinFailsItWhateverTheErrors() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 30, 10, 62, 200);
    add(rs, 30, 2, 10, 900, 200);
    add(rs, 32, 30, 10, 62, 200);
    List<JoinFigures.Window> w = JoinFigures.windows(rs, T0 + 25_000, T0 + 40_000, T0 + 62_000);
    assertThat(w.get(1).p99()).isEqualTo(900.0);
    assertThat(w.get(1).holds()).isFalse();
    assertThat(w.get(2).holds()).isTrue();
  }

  @Test
  void aNodeThatNeverReportsReadyKeepsTheJoinWindowOpenToTheEnd() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 60, 10, 62, 200);
    List<JoinFigures.Window> w = JoinFigures.windows(rs, T0 + 20_000, null, T0 + 60_000);
    assertThat(w).hasSize(2);
    assertThat(w.get(1).label()).contains("never reported ready");
    assertThat(w.get(1).toMs()).isEqualTo(T0 + 60_000);
  }

  @Test
  void aStepWithoutALaunchIsOneWindowAndThePageSaysTheJoinIsMissing() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 5, 10, 62, 200);
    List<JoinFigures.Window> w = JoinFigures.windows(rs, null, null, T0 + 5_000);
    assertThat(w).hasSize(1);
    String page =
        JoinFigures.render(
            JoinFigures.Figures.builder()
                .rate(600)
                .nodesBefore(3)
                .readyTimeoutSec(110)
                .windows(w)
                .seconds(JoinFigures.seconds(rs))
                .achievedRate(600.0)
                .scheduleLagP99Ms(2.0)
                .build());
    assertThat(page).contains("the join is missing").contains("was never launched");
  }

  @Test
  void thePageGivesTheJoinsFactsWindowsAndSeconds() {
    List<RequestRecord> rs = new ArrayList<>();
    add(rs, 0, 100, 10, 62, 200);
    long launch = T0 + 20_000;
    List<JoinFigures.Window> w = JoinFigures.windows(rs, launch, T0 + 51_500, T0 + 100_000);
    String page =
        JoinFigures.render(
            JoinFigures.Figures.builder()
                .rate(600)
                .nodesBefore(3)
                .launchMs(launch)
                .readyMs(T0 + 51_500)
                .readyTimeoutSec(110)
                .shards(new int[] {21, 840})
                .windows(w)
                .seconds(JoinFigures.seconds(rs))
                .achievedRate(599.8)
                .scheduleLagP99Ms(3.0)
                .build());
    assertThat(page)
        .contains("reported ready 31.5 s after its launch")
        .contains("hosted 21 shards with 840 entities")
        .contains("| through the join (launch to 20 s after ready) | 515 | 0.0")
        .contains("599.8 req/s achieved")
        .contains("| 99 | 10 | 0 | 62 |");
    assertThat(JoinFigures.seconds(rs)).hasSize(100);
  }
}
