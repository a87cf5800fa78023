package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.BreakerState;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.hypotheses.Recovery;
import solventa.ops.protocol.StepSpec;
import solventa.ops.statistics.ClopperPearson;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

class StepAnalyzerTest {
  static final long T0 = 1_000_000L;

  /** A walk step of arm C at 10 req/s. */
  static StepSpec spec(ProviderState state, int warmup, int measure) {
    return StepInputs.spec(state, 10, warmup, measure);
  }

  static NodeStats stats(List<Long> sacrificedAt, List<BreakerTransition> transitions) {
    return NodeStats.builder()
        .fresh(0)
        .cached(0)
        .stale(0)
        .dflt(0)
        .errors(0)
        .cacheHits(0)
        .cacheMisses(10)
        .providerCalls(10)
        .coalescedWaiters(0)
        .redisErrors(0)
        .sacrificed(sacrificedAt.size())
        .sacrificedAtMs(sacrificedAt)
        .internal(new Latency(5, 60.0, 70.0, 80.0, 90.0))
        .breaker("OPEN")
        .transitions(transitions)
        .inFlight(0)
        .maxInFlight(7)
        .poolSize(32)
        .rejected(3)
        .build();
  }

  @Test
  void theWarmUpSliceIsDiscardedAndSharesSplitByOrigin() {
    List<RequestRecord> rs = new ArrayList<>();
    // warm-up: slow answers that must not count
    for (int i = 0; i < 10; i++) {
      rs.add(new RequestRecord(T0 + i * 100, 5_000, 200, Origin.DEFAULT, 0, "fresh", "c1", ""));
    }
    // window: 8 cached, 1 default, 1 error
    for (int i = 0; i < 8; i++) {
      rs.add(
          new RequestRecord(T0 + 2_000 + i * 100, 65, 200, Origin.CACHED, 1_000, "warm", "c1", ""));
    }
    rs.add(new RequestRecord(T0 + 2_900, 185, 200, Origin.DEFAULT, 0, "fresh", "c1", ""));
    rs.add(new RequestRecord(T0 + 2_950, 700, 504, null, -1, "fresh", "c1", ""));
    StepResult r =
        StepInputs.of(spec(ProviderState.DEGRADED, 2, 1), T0)
            .requests(rs)
            .atEnd(stats(List.of(), List.of()))
            .analyze();
    assertThat(r.requests()).isEqualTo(10);
    assertThat(r.endToEnd().max()).isLessThan(1_000.0);
    assertThat(r.errorPct()).isCloseTo(10.0, within(1e-9));
    assertThat(r.defaultPct()).isCloseTo(10.0, within(1e-9));
    assertThat(r.stalePct()).isZero();
    assertThat(r.coldPath().count()).isEqualTo(1);
    assertThat(r.achievedRate()).isCloseTo(10.0, within(1e-9));
    assertThat(r.rejections()).isEqualTo(3);
    assertThat(r.providerCallsPerMiss()).isEqualTo(1.0);
    // rules version 5: the intervals come from the window's answers, not the warm-up's
    assertThat(r.intervals().errorPct()).isEqualTo(ClopperPearson.of(1, 10));
    assertThat(r.intervals().fallbackPct()).isEqualTo(ClopperPearson.of(1, 10));
    assertThat(r.intervals().p99().high()).isLessThanOrEqualTo(700.0);
    assertThat(r.intervals().p95().contains(r.endToEnd().p95())).isTrue();
  }

  /** Rules version 5: a window without requests has no intervals, each with its reason. */
  @Test
  void aWindowWithoutAnswersHasNoIntervalsAndSaysWhy() {
    StepResult r =
        StepInputs.of(spec(ProviderState.DEGRADED, 2, 1), T0)
            .requests(List.of())
            .atEnd(stats(List.of(), List.of()))
            .analyze();
    assertThat(r.intervals().p95()).isNull();
    assertThat(r.intervals().errorPct()).isNull();
    assertThat(r.missing())
        .containsEntry("p95Interval", "no request was sent in the window")
        .containsEntry("errorPctInterval", "no request was sent in the window");
  }

