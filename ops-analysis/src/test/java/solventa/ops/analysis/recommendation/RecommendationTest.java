package solventa.ops.analysis.recommendation;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.recommendation.Designs.at200;
import static solventa.ops.analysis.recommendation.Designs.blockingArms;
import static solventa.ops.analysis.recommendation.Designs.of;
import static solventa.ops.analysis.recommendation.Designs.opportunistic;
import static solventa.ops.analysis.recommendation.Designs.recovery;
import static solventa.vocabulary.ProviderState.DEGRADED;
import static solventa.vocabulary.ProviderState.DOWN;
import static solventa.vocabulary.ProviderState.HEALTHY;
import static solventa.vocabulary.ProviderState.RECOVERY;
import static solventa.vocabulary.ProviderState.UNRESPONSIVE;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.recommendation.DesignFacts.RecoveryReading;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.analysis.recommendation.Recommendation.Standing;
import solventa.ops.analysis.recommendation.Recommendation.Status;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * The card's decision as data: each design's standing, its clauses and the facts that decided them
 * ({@link DesignFacts} and the kinds it shares with the hypotheses), on walks the protocol produces
 * ({@link Designs}). Their words are the report's ({@code RecommendationRuleTest} there).
 */
class RecommendationTest {

  @Test
  void aQualifyingDesignRestsOnEveryRunItWasJudgedIn() {
    List<StepResult> s = new ArrayList<>();
    for (String run : List.of("R1", "R2")) {
      s.addAll(opportunistic(BenchArm.C, run, true));
    }
    Candidate c = of(s).candidate(BenchArm.C);
    assertThat(c.status()).isEqualTo(Status.QUALIFIES);
    assertThat(c.evidence())
        .containsExactly(new DesignFacts.Qualifies(List.of("R1", "R2"), Actuarial.DECLARED));
    assertThat(c.clauses().values()).allMatch(x -> x.standing() == Standing.MET);
    assertThat(c.clauses().values()).allMatch(x -> x.evidence() == null);
  }

  @Test
  void aLatencyTooCloseToCallIsNotShownAndLeavesTheFallbackUnjudged() {
    List<StepResult> s = new ArrayList<>(opportunistic(BenchArm.C, "R1", true));
    s.set(
        0,
        at200(
            Fixture.step(BenchArm.C, HEALTHY)
                .latency(218, 300)
                .intervals(new Interval(200, 240), new Interval(280, 320))
                .fallback(0.9)
                .measured(96)));
    Candidate c = of(s).candidate(BenchArm.C);
    assertThat(c.status()).isEqualTo(Status.NOT_ESTABLISHED);
    assertThat(c.evidence())
        .first()
        .isEqualTo(new DesignFacts.LatencyNotShown(s.get(0).spec().id()));
    assertThat(c.clauses().get(Clause.LATENCY).standing()).isEqualTo(Standing.UNDECIDED);
    assertThat(c.clauses().get(Clause.FALLBACK).evidence())
        .isEqualTo(new DesignFacts.FallbackNotJudged("C"));
  }

  @Test
  void aMissIsTheStepAgainstEveryThreshold() {
    List<StepResult> s = new ArrayList<>(blockingArms("R1"));
    Candidate a = of(s).candidate(BenchArm.A);
    assertThat(a.status()).isEqualTo(Status.MISSES);
    assertThat(a.evidence())
        .first()
        .isEqualTo(
            new Fact.AgainstThresholds(
                id(s, BenchArm.A, DEGRADED),
                List.of(Fact.Threshold.values()),
                Call.FAILS,
                Fact.Expected.ANY));
    assertThat(a.clauses().get(Clause.LATENCY).standing()).isEqualTo(Standing.MISSED);
  }

  /**
   * The fallback share through the outage rests on the production hit rate: a condition the
   * design's thresholds state, shown with its standing at the lab's seeded hit rate, never a clause
   * it qualifies on (rules version 15).
   */
  @Test
  void theFallbackShareIsAConditionNotAClause() {
    Candidate above = of(opportunistic(BenchArm.C, "R1", false)).candidate(BenchArm.C);
    assertThat(above.status()).isEqualTo(Status.QUALIFIES);
    assertThat(above.clauses().get(Clause.FALLBACK).standing()).isEqualTo(Standing.MISSED);
    DesignFacts.Fallback f = (DesignFacts.Fallback) above.clauses().get(Clause.FALLBACK).evidence();
    assertThat(f.share().outcome()).isEqualTo(ClauseB.Outcome.REFUTES);
    assertThat(f.share().arm()).isEqualTo("C");
    assertThat(f.share().state()).isEqualTo(DEGRADED);
    assertThat(above.fallback())
        .extracting(ClauseB::state)
        .containsExactly(DEGRADED, UNRESPONSIVE, DOWN);

    Candidate within = of(opportunistic(BenchArm.C, "R1", true)).candidate(BenchArm.C);
    assertThat(within.fallback()).allMatch(b -> b.outcome() == ClauseB.Outcome.HOLDS);
    assertThat(within.worstFallbackPct()).isBetween(5.0, 7.0);
  }

