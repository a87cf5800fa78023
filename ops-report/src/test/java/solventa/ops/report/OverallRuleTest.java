package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.step;
import static solventa.ops.analysis.Fixture.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.Sanity;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.*;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * HD-01, the card's whole rule (docs/verdict-rules.md, rules version 3; clause (b) in real units
 * since version 9): every refutation clause alone refutes, all clauses holding supports, and each
 * missing figure makes it inconclusive with its reason. The fixtures are the full profile's walk:
 * 200 req/s, the profile's warm-up and measured seconds, about 6 000 answers per step, C's p95
 * 62–65 ms as the full sample measured, a pool of 32 whose recovery peak was 11 in flight, and
 * HD-01.4's sweep.
 */
class OverallRuleTest {
  static final ExperimentProfile FULL = ExperimentProfile.named("full");
  static final int POOL = 32;

  final Hypothesis h = new Overall();

  /** Answers per second of the aging curves: enough that a second's interval is narrow. */
  static final int AGING_RATE = 2_000;

  /** One run's C walk steps, each adjustable before it is built. */
  static final class Walk {
    final String run;
    Fixture healthy;
    Fixture degraded;
    Fixture unresponsive;
    Fixture recovery;

    Walk(String run) {
      this.run = run;
      healthy = walkStep(ProviderState.HEALTHY, FULL.pathMeasureSec()).latency(64, 171);
      healthy.fallback(0.42);
      // a provider that refreshes nothing: the share follows the aging model from h = 96 %, and
      // through the declared hour's outage (the lab's first 25 s of T = 600 s) it is about 6 %,
      // within the 10 % ceiling: clause (b) holds
      degraded = walkStep(ProviderState.DEGRADED, FULL.pathMeasureSec()).latency(62, 65);
      degraded.fallback(30.0).aging(0.96, FULL.refreshAfterSec(), AGING_RATE);
      unresponsive = walkStep(ProviderState.UNRESPONSIVE, FULL.measureSec()).latency(63, 65);
      unresponsive.fallback(30.0).aging(0.96, FULL.refreshAfterSec(), AGING_RATE);
      // C's journeys ask duplicate calls once the provider is healthy, the pool far from full
      recovery =
          walkStep(ProviderState.RECOVERY, FULL.recoveryMeasureSec())
              .latency(63, 190)
              .pool(11, 0L)
              .recoveryPhases(FULL.recoveryWindowSec(), 11, 11, 40);
      recovery.fallback(4.1);
    }

    private Fixture walkStep(ProviderState st, int measure) {
      Fixture f = step(BenchArm.C, st).run(run).window(FULL.warmupSec(), measure);
      f.rate = FULL.walkRate();
      f.poolSize = POOL;
      return f.answers((long) FULL.walkRate() * measure);
    }

    /**
     * A run whose cache starts the outage at h = 88 %: the misses alone exceed the 10 % ceiling, so
     * its share through an hour's outage is about 13.8 %.
     */
    void lowHitRate() {
      healthy.measured(88);
      degraded.aging(0.88, FULL.refreshAfterSec(), AGING_RATE);
      unresponsive.aging(0.88, FULL.refreshAfterSec(), AGING_RATE);
    }

    Fixture get(ProviderState st) {
      return switch (st) {
        case HEALTHY -> healthy;
        case DEGRADED -> degraded;
        case UNRESPONSIVE -> unresponsive;
        case RECOVERY -> recovery;
        default -> throw new IllegalArgumentException(st.name());
      };
    }
  }

  /** Three runs of the walk, {@code change} applied to each run's steps, and the sweep. */
  static List<StepResult> protocol(int runs, java.util.function.Consumer<Walk> change) {
    List<StepResult> out = new ArrayList<>();
    for (int r = 1; r <= runs; r++) {
      Walk w = new Walk("R" + r);
      change.accept(w);
      for (Fixture f : java.util.Arrays.asList(w.healthy, w.degraded, w.unresponsive, w.recovery)) {
        if (f != null) {
          out.add(f.build());
        }
      }
    }
    for (double hr : FULL.sweepHitRates()) {
      out.add(sweep(BenchArm.C, hr).latency(63, hr >= 0.96 ? 180 : 600).build());
    }
    return out;
  }

  static List<StepResult> protocol(java.util.function.Consumer<Walk> change) {
    return protocol(FULL.runs(), change);
  }

