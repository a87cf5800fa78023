package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fault load's figures and the lost-value rule, on fixtures. */
class FaultLoadTest {
  private static FaultLoad.Sent sent(long at, int status, String origin, long latency) {
    return new FaultLoad.Sent(
        0, at, at + 2, "http://127.0.0.1:1", "c1", status, origin, latency, null, null);
  }

  @Test
  void aLatencyQuantileIsTheNearestRankOfTheQuotesSentInTheWindow() {
    List<FaultLoad.Sent> sent = new java.util.ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      sent.add(sent(1000 + i, 200, "CACHED", i)); // sent 1003 … 1102 (two ms after planned)
    }
    sent.add(sent(5000, 200, "CACHED", 9_999)); // outside the window
    FaultLoadResult r = FaultLoadResult.of(10, 0, 10_000, sent, 0);
    assertThat(r.latencyQuantile(0.99, 1000, 2000)).isEqualTo(99);
    assertThat(r.latencyQuantile(0.5, 1000, 2000)).isEqualTo(50);
    assertThat(r.latencyQuantile(1.0, 0, 10_000)).isEqualTo(9_999);
    assertThat(r.latencyQuantile(0.99, 6000, 7000)).isZero();
  }

  @Test
  void errorsAreEveryAnswerButA200AndTheUnanswered() {
    FaultLoadResult r =
        FaultLoadResult.of(
            2,
            0,
            2_000,
            List.of(
                sent(0, 200, "FRESH", 10),
                sent(500, 503, "", 1),
                sent(1000, 0, "", 5000),
                sent(1500, 200, "STALE", 3)),
            1);
    assertThat(r.requests()).isEqualTo(5);
    assertThat(r.errors()).isEqualTo(3);
    assertThat(r.errorPct()).isEqualTo(60.0);
    assertThat(r.achievedRate()).isEqualTo(2.5);
    assertThat(r.maxLagMs()).isEqualTo(2);
    assertThat(r.errorsByStatus()).isEqualTo(Map.of(0, 1L, 503, 1L));
    assertThat(r.origins()).isEqualTo(Map.of("FRESH", 1L, "STALE", 1L));
    assertThat(r.summary()).contains("5 quotes at 2 req/s").contains("1 unanswered");
  }

  @Test
  void recoveryEndsWithTheLastErrorAnsweredAfterTheFault() {
    FaultLoadResult r =
        FaultLoadResult.of(
            1,
            0,
            10_000,
            List.of(sent(1000, 503, "", 100), sent(4000, 504, "", 1500), sent(6000, 200, "", 1)),
            0);
    // answered at 1102 and 5502: the fault ended at 3000
    assertThat(r.recoverSec(3000)).isEqualTo(2.502);
    assertThat(r.recoverSec(6000)).isZero();
  }

  @Test
  void theOriginIsReadFromTheAnswer() {
    assertThat(FaultLoad.origin("{\"profile\":{\"origin\":\"STALE\",\"ageMs\":3}}"))
        .isEqualTo("STALE");
    assertThat(FaultLoad.origin("{\"type\":\"about:blank\"}")).isEmpty();
    assertThat(FaultLoad.origin(null)).isEmpty();
  }

  @Test
  void aLoadOutsideItsBoundsIsRefused() {
    assertThatThrownBy(() -> FaultLoad.start(0, Duration.ofSeconds(1), List::of, List.of("c1"), 1))
        .hasMessageContaining("rate");
    assertThatThrownBy(
            () -> FaultLoad.start(10, Duration.ofSeconds(601), List::of, List.of("c1"), 1))
        .hasMessageContaining("0..600 s");
    assertThatThrownBy(() -> FaultLoad.start(10, Duration.ofSeconds(1), List::of, List.of(), 1))
        .hasMessageContaining("customers");
  }

  /**
   * The one sender's schedule: phases one after the other, each with exactly the arrivals its rate
   * and length plan, and an open-ended load that stops when told, at the arrivals planned up to
   * then. With nobody in the rotation every arrival is answered at once by the balancer's own 503,
   * so no server is needed.
   */
  @Test
  void phasesRunOneAfterTheOtherAndAnOpenLoadEndsAtItsStop() throws Exception {
    FaultLoadResult r =
        FaultLoad.schedule(
                List.of(new FaultLoad.Phase(100, 200), new FaultLoad.Phase(50, 200)),
                List::of,
                List.of("c1", "c2"),
                7)
            .await();
    assertThat(r.of(0)).hasSize(20);
    assertThat(r.of(1)).hasSize(10);
    assertThat(r.phaseStartMs(1)).isEqualTo(r.startMs() + 200);
    assertThat(r.endMs()).isEqualTo(r.startMs() + 400);
    assertThat(r.of(1)).allMatch(s -> s.plannedMs() >= r.phaseStartMs(1));
    assertThat(r.errorsByStatus()).isEqualTo(Map.of(503, 30L));
    assertThat(r.unanswered()).isZero();

    FaultLoad open = FaultLoad.open(100, List::of, List.of("c1"), 7, 60);
    Thread.sleep(300);
    open.stop();
    FaultLoadResult o = open.await();
    assertThat(o.endMs() - o.startMs()).isLessThan(60_000);
    assertThat(o.requests()).isEqualTo((o.endMs() - o.startMs()) * 100 / 1000);
  }

  @Test
  void aValueIsLostWhenMissingOrOlderAfter() {
    Instant t = Instant.parse("2026-12-04T10:00:00Z");
    Map<String, Instant> before = Map.of("a", t, "b", t, "c", t);
    assertThat(LostValues.lost(before, Map.of("a", t, "b", t.plusSeconds(1), "c", t))).isZero();
    assertThat(LostValues.lost(before, Map.of("a", t, "b", t.minusSeconds(1)))).isEqualTo(2);
    assertThat(LostValues.fetchedAt("{\"fetchedAt\":\"2026-12-04T10:00:00Z\"}")).isEqualTo(t);
    assertThat(LostValues.fetchedAt("garbage")).isEqualTo(Instant.EPOCH);
  }

  @Test
  void theRowsCustomersStayInsideTheDoublesUniverseApartFromTheProtocolsKeys() {
    assertThat(FaultContext.customers(0, 2)).containsExactly("c00070000", "c00070001");
    assertThat(FaultContext.customers(19_999, 1)).containsExactly("c00089999");
    assertThatThrownBy(() -> FaultContext.customers(19_999, 2)).hasMessageContaining("span");
    assertThatThrownBy(() -> FaultContext.customers(-1, 1)).hasMessageContaining("span");
  }
}
