package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.OutageCurve;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.vocabulary.ProviderState;

/**
 * The fallback share through the outage (clause (b), rules version 15) and the thresholds the
 * answer depends on, on steps whose answers from the change follow the aging model: the lab's T =
 * 600 s of full, 2 000 answers a second, so the first hour of a daily source is 25 s of a step.
 */
class ThresholdsTest {
  static final ExperimentProfile FULL = ExperimentProfile.named("full");
  static final int T = FULL.refreshAfterSec();

  /** C's unresponsive step of {@code run} aging from {@code h} (%), {@code offset} points off. */
  static StepResult outage(String run, double h, StepKind kind, double offset) {
    Fixture f =
        Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE)
            .run(run)
            .window(FULL.warmupSec(), FULL.measureSec())
            .curve(h / 100, T, 2_000, offset);
    f.kind = kind;
    return f.id(run + "-" + kind + "-h" + h).build();
  }

  @Test
  void theShareThroughTheOutageIsCountedOverExactlyItsSpan() {
    StepResult s = outage("R1", 96, StepKind.WALK, 0);
    OutageShare o = OutageShare.of(s, null, T, Actuarial.DECLARED);
    assertThat(o.labSpanMs()).isEqualTo(25_000);
    assertThat(o.span().answers()).isEqualTo(50_000);
    // the model's mean over [0, 25 s) of T = 600 s: 1 − 0.96·(1 − 25/1200) = 6.0 %
    assertThat(o.modelPct()).isCloseTo(6.0, within(1e-9));
    assertThat(o.pct()).isCloseTo(6.0, within(0.05));
    assertThat(o.hSeeded()).isTrue();
    assertThat(o.excess().contains(0)).isTrue();
    // a fractional span counts its last tenth of a second in proportion: 2.5 s of T = 60 s
    OutageShare short60 = OutageShare.of(s, null, 60, Actuarial.DECLARED);
    assertThat(short60.labSpanMs()).isEqualTo(2_500);
    assertThat(short60.span().answers()).isEqualTo(5_000);
    OutageCurve.Span third = s.outage().through(2_530);
    assertThat(third.answers()).isEqualTo(5_000 + 60);
  }

  @Test
  void clauseBPoolsTheRunsAndComparesTheIntervalWithTheCeiling() {
    List<StepResult> steps = new ArrayList<>();
    for (String run : List.of("R1", "R2", "R3")) {
      steps.add(outage(run, 96, StepKind.WALK, 0));
    }
    ClauseB b =
        ClauseB.judge(
            new StepResults(steps), BenchArm.C, ProviderState.UNRESPONSIVE, T, Actuarial.DECLARED);
    assertThat(b.outcome()).isEqualTo(ClauseB.Outcome.HOLDS);
    assertThat(b.pooled().answers()).isEqualTo(150_000);
    assertThat(ClauseB.compare(1_650, 15_000, 10)).isEqualTo(ClauseB.Outcome.REFUTES);
    assertThat(ClauseB.compare(1_500, 15_000, 10)).isEqualTo(ClauseB.Outcome.TOO_CLOSE);
    assertThat(ClauseB.compare(1_350, 15_000, 10)).isEqualTo(ClauseB.Outcome.HOLDS);
    // a curve 5 points above the model: the distance is measured, with its interval
    ClauseB off =
        ClauseB.judge(
            new StepResults(List.of(outage("R1", 96, StepKind.WALK, 5))),
            BenchArm.C,
            ProviderState.UNRESPONSIVE,
            T,
            Actuarial.DECLARED);
    assertThat(off.excessPts()).isCloseTo(5, within(0.1));
    assertThat(off.excess().low()).isGreaterThan(4.5);
  }

  @Test
  void aStepShorterThanTheOutageOrWithoutItsCurveCannotDecide() {
    StepResults r = new StepResults(List.of(outage("R1", 96, StepKind.WALK, 0)));
    ClauseB longer =
        ClauseB.judge(
            r,
            BenchArm.C,
            ProviderState.UNRESPONSIVE,
            T,
            new Actuarial(86_400, 7_200, 10, 172_800));
    assertThat(longer.why()).isEqualTo(ClauseB.Why.SHORTER_THAN_D);
    StepResult old =
        Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE).latency(63, 65).fallback(5.0).build();
    ClauseB none =
        ClauseB.judge(
            new StepResults(List.of(old)),
            BenchArm.C,
            ProviderState.UNRESPONSIVE,
            T,
            Actuarial.DECLARED);
    assertThat(none.why()).isEqualTo(ClauseB.Why.NO_CURVE);
  }

  /**
   * h_min over three seeded hit rates: the share through D falls 0.979 points per point of h, so
   * the line crosses 10 % at (1 − c)/(1 − D/(2 T_source)) = 91.9 %, inside the levels measured.
   */
  @Test
  void theMinimumHitRateIsTheLineThroughTheLevelsAtTheCeiling() {
    List<StepResult> steps =
        List.of(
            outage("R1", 96, StepKind.WALK, 0),
            outage("R1", 90, StepKind.OUTAGE, 0),
            outage("R1", 98, StepKind.OUTAGE, 0));
    Thresholds t =
        Thresholds.of(
            new StepResults(steps),
            BenchArm.C,
            List.of(ProviderState.UNRESPONSIVE),
            T,
            Actuarial.DECLARED);
    Thresholds.HMin h = t.hMin();
    assertThat(h.levels()).hasSize(3);
    assertThat(h.pct()).isCloseTo(91.9, within(0.1));
    assertThat(h.low()).isLessThan(h.pct());
    assertThat(h.high()).isGreaterThan(h.pct());
    assertThat(h.extrapolated()).isFalse();
    assertThat(h.modelPct()).isCloseTo(91.9, within(0.05));
    // a longer outage asks for a higher hit rate, as the model says (1 h 12 min: 92.1 %)
    Thresholds longer =
        Thresholds.of(
            new StepResults(steps),
            BenchArm.C,
            List.of(ProviderState.UNRESPONSIVE),
            T,
            new Actuarial(86_400, 4_300, 10, 172_800));
    assertThat(longer.hMin().pct()).isGreaterThan(h.pct());
    assertThat(longer.hMin().modelPct()).isGreaterThan(h.modelPct());
  }

  @Test
  void withOneLevelTheMinimumIsNotMeasured() {
    Thresholds t = atTheWalksLevelOnly();
    assertThat(t.hMin().pct()).isNull();
    assertThat(t.hMin().why()).isEqualTo(Thresholds.Why.TOO_FEW_LEVELS);
  }

  /**
   * D* at the seeded hit rate: the share rises h/T a second, so its mean over D reaches 10 % at D =
   * 2 T_source·(1 − (1 − c)/h) = 10 800 s of a daily source, beyond the 30 s (4 320 s) measured:
   * extrapolated along the line.
   */
  @Test
  void theLongestOutageIsTheLineOfTheShareOverTheOutageAtTheCeiling() {
    Thresholds t = atTheWalksLevelOnly();
    Thresholds.DStar d = t.dStar().get(0);
    assertThat(d.modelSec()).isCloseTo(10_800, within(1.0));
    assertThat(d.sec()).isCloseTo(10_800, within(300.0));
    assertThat(d.extrapolated()).isTrue();
    assertThat(d.measuredSec()).isCloseTo(4_320, within(1.0));
    assertThat(d.low()).isLessThan(d.sec());
  }

  /** C's thresholds from its unresponsive walk step alone, at the seeded 96 %. */
  private static Thresholds atTheWalksLevelOnly() {
    return Thresholds.of(
        new StepResults(List.of(outage("R1", 96, StepKind.WALK, 0))),
        BenchArm.C,
        List.of(ProviderState.UNRESPONSIVE),
        T,
        Actuarial.DECLARED);
  }
}
