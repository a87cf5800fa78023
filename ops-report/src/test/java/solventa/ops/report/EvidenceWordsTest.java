package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.stampede;
import static solventa.ops.analysis.Fixture.step;
import static solventa.ops.report.Judged.of;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Coalescing;
import solventa.ops.analysis.hypotheses.DegradedOnlyC;
import solventa.ops.analysis.hypotheses.DegradedPathFaster;
import solventa.ops.analysis.hypotheses.HealthyAllArms;
import solventa.ops.analysis.hypotheses.Hypothesis;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * The report words the findings the rules return: a step cited with its figures and their
 * intervals, the rule it met or missed, what the rule expected of a refuting step, why a line could
 * not decide ("INCONCLUSIVE: …"), and why a step could not decide anything.
 */
class EvidenceWordsTest {

  static List<String> words(Hypothesis h, List<StepResult> steps) {
    return Judged.judge(h, steps).lines();
  }

  static Fixture healthy(BenchArm arm) {
    return step(arm, ProviderState.HEALTHY);
  }

  @Test
  void aStepThatMeetsIsCitedWithItsFiguresAndTheRule() {
    List<StepResult> steps = of(healthy(BenchArm.A), healthy(BenchArm.B), healthy(BenchArm.C));
    assertThat(words(new HealthyAllArms(), steps))
        .hasSize(3)
        .allMatch(l -> l.endsWith(" → meets p95 ≤ 225 ms, errors ≤ 1 %"))
        .anyMatch(l -> l.startsWith("A R1 healthy: p95 150 ms"));
  }

  @Test
  void aStepTooCloseToCallSaysWhichFigureAgainstWhat() {
    List<StepResult> steps =
        of(
            healthy(BenchArm.A)
                .answers(500)
                .latency(221, 300)
                .intervals(new Interval(218, 227), new Interval(260, 340)),
            healthy(BenchArm.B),
            healthy(BenchArm.C));
    assertThat(words(new HealthyAllArms(), steps))
        .contains(
            "INCONCLUSIVE: A R1 healthy: p95 221 ms [218, 227], p99 300 ms [260, 340], errors"
                + " 0.00 % [0.00, 0.74], fallback 3.00 % [1.69, 4.90] (n=500) → too close to"
                + " call: A R1 healthy p95 221 ms [218, 227] against 225 ms");
  }

  @Test
  void anErrorShareTooCloseToCallAndAMissingIntervalSayWhy() {
    assertThat(
            words(
                new HealthyAllArms(),
                of(
                    healthy(BenchArm.A).answers(500).errors(0.2),
                    healthy(BenchArm.B),
                    healthy(BenchArm.C))))
        .anyMatch(
            l ->
                l.startsWith("INCONCLUSIVE: A R1 healthy: ")
                    && l.endsWith(
                        "too close to call: A R1 healthy errors 0.20 % [0.01, 1.11] against 1 %"));
    assertThat(
            words(
                new HealthyAllArms(),
                of(
                    healthy(BenchArm.A).withoutIntervals(),
                    healthy(BenchArm.B),
                    healthy(BenchArm.C))))
        .anyMatch(
            l ->
                l.contains(
                    "A R1 healthy p95 150 ms [no interval]: " + StepIntervals.BEFORE_VERSION_5));
  }

  @Test
  void aStepThatCannotDecideSaysWhy() {
    List<String> invalid =
        words(
            new HealthyAllArms(),
            of(healthy(BenchArm.A), healthy(BenchArm.B).invalid(), healthy(BenchArm.C)));
    assertThat(invalid).anyMatch(l -> l.startsWith("INCONCLUSIVE: B R1 healthy is invalid ("));
    List<String> missing = words(new HealthyAllArms(), of(healthy(BenchArm.B)));
    assertThat(missing)
        .contains(
            "INCONCLUSIVE: A R1 healthy was not run", "INCONCLUSIVE: C R1 healthy was not run");
    assertThat(words(new HealthyAllArms(), List.of()))
        .containsExactly("INCONCLUSIVE: no state walk was run");
  }

