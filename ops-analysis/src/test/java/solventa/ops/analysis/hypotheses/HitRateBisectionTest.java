package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;

/** The next rate of HD-01.4's bisection (decision 0022), over judged points and step results. */
class HitRateBisectionTest {

  /** Judged points, highest first: rate in points → holds. */
  private static List<SweepPoint> points(Object... rateAndHolds) {
    List<SweepPoint> out = new ArrayList<>();
    for (int i = 0; i < rateAndHolds.length; i += 2) {
      boolean holds = (Boolean) rateAndHolds[i + 1];
      out.add(new SweepPoint((Integer) rateAndHolds[i] / 100.0, null, holds));
    }
    return out;
  }

  @Test
  void bisectsTheBracketBetweenTheHighestFailingAndTheLowestHoldingRate() {
    var next = HitRateBisection.next(points(99, true, 96, true, 90, false, 50, false), 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.93);
    assertThat(next.reason()).contains("bracket 90.0 % (fails) – 96.0 % (holds)");
  }

  /**
   * Rules version 10: a point too close to call bounds nothing, so the bracket runs from the
   * decided points around it (90 % too close: 50 % fails, 96 % holds).
   */
  @Test
  void aPointTooCloseToCallIsNoEndOfTheBracket() {
    List<SweepPoint> p = points(99, true, 96, true, 50, false);
    p.add(2, new SweepPoint(0.90, 0.90, null, Call.TOO_CLOSE));
    var next = HitRateBisection.next(p, 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.73);
    assertThat(next.reason()).contains("bracket 50.0 % (fails) – 96.0 % (holds)");
  }

  @Test
  void aWideBracketIsHalvedInWholePoints() {
    assertThat(HitRateBisection.next(points(96, true, 90, true, 50, false), 2, 3, 0).hitRate())
        .isEqualTo(0.70);
    assertThat(HitRateBisection.next(points(96, true, 93, false), 2, 3, 1).hitRate())
        .isEqualTo(0.94);
  }

  /** Past the sweep's lower end (issue 28): C holds everywhere, so the sweep goes down to 0 %. */
  @Test
  void extendsToZeroWhenCHoldsEverywhere() {
    var next = HitRateBisection.next(points(99, true, 96, true, 90, true, 50, true), 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.0);
    assertThat(next.reason())
        .contains("C holds at every measured rate, down to 50.0 %")
        .contains("extending the sweep to 0 %");
    var even = HitRateBisection.next(points(96, true, 50, true, 0, true), 2, 3, 1);
    assertThat(even.hitRate()).isNull();
    assertThat(even.reason()).contains("it holds even at 0 %");
    var bound = HitRateBisection.next(points(96, true, 50, true), 2, 3, 3);
    assertThat(bound.hitRate()).isNull();
    assertThat(bound.reason()).contains("bound of 3");
  }

  /** A failure at 0 % closes the bracket the bisection then narrows. */
  @Test
  void aFailureAtZeroIsBisectedTowards() {
    var next = HitRateBisection.next(points(96, true, 50, true, 0, false), 2, 3, 1);
    assertThat(next.hitRate()).isEqualTo(0.25);
  }

  /** Past the upper end: up to the highest target a key set can build, 1 − the never-seen share. */
  @Test
  void extendsUpwardsWhenCFailsEverywhere() {
    var next = HitRateBisection.next(points(99, false, 96, false, 90, false), 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.995);
    assertThat(next.reason())
        .contains("C fails at every measured rate, up to 99.0 %")
        .contains("extending the sweep up to 99.5 %");
    List<SweepPoint> top = new ArrayList<>(points(99, false, 96, false));
    top.add(0, new SweepPoint(0.995, null, false));
    var stop = HitRateBisection.next(top, 2, 3, 1);
    assertThat(stop.hitRate()).isNull();
    assertThat(stop.reason()).contains("no higher target can be built");
  }

