package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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

  @Test
  void aWideBracketIsHalvedInWholePoints() {
    assertThat(HitRateBisection.next(points(96, true, 90, true, 50, false), 2, 3, 0).hitRate())
        .isEqualTo(0.70);
    assertThat(HitRateBisection.next(points(96, true, 93, false), 2, 3, 1).hitRate())
        .isEqualTo(0.94);
  }

  @Test
  void stopsWhenCHoldsEverywhere() {
    var next = HitRateBisection.next(points(99, true, 96, true, 90, true, 50, true), 2, 3, 0);
    assertThat(next.hitRate()).isNull();
    assertThat(next.reason()).contains("C holds at every measured rate, down to 50.0 %");
  }

  @Test
  void stopsWhenCFailsEverywhere() {
    var next = HitRateBisection.next(points(99, false, 96, false, 90, false), 2, 3, 0);
    assertThat(next.hitRate()).isNull();
    assertThat(next.reason()).contains("C fails at every measured rate, from 99.0 %");
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