  /** A refuting line says what the rule expected of the arm; an agreeing one does not. */
  @Test
  void aRefutingStepSaysWhatTheRuleExpectedOfItsArm() {
    List<StepResult> bMeetsToo =
        of(
            step(BenchArm.A, ProviderState.DEGRADED).latency(700, 710).errors(50),
            step(BenchArm.B, ProviderState.DEGRADED).latency(150, 300),
            step(BenchArm.C, ProviderState.DEGRADED).latency(150, 600));
    List<String> lines = words(new DegradedOnlyC(), bMeetsToo);
    assertThat(lines)
        .anyMatch(
            l ->
                l.startsWith("A R1 degraded: ")
                    && l.endsWith("→ misses p95 ≤ 225 ms, p99 ≤ 475 ms, errors ≤ 1 %"))
        .anyMatch(
            l ->
                l.startsWith("B R1 degraded: ")
                    && l.endsWith(
                        "→ meets p95 ≤ 225 ms, p99 ≤ 475 ms, errors ≤ 1 % (only C may meet)"))
        .anyMatch(
            l ->
                l.startsWith("C R1 degraded: ")
                    && l.endsWith(
                        "→ misses p95 ≤ 225 ms, p99 ≤ 475 ms, errors ≤ 1 % (C must meet)"));
  }

  /** A verdict read back from results.json keeps its words: there is nothing to word again. */
  @Test
  void aVerdictReadBackKeepsItsWords() {
    var stored =
        new solventa.ops.analysis.hypotheses.Verdict(
            "HD-01.1", "s", "supported", List.of("as stored"));
    assertThat(EvidenceWords.lines(stored, List.of())).containsExactly("as stored");
  }

  /** HD-01.7: each run's pair cited with its calls and pool, a contradiction and a missing pair. */
  @Test
  void theStampedesAreCitedWithTheirCallsAndPoolRunByRun() {
    List<StepResult> steps =
        of(
            stampede(BenchArm.C, 50, 32).run("R1"),
            stampede(BenchArm.C_PRIME, 1, 1).run("R1"),
            stampede(BenchArm.C, 50, 32).run("R2"),
            stampede(BenchArm.C_PRIME, 2, 2).run("R2"),
            stampede(BenchArm.C, 50, 32).run("R3"));
    List<String> lines = words(new Coalescing(), steps);
    assertThat(lines)
        .anyMatch(
            l ->
                l.matches(
                    "C' in R1: 50 concurrent misses on one key → 1 provider calls; adapter max"
                        + " in-flight 1 of pool \\d+, \\d+ rejected"))
        .contains(
            "C' made 2 provider calls in R2, not exactly one",
            "INCONCLUSIVE: the stampede on arm C' was not measured in R3");
    assertThat(
            words(
                new Coalescing(), of(stampede(BenchArm.C, 1, 1), stampede(BenchArm.C_PRIME, 1, 1))))
        .containsExactly(
            "C: 50 concurrent misses on one key → 1 provider calls; adapter max in-flight 1 of"
                + " pool 32, 0 rejected",
            "C': 50 concurrent misses on one key → 1 provider calls; adapter max in-flight 1 of"
                + " pool 32, 0 rejected",
            "C made 1 provider call(s), not more than one",
            "C did not load the pool more than C'");
  }

  /** HD-01.3: each path's median and p95, the difference's interval and which way it lies. */
  @Test
  void thePathsAreComparedByTheirMediansInterval() {
    assertThat(paths(160, 40, 65, 40, 1_200L))
        .singleElement()
        .asString()
        .matches(
            "C R1: degraded path p50 \\d+ ms, p95 \\d+ ms \\(n=40\\) vs cold path p50 \\d+ ms,"
                + " p95 \\d+ ms \\(n=40\\); median cold − degraded \\d+\\.\\d ms, 95 % CI"
                + " \\[\\d+\\.\\d, \\d+\\.\\d\\] → faster");
    assertThat(paths(160, 40, 260, 40, 1_200L)).singleElement().asString().endsWith("→ slower");
    assertThat(paths(100, 40, 100, 40, 1_200L))
        .singleElement()
        .asString()
        .startsWith("INCONCLUSIVE: C R1: degraded path")
        .endsWith("→ the interval contains 0");
    assertThat(paths(160, 29, 65, 40, 1_200L))
        .singleElement()
        .asString()
        .startsWith("INCONCLUSIVE: C R1: degraded path p50 ")
        .contains("(n=40) vs cold path p50 ")
        .endsWith("(n=29); fewer than 30 answers on a path");
    assertThat(paths(160, 40, 65, 40, null))
        .containsExactly(
            "INCONCLUSIVE: C R1 degraded: the breaker never opened, so no degraded path");
  }

  private static List<String> paths(long cold, int nCold, long degraded, int nDeg, Long opened) {
    Fixture d = step(BenchArm.C, ProviderState.DEGRADED).path(degraded, nDeg);
    d.timeToOpenMs = opened;
    return words(
        new DegradedPathFaster(), of(step(BenchArm.C, ProviderState.HEALTHY).path(cold, nCold), d));
  }
}
