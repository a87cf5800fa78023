package solventa.ops.analysis.hypotheses;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.eval;
import static solventa.ops.analysis.Fixture.stampede;
import static solventa.ops.analysis.Fixture.step;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
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

  /** The verdict's comparison of step {@code id} with the thresholds. */
  static Finding call(Verdict v, String id) {
    return Lines.facts(v, Fact.AgainstThresholds.class).stream()
        .filter(f -> ((Fact.AgainstThresholds) f.fact()).stepId().equals(id))
        .findFirst()
        .orElseThrow();
  }

  /** The id of the fixture's R1 walk step of {@code arm} in {@code state}. */
  static String id(BenchArm arm, ProviderState state) {
    return step(arm, state).build().spec().id();
  }

  /** HD-01.1's comparison of arm {@code arm}'s healthy step in R1. */
  static Fact healthyCall(BenchArm arm, Call call) {
    return new Fact.AgainstThresholds(
        id(arm, ProviderState.HEALTHY),
        List.of(Fact.Threshold.P95, Fact.Threshold.ERRORS),
        call,
        Fact.Expected.ANY);
  }

  /** HD-01.2's comparison of arm {@code arm}'s degraded step in R1. */
  static Fact degradedCall(BenchArm arm, Call call, Fact.Expected expected) {
    return new Fact.AgainstThresholds(
        id(arm, ProviderState.DEGRADED),
        List.of(Fact.Threshold.P95, Fact.Threshold.P99, Fact.Threshold.ERRORS),
        call,
        expected);
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
      assertThat(Lines.facts(v, Fact.AgainstThresholds.class))
          .hasSize(3)
          .allMatch(f -> f.role() == Finding.Role.NOTE)
          .extracting(f -> (Fact.AgainstThresholds) f.fact())
          .allMatch(t -> t.call() == Call.HOLDS && t.expected() == Fact.Expected.ANY)
          .allMatch(t -> t.thresholds().equals(List.of(Fact.Threshold.P95, Fact.Threshold.ERRORS)))
          .extracting(Fact.AgainstThresholds::stepId)
          .containsExactly(
              id(BenchArm.A, ProviderState.HEALTHY),
              id(BenchArm.B, ProviderState.HEALTHY),
              id(BenchArm.C, ProviderState.HEALTHY));
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
      assertThat(Lines.facts(v, Fact.UnusableStep.class))
          .singleElement()
          .satisfies(f -> assertThat(f.role()).isEqualTo(Finding.Role.UNDECIDED))
          .extracting(f -> (Fact.UnusableStep) f.fact())
          .satisfies(
              u -> {
                assertThat(u.step()).isEqualTo(new Fact.StepRef("B", "R1", ProviderState.HEALTHY));
                assertThat(u.why()).isEqualTo(Fact.Unfit.INVALID);
                assertThat(u.invalidations()).isNotEmpty();
              });
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
      assertThat(call(v, id(BenchArm.A, ProviderState.HEALTHY)))
          .isEqualTo(new Finding(Finding.Role.UNDECIDED, healthyCall(BenchArm.A, Call.TOO_CLOSE)));
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
      assertThat(call(v, id(BenchArm.A, ProviderState.HEALTHY)))
          .isEqualTo(new Finding(Finding.Role.NOTE, healthyCall(BenchArm.A, Call.HOLDS)));
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
      assertThat(call(v, id(BenchArm.A, ProviderState.HEALTHY)))
          .isEqualTo(new Finding(Finding.Role.UNDECIDED, healthyCall(BenchArm.A, Call.TOO_CLOSE)));
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
      assertThat(call(v, id(BenchArm.A, ProviderState.HEALTHY)))
          .isEqualTo(new Finding(Finding.Role.UNDECIDED, healthyCall(BenchArm.A, Call.MISSING)));
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
      assertThat(call(v, id(BenchArm.C, ProviderState.DEGRADED)))
          .isEqualTo(
              new Finding(
                  Finding.Role.UNDECIDED,
                  degradedCall(BenchArm.C, Call.TOO_CLOSE, Fact.Expected.MEETS)));
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
      assertThat(call(v, id(BenchArm.B, ProviderState.DEGRADED)))
          .isEqualTo(
              new Finding(
                  Finding.Role.UNDECIDED,
                  degradedCall(BenchArm.B, Call.TOO_CLOSE, Fact.Expected.MISSES)));
      assertThat(call(v, id(BenchArm.C, ProviderState.DEGRADED)))
          .isEqualTo(
              new Finding(
                  Finding.Role.REFUTES, degradedCall(BenchArm.C, Call.FAILS, Fact.Expected.MEETS)));
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
      DegradedPathFaster.Paths p =
          (DegradedPathFaster.Paths) Lines.facts(v, DegradedPathFaster.Paths.class).get(0).fact();
      assertThat(p.outcome()).isEqualTo(DegradedPathFaster.PathOutcome.FASTER);
      assertThat(p.difference().low()).isPositive();
      assertThat(p.cold().p50()).isBetween(150.0, 170.0);
      assertThat(p.degraded().p50()).isBetween(55.0, 75.0);
      assertThat(p.coldAnswers()).isEqualTo(40);
    }

    @Test
    void refutedWhenTheDegradedPathIsSlower() {
      assertThat(paths(160, 40, 260, 40, 1_200L).verdict()).isEqualTo(Verdict.REFUTED);
    }

    @Test
    void inconclusiveWithFewerThanThirtyAnswersOnAPath() {
      Verdict v = paths(160, 29, 65, 40, 1_200L);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(Lines.facts(v, DegradedPathFaster.Paths.class))
          .singleElement()
          .satisfies(f -> assertThat(f.role()).isEqualTo(Finding.Role.UNDECIDED))
          .extracting(f -> ((DegradedPathFaster.Paths) f.fact()).outcome())
          .isEqualTo(DegradedPathFaster.PathOutcome.TOO_FEW);
    }

    @Test
    void inconclusiveWhenTheIntervalContainsZero() {
      Verdict v = paths(100, 40, 100, 40, 1_200L);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(Lines.facts(v, DegradedPathFaster.Paths.class))
          .extracting(f -> ((DegradedPathFaster.Paths) f.fact()).outcome())
          .containsExactly(DegradedPathFaster.PathOutcome.CONTAINS_ZERO);
    }

    @Test
    void inconclusiveWhenTheBreakerNeverOpened() {
      Verdict v = paths(160, 40, 65, 40, null);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(v.findings())
          .containsExactly(
              new Finding(Finding.Role.UNDECIDED, new DegradedPathFaster.NeverOpened("R1")));
    }
  }

  @Nested
  class Hd017 {
    final Hypothesis h = new Coalescing();

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
      assertThat(Lines.facts(v, Coalescing.Stampede.class))
          .extracting(Finding::fact)
          .contains(
              new Coalescing.Stampede(
                  stampede(BenchArm.C_PRIME, 1, 1).run("R3").build().spec().id(), "R3"));
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
      assertThat(v.findings())
          .contains(
              new Finding(
                  Finding.Role.REFUTES,
                  new Coalescing.Contradicted(
                      Coalescing.Contradiction.C_PRIME_NOT_EXACTLY_ONE, 2, "R2")));
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
      assertThat(v.findings())
          .contains(new Finding(Finding.Role.UNDECIDED, new Coalescing.NotMeasured("C'", "R2")));
    }

    @Test
    void inconclusiveWithoutCPrime() {
      assertThat(eval(h, of(stampede(BenchArm.C, 50, 32))).verdict())
          .isEqualTo(Verdict.INCONCLUSIVE);
    }
  }

  /** From an empty window: count N, rate its minimum calls; against 1 % of W's requests. */
  @Test
  void theGuardComparesFailuresNeededFromAnEmptyWindowWithOnePercentOfW() {
    VerdictRules full = Fixture.rules();
    int low = 10;
    assertThat(PolicySteps.neededFailures(full, "count")).isEqualTo(5);
    assertThat(PolicySteps.neededFailures(full, "rate")).isEqualTo(5);
    assertThat(PolicySteps.neededFailures(full, "rate-m2")).isEqualTo(2);
    assertThat(PolicySteps.neededFailures(full, "count-n3")).isEqualTo(3);
    assertThat(PolicySteps.allowedInW(full, low)).isEqualTo(3.0);
    assertThat(PolicySteps.allowedInW(full, 200)).isEqualTo(60.0);
    assertThat(PolicySteps.cannotOpen(full, "count", low))
        .isEqualTo(new PolicySteps.CannotOpen("count N=5", 5, 300, 30, low, 3.0));
    assertThat(PolicySteps.cannotOpen(full, "rate", low).needed()).isEqualTo(5);
    assertThat(PolicySteps.cannotOpen(full, "rate-m4", low).needed()).isEqualTo(4);
    assertThat(PolicySteps.cannotOpen(full, "count-n3", low)).isNull();
    assertThat(PolicySteps.cannotOpen(full, "rate-m2", low)).isNull();
    assertThat(PolicySteps.cannotOpen(full, "count", 200)).isNull();
  }

  @Test
  void theRulesCarryTheirVersionAndEvaluateEveryHypothesisInOrder() {
    var all = Fixture.rules().evaluate(new StepResults(List.of()), List.of());
    assertThat(all.keySet())
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8",
            "HD-01");
    assertThat(VerdictRules.RULES_VERSION).isEqualTo("15");
  }

  /**
   * Every verdict says whether it is an implementation check: the design's arithmetic (budget 120
   * ms, rating 60 ms, timeout 700 ms, pool 32, the double's medians and σ, the protocol's rates, N,
   * W and recovery window) fixes every hypothesis of the card but HD-01 before anything is measured
   * (rules version 15 adds HD-01.1, .5, .6 and .8); HD-01 is a finding, with its clauses (a) and
   * (c) named as checks in its evidence.
   */
  @Test
  void theVerdictsTheDesignsArithmeticFixesAreImplementationChecks() {
    var all = Fixture.rules().evaluate(new StepResults(List.of()), List.of());
    assertThat(all.values())
        .allMatch(v -> v.byConstruction() != null)
        .filteredOn(Verdict::isCheck)
        .extracting(Verdict::id)
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8");
    assertThat(all.get("HD-01.1").construction())
        .contains("its healthy p95 is about the rating's 60 ms plus the double's healthy p95")
        .contains("≈ 213 ms ≤ 225 ms");
    assertThat(all.get("HD-01.5").construction()).contains("below 1 % by the settings alone");
    assertThat(all.get("HD-01.6").construction()).contains("fixed by its setting");
    assertThat(all.get("HD-01.8").construction())
        .contains("recovery window, 30 s after the change");
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
            d.stampedeConcurrency(),
            d.healthySigma(),
            d.walkRate(),
            d.countPolicyN(),
            d.lowRate(),
            d.exposureWindowSec(),
            d.recoveryWindowSec());
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
            d.stampedeConcurrency(),
            d.healthySigma(),
            d.walkRate(),
            d.countPolicyN(),
            d.lowRate(),
            d.exposureWindowSec(),
            d.recoveryWindowSec());
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
            d.stampedeConcurrency(),
            d.healthySigma(),
            d.walkRate(),
            d.countPolicyN(),
            d.lowRate(),
            d.exposureWindowSec(),
            d.recoveryWindowSec());
    assertThat(new DegradedOnlyC().byConstruction(unknownBudget)).isNull();
    assertThat(new DegradedPathFaster().byConstruction(unknownBudget)).isNotNull();
  }
}