  /** Changes the steps of run {@code run} only. */
  static java.util.function.Consumer<Walk> inRun(String run, java.util.function.Consumer<Walk> c) {
    return w -> {
      if (w.run.equals(run)) {
        c.accept(w);
      }
    };
  }

  static Map<String, Verdict> hd5(String verdict) {
    return Map.of("HD-01.5", new Verdict("HD-01.5", "", verdict, List.of()));
  }

  /** The steps last judged, whose findings {@link #words} words. */
  List<StepResult> judged = List.of();

  Verdict eval(List<StepResult> steps) {
    judged = steps;
    return Fixture.eval(h, steps, hd5(Verdict.SUPPORTED), List.of());
  }

  /** As {@link #eval(List)}, with HD-01.5 judged as {@code hd5}. */
  Verdict evalWith(List<StepResult> steps, Map<String, Verdict> hd5) {
    judged = steps;
    return Fixture.eval(h, steps, hd5, List.of());
  }

  /** {@code v}'s evidence as the report words it, from the steps last judged. */
  List<String> words(Verdict v) {
    return EvidenceWords.lines(v, judged);
  }

  List<String> refutations(Verdict v) {
    return words(v).stream().filter(l -> l.startsWith("refuted by")).toList();
  }

  @Nested
  class Supported {
    @Test
    void whenEveryClauseHoldsInEveryRun() {
      Verdict v = eval(protocol(w -> {}));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.provisional()).isFalse();
      assertThat(refutations(v)).isEmpty();
      assertThat(words(v))
          .contains(
              "judged with the actuarial inputs source-refresh-s=86400 (T_source), outage-s=3600"
                  + " (D), fallback-ceiling-pct=10 (c), max-stale-age-s=172800 (A), as declared in"
                  + " the rules; the lab's T = 600 s maps to T_source through t/T")
          .contains(
              "C R3 recovery, from 30 s after the change (the provider healthy again, 50 s): 40"
                  + " duplicate call(s), at most 11 in flight of pool 32 (the step's peak 11, 0"
                  + " rejected in the step) → no stampede saturates the pool")
          .contains("HD-01.5 is supported");
      assertThat(words(v)).filteredOn(l -> l.endsWith("→ within 10 %")).hasSize(2);
      assertThat(v.clauses())
          .extracting(Verdict.Clause::outcome)
          .containsOnly(Verdict.Clause.HOLDS)
          .hasSize(4);
      assertThat(words(v)).filteredOn(l -> l.endsWith("→ meets")).hasSize(9);
    }

    /** The ceiling is an actuarial input read from the rules, not a number inside the rule. */
    @Test
    void theCeilingIsAnActuarialInput() {
      List<StepResult> steps = protocol(w -> {});
      assertThat(eval(steps, new Actuarial(86_400, 3_600, 5, 172_800)).verdict())
          .isEqualTo(Verdict.REFUTED);
      Verdict v = eval(steps, new Actuarial(86_400, 3_600, 40, 172_800));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(words(v))
          .first()
          .asString()
          .startsWith(
              "judged with the actuarial inputs source-refresh-s=86400 (T_source),"
                  + " outage-s=3600 (D), fallback-ceiling-pct=40 (c)");
    }

    /** "Holds even at 0 %" is a minimum: nothing lower can be tested (rules version 4). */
    @Test
    void whenCHoldsEvenAtZeroPercent() {
      List<StepResult> steps =
          new ArrayList<>(
              protocol(w -> {}).stream()
                  .filter(s -> s.spec().kind() != solventa.ops.protocol.StepKind.SWEEP)
                  .toList());
      for (double hr : new double[] {0.99, 0.96, 0.90, 0.50, 0.0}) {
        steps.add(sweep(BenchArm.C, hr).latency(63, 190).build());
      }
      Verdict v = eval(steps);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(words(v))
          .contains(
              "minimum hit rate: 0 % (C holds even at 0.0 % measured, where every answer is a"
                  + " fallback)");
    }

