package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.step;
import static solventa.ops.report.Judged.judge;
import static solventa.ops.report.Judged.of;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.hypotheses.*;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * HD-01.8's rule (recovery within 60 s, no stampede) on fixtures, its evidence read in the words
 * the report gives its findings ({@link EvidenceWords}): the rule and its words together.
 */
class RecoveryRuleTest {

  final Hypothesis h = new Recovery();

  /**
   * 40 s of recovery, the provider healthy again from second 30 (the full profile's window):
   * fallback {@code before} % until second 8, then 1 %; every second {@code calls} provider calls
   * and {@code customers} distinct customers, 3 calls in flight; {@code duplicates} duplicate calls
   * over the step, all counted in second 35 (null: not recorded, results before version 7).
   */
  Fixture recovery(BenchArm arm, double before, long calls, long customers, Long duplicates) {
    List<TimelinePoint> t = new ArrayList<>();
    for (int s = 0; s < 40; s++) {
      t.add(
          TimelinePoint.builder()
              .second(s)
              .requests(100)
              .p95(100.0)
              .p99(150.0)
              .fallbackShare(s < 8 ? before : 1.0)
              .breaker(s < 8 ? "OPEN" : "CLOSED")
              .providerCalls(calls)
              .inFlight(3)
              .customers((int) customers)
              .nodeP99(40.0)
              .needing(5)
              .duplicates(duplicates == null ? null : s == 35 ? duplicates : 0L)
              .build());
    }
    Fixture f = step(arm, ProviderState.RECOVERY);
    f.timeline = t;
    f.stepMs = 40_000;
    f.closedAfterMs = 8_000L;
    f.recoveryMs = 13_000L;
    return f;
  }

  /** C's adapter was asked 40 duplicate calls (the full profile's journeys can give hundreds). */
  Fixture c() {
    return recovery(BenchArm.C, 40, 8, 60, 40L);
  }

  Fixture cPrime() {
    return recovery(BenchArm.C_PRIME, 40, 8, 60, 0L);
  }