  @Test
  void aRecoveryIsReadAsAStampedeABacklogOrNotRead() {
    List<StepResult> stampede =
        new ArrayList<>(opportunistic(BenchArm.C, "R1", true).subList(0, 4));
    stampede.add(recovery(BenchArm.C, "R1", 11, 32, 40).build());
    String rec = stampede.get(4).spec().id();
    assertThat(of(stampede).candidate(BenchArm.C).evidence())
        .containsExactly(
            reading(rec, RecoveryReading.STAMPEDE), reading(rec, RecoveryReading.HEALTHY_PHASE));

    List<StepResult> backlog = new ArrayList<>(stampede.subList(0, 4));
    backlog.add(recovery(BenchArm.C, "R1", 32, 11, 0).build());
    Candidate c = of(backlog).candidate(BenchArm.C);
    assertThat(c.status()).isEqualTo(Status.RECOVERY_FAILS);
    assertThat(c.evidence())
        .containsExactly(
            reading(rec, RecoveryReading.BACKLOG), reading(rec, RecoveryReading.BACKLOG_PHASE));
    assertThat(c.clauses().get(Clause.RECOVERY).evidence())
        .isEqualTo(reading(rec, RecoveryReading.BACKLOG));

    List<StepResult> notRun = new ArrayList<>(stampede.subList(0, 4));
    assertThat(of(notRun).candidate(BenchArm.C).evidence())
        .containsExactly(
            new Fact.UnusableStep(
                new Fact.StepRef("C", "R1", RECOVERY), Fact.Unfit.NOT_RUN, List.of(), 0));

    List<StepResult> unread = new ArrayList<>(notRun);
    unread.add(Fixture.step(BenchArm.C, RECOVERY).latency(63, 190).fallback(4.1).build());
    assertThat(of(unread).candidate(BenchArm.C).evidence())
        .containsExactly(reading(unread.get(4).spec().id(), RecoveryReading.UNREAD));
  }

  @Test
  void aMissingOrInvalidStepIsUnusableAndNamedByItsRef() {
    List<StepResult> s = new ArrayList<>();
    s.add(Fixture.step(BenchArm.C, HEALTHY).latency(118, 179).build());
    s.add(Fixture.step(BenchArm.C, DEGRADED).latency(64, 66).fallback(5.0).invalid().build());
    s.add(Fixture.step(BenchArm.C, UNRESPONSIVE).latency(64, 65).fallback(5.0).build());
    Candidate c = of(s).candidate(BenchArm.C);
    assertThat(c.evidence())
        .filteredOn(f -> f instanceof Fact.UnusableStep)
        .extracting(f -> ((Fact.UnusableStep) f).step().state(), f -> ((Fact.UnusableStep) f).why())
        .contains(
            org.assertj.core.groups.Tuple.tuple(DEGRADED, Fact.Unfit.INVALID),
            org.assertj.core.groups.Tuple.tuple(DOWN, Fact.Unfit.NOT_RUN));
  }

  @Test
  void withNoWalkEveryClauseRestsOnTheMissingWalk() {
    Recommendation r = of(List.of());
    assertThat(r.candidates())
        .allSatisfy(
            c -> {
              assertThat(c.status()).isEqualTo(Status.NOT_ESTABLISHED);
              assertThat(c.evidence()).first().isEqualTo(new Fact.NoWalk());
              assertThat(c.clauses().get(Clause.RECOVERY).evidence()).isEqualTo(new Fact.NoWalk());
            });
  }

  private static Fact reading(String stepId, RecoveryReading reading) {
    return new DesignFacts.Recovery(stepId, Designs.WINDOW, reading);
  }

  private static String id(List<StepResult> steps, BenchArm arm, ProviderState state) {
    return steps.stream()
        .filter(x -> x.spec().arm() == arm && x.spec().state() == state)
        .findFirst()
        .orElseThrow()
        .spec()
        .id();
  }
}
