package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.sweep;
import static solventa.ops.report.Judged.judge;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.*;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Interval;

/**
 * HD-01.4's rule (the minimum hit rate) on fixtures, its evidence read in the words the report
 * gives its findings ({@link EvidenceWords}): the rule and its words together.
 */
class MinimumHitRateRuleTest {

  final Hypothesis h = new MinimumHitRate();

  /** C at 99, 96, 90, 50 % with the given p99 and fallback share at each. */
  List<StepResult> sweepOf(double[] p99, double[] fallback) {
    double[] rates = {0.99, 0.96, 0.90, 0.50};
    List<StepResult> out = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      out.add(sweep(BenchArm.C, rates[i]).latency(150, p99[i]).fallback(fallback[i]).build());
      out.add(sweep(BenchArm.B, rates[i]).latency(600, 900).build());
    }
    return out;
  }

  @Test
  void supportedWhenCHoldsDownToNinetySixAndFailsBelowByP99() {
    Judged v = judge(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines()).contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
    // rules version 3: the ceiling is HD-01's clause (b), not part of HD-01.4
    assertThat(v.lines()).noneMatch(l -> l.contains("ceiling"));
  }

  /** C's and B's sweep in {@code run}, C with the given p99 at 99, 96, 90 and 50 %. */
  List<StepResult> sweepIn(String run, double... p99) {
    double[] rates = {0.99, 0.96, 0.90, 0.50};
    List<StepResult> out = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      out.add(sweep(BenchArm.C, rates[i]).run(run).latency(150, p99[i]).build());
      out.add(sweep(BenchArm.B, rates[i]).run(run).latency(600, 900).build());
    }
    return out;
  }

  /** Rules version 12: three runs that each support it support it, one bracket over all. */
  @Test
  void supportedWhenEveryRunsSweepSupportsIt() {
    List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
    all.addAll(sweepIn("R2", 210, 260, 610, 900));
    all.addAll(sweepIn("R3", 190, 240, 620, 900));
    Judged v = judge(h, all);
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(l -> l.startsWith("R2 hit rate 96 % (measured") && l.contains("→ holds"))
        .contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
  }

  /**
   * A point that holds in one run and fails in another is a contradiction: C failing at 96 % in R2
   * refutes, though it held there in R1 and R3.
   */
  @Test
  void refutedWhenOneRunFailsWhereTheOthersHold() {
    List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
    all.addAll(sweepIn("R2", 200, 500, 600, 900));
    all.addAll(sweepIn("R3", 200, 250, 600, 900));
    Judged v = judge(h, all);
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .anyMatch(l -> l.startsWith("C fails at 96.0 % measured (target 96 %), which is ≥ 96 %"))
        // the failing run bounds the minimum from below: the limit must hold in every run
        .contains("minimum hit rate: between 96.0 % (fails) and 99.0 % (holds)");
  }

  /** Held in two runs, too close to call in the third: inconclusive, never supported. */
  @Test
  void inconclusiveWhenOneRunIsTooCloseToCall() {
    List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
    all.add(
        sweep(BenchArm.C, 0.96)
            .run("R2")
            .latency(150, 470)
            .intervals(new Interval(140, 160), new Interval(400, 520))
            .build());
    all.addAll(sweepIn("R3", 200, 250, 600, 900));
    Judged v = judge(h, all);
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(l -> l.contains("too close to call: C at 96.0 % measured") && l.contains("p99"))
        .anyMatch(l -> l.startsWith("R2 hit rate 96 %") && l.endsWith("→ too close to call"));
  }

  /**
   * "Does B already meet?" over every run: yes only when B meets in every run, no when it misses in
   * one, too close to call when a run is too close (and none misses).
   */
  @Test
  void bAlreadyMeetsOnlyWhenItMeetsInEveryRun() {
    StepResult meets = sweep(BenchArm.B, 0.99).latency(150, 300).build();
    StepResult misses = sweep(BenchArm.B, 0.99).latency(150, 700).build();
    StepResult close =
        sweep(BenchArm.B, 0.99)
            .latency(150, 470)
            .intervals(new Interval(140, 160), new Interval(400, 520))
            .build();
    assertThat(MinimumHitRate.alreadyMeets(List.of(meets, meets, meets)))
        .isEqualTo(SweepFacts.Standing.YES);
    assertThat(MinimumHitRate.alreadyMeets(List.of(meets, misses, close)))
        .isEqualTo(SweepFacts.Standing.NO);
    assertThat(MinimumHitRate.alreadyMeets(List.of(meets, close, meets)))
        .isEqualTo(SweepFacts.Standing.TOO_CLOSE);
    List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
    all.addAll(sweepIn("R2", 200, 250, 600, 900));
    assertThat(judge(h, all).lines())
        .contains("hit rate 99 %, every run: B already meets: no (R1 fails, R2 fails)");
  }

  @Test
  void refutedWhenCFailsAtNinetySix() {
    Judged v = judge(h, sweepOf(new double[] {200, 500, 600, 900}, new double[] {1, 4, 9, 40}));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
  }

  /**
   * Latency only (rules version 3): a fallback share above the actuarial ceiling at 96 % and 99 % —
   * the full sample's 30–35 % — no longer makes C fail there; in version 2 it refuted.
   */
  @Test
  void aFallbackShareAboveTheCeilingNoLongerFailsC() {
    Judged v =
        judge(
            h, sweepOf(new double[] {178, 64, 600, 900}, new double[] {30.32, 35.46, 43.31, 85.9}));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(l -> l.startsWith("hit rate 96 % (measured") && l.contains("→ holds"))
        .contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
  }

  /** The full sample's sweep: p99 178–195 ms at every rate, fallback 30–86 %. */
  @Test
  void theFullSamplesSweepHoldsEverywhereSoBelowNinetySixRefutes() {
    Judged v =
        judge(
            h, sweepOf(new double[] {178, 64, 195, 194}, new double[] {30.32, 35.46, 43.31, 85.9}));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains(
            "C still holds at 90.0 % measured (target 90 %), below 96 %",
            "C still holds at 50.0 % measured (target 50 %), below 96 %")
        .contains(
            "minimum hit rate: an open bound, not quantified (C holds at every tested rate, down to 50.0 %)")
        .noneMatch(l -> l.contains("fallback share above"));
  }

  @Test
  void refutedWhenBelowNinetySixCFailsByErrorsWhileP99Holds() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 300, 900}, new double[] {1, 4, 12, 47});
    // errors 3 % of 500: the whole interval above 1 % (rules version 10 judges with it)
    s.set(4, sweep(BenchArm.C, 0.90).latency(150, 300).errors(3.0).fallback(12.0).build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .anyMatch(l -> l.contains("the limit comes from p95 or the errors, not p99"));
  }

  /**
   * Rules version 10: a sweep point is judged by the intervals. C's p99 at 90 % is 470 ms but its
   * interval [400, 700] contains 475 ms: too close to call, so the verdict is inconclusive, and the
   * minimum hit rate's bracket runs from the decided points around it, naming it.
   */
  @Test
  void inconclusiveWhenAPointBelowNinetySixIsTooCloseToCall() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.set(
        4,
        sweep(BenchArm.C, 0.90)
            .latency(150, 470)
            .intervals(new Interval(140, 160), new Interval(400, 700))
            .fallback(9.0)
            .build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.contains("too close to call: C at 90.0 % measured (target 90 %) p99 470 ms")
                    && l.contains("[400, 700] against 475 ms"))
        .anyMatch(l -> l.startsWith("hit rate 90 % (measured") && l.contains("too close to call"))
        .contains("minimum hit rate: between 50.0 % (fails) and 96.0 % (holds)")
        .anyMatch(
            l ->
                l.startsWith("minimum hit rate's ends, each measured rate with its 95 % interval")
                    && l.endsWith("; too close to call at 90.0 % inside it"));
  }

  /** A point ≥ 96 % too close to call neither supports nor refutes. */
  @Test
  void inconclusiveWhenAPointAtNinetySixIsTooCloseToCall() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.set(
        2,
        sweep(BenchArm.C, 0.96)
            .latency(150, 460)
            .intervals(new Interval(140, 160), new Interval(430, 520))
            .fallback(4.0)
            .build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).noneMatch(l -> l.contains("C fails at 96.0 %"));
  }

  /** The same points decided by their intervals: each end of the bracket shows its rate's. */
  @Test
  void theBracketsEndsCarryTheirMeasuredRatesIntervals() {
    Judged v = judge(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.matches(
                    "minimum hit rate's ends, each measured rate with its 95 % interval: 90.0 %"
                        + " \\[\\d+\\.\\d\\d, \\d+\\.\\d\\d\\] \\(fails\\), 96.0 % \\[.*\\]"
                        + " \\(holds\\)"));
  }

  /**
   * "Does B already meet?" by the intervals: yes, no, or too close to call (the [63, 701] case).
   */
  @Test
  void bAlreadyMeetsIsYesNoOrTooCloseByItsIntervals() {
    StepResult yes = sweep(BenchArm.B, 0.99).latency(64, 118).build();
    StepResult no = sweep(BenchArm.B, 0.50).latency(600, 900).build();
    StepResult close =
        sweep(BenchArm.B, 0.99)
            .latency(64, 118)
            .intervals(new Interval(63, 64), new Interval(63, 701))
            .build();
    assertThat(SweepWords.alreadyMeets(yes, Call.meets(yes))).isEqualTo("yes");
    assertThat(SweepWords.alreadyMeets(no, Call.meets(no))).isEqualTo("no");
    assertThat(SweepWords.alreadyMeets(close, Call.meets(close)))
        .isEqualTo("too close to call: B p99 118 ms [63, 701] against 475 ms");
  }

  @Test
  void refutedWhenCStillHoldsBelowNinetySix() {
    Judged v = judge(h, sweepOf(new double[] {200, 250, 300, 900}, new double[] {1, 4, 8, 40}));
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines()).contains("minimum hit rate: between 50.0 % (fails) and 90.0 % (holds)");
  }

  /** C's bisection steps (decision 0022) count as tested rates; B has none at those rates. */
  @Test
  void bisectedPointsNarrowTheLimitAndAreMarked() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.add(sweep(BenchArm.C, 0.93).latency(150, 560).fallback(8.0).bisection().build());
    s.add(sweep(BenchArm.C, 0.94).latency(150, 520).fallback(7.0).bisection().build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.lines())
        .contains(
            "minimum hit rate: between 94.0 % (fails) and 96.0 % (holds), after 2 bisection steps");
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("hit rate 93 % (bisection step)")
                    && l.endsWith("; B not measured (bisection is C only)"));
    assertThat(v.lines()).anyMatch(l -> l.startsWith("hit rate 90 % (measured"));
  }

  @Test
  void refutedWhenABisectedPointBelowNinetySixHolds() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.add(sweep(BenchArm.C, 0.93).latency(150, 300).fallback(6.0).bisection().build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines()).contains("C still holds at 93.0 % measured (target 93 %), below 96 %");
    assertThat(v.lines())
        .contains(
            "minimum hit rate: between 90.0 % (fails) and 93.0 % (holds), after 1 bisection step");
  }

  @Test
  void inconclusiveWhenABisectionStepIsInvalid() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.add(sweep(BenchArm.C, 0.93).latency(150, 600).bisection().invalid().build());
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines()).anyMatch(l -> l.contains("C at hit rate 93 % is invalid"));
  }

  /**
   * Rules version 4: each point is judged at its measured hit rate, the target beside it. C held at
   * target 96 % but measured 95.1 % (valid: within 1.5 points), so it held below 96 %.
   */
  @Test
  void eachRateIsJudgedByItsMeasuredHitRate() {
    List<StepResult> s = new ArrayList<>();
    double[] rates = {0.99, 0.96, 0.90, 0.50};
    double[] measured = {98.8, 95.1, 89.2, 50.3};
    double[] p99 = {180, 190, 600, 900};
    for (int i = 0; i < rates.length; i++) {
      s.add(sweep(BenchArm.C, rates[i]).latency(150, p99[i]).measured(measured[i]).build());
    }
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(v.lines())
        .contains("C still holds at 95.1 % measured (target 96 %), below 96 %")
        .contains("minimum hit rate: between 89.2 % (fails) and 95.1 % (holds)")
        .anyMatch(l -> l.startsWith("hit rate 96 % (measured 95.10 % [93.57, 96.35])"));
  }

  /** A sweep step off its target after its re-run is not usable: inconclusive for that point. */
  @Test
  void aStepOffItsTargetTwiceIsNotUsable() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    StepResult off = sweep(BenchArm.C, 0.90).latency(150, 600).measured(87.4).build();
    List<String> reasons = Sanity.invalidations(off);
    assertThat(reasons).hasSize(1);
    s.set(4, off.withInvalidations(List.of("attempt 2: " + reasons.get(0)), false, 2));
    Judged v = judge(h, s);
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.lines())
        .anyMatch(
            l ->
                l.startsWith("INCONCLUSIVE: C at hit rate 90 % is invalid")
                    && l.contains("measured 87.4 % CACHED against the target 90 %")
                    && l.endsWith("not usable for the minimum hit rate"))
        .contains("minimum hit rate: between 50.0 % (fails) and 96.0 % (holds)");
  }

  /** B's bracket beside C's (the card's intermediate result: where B "already meets"). */
  @Test
  void bsBracketIsShownAndAnOpenOneSaysSo() {
    Judged v = judge(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
    assertThat(v.lines())
        .contains(
            "B's minimum hit rate: an open bound, not quantified (B fails at every tested rate,"
                + " up to 99.0 %)");
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.set(1, sweep(BenchArm.B, 0.99).latency(150, 400).build());
    assertThat(judge(h, s).lines())
        .contains("B's minimum hit rate: between 96.0 % (fails) and 99.0 % (holds)");
  }

  @Test
  void inconclusiveWhenASweepStepIsInvalid() {
    List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
    s.set(4, sweep(BenchArm.C, 0.90).latency(150, 600).invalid().build());
    assertThat(judge(h, s).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
  }
}
