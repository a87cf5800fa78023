package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.eval;
import static solventa.ops.analysis.Fixture.policy;
import static solventa.ops.analysis.Fixture.step;
import static solventa.ops.analysis.Fixture.sweep;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/** Every hypothesis, fed fixtures that produce each verdict it can give (docs/verdict-rules.md). */
class HypothesesTest {

  static List<StepResult> of(Fixture... fs) {
    List<StepResult> out = new ArrayList<>();
    for (Fixture f : fs) {
      out.add(f.build());
    }
    return out;
  }

  @Nested
  class Hd011 {
    final Hypothesis h = new HealthyAllArms();

    @Test
    void supportedWhenEveryArmMeetsP95() {
      Verdict v =
          eval(
              h,
              of(
                  step(BenchArm.A, ProviderState.HEALTHY),
                  step(BenchArm.B, ProviderState.HEALTHY),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence()).anyMatch(l -> l.startsWith("A R1 healthy: p95 150 ms"));
    }

    @Test
    void refutedWhenOneArmMissesEvenIfAnotherIsMissing() {
      Verdict v =
          eval(
              h,
              of(
                  step(BenchArm.A, ProviderState.HEALTHY).errors(5),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    }

    @Test
    void inconclusiveWhenAStepIsInvalidOrMissing() {
      Verdict v =
          eval(
              h,
              of(
                  step(BenchArm.A, ProviderState.HEALTHY),
                  step(BenchArm.B, ProviderState.HEALTHY).invalid(),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("B R1 healthy is invalid"));
    }

    /** A's healthy p95 at the quick samples' 220–221 ms, its interval across 225 ms (version 5). */
    Fixture armANearTheThreshold() {
      return step(BenchArm.A, ProviderState.HEALTHY)
          .answers(500)
          .latency(221, 300)
          .intervals(new Interval(218, 227), new Interval(260, 340));
    }

    @Test
    void inconclusiveWhenAP95IsTooCloseToCall() {
      Verdict v =
          eval(
              h,
              of(
                  armANearTheThreshold(),
                  step(BenchArm.B, ProviderState.HEALTHY),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .contains(
              "INCONCLUSIVE: A R1 healthy: p95 221 ms [218, 227], p99 300 ms [260, 340], errors"
                  + " 0.00 % [0.00, 0.74], fallback 3.00 % [1.69, 4.90] (n=500) → too close to"
                  + " call: A R1 healthy p95 221 ms [218, 227] against 225 ms");
    }

    @Test
    void aClearMissElsewhereStillRefutesBesideATooCloseStep() {
      Verdict v =
          eval(
              h,
              of(
                  armANearTheThreshold(),
                  step(BenchArm.B, ProviderState.HEALTHY)
                      .latency(240, 300)
                      .intervals(new Interval(232, 249), new Interval(280, 320)),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    }

    /** The same point value, its whole interval within 225 ms: it meets. */
    @Test
    void supportedWhenTheWholeIntervalIsWithinTheThreshold() {
      Verdict v =
          eval(
              h,
              of(
                  armANearTheThreshold().intervals(new Interval(217, 224), new Interval(260, 340)),
                  step(BenchArm.B, ProviderState.HEALTHY),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(
              l -> l.startsWith("A R1 healthy: p95 221 ms [217, 224]") && l.contains("→ meets"));
    }

    /** One error in 500 answers is 0.2 %, but its interval [0.01, 1.11] reaches past 1 %. */
    @Test
    void anErrorShareWhoseIntervalCrossesOnePercentIsTooCloseToCall() {
      Verdict v =
          eval(
              h,
              of(
                  step(BenchArm.A, ProviderState.HEALTHY).answers(500).errors(0.2),
                  step(BenchArm.B, ProviderState.HEALTHY),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.endsWith(
                      "too close to call: A R1 healthy errors 0.20 % [0.01, 1.11] against 1 %"));
    }

    @Test
    void inconclusiveWithTheReasonWhenAStepHasNoIntervals() {
      Verdict v =
          eval(
              h,
              of(
                  step(BenchArm.A, ProviderState.HEALTHY).withoutIntervals(),
                  step(BenchArm.B, ProviderState.HEALTHY),
                  step(BenchArm.C, ProviderState.HEALTHY)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.contains(
                      "A R1 healthy p95 150 ms [no interval]: " + StepIntervals.BEFORE_VERSION_5));
    }
  }

  @Nested
  class Hd012 {
    final Hypothesis h = new DegradedOnlyC();

    List<StepResult> degraded(double bP99, double cP99) {
      return of(
          step(BenchArm.A, ProviderState.DEGRADED).latency(700, 710).errors(50),
          step(BenchArm.B, ProviderState.DEGRADED).latency(150, bP99),
          step(BenchArm.C, ProviderState.DEGRADED).latency(150, cP99));
    }

    @Test
    void supportedWhenOnlyCMeets() {
      assertThat(eval(h, degraded(900, 300)).verdict()).isEqualTo(Verdict.SUPPORTED);
    }

    @Test
    void refutedWhenBMeetsToo() {
      assertThat(eval(h, degraded(300, 300)).verdict()).isEqualTo(Verdict.REFUTED);
    }

    @Test
    void refutedWhenCMisses() {
      assertThat(eval(h, degraded(900, 600)).verdict()).isEqualTo(Verdict.REFUTED);
    }

    @Test
    void inconclusiveWhenAStepIsMissing() {
      List<StepResult> s = degraded(900, 300);
      s.remove(0);
      assertThat(eval(h, s).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    /** Rules version 5: C's p99 interval across 475 ms neither meets nor misses. */
    @Test
    void inconclusiveWhenCIsTooCloseToCall() {
      List<StepResult> s = degraded(900, 300);
      s.set(
          2,
          step(BenchArm.C, ProviderState.DEGRADED)
              .latency(150, 470)
              .intervals(new Interval(140, 160), new Interval(455, 490))
              .build());
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.endsWith(
                      "too close to call: C R1 degraded p99 470 ms [455, 490] against 475 ms"));
    }

    /** B too close to call beside C clearly missing: the clear miss refutes. */
    @Test
    void refutedWhenCClearlyMissesBesideATooCloseB() {
      List<StepResult> s = degraded(900, 600);
      s.set(
          1,
          step(BenchArm.B, ProviderState.DEGRADED)
              .latency(150, 480)
              .intervals(new Interval(140, 160), new Interval(460, 500))
              .build());
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence()).anyMatch(l -> l.contains("too close to call: B R1 degraded p99"));
    }

    /** A miss is decided by one comparison clearly failing even when another is too close. */
    @Test
    void aClearlyFailingP99MissesAlthoughItsP95IsTooClose() {
      List<StepResult> s = degraded(900, 300);
      s.set(
          1,
          step(BenchArm.B, ProviderState.DEGRADED)
              .latency(224, 900)
              .intervals(new Interval(215, 232), new Interval(850, 950))
              .build());
      assertThat(eval(h, s).verdict()).isEqualTo(Verdict.SUPPORTED);
    }
  }

  @Nested
  class Hd013 {
    final Hypothesis h = new DegradedPathFaster();

    Verdict paths(long cold, int nCold, long degraded, int nDeg, Long opened) {
      Fixture d = step(BenchArm.C, ProviderState.DEGRADED).path(degraded, nDeg);
      d.timeToOpenMs = opened;
      return eval(h, of(step(BenchArm.C, ProviderState.HEALTHY).path(cold, nCold), d));
    }

    @Test
    void supportedWhenTheIntervalLiesAboveZero() {
      Verdict v = paths(160, 40, 65, 40, 1_200L);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence()).anyMatch(l -> l.contains("95 % CI") && l.contains("→ faster"));
    }

    @Test
    void refutedWhenTheDegradedPathIsSlower() {
      assertThat(paths(160, 40, 260, 40, 1_200L).verdict()).isEqualTo(Verdict.REFUTED);
    }

    @Test
    void inconclusiveWithFewerThanThirtyAnswersOnAPath() {
      Verdict v = paths(160, 29, 65, 40, 1_200L);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("fewer than 30 answers"));
    }

    @Test
    void inconclusiveWhenTheIntervalContainsZero() {
      assertThat(paths(100, 40, 100, 40, 1_200L).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void inconclusiveWhenTheBreakerNeverOpened() {
      assertThat(paths(160, 40, 65, 40, null).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }
  }

  @Nested
  class Hd014 {
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
      Verdict v = eval(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
      // rules version 3: the ceiling is HD-01's clause (b), not part of HD-01.4
      assertThat(v.evidence()).noneMatch(l -> l.contains("ceiling"));
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
      Verdict v = eval(h, all);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(l -> l.startsWith("R2 hit rate 96 % (measured") && l.contains("→ holds"))
          .contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
    }

    /**
     * A point that holds in one run and fails in another is a contradiction: C failing at 96 % in
     * R2 refutes, though it held there in R1 and R3.
     */
    @Test
    void refutedWhenOneRunFailsWhereTheOthersHold() {
      List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
      all.addAll(sweepIn("R2", 200, 500, 600, 900));
      all.addAll(sweepIn("R3", 200, 250, 600, 900));
      Verdict v = eval(h, all);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, all);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(l -> l.contains("too close to call: C at 96.0 % measured") && l.contains("p99"))
          .anyMatch(l -> l.startsWith("R2 hit rate 96 %") && l.endsWith("→ too close to call"));
    }

    /**
     * "Does B already meet?" over every run: yes only when B meets in every run, no when it misses
     * in one, too close to call when a run is too close (and none misses).
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
      assertThat(MinimumHitRate.alreadyMeets(List.of(meets, meets, meets))).isEqualTo("yes");
      assertThat(MinimumHitRate.alreadyMeets(List.of(meets, misses, close))).isEqualTo("no");
      assertThat(MinimumHitRate.alreadyMeets(List.of(meets, close, meets)))
          .startsWith("too close to call");
      List<StepResult> all = new ArrayList<>(sweepIn("R1", 200, 250, 600, 900));
      all.addAll(sweepIn("R2", 200, 250, 600, 900));
      assertThat(eval(h, all).evidence())
          .contains("hit rate 99 %, every run: B already meets: no (R1 fails, R2 fails)");
    }

    @Test
    void refutedWhenCFailsAtNinetySix() {
      Verdict v = eval(h, sweepOf(new double[] {200, 500, 600, 900}, new double[] {1, 4, 9, 40}));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    }

    /**
     * Latency only (rules version 3): a fallback share above the actuarial ceiling at 96 % and 99 %
     * — the full sample's 30–35 % — no longer makes C fail there; in version 2 it refuted.
     */
    @Test
    void aFallbackShareAboveTheCeilingNoLongerFailsC() {
      Verdict v =
          eval(
              h,
              sweepOf(new double[] {178, 64, 600, 900}, new double[] {30.32, 35.46, 43.31, 85.9}));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(l -> l.startsWith("hit rate 96 % (measured") && l.contains("→ holds"))
          .contains("minimum hit rate: between 90.0 % (fails) and 96.0 % (holds)");
    }

    /** The full sample's sweep: p99 178–195 ms at every rate, fallback 30–86 %. */
    @Test
    void theFullSamplesSweepHoldsEverywhereSoBelowNinetySixRefutes() {
      Verdict v =
          eval(
              h,
              sweepOf(new double[] {178, 64, 195, 194}, new double[] {30.32, 35.46, 43.31, 85.9}));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .anyMatch(l -> l.contains("the limit comes from p95 or the errors, not p99"));
    }

    /**
     * Rules version 10: a sweep point is judged by the intervals. C's p99 at 90 % is 470 ms but its
     * interval [400, 700] contains 475 ms: too close to call, so the verdict is inconclusive, and
     * the minimum hit rate's bracket runs from the decided points around it, naming it.
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
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
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
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).noneMatch(l -> l.contains("C fails at 96.0 %"));
    }

    /** The same points decided by their intervals: each end of the bracket shows its rate's. */
    @Test
    void theBracketsEndsCarryTheirMeasuredRatesIntervals() {
      Verdict v = eval(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
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
      assertThat(MinimumHitRate.alreadyMeets(yes)).isEqualTo("yes");
      assertThat(MinimumHitRate.alreadyMeets(no)).isEqualTo("no");
      assertThat(MinimumHitRate.alreadyMeets(close))
          .isEqualTo("too close to call: B p99 118 ms [63, 701] against 475 ms");
    }

    @Test
    void refutedWhenCStillHoldsBelowNinetySix() {
      Verdict v = eval(h, sweepOf(new double[] {200, 250, 300, 900}, new double[] {1, 4, 8, 40}));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("minimum hit rate: between 50.0 % (fails) and 90.0 % (holds)");
    }

    /** C's bisection steps (decision 0022) count as tested rates; B has none at those rates. */
    @Test
    void bisectedPointsNarrowTheLimitAndAreMarked() {
      List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
      s.add(sweep(BenchArm.C, 0.93).latency(150, 560).fallback(8.0).bisection().build());
      s.add(sweep(BenchArm.C, 0.94).latency(150, 520).fallback(7.0).bisection().build());
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .contains(
              "minimum hit rate: between 94.0 % (fails) and 96.0 % (holds), after 2 bisection steps");
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.startsWith("hit rate 93 % (bisection step)")
                      && l.endsWith("; B not measured (bisection is C only)"));
      assertThat(v.evidence()).anyMatch(l -> l.startsWith("hit rate 90 % (measured"));
    }

    @Test
    void refutedWhenABisectedPointBelowNinetySixHolds() {
      List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
      s.add(sweep(BenchArm.C, 0.93).latency(150, 300).fallback(6.0).bisection().build());
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("C still holds at 93.0 % measured (target 93 %), below 96 %");
      assertThat(v.evidence())
          .contains(
              "minimum hit rate: between 90.0 % (fails) and 93.0 % (holds), after 1 bisection step");
    }

    @Test
    void inconclusiveWhenABisectionStepIsInvalid() {
      List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
      s.add(sweep(BenchArm.C, 0.93).latency(150, 600).bisection().invalid().build());
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("C at hit rate 93 % is invalid"));
    }

    /**
     * Rules version 4: each point is judged at its measured hit rate, the target beside it. C held
     * at target 96 % but measured 95.1 % (valid: within 1.5 points), so it held below 96 %.
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
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, s);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
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
      Verdict v = eval(h, sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40}));
      assertThat(v.evidence())
          .contains(
              "B's minimum hit rate: an open bound, not quantified (B fails at every tested rate,"
                  + " up to 99.0 %)");
      List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
      s.set(1, sweep(BenchArm.B, 0.99).latency(150, 400).build());
      assertThat(eval(h, s).evidence())
          .contains("B's minimum hit rate: between 96.0 % (fails) and 99.0 % (holds)");
    }

    @Test
    void inconclusiveWhenASweepStepIsInvalid() {
      List<StepResult> s = sweepOf(new double[] {200, 250, 600, 900}, new double[] {1, 4, 9, 40});
      s.set(4, sweep(BenchArm.C, 0.90).latency(150, 600).invalid().build());
      assertThat(eval(h, s).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }
  }

  @Nested
  class Hd015 {
    final Hypothesis h = new SacrificedHighTraffic();

    /** At 200 req/s W holds 6 000 requests: 12 sacrificed is [0.10, 0.35] %, wholly below 1 %. */
    @Test
    void supportedWhenTheWholeIntervalIsBelowOnePercent() {
      Verdict v = eval(h, of(policy("count", 200).sacrificed(12), policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(l -> l.contains("12 sacrificed of 6000 requests in W (0.20 % [0.10, 0.35])"))
          .anyMatch(l -> l.endsWith("→ < 1 %"));
    }

    /** 90 of 6 000 (1.50 %): the whole interval lies at or above 1 %. */
    @Test
    void refutedWhenTheWholeIntervalIsAtOrAboveOnePercent() {
      Verdict v = eval(h, of(policy("count", 200).sacrificed(90), policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence()).anyMatch(l -> l.endsWith("→ ≥ 1 %"));
    }

    /**
     * 60 of 6 000 is exactly 1.00 %, which version 5's point comparison refuted; its interval
     * contains 1 %: too close to call (rules version 11).
     */
    @Test
    void inconclusiveWhenTheIntervalContainsOnePercent() {
      Verdict v = eval(h, of(policy("count", 200).sacrificed(60), policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.endsWith(
                      "→ too close to call: count N=5 at 200 req/s pooled sacrificed 1.00 % [0.76,"
                          + " 1.29] against 1 %"));
    }

    /**
     * Rules version 12: the count policy's trials at 200 req/s, one per run, are pooled: 40, 30 and
     * 50 of 6 000 (each [0.48, 0.91] % to [0.62, 1.10] %, the last too close alone) are 120 of 18
     * 000, 0.67 % [0.55, 0.80]: below 1 %, and the evidence names every trial.
     */
    @Test
    void supportedOnTheTrialsPooledOverTheRuns() {
      Verdict v =
          eval(
              h,
              of(
                  policy("count", 200).run("R1").id("policy-count-r200").sacrificed(40),
                  policy("count", 200).run("R2").id("R2-policy-count-r200").sacrificed(30),
                  policy("count", 200).run("R3").id("R3-policy-count-r200").sacrificed(50),
                  policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.contains("3 trials pooled, 120 sacrificed of 18000 requests in W (0.67 %")
                      && l.contains(
                          "policy-count-r200 40 of 6000, R2-policy-count-r200 30 of 6000,"
                              + " R3-policy-count-r200 50 of 6000")
                      && l.endsWith("→ < 1 %"));
    }

    /** One run that sacrificed 300 of 6 000 weighs in the pool: 330 of 18 000 is above 1 %. */
    @Test
    void refutedWhenThePoolIsAboveOnePercentThoughTwoRunsAreBelow() {
      Verdict v =
          eval(
              h,
              of(
                  policy("count", 200).run("R1").id("a").sacrificed(10),
                  policy("count", 200).run("R2").id("b").sacrificed(20),
                  policy("count", 200).run("R3").id("c").sacrificed(300),
                  policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    }

    /** A trial that is not usable is left out of the pool, named with its reason. */
    @Test
    void anUnusableTrialIsLeftOutAndNamed() {
      Verdict v =
          eval(
              h,
              of(
                  policy("count", 200).run("R1").id("a").sacrificed(10),
                  policy("count", 200).run("R2").id("b").sacrificed(10).invalid(),
                  policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.contains("1 trial pooled, 10 sacrificed of 6000")
                      && l.contains("left out: b is invalid"));
    }

    /** Results written before intervals: the share alone is never compared. */
    @Test
    void inconclusiveWithoutTheSharesInterval() {
      Verdict v =
          eval(h, of(policy("count", 200).sacrificed(12).withoutIntervals(), policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(l -> l.contains("no trial pooled") && l.contains("no interval stored"));
    }

    @Test
    void inconclusiveWithoutAShareOverTheWholeWindow() {
      Verdict v = eval(h, of(policy("count", 200).sacrificedPct(null), policy("count", 10)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("before W"));
    }
  }

  @Nested
  class Hd016 {
    final Hypothesis h = new LowTrafficPolicies();
    static final int LOW = 10;

    /**
     * The high-traffic step, then the low-traffic grid: the protocol's settings (count N = 5, rate
     * ≥ 5 calls) and the grid's; at 10 req/s W holds 300 requests, 1 % is 3.
     */
    List<StepResult> grid(Fixture... low) {
      List<Fixture> all = new java.util.ArrayList<>();
      all.add(policy("count", 200));
      all.addAll(List.of(low));
      return of(all.toArray(Fixture[]::new));
    }

    /**
     * From an empty window both protocol settings need 5 failures, more than 3: shown, not judged,
     * and with nothing else measured the verdict is inconclusive (the v5 sample's situation).
     */
    @Test
    void theProtocolsOwnSettingsCannotOpenWithinOnePercentAndAreNotJudged() {
      Verdict v =
          Fixture.eval(
              h, grid(policy("count", LOW).sacrificed(6), policy("rate", LOW).sacrificed(5)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .contains(
              "count N=5 at 10 req/s, provider turned unresponsive: 1 trial pooled, 6 sacrificed"
                  + " of 300 requests in W (2.00 % [0.74, 4.30]):"
                  + " R1-C-UNRESPONSIVE-POLICY-count10-0.96 6 of 300 (time to open 1000 ms) → not"
                  + " judged: inconclusive (the policy cannot open within 1 % at this traffic):"
                  + " count N=5 needs 5 failures before it can open, more than 1 % of the 300"
                  + " requests in W = 30 s at 10 req/s (3)")
          .anyMatch(
              l ->
                  l.startsWith("rate ≥ 50 % of ≥ 5 calls over 30 s at 10 req/s")
                      && l.contains("needs 5 failures"))
          .contains(
              "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s: none");
    }

    /**
     * The count grid clearly misses (8 and 9 of 300: intervals wholly above 1 %) and the rate
     * grid's ≥ 2 calls keeps it over 600 requests (0 of 600: [0, 0.61] %, as pooled trials would
     * give; one step of 300 cannot): supported, and (b) answered.
     */
    @Test
    void supportedWhenEveryCountSettingMissesAndARateSettingKeepsIt() {
      Verdict v =
          Fixture.eval(
              h,
              grid(
                  policy("count", LOW).sacrificed(6),
                  policy("rate", LOW).sacrificed(5),
                  policy("count-n2", LOW).sacrificed(8),
                  policy("count-n3", LOW).sacrificed(9),
                  policy("rate-m2", LOW).sacrificed(0, 600),
                  policy("rate-m4", LOW).sacrificed(4)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .contains(
              "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s:"
                  + " rate ≥ 50 % of ≥ 2 calls over 30 s")
          .anyMatch(
              l ->
                  l.startsWith("count N=2 at 10 req/s")
                      && l.contains("8 sacrificed of 300 requests in W (2.67 % [1.16, 5.19])")
                      && l.endsWith("→ ≥ 1 %"));
    }

    /** One step of 300 requests cannot keep the share: even none sacrificed is [0, 1.22] %. */
    @Test
    void noneOfThreeHundredIsTooCloseToCall() {
      StepResult none = policy("rate-m2", LOW).sacrificed(0).build();
      assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(none), LOW))
          .isEqualTo(LowTrafficPolicies.Standing.TOO_CLOSE);
      StepResult pooled = policy("rate-m2", LOW).sacrificed(0, 368).build();
      assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(pooled), LOW))
          .isEqualTo(LowTrafficPolicies.Standing.KEEPS);
      StepResult eight = policy("rate-m2", LOW).sacrificed(8).build();
      assertThat(LowTrafficPolicies.standing(Fixture.rules(), "rate-m2", List.of(eight), LOW))
          .isEqualTo(LowTrafficPolicies.Standing.MISSES);
    }

    /**
     * Five trials of one setting over the three runs (2, 2, 1), each with {@code sacrificed[i]} of
     * 300 in W: the full profile's spread.
     */
    List<Fixture> trials(String policy, int... sacrificed) {
      String[] runs = {"R1", "R1", "R2", "R2", "R3"};
      List<Fixture> out = new ArrayList<>();
      for (int i = 0; i < sacrificed.length; i++) {
        String run = runs[i % runs.length];
        String base = "policy-" + policy + "-r10" + (i % 2 == 1 && i < 4 ? "-t2" : "");
        out.add(
            policy(policy, LOW)
                .run(run)
                .id(run.equals("R1") ? base : run + "-" + base)
                .sacrificed(sacrificed[i]));
      }
      return out;
    }

    List<StepResult> gridOf(List<List<Fixture>> settings) {
      List<Fixture> all = new ArrayList<>();
      all.add(policy("count", 200));
      settings.forEach(all::addAll);
      return of(all.toArray(Fixture[]::new));
    }

    /**
     * Rules version 12: the trials are pooled. 0 of 1 500 (five trials of the rate setting) is [0,
     * 0.25] %: it keeps, which no single trial of 300 can show; the count settings' 6 of 300 each
     * (30 of 1 500, [1.35, 2.84] %) miss: supported, and the evidence names the trials.
     */
    @Test
    void supportedOnFiveTrialsPooled() {
      Verdict v =
          Fixture.eval(
              h,
              gridOf(
                  List.of(
                      trials("count-n2", 6, 6, 6, 6, 6),
                      trials("count-n3", 6, 6, 6, 6, 6),
                      trials("rate-m2", 0, 0, 0, 0, 0))));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.basis()).isNull(); // set by VerdictRules, not by the hypothesis
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.startsWith(
                          "rate ≥ 50 % of ≥ 2 calls over 30 s at 10 req/s, provider turned"
                              + " unresponsive: 5 trials pooled, 0 sacrificed of 1500 requests in W"
                              + " (0.00 % [0.00, 0.25]): policy-rate-m2-r10 0 of 300,"
                              + " policy-rate-m2-r10-t2 0 of 300, R2-policy-rate-m2-r10 0 of 300,")
                      && l.endsWith("→ < 1 %"))
          .anyMatch(
              l ->
                  l.startsWith("count N=2 at 10 req/s")
                      && l.contains("30 sacrificed of 1500 requests in W (2.00 % [1.35, 2.84])")
                      && l.endsWith("→ ≥ 1 %"));
    }

    /** Pooled, 10 of 1 500 (0.67 % [0.32, 1.22]) is too close to call: inconclusive. */
    @Test
    void inconclusiveWhenThePoolIsTooCloseToCall() {
      Verdict v =
          Fixture.eval(
              h,
              gridOf(List.of(trials("count-n2", 2, 2, 2, 2, 2), trials("rate-m2", 0, 0, 0, 0, 0))));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.startsWith("INCONCLUSIVE: count N=2 at 10 req/s")
                      && l.endsWith(
                          "→ too close to call: count N=2 at 10 req/s pooled sacrificed 0.67 %"
                              + " [0.32, 1.22] against 1 %"));
    }

    /**
     * A count setting whose five trials keep it (1 of 1 500, [0.00, 0.37] %) refutes, though each
     * trial alone was too close to call.
     */
    @Test
    void refutedWhenACountSettingKeepsItPooled() {
      Verdict v =
          Fixture.eval(
              h,
              gridOf(List.of(trials("count-n2", 1, 0, 0, 0, 0), trials("rate-m2", 0, 0, 0, 0, 0))));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("a count setting kept the sacrificed share below 1 % at low traffic");
    }

    /** Every rate setting misses pooled (30 of 1 500): refuted. */
    @Test
    void refutedWhenTheRateSettingMissesPooled() {
      Verdict v =
          Fixture.eval(
              h,
              gridOf(List.of(trials("count-n2", 6, 6, 6, 6, 6), trials("rate-m2", 6, 6, 6, 6, 6))));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("no rate setting kept the sacrificed share below 1 % at low traffic");
    }

    /**
     * A trial that is not usable is left out of the pool and named; the rest decide. Four clean
     * trials are 0 of 1 200, [0, 0.31] %: the setting keeps.
     */
    @Test
    void anUnusableTrialIsLeftOutOfThePool() {
      List<Fixture> rate = trials("rate-m2", 0, 0, 0, 0, 0);
      rate.get(4).invalid();
      Verdict v = Fixture.eval(h, gridOf(List.of(trials("count-n2", 6, 6, 6, 6, 6), rate)));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.contains("4 trials pooled, 0 sacrificed of 1200")
                      && l.contains("left out: R3-policy-rate-m2-r10 is invalid"));
    }

    /** What the verdict was judged on: the runs, and the trials of the judged settings. */
    @Test
    void theBasisNamesTheTrials() {
      List<StepResult> full =
          gridOf(
              List.of(
                  trials("count-n2", 6, 6, 6, 6, 6),
                  trials("rate-m2", 0, 0, 0, 0, 0),
                  List.of(policy("count", LOW).sacrificed(6))));
      assertThat(Fixture.rules().evaluate(new StepResults(full), List.of()).get("HD-01.6").basis())
          .endsWith("judged settings: 5 trials each of ≥ 5");
      List<StepResult> quick =
          grid(policy("count-n2", LOW).sacrificed(3), policy("rate-m2", LOW).sacrificed(3));
      assertThat(Fixture.rules().evaluate(new StepResults(quick), List.of()).get("HD-01.6").basis())
          .endsWith("judged settings: 1 trial each of ≥ 5");
    }

    /** The card's methodological note: a count threshold that suffices refutes the hypothesis. */
    @Test
    void refutedWhenACountSettingKeepsIt() {
      Verdict v =
          Fixture.eval(
              h,
              grid(
                  policy("count", LOW).sacrificed(6),
                  policy("count-n2", LOW).sacrificed(0, 600),
                  policy("rate-m2", LOW).sacrificed(1, 600)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("a count setting kept the sacrificed share below 1 % at low traffic")
          .contains(
              "open question (b), settings that keep the sacrificed share < 1 % at 10 req/s:"
                  + " count N=2, rate ≥ 50 % of ≥ 2 calls over 30 s");
    }

    @Test
    void refutedWhenEveryJudgedRateSettingMisses() {
      Verdict v =
          Fixture.eval(
              h,
              grid(
                  policy("count-n2", LOW).sacrificed(8),
                  policy("rate-m2", LOW).sacrificed(9),
                  policy("rate", LOW).sacrificed(5)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
          .contains("no rate setting kept the sacrificed share below 1 % at low traffic")
          .noneMatch(l -> l.contains("a count setting kept"));
    }

    /**
     * The full sample's grid: 3 of 300 is exactly 1.00 %, which versions 6–10 called a miss; its
     * interval [0.21, 2.89] % contains 1 %: too close to call, and the verdict inconclusive.
     */
    @Test
    void inconclusiveWhenTheSettingsAreTooCloseToCall() {
      Verdict v =
          Fixture.eval(
              h,
              grid(
                  policy("count-n2", LOW).sacrificed(3),
                  policy("count-n3", LOW).sacrificed(3),
                  policy("rate-m2", LOW).sacrificed(5)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .anyMatch(
              l ->
                  l.startsWith("INCONCLUSIVE: count N=2 at 10 req/s")
                      && l.endsWith(
                          "→ too close to call: count N=2 at 10 req/s pooled sacrificed 1.00 %"
                              + " [0.21, 2.89] against 1 %"))
          .anyMatch(
              l ->
                  l.startsWith("rate ≥ 50 % of ≥ 2 calls over 30 s at 10 req/s")
                      && l.contains("→ too close to call: rate ≥ 50 % of ≥ 2 calls"))
          .contains(
              "INCONCLUSIVE: no rate setting kept the share below 1 %, and a rate setting was too"
                  + " close to call")
          .noneMatch(l -> l.contains("kept the sacrificed share below 1 % at low traffic"));
    }

    /**
     * A count grid that clearly misses with the rate setting too close: inconclusive, not refuted.
     */
    @Test
    void inconclusiveWhenTheOnlyRateSettingIsTooCloseToCall() {
      Verdict v =
          Fixture.eval(
              h, grid(policy("count-n2", LOW).sacrificed(8), policy("rate-m2", LOW).sacrificed(2)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .contains(
              "INCONCLUSIVE: no rate setting kept the share below 1 %, and a rate setting was too"
                  + " close to call");
    }

    @Test
    void inconclusiveWhenTheRateMissesButARateStepWasNotUsable() {
      Verdict v =
          Fixture.eval(
              h,
              grid(
                  policy("count-n2", LOW).sacrificed(8),
                  policy("rate-m2", LOW).sacrificed(2).invalid(),
                  policy("rate-m4", LOW).sacrificed(4)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.startsWith("not judged: "));
    }

    @Test
    void inconclusiveWithoutALowTrafficStep() {
      assertThat(Fixture.eval(h, of(policy("count", 200))).verdict())
          .isEqualTo(Verdict.INCONCLUSIVE);
    }

    /** From an empty window: count N, rate its minimum calls; against 1 % of W's requests. */
    @Test
    void theGuardComparesFailuresNeededFromAnEmptyWindowWithOnePercentOfW() {
      VerdictRules full = Fixture.rules();
      assertThat(PolicySteps.neededFailures(full, "count")).isEqualTo(5);
      assertThat(PolicySteps.neededFailures(full, "rate")).isEqualTo(5);
      assertThat(PolicySteps.neededFailures(full, "rate-m2")).isEqualTo(2);
      assertThat(PolicySteps.neededFailures(full, "count-n3")).isEqualTo(3);
      assertThat(PolicySteps.allowedInW(full, LOW)).isEqualTo(3.0);
      assertThat(PolicySteps.allowedInW(full, 200)).isEqualTo(60.0);
      assertThat(PolicySteps.cannotOpen(full, "count", LOW)).contains(PolicySteps.CANNOT_OPEN);
      assertThat(PolicySteps.cannotOpen(full, "rate", LOW)).contains("needs 5 failures");
      assertThat(PolicySteps.cannotOpen(full, "rate-m4", LOW)).contains("needs 4 failures");
      assertThat(PolicySteps.cannotOpen(full, "count-n3", LOW)).isNull();
      assertThat(PolicySteps.cannotOpen(full, "rate-m2", LOW)).isNull();
      assertThat(PolicySteps.cannotOpen(full, "count", 200)).isNull();
    }
  }

  @Nested
  class Hd017 {
    final Hypothesis h = new Coalescing();

    Fixture stampede(BenchArm arm, long calls, int inFlight) {
      Fixture f = step(arm, ProviderState.SLOW);
      f.kind = StepKind.STAMPEDE;
      f.concurrent = 50;
      f.providerCalls = calls;
      f.poolMaxInFlight = inFlight;
      return f;
    }

    @Test
    void supportedWhenOnlyCMultipliesCalls() {
      assertThat(
              eval(h, of(stampede(BenchArm.C, 50, 32), stampede(BenchArm.C_PRIME, 1, 1))).verdict())
          .isEqualTo(Verdict.SUPPORTED);
    }

    @Test
    void refutedWhenCPrimeMakesSeveralCalls() {
      assertThat(
              eval(h, of(stampede(BenchArm.C, 50, 32), stampede(BenchArm.C_PRIME, 3, 3))).verdict())
          .isEqualTo(Verdict.REFUTED);
    }

    /** Rules version 12: every run's pair; all three supporting supports it. */
    @Test
    void supportedWhenEveryRunsPairSupportsIt() {
      Verdict v =
          eval(
              h,
              of(
                  stampede(BenchArm.C, 50, 32).run("R1"),
                  stampede(BenchArm.C_PRIME, 1, 1).run("R1"),
                  stampede(BenchArm.C, 48, 32).run("R2"),
                  stampede(BenchArm.C_PRIME, 1, 1).run("R2"),
                  stampede(BenchArm.C, 50, 32).run("R3"),
                  stampede(BenchArm.C_PRIME, 1, 1).run("R3")));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence()).anyMatch(l -> l.startsWith("C' in R3: 50 concurrent misses"));
    }

    /** One run's C' making two calls refutes, though the other runs coalesced. */
    @Test
    void refutedWhenOneRunsCPrimeDoesNotCoalesce() {
      Verdict v =
          eval(
              h,
              of(
                  stampede(BenchArm.C, 50, 32).run("R1"),
                  stampede(BenchArm.C_PRIME, 1, 1).run("R1"),
                  stampede(BenchArm.C, 50, 32).run("R2"),
                  stampede(BenchArm.C_PRIME, 2, 2).run("R2")));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence()).contains("C' made 2 provider calls in R2, not exactly one");
    }

    /** A run whose pair was not measured leaves it inconclusive. */
    @Test
    void inconclusiveWhenOneRunsPairIsMissing() {
      Verdict v =
          eval(
              h,
              of(
                  stampede(BenchArm.C, 50, 32).run("R1"),
                  stampede(BenchArm.C_PRIME, 1, 1).run("R1"),
                  stampede(BenchArm.C, 50, 32).run("R2")));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
          .contains("INCONCLUSIVE: the stampede on arm C' was not measured in R2");
    }

    @Test
    void inconclusiveWithoutCPrime() {
      assertThat(eval(h, of(stampede(BenchArm.C, 50, 32))).verdict())
          .isEqualTo(Verdict.INCONCLUSIVE);
    }
  }

  @Nested
  class Hd018 {
    final Hypothesis h = new Recovery();

    /**
     * 40 s of recovery, the provider healthy again from second 30 (the full profile's window):
     * fallback {@code before} % until second 8, then 1 %; every second {@code calls} provider calls
     * and {@code customers} distinct customers, 3 calls in flight; {@code duplicates} duplicate
     * calls over the step, all counted in second 35 (null: not recorded, results before version 7).
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
      Verdict v = eval(h, of(c(), cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(recovery(BenchArm.C, 40, 8, 60, 20L), cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    }

    /** The control: without C's duplicate calls once healthy, C''s lack of them shows nothing. */
    @Test
    void inconclusiveWhenTheRecoveryLoadMadeCNotStampede() {
      Verdict v = eval(h, of(recovery(BenchArm.C, 40, 8, 60, 19L), cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(c, cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(Recovery.duplicates(c.build())).isEqualTo(40L);
    }

    /** Results recorded before version 7 have no duplicate count: C' cannot be judged on it. */
    @Test
    void inconclusiveWithoutTheDuplicateCount() {
      Verdict v =
          eval(
              h,
              of(
                  recovery(BenchArm.C, 40, 8, 60, null),
                  recovery(BenchArm.C_PRIME, 40, 8, 60, null)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("not recorded: results before rules"));
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
      Verdict v = eval(h, of(c(), recovery(BenchArm.C_PRIME, 40, 8, 60, 1L)));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(c(), full));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(c(), full));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(c, cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
    }

    /** Read at the end of second 13: the share fell within [12 000, 13 000] ms of the change. */
    @Test
    void theRecoveryTimeCarriesTheSecondItWasReadIn() {
      Verdict v = eval(h, of(c(), cPrime()));
      assertThat(v.evidence())
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
      assertThat(eval(h, of(c, cPrime())).verdict()).isEqualTo(Verdict.SUPPORTED);
    }

    /** Read at 60.5 s: the fall happened in [59 500, 60 500] ms, which contains 60 s. */
    @Test
    void inconclusiveWhenTheRecoveryTimesIntervalContainsSixtySeconds() {
      Fixture c = c();
      c.recoveryMs = 60_500L;
      c.stepMs = 75_000;
      Verdict v = eval(h, of(c, cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence())
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
      Verdict v = eval(h, of(c, cPrime()));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(v.evidence()).anyMatch(l -> l.endsWith("→ did not recover within 60 s"));
    }

    /**
     * The close is a breaker transition, stamped to the ms: 60 001 ms is late, with no interval.
     */
    @Test
    void theCloseTimeIsComparedExactly() {
      Fixture late = c();
      late.closedAfterMs = 60_001L;
      late.stepMs = 75_000;
      assertThat(eval(h, of(late, cPrime())).verdict()).isEqualTo(Verdict.REFUTED);
      Fixture onTime = c();
      onTime.closedAfterMs = 60_000L;
      onTime.stepMs = 75_000;
      assertThat(eval(h, of(onTime, cPrime())).verdict()).isEqualTo(Verdict.SUPPORTED);
    }

    @Test
    void inconclusiveWhenTheShareWasNeverAboveFivePercent() {
      Verdict v =
          eval(
              h, of(recovery(BenchArm.C, 4, 8, 60, 40L), recovery(BenchArm.C_PRIME, 4, 8, 60, 0L)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.evidence()).anyMatch(l -> l.contains("nothing to recover from"));
    }

    @Test
    void inconclusiveWhenAShortStepHasNotRecoveredYet() {
      Fixture c = c();
      c.recoveryMs = null;
      assertThat(eval(h, of(c, cPrime())).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }
  }

  @Test
  void theRulesCarryTheirVersionAndEvaluateEveryHypothesisInOrder() {
    var all = Fixture.rules().evaluate(new StepResults(List.of()), List.of());
    assertThat(all.keySet())
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8",
            "HD-01");
    assertThat(VerdictRules.RULES_VERSION).isEqualTo("14");
  }

  /**
   * Every verdict says whether it is an implementation check: the design's arithmetic (budget 120
   * ms, rating 60 ms, timeout 700 ms, pool 32, the double's medians) fixes HD-01.2, .3, .4 and .7
   * before anything is measured; the others are findings.
   */
  @Test
  void theVerdictsTheDesignsArithmeticFixesAreImplementationChecks() {
    var all = Fixture.rules().evaluate(new StepResults(List.of()), List.of());
    assertThat(all.values())
        .allMatch(v -> v.byConstruction() != null)
        .filteredOn(Verdict::isCheck)
        .extracting(Verdict::id)
        .containsExactly("HD-01.2", "HD-01.3", "HD-01.4", "HD-01.7");
    assertThat(all.get("HD-01.2").construction())
        .startsWith("C answers within 120 + 60 = 180 ms ≤ 225 ms (p95) by design")
        .contains("800 + 150 = 950 ms, exceeds the 700 ms hard timeout");
    assertThat(all.get("HD-01.3").construction())
        .contains("the difference of medians is the healthy provider's median, 80 ms > 0");
    assertThat(all.get("HD-01.4").construction()).contains("capped at 120 + 60 = 180 ms");
    assertThat(all.get("HD-01.7").construction())
        .contains("50 concurrent misses on one key exceed the pool of 32 connections");
    assertThat(all.get("HD-01").construction()).isNull();
  }

  /** Each check is decided by its arithmetic: a larger budget or pool makes it a finding again. */
  @Test
  void aCheckBecomesAFindingWhenItsArithmeticNoLongerHolds() {
    Design d = Fixture.rules().design();
    Design slowBudget =
        new Design(
            450L,
            d.ratingCostMs(),
            d.hardTimeoutMs(),
            d.poolSize(),
            d.healthyMedianMs(),
            d.degradedMedianMs(),
            d.degradedNetworkMs(),
            d.designHitRate(),
            d.stampedeConcurrency());
    assertThat(new DegradedOnlyC().byConstruction(slowBudget)).isNull();
    assertThat(new MinimumHitRate().byConstruction(slowBudget)).isNull();
    Design bigPool =
        new Design(
            d.budgetMs(),
            d.ratingCostMs(),
            d.hardTimeoutMs(),
            64,
            d.healthyMedianMs(),
            d.degradedMedianMs(),
            d.degradedNetworkMs(),
            d.designHitRate(),
            d.stampedeConcurrency());
    assertThat(new Coalescing().byConstruction(bigPool)).isNull();
    Design unknownBudget =
        new Design(
            null,
            d.ratingCostMs(),
            d.hardTimeoutMs(),
            d.poolSize(),
            d.healthyMedianMs(),
            d.degradedMedianMs(),
            d.degradedNetworkMs(),
            d.designHitRate(),
            d.stampedeConcurrency());
    assertThat(new DegradedOnlyC().byConstruction(unknownBudget)).isNull();
    assertThat(new DegradedPathFaster().byConstruction(unknownBudget)).isNotNull();
  }
}