  @Test
  void sacrificedCountsQuotesAdmittedInTheFixedExposureWindow() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      rs.add(new RequestRecord(T0 + i * 100, 180, 200, Origin.DEFAULT, 0, "known", "c" + i, ""));
    }
    // stamped at admission: before the change, inside [change, change + 30 s), after it
    List<Long> sacrificed =
        List.of(T0 - 500, T0 + 100, T0 + 900, T0 + 1_400, T0 + 29_000, T0 + 31_000);
    var open = new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, T0 + 1_500);
    StepResult r =
        StepInputs.of(spec(ProviderState.UNRESPONSIVE, 0, 40), T0)
            .requests(rs)
            .atEnd(stats(sacrificed, List.of(open)))
            .analyze();
    assertThat(r.sacrificed()).isEqualTo(4);
    assertThat(r.requestsSinceChange()).isEqualTo(300);
    assertThat(r.sacrificedPct()).isCloseTo(100.0 * 4 / 300, within(1e-9));
    assertThat(r.intervals().sacrificedPct()).isEqualTo(ClopperPearson.of(4, 300));
    assertThat(r.timeToOpenMs()).isEqualTo(1_500);
  }

  /** Regression: the share used to depend on how long the step ran after the change. */
  @Test
  void aStepShorterThanTheExposureWindowHasNoSacrificedShare() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rs.add(new RequestRecord(T0 + i * 100, 180, 200, Origin.DEFAULT, 0, "known", "c" + i, ""));
    }
    StepResult r =
        StepInputs.of(spec(ProviderState.UNRESPONSIVE, 0, 10), T0)
            .requests(rs)
            .atEnd(stats(List.of(T0 + 100), List.of()))
            .analyze();
    assertThat(r.sacrificedPct()).isNull();
    assertThat(r.missing().get("sacrificedPct")).contains("before the exposure window W = 30 s");
  }

  /** Regression: a catch-up burst after the window once showed "achieved 112.2" of 100 req/s. */
  @Test
  void theAchievedRateCountsOnlyRequestsSentInsideTheWindow() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rs.add(new RequestRecord(T0 + i * 100, 50, 200, Origin.CACHED, 10, "known", "c1", ""));
    }
    for (int i = 0; i < 30; i++) { // a burst sent after the planned end
      rs.add(new RequestRecord(T0 + 2_000 + i, 50, 200, Origin.CACHED, 10, "known", "c1", ""));
    }
    StepResult r =
        StepInputs.of(spec(ProviderState.HEALTHY, 0, 2), T0)
            .requests(rs)
            .atEnd(stats(List.of(), List.of()))
            .analyze();
    assertThat(r.requests()).isEqualTo(20);
    assertThat(r.achievedRate()).isCloseTo(10.0, within(1e-9));
    assertThat(r.valid()).isTrue();
  }

  @Test
  void theMeasuredHitRateStandsBesideItsTargetAndIsFlaggedWhenOff() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rs.add(
          new RequestRecord(
              T0 + i * 100, 50, 200, i < 90 ? Origin.CACHED : Origin.STALE, 10, "known", "c1", ""));
    }
    StepResult r =
        StepInputs.of(spec(ProviderState.DEGRADED, 0, 10), T0)
            .requests(rs)
            .atEnd(stats(List.of(), List.of()))
            .seededPopulation(73)
            .analyze();
    assertThat(r.hitRatePct()).isCloseTo(90.0, within(1e-9));
    assertThat(r.hitRateTargetPct()).isCloseTo(96.0, within(1e-9));
    assertThat(r.hitRateOff()).isTrue();
    assertThat(r.populationSize()).isEqualTo(73);
  }

  /**
   * The adapter counts bulkhead rejections since the node started and a stats reset leaves them: a
   * step's rejections are the count at its end minus the count at its start, so a stampede after a
   * sweep step does not report the sweep's (issue 28: HD-01.7's "21 rejected" were sweep h50's).
   */
  @Test
  void rejectionsAreTheStepsOwnNotTheAdaptersSinceStart() {
    StepSpec stampede =
        StepSpec.builder()
            .id("stampede-C")
            .kind(solventa.ops.protocol.StepKind.STAMPEDE)
            .run("R1")
            .arm(solventa.ops.protocol.BenchArm.C)
            .state(ProviderState.SLOW)
            .concurrent(50)
            .build();
    NodeStats end = stats(List.of(), List.of()); // the adapter's counter reads 3 at the end
    assertThat(StepInputs.of(stampede, T0).atEnd(end).rejectedAtStart(3).analyze().rejections())
        .isZero();
    assertThat(StepInputs.of(stampede, T0).atEnd(end).rejectedAtStart(1).analyze().rejections())
        .isEqualTo(2);
  }

  @Test
  void aBreakerThatNeverOpensIsMissingWithItsReason() {
    StepResult r =
        StepInputs.of(spec(ProviderState.UNRESPONSIVE, 0, 2), T0)
            .requests(
                List.of(new RequestRecord(T0, 180, 200, Origin.DEFAULT, 0, "fresh", "c1", "")))
            .atEnd(stats(List.of(T0 + 10), List.of()))
            .analyze();
    assertThat(r.timeToOpenMs()).isNull();
    assertThat(r.missing())
        .containsEntry("timeToOpenMs", "the breaker did not open during the step");
    assertThat(r.sacrificed()).isEqualTo(1);
  }

  @Test
  void recoveryIsWhenTheWindowedFallbackShareFallsBelowFivePercentForGood() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      for (int i = 0; i < 20; i++) {
        boolean fallback = s < 3 || (s == 4 && i == 0);
        rs.add(
            new RequestRecord(
                T0 + s * 1_000 + i * 50,
                100,
                200,
                fallback ? Origin.DEFAULT : Origin.CACHED,
                0,
                "x",
                "c1",
                ""));
      }
    }
    var transitions =
        List.of(
            new BreakerTransition(BreakerState.OPEN, BreakerState.HALF_OPEN, T0 + 2_000),
            new BreakerTransition(BreakerState.HALF_OPEN, BreakerState.CLOSED, T0 + 3_500));
    StepResult r =
        StepInputs.of(spec(ProviderState.RECOVERY, 0, 10), T0)
            .requests(rs)
            .atEnd(stats(List.of(), transitions))
            .samples(
                List.of(
                    new Sample(T0 + 500, "OPEN", 0, 0, 2L),
                    new Sample(T0 + 3_600, "CLOSED", 5, 1, 9L),
                    new Sample(T0 + 5_500, "CLOSED", 9, 1, 9L)))
            .analyze();
    // 5-second windows: [3..7] is the first below 5 % (1 of 100) and they stay below
    assertThat(r.recoveryMs()).isEqualTo(8_000);
    assertThat(r.closedAfterMs()).isEqualTo(3_500);
    assertThat(r.timeline()).hasSize(10);
    assertThat(r.timeline().get(0).breaker()).isEqualTo("OPEN");
    assertThat(r.timeline().get(3).breaker()).isEqualTo("CLOSED");
    assertThat(r.timeline().get(3).providerCalls()).isEqualTo(5);
    // the adapter's duplicate count is cumulative: each second gets what it added
    assertThat(r.timeline().get(0).duplicates()).isZero();
    assertThat(r.timeline().get(1).duplicates()).isNull();
    assertThat(r.timeline().get(3).duplicates()).isEqualTo(7);
    assertThat(r.timeline().get(5).duplicates()).isZero();
    assertThat(Recovery.duplicates(r)).isEqualTo(7);
  }
}