  /** The bracket's ends are measured rates; its midpoint a whole-point target not yet measured. */
  @Test
  void bisectsBetweenMeasuredRatesAndNeverRepeatsATarget() {
    List<SweepPoint> p = new ArrayList<>();
    p.add(new SweepPoint(0.957, 0.96, null, true));
    p.add(new SweepPoint(0.889, 0.90, null, false));
    var next = HitRateBisection.next(p, 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.92);
    assertThat(next.reason()).contains("bracket 88.9 % (fails) – 95.7 % (holds)");
    p.add(1, new SweepPoint(0.934, 0.92, null, true)); // target 92 measured 93.4 (valid)
    assertThat(HitRateBisection.next(p, 2, 3, 1).hitRate()).isEqualTo(0.91);
    List<SweepPoint> repeat = new ArrayList<>();
    repeat.add(new SweepPoint(0.950, 0.96, null, true));
    repeat.add(new SweepPoint(0.933, 0.92, null, false)); // 92 measured 93.3 fails
    repeat.add(new SweepPoint(0.889, 0.90, null, false));
    var again = HitRateBisection.next(repeat, 1, 3, 1);
    assertThat(again.hitRate()).as("93–95: midpoint 94").isEqualTo(0.94);
  }

  @Test
  void stopsWhenTheBracketIsWithinTheResolution() {
    var next = HitRateBisection.next(points(96, true, 94, false, 90, false), 2, 3, 1);
    assertThat(next.hitRate()).isNull();
    assertThat(next.reason())
        .contains("bracket 94.0 % (fails) – 96.0 % (holds) is within 2 points");
  }

  @Test
  void stopsWhenTheBoundIsReached() {
    var next = HitRateBisection.next(points(96, true, 90, true, 80, false), 2, 3, 3);
    assertThat(next.hitRate()).isNull();
    assertThat(next.reason()).contains("80.0 % (fails) – 90.0 % (holds)").contains("bound of 3");
  }

  @Test
  void nonMonotoneResultsBisectTheTopBracketAndSaySo() {
    var next = HitRateBisection.next(points(99, true, 96, false, 90, true, 50, false), 2, 3, 0);
    assertThat(next.hitRate()).isEqualTo(0.97);
    assertThat(next.reason()).contains("96.0 % (fails) – 99.0 % (holds)").contains("not monotone");
  }

  @Test
  void stopsAtOnceWithoutBisectionSteps() {
    var steps = List.of(sweep(0.96, 200), sweep(0.90, 600));
    var next = HitRateBisection.next(steps, 2, 0);
    assertThat(next.hitRate()).isNull();
    assertThat(next.reason()).contains("no bisection steps");
  }

  /**
   * The steps are judged by the verdict's rule, the thresholds only (rules version 3): a fallback
   * share above the actuarial ceiling does not make a rate fail.
   */
  @Test
  void judgesStepResultsByTheVerdictsRuleAndCountsTheirBisectionSteps() {
    List<StepResult> steps = new ArrayList<>();
    steps.add(Fixture.sweep(BenchArm.C, 0.90).latency(150, 600).fallback(43.3).build());
    steps.add(Fixture.sweep(BenchArm.C, 0.96).latency(150, 200).fallback(35.5).build());
    var next = HitRateBisection.next(steps, 2, 3);
    assertThat(next.hitRate()).as("35.5 %% fallback at 96 %% still holds").isEqualTo(0.93);
    steps.add(Fixture.sweep(BenchArm.C, 0.93).latency(150, 200).bisection().build());
    steps.add(Fixture.sweep(BenchArm.C, 0.91).latency(150, 600).bisection().build());
    steps.add(Fixture.sweep(BenchArm.C, 0.92).latency(150, 600).bisection().build());
    var after = HitRateBisection.next(steps, 0, 3);
    assertThat(after.hitRate()).isNull();
    assertThat(after.reason()).contains("92.0 % (fails) – 93.0 % (holds)");
  }

  @Test
  void stopsWhenAPointIsUnusableAndSaysWhy() {
    var invalid =
        HitRateBisection.next(
            List.of(
                sweep(0.96, 200),
                Fixture.sweep(BenchArm.C, 0.90).latency(150, 600).invalid().build()),
            2,
            3);
    assertThat(invalid.hitRate()).isNull();
    assertThat(invalid.reason()).startsWith("stopped: C at hit rate 90 % is invalid");
    // latency only: a step without a fallback share can still be judged
    var noFallback =
        HitRateBisection.next(
            List.of(
                sweep(0.96, 200),
                Fixture.sweep(BenchArm.C, 0.90).latency(150, 600).fallback(null).build()),
            2,
            3);
    assertThat(noFallback.hitRate()).isEqualTo(0.93);
  }

  private static StepResult sweep(double h, double p99) {
    return Fixture.sweep(BenchArm.C, h).latency(150, p99).build();
  }
}