  @Test
  void supportedWhenBothRecoverCStampedesAndCPrimeDoesNot() {
    Judged v = judge(h, of(c(), cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .contains(
            "C R1 recovery, from 30 s after the change (the provider healthy again, 10 s): 40"
                + " duplicate call(s), at most 3 in flight of pool 32 (the step's peak 5, 0"
                + " rejected in the step) (C, shown beside C') → the control is met: the load"
                + " made C ask duplicate calls once the provider was healthy")
        .anyMatch(
            l ->
                l.startsWith("C' R1 recovery, from 30 s after the change")
                    && l.endsWith(
                        ", no duplicate call over the step → no stampede (C made 40 after the"
                            + " provider was healthy)"));
  }

  /** The control's least count is met at exactly 20 duplicate calls in C. */
  @Test
  void theControlIsMetAtTwentyDuplicateCalls() {
    Judged v = judge(h, of(recovery(BenchArm.C, 40, 8, 60, 20L), cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
  }

  /** The control: without C's duplicate calls once healthy, C''s lack of them shows nothing. */
  @Test
  void inconclusiveWhenTheRecoveryLoadMadeCNotStampede() {
    Judged v = judge(h, of(recovery(BenchArm.C, 40, 8, 60, 19L), cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("INCONCLUSIVE: C' R1 recovery")
                    && l.contains("19 duplicate calls in C, fewer than 20")
                    && l.endsWith("C''s lack of a stampede shows nothing"))
        .anyMatch(l -> l.endsWith("fewer than 20 duplicate calls: the control is not met"));
  }

  /** C's duplicate calls while the provider is still degraded do not meet the control. */
  @Test
  void theControlCountsOnlyTheSecondsAfterTheProviderIsHealthy() {
    Fixture c = c();
    c.timeline =
        c.timeline.stream()
            .map(
                p ->
                    with(
                        p,
                        p.inFlight(),
                        p.second() == 12 ? 40L : p.second() == 35 ? 0L : p.duplicates()))
            .toList();
    Judged v = judge(h, of(c, cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Recovery.duplicates(c.build())).isEqualTo(40L);
  }

  /** Results recorded before version 7 have no duplicate count: C' cannot be judged on it. */
  @Test
  void inconclusiveWithoutTheDuplicateCount() {
    Judged v =
        judge(
            h,
            of(recovery(BenchArm.C, 40, 8, 60, null), recovery(BenchArm.C_PRIME, 40, 8, 60, null)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).anyMatch(l -> l.contains("not recorded: results before rules"));
    assertThat(Recovery.duplicates(recovery(BenchArm.C, 40, 8, 60, null).build())).isNull();
  }

  /** Summed over the whole step, whatever the breaker did; a second without a reading adds 0. */
  @Test
  void theDuplicatesAreSummedOverTheStep() {
    assertThat(Recovery.duplicates(c().build())).isEqualTo(40L);
    Fixture gaps = c();
    List<TimelinePoint> t = new ArrayList<>(gaps.timeline);
    TimelinePoint s3 = t.get(3);
    t.set(
        3,
        TimelinePoint.builder()
            .second(3)
            .requests(100)
            .p95(100.0)
            .p99(150.0)
            .fallbackShare(40.0)
            .breaker("OPEN")
            .customers(60)
            .nodeP99(40.0)
            .needing(5)
            .build());
    t.set(4, with(t.get(4), t.get(4).inFlight(), 7L));
    gaps.timeline = t;
    assertThat(s3.duplicates()).isZero();
    assertThat(Recovery.duplicates(gaps.build())).isEqualTo(47L);
  }

  /** {@code p} with another in-flight reading and duplicate count. */
  private TimelinePoint with(TimelinePoint p, Integer inFlight, Long duplicates) {
    return TimelinePoint.builder()
        .second(p.second())
        .requests(p.requests())
        .p95(p.p95())
        .p99(p.p99())
        .fallbackShare(p.fallbackShare())
        .breaker(p.breaker())
        .providerCalls(p.providerCalls())
        .inFlight(inFlight)
        .customers(p.customers())
        .nodeP99(p.nodeP99())
        .stalePct(p.stalePct())
        .defaultPct(p.defaultPct())
        .ageP50Ms(p.ageP50Ms())
        .ageP95Ms(p.ageP95Ms())
        .needing(p.needing())
        .duplicates(duplicates)
        .build();
  }

  /** One call asked for a customer whose earlier call is pending: C' did not coalesce. */
  @Test
  void refutedWhenCPrimeMakesADuplicateCall() {
    Judged v = judge(h, of(c(), recovery(BenchArm.C_PRIME, 40, 8, 60, 1L)));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains(
            "C' R1 recovery: 1 duplicate provider call(s) over the step (asked for a customer"
                + " whose earlier call was still pending) → C' did not coalesce");
  }

  /** Duplicate calls with the pool full once the provider is healthy: a stampede. */
  @Test
  void refutedWhenCPrimesDuplicateCallsFillThePoolOnceHealthy() {
    Fixture full = recovery(BenchArm.C_PRIME, 40, 8, 60, 2L);
    full.timeline =
        full.timeline.stream()
            .map(p -> with(p, p.second() == 36 ? 32 : p.inFlight(), p.duplicates()))
            .toList();
    full.poolMaxInFlight = 32;
    Judged v = judge(h, of(c(), full));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("C' R1 recovery, from 30 s after the change")
                    && l.contains("2 duplicate call(s), at most 32 in flight of pool 32")
                    && l.endsWith("→ stampede (duplicate calls with the pool full)"));
  }

  /**
   * The full sample's case: C' made no duplicate call, but while the provider was still degraded
   * the backlog of distinct expired customers filled the pool: a finding, not a stampede; the
   * pool's peak is the step's own maximum.
   */
  @Test
  void aBacklogBeforeTheProviderIsHealthyIsAFindingNotAStampede() {
    Fixture full = cPrime();
    full.timeline =
        full.timeline.stream()
            .map(p -> with(p, p.second() == 9 ? 32 : p.inFlight(), p.duplicates()))
            .toList();
    full.poolMaxInFlight = 32;
    Judged v = judge(h, of(c(), full));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith(
                        "recovery backlog (a finding, not a stampede): C' R1 recovery: the pool"
                            + " was full (32 of 32 in flight) in second 9, while the provider was"
                            + " still degraded; cause: no transition of the breaker")
                    && !l.contains("INCONCLUSIVE"))
        .anyMatch(
            l ->
                l.startsWith("C' R1 recovery, from 30 s after the change")
                    && l.contains("at most 3 in flight of pool 32 (the step's peak 32"));
  }

  @Test
  void refutedWhenTheShareHasNotFallenAfterSixtySeconds() {
    Fixture c = c();
    c.recoveryMs = null;
    c.stepMs = 75_000;
    Judged v = judge(h, of(c, cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
  }

  /** Read at the end of second 13: the share fell within [12 000, 13 000] ms of the change. */
  @Test
  void theRecoveryTimeCarriesTheSecondItWasReadIn() {
    Judged v = judge(h, of(c(), cPrime()));
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith(
                        "C R1 recovery: peak fallback 40.0 % before the breaker closed, breaker"
                            + " closed after 8000 ms, fallback < 5 % after 13000 ms [12000, 13000]")
                    && l.endsWith("→ recovered within 60 s"));
  }

  /** At exactly 60 s the whole interval [59 000, 60 000] is within the bound. */
  @Test
  void supportedWhenTheRecoveryTimesWholeIntervalIsWithinSixtySeconds() {
    Fixture c = c();
    c.recoveryMs = 60_000L;
    c.stepMs = 75_000;
    assertThat(judge(h, of(c, cPrime())).verdict()).isEqualTo(Verdict.SUPPORTED);
  }

  /** Read at 60.5 s: the fall happened in [59 500, 60 500] ms, which contains 60 s. */
  @Test
  void inconclusiveWhenTheRecoveryTimesIntervalContainsSixtySeconds() {
    Fixture c = c();
    c.recoveryMs = 60_500L;
    c.stepMs = 75_000;
    Judged v = judge(h, of(c, cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.endsWith(
                    "→ too close to call: C R1 recovery fallback < 5 % after 60500 ms [59500,"
                        + " 60500] against 60 s"));
  }

  /** Read at 61.5 s: the whole interval [60 500, 61 500] lies after the bound. */
  @Test
  void refutedWhenTheRecoveryTimesWholeIntervalIsAfterSixtySeconds() {
    Fixture c = c();
    c.recoveryMs = 61_500L;
    c.stepMs = 75_000;
    Judged v = judge(h, of(c, cPrime()));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines()).anyMatch(l -> l.endsWith("→ did not recover within 60 s"));
  }

  /** The close is a breaker transition, stamped to the ms: 60 001 ms is late, with no interval. */
  @Test
  void theCloseTimeIsComparedExactly() {
    Fixture late = c();
    late.closedAfterMs = 60_001L;
    late.stepMs = 75_000;
    assertThat(judge(h, of(late, cPrime())).verdict()).isEqualTo(Verdict.REFUTED);
    Fixture onTime = c();
    onTime.closedAfterMs = 60_000L;
    onTime.stepMs = 75_000;
    assertThat(judge(h, of(onTime, cPrime())).verdict()).isEqualTo(Verdict.SUPPORTED);
  }

  @Test
  void inconclusiveWhenTheShareWasNeverAboveFivePercent() {
    Judged v =
        judge(h, of(recovery(BenchArm.C, 4, 8, 60, 40L), recovery(BenchArm.C_PRIME, 4, 8, 60, 0L)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).anyMatch(l -> l.contains("nothing to recover from"));
  }

  @Test
  void inconclusiveWhenAShortStepHasNotRecoveredYet() {
    Fixture c = c();
    c.recoveryMs = null;
    assertThat(judge(h, of(c, cPrime())).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }
}