    @Test
    void provisionalWithFewerRunsThanTheCardRequires() {
      Verdict v = eval(protocol(1, w -> {}));
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(v.provisional()).isTrue();
      assertThat(words(v)).anyMatch(l -> l.contains("the card requires 3"));
    }
  }

  @Nested
  class ClauseA {
    @ParameterizedTest
    @EnumSource(
        value = ProviderState.class,
        names = {"HEALTHY", "DEGRADED", "UNRESPONSIVE"})
    void aMissInOneStateOfOneRunRefutes(ProviderState st) {
      // the p99 A and B measured degraded (issue 28: 717–721 ms): past the 475 ms threshold
      Verdict v = eval(protocol(inRun("R2", w -> w.get(st).latency(180, 719))));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(refutations(v))
          .hasSize(2)
          .allMatch(l -> l.startsWith("refuted by clause (a) C misses the thresholds"))
          .anyMatch(l -> l.contains(": C R2 "));
    }

    /**
     * Rules version 5: a p95 whose bootstrap interval contains 225 ms is too close to call
     * (HD-01.1's flip in the quick samples: 220–221 ms), inconclusive unless something else
     * refutes; its whole interval above 225 ms refutes.
     */
    @Test
    void aP95WhoseIntervalContainsTheThresholdIsTooCloseToCall() {
      Verdict v =
          eval(
              protocol(
                  inRun(
                      "R1",
                      w ->
                          w.healthy
                              .latency(221, 300)
                              .intervals(new Interval(217, 226), new Interval(280, 320)))));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .contains(
              "INCONCLUSIVE: C R1 healthy: p95 221 ms [217, 226], p99 300 ms [280, 320], errors"
                  + " 0.00 % [0.00, 0.06], fallback 0.42 % [0.27, 0.61] (n=6000) → clause (a)"
                  + " cannot be decided: too close to call: C R1 healthy p95 221 ms [217, 226]"
                  + " against 225 ms");
      Verdict clear =
          eval(
              protocol(
                  inRun(
                      "R1",
                      w ->
                          w.healthy
                              .latency(229, 300)
                              .intervals(new Interval(226, 233), new Interval(280, 320)))));
      assertThat(clear.verdict()).isEqualTo(Verdict.REFUTED);
    }

    /** An older results.json's step, without intervals: never judged by its point value. */
    @Test
    void aStepWithoutIntervalsIsInconclusiveWithTheReason() {
      Verdict v = eval(protocol(inRun("R1", w -> w.healthy.withoutIntervals())));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.contains("C R1 healthy p95 64 ms [no interval]: no interval stored")
                      && l.contains("written before rules version 5"));
    }

    @Test
    void errorsAboveOnePercentMissToo() {
      Verdict v = eval(protocol(inRun("R3", w -> w.unresponsive.errors(1.5))));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(words(v)).last().isEqualTo("refuted by clause (a) C misses the thresholds");
    }
  }

  /** HD-01 judged with the actuarial inputs {@code a} instead of the declared ones. */
  Verdict eval(List<StepResult> steps, Actuarial a) {
    judged = steps;
    return h.evaluate(
        new Hypothesis.Input(
            new StepResults(steps),
            List.of(),
            VerdictRules.of(FULL, Map.of(), a),
            hd5(Verdict.SUPPORTED)));
  }

  static Verdict.Clause clauseB(Verdict v) {
    return v.clauses().stream()
        .filter(c -> c.clause().startsWith("clause (b)"))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Rules version 15: clause (b) pools the runs' steps of a state and compares the share through
   * the outage D (the lab's first D·T/T_source) with the ceiling by its interval. The walk's curves
   * follow the aging model from h = 96 % at 2 000 answers a second: about 6.0 % through an hour of
   * a daily source, 150 000 answers over the three runs.
   */
  @Nested
  class ClauseB {
    private Actuarial outage(double d) {
      return new Actuarial(86_400, d, 10, 172_800);
    }

    @Test
    void holdsWhenThePooledShareThroughTheOutageIsWithinTheCeiling() {
      Verdict v = eval(protocol(w -> {}));
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.HOLDS);
      assertThat(clauseB(v).flipsAt()).startsWith("outage-s ");
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith(
                          "C degraded (3 runs): fallback through the first 3600 s of the outage"
                              + " 6.")
                      && l.contains("150000 answers over the lab's first 25.0 s of each step")
                      && l.endsWith("→ within 10 %"));
    }

    @Test
    void refutesWhenThePooledShareIsAboveTheCeiling() {
      Verdict v = eval(protocol(Walk::lowHitRate));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.REFUTES);
      assertThat(refutations(v))
          .first()
          .asString()
          .startsWith(
              "refuted by clause (b) fallback above the ceiling: C degraded (3 runs): fallback"
                  + " through the first 3600 s of the outage 13.")
          .endsWith("→ above 10 %");
    }

    /** One run at 88 % beside two at 96 %: the pooled share, about 8.6 %, holds. */
    @Test
    void theRunsArePooledNotJudgedOneByOne() {
      Verdict v = eval(protocol(inRun("R3", Walk::lowHitRate)));
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.HOLDS);
    }

    /** A share at the ceiling within its interval is too close to call. */
    @Test
    void aShareAtTheCeilingIsTooCloseToCall() {
      Verdict v = eval(protocol(w -> {}), new Actuarial(86_400, 3_600, 6, 172_800));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.UNDECIDED);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith(
                          "INCONCLUSIVE: clause (b) cannot be decided: too close to call: C"
                              + " degraded (3 runs)")
                      && l.endsWith("against 6 %"));
    }

    /** An outage longer than a step has measured cannot be judged: the steps end before D. */
    @Test
    void anOutageLongerThanTheStepsCannotBeJudged() {
      Verdict v = eval(protocol(w -> {}), outage(14_400));
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.UNDECIDED);
      assertThat(words(v))
          .anyMatch(l -> l.contains("before the first D mapped to the lab (100.0 s)"));
    }

    /** The same recordings with an hourly source: D is the lab's whole T, beyond the steps. */
    @Test
    void theSpanMovesWithTheSourcesRefreshPolicy() {
      Verdict v = eval(protocol(w -> {}), new Actuarial(864_000, 3_600, 10, 1_728_000));
      // a source refreshed every ten days: an hour is 2.5 s of the lab, where the share is 4.1 %
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.HOLDS);
      assertThat(words(v)).anyMatch(l -> l.contains("over the lab's first 2.5 s of each step"));
    }

    /** A curve 5 points above the model is a finding of its own, with its interval. */
    @Test
    void theDistanceFromTheAgingModelIsMeasured() {
      Verdict v =
          eval(
              protocol(
                  w -> {
                    w.degraded.curve(0.96, FULL.refreshAfterSec(), AGING_RATE, 5);
                  }));
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith("refuted by clause (b)")
                      && l.matches(".*[+](4[.]9|5[.]0)[0-9] points above the aging model.*"));
    }
  }

  @Nested
  class ClauseC {
    /** C's recovery from 30 s (the provider healthy again) in R2: 40 duplicate calls, and more. */
    private Verdict recovery(int backlogPeak, int healthyPeak, long duplicates, long rejected) {
      return eval(
          protocol(
              inRun(
                  "R2",
                  w ->
                      w.recovery
                          .pool(11, rejected)
                          .recoveryPhases(
                              FULL.recoveryWindowSec(), backlogPeak, healthyPeak, duplicates))));
    }

    @Test
    void duplicateCallsFillingThePoolOnceTheProviderIsHealthyRefute() {
      Verdict v = recovery(11, POOL, 40, 0);
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(refutations(v))
          .containsExactly(
              "refuted by clause (c) a stampede at recovery saturates the adapter's pool: C R2"
                  + " recovery, from 30 s after the change (the provider healthy again, 50 s): 40"
                  + " duplicate call(s), at most 32 in flight of pool 32 (the step's peak 32, 0"
                  + " rejected in the step)",
              "refuted by clause (c) a stampede at recovery saturates the adapter's pool");
      assertThat(v.clauses())
          .extracting(Verdict.Clause::outcome)
          .containsExactly(
              Verdict.Clause.HOLDS,
              Verdict.Clause.HOLDS,
              Verdict.Clause.REFUTES,
              Verdict.Clause.HOLDS);
    }

    /** A full pool of distinct customers, without a duplicate call, is not a stampede. */
    @Test
    void thePoolFullWithoutADuplicateCallIsNotAStampede() {
      assertThat(recovery(11, POOL, 0, 0).verdict()).isEqualTo(Verdict.SUPPORTED);
    }

    @Test
    void oneBelowThePoolIsNotSaturated() {
      Verdict v = recovery(11, POOL - 1, 40, 0);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith("C R2 recovery, from 30 s after the change")
                      && l.endsWith("→ no stampede saturates the pool"));
    }

    /**
     * The full sample's case: a half-open probe closes the breaker while the provider is still
     * degraded and the expired customers' calls fill the pool: the recovery backlog, a finding with
     * its cause, not a stampede.
     */
    @Test
    void aBacklogWhileTheProviderIsStillDegradedIsAFindingNotAStampede() {
      Verdict v = recovery(POOL, 11, 40, 21);
      assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
      assertThat(words(v))
          .contains(
              "recovery backlog (a finding, not a stampede): C R2 recovery: the pool was full (32"
                  + " of 32 in flight) in second 6, while the provider was still degraded; cause:"
                  + " a half-open probe that answered in time closed the breaker 6500 ms after the"
                  + " change and it opened again 7800 ms after the change; while it was closed it"
                  + " admitted at least 32 calls (the pool's peak) for the customers whose values"
                  + " expired during the outage, 3 of them duplicate calls, 21 rejected in the"
                  + " step");
    }

    @Test
    void undecidedWhenTheStepEndsBeforeTheProviderIsHealthy() {
      Verdict v =
          eval(
              protocol(
                  inRun(
                      "R1",
                      w ->
                          w.recovery
                              .window(FULL.warmupSec(), 20)
                              .recoveryPhases(FULL.recoveryWindowSec(), 11, 11, 40))));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .contains(
              "INCONCLUSIVE: C R1 recovery ended before the provider was healthy again (30 s):"
                  + " clause (c) cannot be judged");
      assertThat(v.clauses().get(2).outcome()).isEqualTo(Verdict.Clause.UNDECIDED);
    }
  }

  @Nested
  class ClauseD {
    @Test
    void hd015RefutedRefutes() {
      Verdict v = evalWith(protocol(w -> {}), hd5(Verdict.REFUTED));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(words(v)).last().isEqualTo("refuted by clause (d) HD-01.5 is refuted");
    }
  }

  @Test
  void everyClauseThatRefutesIsNamed() {
    Verdict v =
        evalWith(
            protocol(
                w -> {
                  w.lowHitRate();
                  w.recovery.recoveryPhases(FULL.recoveryWindowSec(), 11, POOL, 21);
                  w.unresponsive.latency(180, 719);
                }),
            hd5(Verdict.REFUTED));
    assertThat(words(v))
        .last()
        .isEqualTo(
            "refuted by clause (a) C misses the thresholds; clause (b) fallback above the ceiling;"
                + " clause (c) a stampede at recovery saturates the adapter's pool; clause (d)"
                + " HD-01.5 is refuted");
  }

  @Nested
  class Inconclusive {
    @Test
    void whenAFallbackShareWasNotMeasured() {
      Verdict v = eval(protocol(inRun("R2", w -> w.unresponsive.invalid())));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith(
                          "INCONCLUSIVE: clause (b) cannot be decided: C unresponsive (2 runs): the"
                              + " usable steps hold, but C R2 unresponsive is invalid")
                      && l.endsWith("never holds by default"));
    }

    @Test
    void whenARecoveryStepWasNotRun() {
      Verdict v = eval(protocol(inRun("R3", w -> w.recovery = null)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .contains("INCONCLUSIVE: C R3 recovery was not run: clause (c) cannot be judged");
    }

    @Test
    void whenARecoveryStepIsInvalid() {
      Verdict v = eval(protocol(inRun("R1", w -> w.recovery.invalid())));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v)).anyMatch(l -> l.startsWith("INCONCLUSIVE: C R1 recovery is invalid"));
    }

    @Test
    void whenThePoolWasNotReadAtRecovery() {
      Verdict v = eval(protocol(inRun("R2", w -> w.recovery.pool(null, 0L))));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith("INCONCLUSIVE: C R2 recovery: the adapter's pool was not read")
                      && l.endsWith("clause (c) cannot be judged"));
    }

    @Test
    void whenAWalkStepIsMissing() {
      Verdict v = eval(protocol(inRun("R2", w -> w.degraded = null)));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v)).contains("INCONCLUSIVE: C R2 degraded was not run");
      // a clause whose step is missing is undecided, never holds by default
      assertThat(v.clauses().get(0).outcome()).isEqualTo(Verdict.Clause.UNDECIDED);
      assertThat(clauseB(v).outcome()).isEqualTo(Verdict.Clause.UNDECIDED);
      assertThat(v.clauses().get(2).outcome()).isEqualTo(Verdict.Clause.HOLDS);
    }

    @Test
    void whenHd015IsInconclusive() {
      Verdict v = evalWith(protocol(w -> {}), hd5(Verdict.INCONCLUSIVE));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void whenARunIsInvalidated() {
      judged = protocol(w -> {});
      Verdict v =
          Fixture.eval(
              h,
              judged,
              hd5(Verdict.SUPPORTED),
              List.of(new SanityCheck("R2", "contract", false, "schemas differ")));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v)).contains("INCONCLUSIVE: runs invalidated by sanity checks: R2");
    }

    @Test
    void whenTheMinimumHitRateIsNotQuantified() {
      List<StepResult> steps =
          new ArrayList<>(
              protocol(w -> {}).stream()
                  .filter(s -> s.spec().kind() != solventa.ops.protocol.StepKind.SWEEP)
                  .toList());
      Verdict v = eval(steps);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v)).anyMatch(l -> l.contains("the minimum hit rate is not quantified"));
    }

    /** The protocol's walk with C's sweep at {@code rates} (targets), p99 {@code p99} at each. */
    List<StepResult> withSweep(double[] rates, double[] p99) {
      List<StepResult> steps =
          new ArrayList<>(
              protocol(w -> {}).stream()
                  .filter(s -> s.spec().kind() != solventa.ops.protocol.StepKind.SWEEP)
                  .toList());
      for (int i = 0; i < rates.length; i++) {
        steps.add(sweep(BenchArm.C, rates[i]).latency(63, p99[i]).build());
      }
      return steps;
    }

    /** An open bound is where the sweep ended, not a minimum (rules version 4). */
    @Test
    void whenCHoldsAtEveryTestedRate() {
      Verdict v =
          eval(withSweep(new double[] {0.99, 0.96, 0.90, 0.50}, new double[] {180, 182, 190, 194}));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .contains(
              "INCONCLUSIVE: the minimum hit rate is not quantified: minimum hit rate: an open"
                  + " bound, not quantified (C holds at every tested rate, down to 50.0 %)");
    }

    @Test
    void whenCFailsAtEveryTestedRate() {
      Verdict v =
          eval(withSweep(new double[] {0.99, 0.96, 0.90, 0.50}, new double[] {720, 721, 719, 722}));
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .contains(
              "INCONCLUSIVE: the minimum hit rate is not quantified: minimum hit rate: an open"
                  + " bound, not quantified (C fails at every tested rate, up to 99.0 %)");
    }

    /** A sweep step off its target twice is invalid: the minimum is not quantified. */
    @Test
    void whenASweepStepMissedItsTargetTwice() {
      List<StepResult> steps =
          withSweep(new double[] {0.99, 0.96, 0.50}, new double[] {180, 182, 600});
      StepResult off = sweep(BenchArm.C, 0.90).latency(63, 600).measured(86.9).build();
      List<String> reasons = Sanity.invalidations(off);
      List<String> both = new ArrayList<>();
      reasons.forEach(r -> both.add("attempt 1: " + r));
      reasons.forEach(r -> both.add("attempt 2: " + r));
      steps.add(off.withInvalidations(both, false, 2));
      Verdict v = eval(steps);
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v))
          .anyMatch(
              l ->
                  l.startsWith(
                          "INCONCLUSIVE: the minimum hit rate is not quantified: C at hit rate 90 %"
                              + " is invalid")
                      && l.contains("measured 86.9 % CACHED against the target 90 %"));
    }

    @Test
    void whenNoWalkWasRun() {
      Verdict v = eval(List.of());
      assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
      assertThat(words(v)).contains("INCONCLUSIVE: no state walk was run");
      // with nothing measured no clause holds: (a), (b) and (c) are undecided, and (d) follows
      // HD-01.5 (supported here)
      assertThat(v.clauses())
          .extracting(Verdict.Clause::outcome)
          .containsExactly(
              Verdict.Clause.UNDECIDED,
              Verdict.Clause.UNDECIDED,
              Verdict.Clause.UNDECIDED,
              Verdict.Clause.HOLDS);
    }

    /** Missing data does not hide a refutation measured elsewhere. */
    @Test
    void butARefutationMeasuredElsewhereStillRefutes() {
      Verdict v =
          eval(
              protocol(
                  w -> {
                    w.lowHitRate();
                    if (w.run.equals("R3")) {
                      w.recovery = null;
                    }
                  }));
      assertThat(v.verdict()).isEqualTo(Verdict.REFUTED);
      assertThat(words(v)).last().isEqualTo("refuted by clause (b) fallback above the ceiling");
    }
  }
}
