package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.faults.FaultLoad.Phase;
import solventa.ops.faults.FaultLoad.Sent;
import solventa.ops.faults.OverloadVerdict.Figures;
import solventa.ops.faults.OverloadVerdict.Step;

/** The overload row's arithmetic, on fixtures. */
class OverloadVerdictTest {
  private static final List<Phase> PHASES = List.of(Phase.of(30, 10), Phase.of(10, 15));

  // phase 0 runs 0..10 000 ms, phase 1 10 000..25 000 ms
  private static Sent a(int phase, long at, int status, String retryAfter, long latency) {
    return new Sent(
        phase,
        at,
        at + 1,
        "http://127.0.0.1:1",
        "c1",
        status,
        "",
        latency,
        retryAfter,
        status == 0 ? "HttpTimeoutException" : null);
  }

  // a result of the two phases from {@code startMs} (ended as planned)
  private static FaultLoadResult result(long startMs, List<Sent> sent, long[] unanswered) {
    return new FaultLoadResult(PHASES, startMs, startMs + 25_000, sent, unanswered);
  }

  @Test
  void p99IsTheNearestRank() {
    List<Long> l = new ArrayList<>();
    for (long i = 1; i <= 100; i++) {
      l.add(i);
    }
    assertThat(OverloadVerdict.p99(l)).isEqualTo(99);
    l.add(1000L);
    assertThat(OverloadVerdict.p99(l)).isEqualTo(100);
    assertThat(OverloadVerdict.p99(List.of(7L))).isEqualTo(7);
    assertThat(OverloadVerdict.p99(List.of())).isZero();
  }

  @Test
  void theSustainableRateIsTheHighestStepWithoutErrorsWithinTheBudget() {
    List<Step> steps =
        List.of(
            new Step(100, 600, 0, 120, 100, 3),
            new Step(200, 1200, 0, 400, 200, 3),
            new Step(300, 1800, 0, 476, 300, 3));
    assertThat(OverloadVerdict.sustainable(steps)).isEqualTo(200);
    assertThat(OverloadVerdict.sustainable(List.of(new Step(100, 600, 1, 10, 100, 1)))).isZero();
    assertThat(OverloadVerdict.sustainable(List.of(new Step(100, 0, 0, 0, 0, 0)))).isZero();
  }

  @Test
  void theGeneratorKeptUpWhenItsRateAndLagDid() {
    assertThat(OverloadVerdict.keptUp(96, 100, 20)).isTrue();
    assertThat(OverloadVerdict.keptUp(90, 100, 20)).isFalse();
    assertThat(OverloadVerdict.keptUp(100, 100, 500)).isFalse();
    assertThat(new Step(50, 300, 121, 11_479, 50, 10_812).keptUp()).isFalse();
  }

  @Test
  void aCleanOverloadHolds() {
    FaultLoadResult r =
        result(
            0,
            List.of(
                a(0, 100, 200, null, 300),
                a(0, 200, 503, "1", 5),
                a(0, 9_900, 503, "1", 20),
                a(1, 10_500, 503, "1", 10),
                a(1, 12_000, 200, null, 100)),
            new long[] {0, 0});
    Figures f = OverloadVerdict.figures(r);
    assertThat(f.requests()).isEqualTo(5);
    assertThat(f.shed()).isEqualTo(3);
    assertThat(f.shedWithoutRetryAfter()).isZero();
    assertThat(f.shedP99Ms()).isEqualTo(20);
    assertThat(f.accepted()).isEqualTo(1);
    assertThat(f.overloadRequests()).isEqualTo(3);
    assertThat(f.acceptedP99Ms()).isEqualTo(300);
    assertThat(f.errors()).isZero();
    assertThat(f.recoverSec()).isEqualTo(0.511);
    assertThat(f.recoveryErrors()).isEqualTo(1);
    assertThat(f.shedPct()).isEqualTo(60.0);
    assertThat(f.holds()).isTrue();
  }

  @Test
  void eachBreachFailsTheRow() {
    FaultLoadResult r =
        result(
            0,
            List.of(
                a(0, 100, 200, null, 600),
                a(0, 200, 503, null, 5),
                a(0, 300, 503, "1", 400),
                a(0, 400, 500, null, 5),
                a(0, 500, 0, null, 5000),
                a(1, 16_000, 503, "1", 10)),
            new long[] {1, 2});
    Figures f = OverloadVerdict.figures(r);
    assertThat(f.shedWithoutRetryAfter()).isEqualTo(1);
    assertThat(f.shedP99Ms()).isEqualTo(400);
    assertThat(f.acceptedP99Ms()).isEqualTo(600);
    assertThat(f.errors()).isEqualTo(5);
    assertThat(f.otherStatuses()).isEqualTo(Map.of(0, 1L, 500, 1L));
    assertThat(f.noAnswer()).isEqualTo(Map.of("HttpTimeoutException", 1L));
    assertThat(f.recoverSec()).isEqualTo(6.011);
    assertThat(f.recoveryErrors()).isEqualTo(3);
    assertThat(f.requests()).isEqualTo(9);
    assertThat(f.holds()).isFalse();
    assertThat(OverloadVerdict.generator(r))
        .contains(
            "overload 30 req/s achieved 1 (lag max 1 ms), the generator could not keep up; after");
  }

  @Test
  void aNoAnswerIsNamedByItsInnermostCause() {
    Exception e =
        new java.util.concurrent.CompletionException(
            new java.io.IOException(new java.net.ConnectException()));
    assertThat(FaultLoad.cause(e)).isEqualTo("ConnectException");
  }

  @Test
  void phasesAreBoundedAndTimedOneAfterTheOther() {
    assertThatThrownBy(() -> Phase.of(0, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Phase.of(10, 601)).isInstanceOf(IllegalArgumentException.class);
    FaultLoadResult r = result(1_000, List.of(), new long[] {0, 0});
    assertThat(r.phaseStartMs(1)).isEqualTo(11_000);
    assertThat(r.phaseEndMs(1)).isEqualTo(26_000);
  }
}
