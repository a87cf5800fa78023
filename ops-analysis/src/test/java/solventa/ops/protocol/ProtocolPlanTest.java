package solventa.ops.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.hypotheses.PolicySteps;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.vocabulary.ProviderState;

class ProtocolPlanTest {

  @Test
  void fullRunsTheLatinSquareThenCPrimeWalkingAllSixStates() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    List<String> armOrder =
        plan.stream()
            .filter(
                s ->
                    s.kind() == StepKind.WALK
                        && s.state() == ProviderState.HEALTHY
                        && s.reading() == null)
            .map(s -> s.run() + ":" + s.arm().label())
            .toList();
    assertThat(armOrder)
        .containsExactly(
            "R1:A", "R1:B", "R1:B+CB", "R1:C", "R1:C'", "R2:B", "R2:C", "R2:A", "R2:C'", "R3:C",
            "R3:A", "R3:B", "R3:C'");
    assertThat(
            plan.stream()
                .filter(
                    s -> s.kind() == StepKind.WALK && s.run().equals("R2") && s.arm() == BenchArm.C)
                .map(StepSpec::state))
        .containsExactly(ProviderState.values());
  }

  @Test
  void quickCoversEveryArmStateSweepPolicyAndStampede() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("quick"));
    assertThat(plan.stream().filter(s -> s.kind() == StepKind.WALK).map(StepSpec::arm).distinct())
        .containsExactlyInAnyOrder(
            BenchArm.A, BenchArm.B, BenchArm.C, BenchArm.C_PRIME, BenchArm.C_CR);
    // careful recovery beside C, where it differs from C: an outage and its recovery
    assertThat(plan.stream().filter(s -> s.arm() == BenchArm.C_CR).map(StepSpec::id))
        .containsExactly("R1-walk-CCR-down", "R1-walk-CCR-recovery");
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.SWEEP).map(StepSpec::hitRate).distinct())
        .containsExactly(0.99, 0.96, 0.90, 0.50);
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.POLICY).map(s -> s.policy() + s.rate()))
        .containsExactly("count200", "count10");
    assertThat(plan.stream().filter(s -> s.kind() == StepKind.STAMPEDE).map(StepSpec::arm))
        .containsExactly(BenchArm.C, BenchArm.C_PRIME);
    assertThat(ProtocolPlan.plannedSeconds(ExperimentProfile.named("quick"), plan))
        .as("quick must take at most 12 minutes on 2 cores")
        .isLessThanOrEqualTo(12 * 60);
  }

  /**
   * breakpoints: each policy at 200 and 10 req/s with the provider unresponsive, the pool at 200
   * with the provider slow, on C's node in one run; planned within 30 minutes with every step the
   * rate bisection may add.
   */
  @Test
  void breakpointsRunsTheSeriesOfOpenQuestionsBAndCWithinThirtyMinutes() {
    ExperimentProfile bp = ExperimentProfile.named(BreakpointPlan.PROFILE);
    List<StepSpec> plan = ProtocolPlan.build(bp);
    assertThat(plan.stream().map(StepSpec::id))
        .containsExactly(
            "bp-count-r200", "bp-count-r10", "bp-rate-r200", "bp-rate-r10", "bp-pool-r200");
    assertThat(plan).allMatch(s -> s.kind() == StepKind.BREAKPOINT && s.arm() == BenchArm.C);
    assertThat(plan.stream().map(BreakpointPlan::series).distinct())
        .containsExactly("count", "rate", "pool");
    assertThat(plan.get(4).state()).isEqualTo(ProviderState.SLOW);
    assertThat(plan.get(0).state()).isEqualTo(ProviderState.UNRESPONSIVE);
    assertThat(plan.get(0).measureSec()).isGreaterThanOrEqualTo(bp.exposureWindowSec());
    assertThat(BreakpointPlan.maxExtraSteps(plan)).isEqualTo(3 * BreakpointPlan.MAX_STEPS);
    assertThat(ProtocolPlan.plannedSeconds(bp, plan))
        .as("breakpoints, with every step the bisection may add, within 30 minutes")
        .isLessThanOrEqualTo(30 * 60)
        .isGreaterThan(ProtocolPlan.plannedSeconds(bp, plan.subList(0, 1)));
  }

  /**
   * Full is planned within 86 minutes, leaving room under the 90-minute limit for the sensitivity
   * steps planned beside it and the build; since rules version 15 it holds the outage steps at the
   * other hit rates and 12 trials of each judged low-traffic setting.
   */
  @Test
  void fullIsPlannedWithinItsNinetyMinutes() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    List<StepSpec> protocol = plan.stream().filter(s -> s.reading() == null).toList();
    assertThat(ProtocolPlan.plannedSeconds(ExperimentProfile.named("full"), protocol))
        .as("the protocol's steps, with every bisection step the runner may add")
        .isLessThanOrEqualTo(86 * 60);
    assertThat(ProtocolPlan.plannedSeconds(ExperimentProfile.named("full"), plan))
        .as("with the steps measured under the card's other readings: the 90-minute limit")
        .isLessThanOrEqualTo(90 * 60);
    assertThat(
            plan.stream()
                .filter(s -> s.kind() == StepKind.POLICY && s.run().equals("R1"))
                .filter(s -> !s.id().matches(".*-t[0-9]+"))
                .map(s -> s.policy() + s.rate()))
        .containsExactly("count200", "count10", "rate200", "rate10", "count-n210", "rate-m210");
  }

  /**
   * The card's other readings in full: the healthy tail as p95 on A's, B's and C's healthy steps,
   * in the first run right after its counterpart, on the same node, within two minutes of the plan;
   * the recovery read as healthy is no longer measured (its four steps' time went to the steps that
   * decide); quick and smoke measure none.
   */
  @Test
  void fullMeasuresTheCardsOtherReadingsBesideTheirCounterpartsWithinSevenMinutes() {
    ExperimentProfile full = ExperimentProfile.named("full");
    List<StepSpec> plan = ProtocolPlan.build(full);
    List<StepSpec> under = plan.stream().filter(s -> s.reading() != null).toList();
    assertThat(under.stream().map(StepSpec::id))
        .containsExactly(
            "R1-walk-A-healthy-tail-p95",
            "R1-walk-B-healthy-tail-p95",
            "R1-walk-C-healthy-tail-p95");
    for (StepSpec s : under) {
      int i = plan.indexOf(s);
      StepSpec counterpart =
          plan.stream()
              .filter(m -> m.reading() == null && m.sameMeasurementAs(s))
              .findFirst()
              .orElseThrow();
      int at = plan.indexOf(counterpart);
      assertThat(i).as("%s right after its counterpart", s.id()).isBetween(at + 1, at + 3);
      assertThat(plan.subList(at, i + 1))
          .as("%s on its counterpart's node", s.id())
          .allMatch(
              x ->
                  x.arm() == s.arm()
                      && x.run().equals("R1")
                      && x.nodePolicy().equals(s.nodePolicy()));
    }
    // a recovery under a reading continues a repeat of the outage it recovers from
    for (StepSpec s : under) {
      if (s.state() == ProviderState.RECOVERY) {
        StepSpec before = plan.get(plan.indexOf(s) - 1);
        assertThat(before.state()).isEqualTo(ProviderState.DOWN);
        assertThat(before.reading()).isEqualTo(s.reading());
      }
    }
    List<StepSpec> main = plan.stream().filter(s -> s.reading() == null).toList();
    int added = ProtocolPlan.plannedSeconds(full, plan) - ProtocolPlan.plannedSeconds(full, main);
    assertThat(added)
        .as("the steps under the other readings")
        .isPositive()
        .isLessThanOrEqualTo(2 * 60);
    for (String name : List.of("quick", "smoke")) {
      assertThat(ProtocolPlan.build(ExperimentProfile.named(name)))
          .as(name)
          .noneMatch(s -> s.reading() != null);
    }
  }

  /** HD-01.3 needs 30 answers a path; the sacrificed share needs the whole exposure window W. */
  @Test
  void stepsAreLongEnoughForTheirRules() {
    for (String name : List.of("quick", "full")) {
      ExperimentProfile p = ExperimentProfile.named(name);
      List<StepSpec> plan = ProtocolPlan.build(p);
      StepSpec healthyC =
          plan.stream()
              .filter(s -> s.arm() == BenchArm.C && s.state() == ProviderState.HEALTHY)
              .findFirst()
              .orElseThrow();
      double missesPerSec = healthyC.rate() * (1 - healthyC.hitRate());
      assertThat(missesPerSec * healthyC.measureSec()).as(name).isGreaterThanOrEqualTo(30 * 1.2);
      assertThat(plan.stream().filter(s -> s.kind() == StepKind.POLICY))
          .allMatch(s -> s.measureSec() >= p.exposureWindowSec());
      assertThat(
              plan.stream()
                  .filter(s -> s.state() == ProviderState.RECOVERY && s.arm() == BenchArm.C)
                  .mapToInt(StepSpec::measureSec)
                  .min()
                  .orElseThrow())
          .isGreaterThanOrEqualTo(20);
    }
  }

  @Test
  void bWithTheBreakerWalksBesideBInTheFirstRunOnly() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    assertThat(plan.stream().filter(s -> s.arm() == BenchArm.B_CB).map(s -> s.run() + s.state()))
        .containsExactly("R1HEALTHY", "R1DEGRADED", "R1UNRESPONSIVE");
  }

  /**
   * explore walks B, C, C' and C's variants through every state in two runs, the second reversed,
   * at full's load and step lengths, within its 60 minutes; C's variants are walked nowhere else.
   */
  @Test
  void exploreWalksEveryDesignThroughEveryStateWithinAnHour() {
    ExperimentProfile explore = ExperimentProfile.named("explore");
    List<StepSpec> all = ProtocolPlan.build(explore);
    assertThat(all).allMatch(s -> s.kind() == StepKind.WALK || s.kind() == StepKind.OUTAGE);
    // the outage steps at the other hit rates: every design that falls back through an outage,
    // in the first run
    assertThat(all.stream().filter(s -> s.kind() == StepKind.OUTAGE).map(StepSpec::id))
        .containsExactly(
            "outage-C-h90",
            "outage-C-h98",
            "outage-CRA-h90",
            "outage-CRA-h98",
            "outage-CCR-h90",
            "outage-CCR-h98",
            "outage-Cp-h90",
            "outage-Cp-h98");
    List<StepSpec> plan = all.stream().filter(s -> s.kind() == StepKind.WALK).toList();
    for (String run : List.of("R1", "R2")) {
      for (BenchArm arm : ExplorePlan.EXPLORED) {
        assertThat(plan.stream().filter(s -> s.run().equals(run) && s.arm() == arm))
            .extracting(StepSpec::state)
            .as(run + " " + arm.label())
            .containsExactlyElementsOf(ExplorePlan.exploreStates(arm));
      }
    }
    List<BenchArm> r1 =
        plan.stream().filter(s -> s.run().equals("R1")).map(StepSpec::arm).distinct().toList();
    List<BenchArm> r2 =
        plan.stream().filter(s -> s.run().equals("R2")).map(StepSpec::arm).distinct().toList();
    assertThat(r1).containsExactlyElementsOf(ExplorePlan.EXPLORED);
    List<BenchArm> reversed = new java.util.ArrayList<>(r1);
    java.util.Collections.reverse(reversed);
    assertThat(r2).containsExactlyElementsOf(reversed);
    assertThat(plan)
        .filteredOn(s -> s.state() == ProviderState.RECOVERY && s.arm().fallsBack())
        .allMatch(s -> s.measureSec() == explore.recoveryMeasureSec());
    assertThat(ExplorePlan.exploreStates(BenchArm.C_B80))
        .containsExactly(ProviderState.HEALTHY, ProviderState.SLOW);
    assertThat(ExplorePlan.exploreStates(BenchArm.C_CR)).containsExactly(ProviderState.values());
    assertThat(ExplorePlan.exploreStates(BenchArm.C_SD)).containsExactly(ProviderState.DOWN);
    assertThat(ProtocolPlan.plannedSeconds(explore, all)).isLessThanOrEqualTo(60 * 60);
    // elsewhere only quick walks one of C's variants, C+CR, through an outage and its recovery
    for (String other : List.of("smoke", "quick", "full")) {
      assertThat(ProtocolPlan.build(ExperimentProfile.named(other)))
          .as(other)
          .noneMatch(
              s ->
                  s.arm() == BenchArm.C_RA
                      || s.arm() == BenchArm.C_B80
                      || s.arm() == BenchArm.C_B160
                      || s.arm() == BenchArm.C_SD)
          .noneMatch(s -> s.arm() == BenchArm.C_CR && !other.equals("quick"));
    }
  }

  @Test
  void smokeIsASubsetThatStillReachesEveryKindOfStep() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("smoke"));
    assertThat(plan.stream().map(StepSpec::kind).distinct())
        .containsExactlyInAnyOrder(
            StepKind.WALK, StepKind.SWEEP, StepKind.POLICY, StepKind.STAMPEDE);
    // one arm, so one node group: A's 504 at the hard timeout is QuoteArmsIT's (decision 0049)
    assertThat(plan.stream().map(StepSpec::arm).distinct()).containsExactly(BenchArm.C);
    assertThat(plan).anyMatch(s -> s.state() == ProviderState.UNRESPONSIVE);
    assertThat(plan).anyMatch(s -> s.arm() == BenchArm.C && s.state() == ProviderState.RECOVERY);
  }

  @Test
  void sweepPolicyAndStampedeFollowTheirArmsWalkSoTheNodeIsReused() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("quick"));
    int lastCWalk = -1;
    int firstCSweep = -1;
    for (int i = 0; i < plan.size(); i++) {
      StepSpec s = plan.get(i);
      if (s.arm() == BenchArm.C && s.kind() == StepKind.WALK) {
        lastCWalk = i;
      }
      if (s.arm() == BenchArm.C && s.kind() == StepKind.SWEEP && firstCSweep < 0) {
        firstCSweep = i;
      }
    }
    assertThat(firstCSweep).isEqualTo(lastCWalk + 1);
    assertThat(plan.get(plan.size() - 1).kind()).isEqualTo(StepKind.STAMPEDE);
  }

  /**
   * The policy steps run on C's node one after the other (each sets its breaker at its change,
   * decision 0059): the protocol's settings at every rate they run at, then the low-traffic grid.
   */
  @Test
  void thePolicyStepsAndTheLowTrafficGridRunOnCsNode() {
    List<StepSpec> quick = ProtocolPlan.build(ExperimentProfile.named("quick"));
    assertThat(quick.stream().filter(s -> s.kind() == StepKind.POLICY).map(StepSpec::id))
        .containsExactly("policy-count-r200", "policy-count-r10");
    assertThat(quick.stream().filter(s -> s.kind() == StepKind.POLICY))
        .allMatch(s -> s.arm() == BenchArm.C && s.nodePolicy().equals("count"));
    int first = -1;
    int last = -1;
    for (int i = 0; i < quick.size(); i++) {
      if (quick.get(i).kind() == StepKind.POLICY) {
        first = first < 0 ? i : first;
        last = i;
      }
    }
    assertThat(quick.get(first - 1).kind()).isEqualTo(StepKind.SWEEP);
    assertThat(quick.get(last + 1).id()).isEqualTo("stampede-C");
    List<StepSpec> full = ProtocolPlan.build(ExperimentProfile.named("full"));
    assertThat(
            full.stream()
                .filter(s -> s.kind() == StepKind.POLICY && s.run().equals("R1"))
                .map(StepSpec::id))
        .containsExactly(
            "policy-count-r200",
            "policy-count-r10",
            "policy-rate-r200",
            "policy-rate-r10",
            "policy-count-n2-r10",
            "policy-rate-m2-r10",
            "policy-count-n2-r10-t2",
            "policy-rate-m2-r10-t2",
            "policy-count-n2-r10-t3",
            "policy-rate-m2-r10-t3",
            "policy-count-n2-r10-t4",
            "policy-rate-m2-r10-t4");
    assertThat(
            full.stream()
                .filter(s -> s.kind() == StepKind.POLICY && s.run().equals("R3"))
                .map(StepSpec::id))
        .containsExactly(
            "R3-policy-count-r200",
            "R3-policy-count-n2-r10",
            "R3-policy-rate-m2-r10",
            "R3-policy-count-n2-r10-t2",
            "R3-policy-rate-m2-r10-t2",
            "R3-policy-count-n2-r10-t3",
            "R3-policy-rate-m2-r10-t3",
            "R3-policy-count-n2-r10-t4",
            "R3-policy-rate-m2-r10-t4");
    List<StepSpec> smoke = ProtocolPlan.build(ExperimentProfile.named("smoke"));
    assertThat(smoke.stream().filter(s -> s.kind() == StepKind.POLICY).map(StepSpec::policy))
        .containsOnly("count");
  }

  @Test
  void breakerSettingsParseTheProtocolsAndTheGrids() {
    ExperimentProfile full = ExperimentProfile.named("full");
    BreakerSetting count = BreakerSetting.parse("count", 5, full.ratePolicy());
    assertThat(count.protocol()).isTrue();
    assertThat(count.failuresNeeded()).isEqualTo(5);
    assertThat(count.query()).isEqualTo("policy=count&consecutive-failures=5");
    BreakerSetting rate = BreakerSetting.parse("rate-m2", 5, full.ratePolicy());
    assertThat(rate.protocol()).isFalse();
    assertThat(rate.failuresNeeded()).isEqualTo(2);
    assertThat(rate.label()).isEqualTo("rate ≥ 50 % of ≥ 2 calls over 30 s");
    assertThat(rate.query())
        .isEqualTo("policy=rate&minimum-calls=2&failure-rate-threshold=50&window=30");
    assertThat(BreakerSetting.parse("count-n5", 5, full.ratePolicy()).protocol()).isTrue();
    for (String bad :
        List.of("none", "count-m2", "rate-n2", "count-n", "count-nx", "", "count-n0")) {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> BreakerSetting.parse(bad, 5, full.ratePolicy()))
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(PolicyPlan.grid(full))
        .extracting(BreakerSetting::label)
        .containsExactly(
            "count N=2",
            "count N=5",
            "rate ≥ 50 % of ≥ 2 calls over 30 s",
            "rate ≥ 50 % of ≥ 5 calls over 30 s");
  }

  /** The planned time is an upper bound: it counts every bisection step the runner may add. */
  @Test
  void plannedTimeCountsTheMostBisectionStepsOnlyInFull() {
    ExperimentProfile full = ExperimentProfile.named("full");
    List<StepSpec> plan = ProtocolPlan.build(full);
    assertThat(full.maxBisectionSteps()).isPositive();
    assertThat(full.bisectionResolutionPts()).isPositive();
    assertThat(SweepPlan.maxExtraSteps(full, plan))
        .as("B's and C's")
        .isEqualTo(2 * full.maxBisectionSteps());
    StepSpec cSweep = plan.stream().filter(SweepPlan::isCSweep).findFirst().orElseThrow();
    StepSpec bSweep =
        plan.stream()
            .filter(s -> s.kind() == StepKind.SWEEP && s.arm() == BenchArm.B)
            .findFirst()
            .orElseThrow();
    int oneStep =
        ProtocolPlan.LAB_START_SEC
            + ProtocolPlan.NODE_OVERHEAD_SEC
            + cSweep.durationSec()
            + ProtocolPlan.STEP_OVERHEAD_SEC;
    assertThat(ProtocolPlan.plannedSeconds(full, List.of(bSweep)))
        .as("a plan with B's sweep reserves B's bisection steps")
        .isEqualTo(
            oneStep
                + full.maxBisectionSteps()
                    * (bSweep.durationSec() + ProtocolPlan.STEP_OVERHEAD_SEC));
    assertThat(ProtocolPlan.plannedSeconds(full, List.of(cSweep)))
        .as("a plan with C's sweep reserves the bisection steps")
        .isEqualTo(
            oneStep
                + full.maxBisectionSteps()
                    * (cSweep.durationSec() + ProtocolPlan.STEP_OVERHEAD_SEC));
    for (String name : List.of("quick", "smoke")) {
      ExperimentProfile p = ExperimentProfile.named(name);
      assertThat(p.maxBisectionSteps()).as(name).isZero();
      assertThat(SweepPlan.maxExtraSteps(p, ProtocolPlan.build(p))).as(name).isZero();
    }
  }

  @Test
  void aBisectionStepIsASweepStepOfCAtTheNewRate() {
    ExperimentProfile full = ExperimentProfile.named("full");
    StepSpec planned =
        ProtocolPlan.build(full).stream().filter(SweepPlan::isCSweep).findFirst().orElseThrow();
    StepSpec added = SweepPlan.sweepStep(full, BenchArm.C, 0.93, true);
    assertThat(added.id()).isEqualTo("sweep-C-h93");
    assertThat(added.bisection()).isTrue();
    assertThat(planned.bisection()).isFalse();
    assertThat(added)
        .usingRecursiveComparison()
        .ignoringFields("id", "hitRate", "bisection")
        .isEqualTo(planned);
  }

  /**
   * In full every run has its policy steps, its stampede (C and C') and the outage steps of C and
   * C' at the other seeded hit rates, each right after its arm's walk in that run, on that node;
   * the sweep (B's and C's planned rates) is the first run's only (rules version 15); quick and
   * smoke have one run, which has them all but the outage steps.
   */
  @Test
  void everyRunOfFullHasItsSweepPolicyAndStampedeSteps() {
    ExperimentProfile full = ExperimentProfile.named("full");
    List<StepSpec> plan = ProtocolPlan.build(full);
    for (String run : List.of("R1", "R2", "R3")) {
      for (BenchArm arm : List.of(BenchArm.B, BenchArm.C)) {
        assertThat(
                plan.stream()
                    .filter(s -> s.run().equals(run) && SweepPlan.isSweep(s, arm))
                    .map(StepSpec::hitRate))
            .as(run + " " + arm.label())
            .containsExactlyElementsOf(
                run.equals("R1") ? List.of(0.99, 0.96, 0.90, 0.50) : List.of());
      }
      for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
        assertThat(
                plan.stream()
                    .filter(
                        s -> s.run().equals(run) && s.arm() == arm && s.kind() == StepKind.OUTAGE)
                    .map(StepSpec::hitRate))
            .as(run + " " + arm.label() + "'s outage steps")
            .containsExactly(0.90, 0.98);
      }
      assertThat(plan.stream().filter(s -> s.run().equals(run) && s.kind() == StepKind.POLICY))
          .as(run)
          .hasSizeGreaterThanOrEqualTo(4)
          .allMatch(s -> s.arm() == BenchArm.C);
      assertThat(
              plan.stream()
                  .filter(s -> s.run().equals(run) && s.kind() == StepKind.STAMPEDE)
                  .map(StepSpec::arm))
          .as(run)
          .containsExactly(BenchArm.C, BenchArm.C_PRIME);
    }
    // each repeated step follows its arm's walk of the same run, so the runner reuses that node
    for (int i = 1; i < plan.size(); i++) {
      StepSpec s = plan.get(i);
      if (s.kind() != StepKind.WALK) {
        StepSpec prev = plan.get(i - 1);
        assertThat(prev.run()).as(s.id()).isEqualTo(s.run());
        assertThat(prev.arm()).as(s.id()).isEqualTo(s.arm());
      }
    }
    assertThat(plan.stream().map(StepSpec::id).distinct().count())
        .as("step ids are unique")
        .isEqualTo(plan.size());
    assertThat(plan.stream().filter(s -> s.run().equals("R1") && s.kind() != StepKind.WALK))
        .as("the first run's ids read as before the repeats")
        .allMatch(s -> !s.id().startsWith("R1"));
    assertThat(plan.stream().filter(s -> s.run().equals("R2") && s.kind() != StepKind.WALK))
        .allMatch(s -> s.id().startsWith("R2-"));
    assertThat(plan)
        .extracting(StepSpec::id)
        .contains("R2-outage-C-h90", "R3-stampede-" + BenchArm.C_PRIME.tag());
  }

  /**
   * Every low-traffic setting HD-01.6 judges (one that can open within 1 % of W, the analysis' own
   * guard) runs 12 trials in full, four in each run; a setting no rule judges runs once, in the
   * first run. quick runs each once.
   */
  @Test
  void everyJudgedLowTrafficSettingHasTwelveTrialsInFull() {
    ExperimentProfile full = ExperimentProfile.named("full");
    VerdictRules rules = VerdictRules.of(full);
    List<StepSpec> plan = ProtocolPlan.build(full);
    List<StepSpec> low =
        plan.stream().filter(s -> s.kind() == StepKind.POLICY && s.rate() == 10).toList();
    Map<String, List<StepSpec>> bySetting =
        low.stream().collect(Collectors.groupingBy(StepSpec::policy));
    assertThat(bySetting.keySet())
        .containsExactlyInAnyOrder("count", "rate", "count-n2", "rate-m2");
    int judged = 0;
    for (var e : bySetting.entrySet()) {
      boolean isJudged = PolicySteps.cannotOpen(rules, e.getKey(), 10) == null;
      assertThat(PolicyPlan.judgedAtLowTraffic(full, e.getKey(), 10))
          .as("the plan's guard is the analysis' for " + e.getKey())
          .isEqualTo(isJudged);
      List<String> runs = e.getValue().stream().map(StepSpec::run).toList();
      if (isJudged) {
        judged++;
        assertThat(e.getValue()).as(e.getKey()).hasSize(12);
        assertThat(runs)
            .as(e.getKey())
            .containsExactly(
                "R1", "R1", "R1", "R1", "R2", "R2", "R2", "R2", "R3", "R3", "R3", "R3");
      } else {
        assertThat(runs)
            .as(e.getKey() + ": a setting no rule judges runs once")
            .containsExactly("R1");
      }
    }
    assertThat(judged).as("count N=2 and rate ≥ 2 calls").isEqualTo(2);
    assertThat(
            plan.stream()
                .filter(s -> s.kind() == StepKind.POLICY && s.rate() == 200)
                .map(StepSpec::id))
        .as("HD-01.5 pools the count policy's runs; the rate policy at 200 is the card table's")
        .containsExactly(
            "policy-count-r200",
            "policy-rate-r200",
            "R2-policy-count-r200",
            "R3-policy-count-r200");
    ExperimentProfile quick = ExperimentProfile.named("quick");
    assertThat(quick.lowTrafficTrials()).isEqualTo(1);
    assertThat(full.lowTrafficTrials()).isEqualTo(12);
  }

  /**
   * The shortened windows keep what the rules need: HD-01.3's 30 s, W + 3 s for the policy steps,
   * C's and C''s 75 s recovery (HD-01.8).
   */
  @Test
  void fullShortensItsWindowsOnlyWhereNoRuleNeedsThem() {
    ExperimentProfile full = ExperimentProfile.named("full");
    assertThat(full.measureSec()).isEqualTo(25);
    assertThat(full.policyMeasureSec()).isEqualTo(full.exposureWindowSec() + 3);
    assertThat(full.pathMeasureSec()).isEqualTo(30);
    List<StepSpec> plan = ProtocolPlan.build(full);
    assertThat(
            plan.stream()
                .filter(s -> s.kind() == StepKind.WALK && s.arm() == BenchArm.C)
                .filter(
                    s -> s.state() == ProviderState.HEALTHY || s.state() == ProviderState.DEGRADED)
                .mapToInt(StepSpec::measureSec))
        .containsOnly(30);
    assertThat(
            plan.stream()
                .filter(s -> s.state() == ProviderState.RECOVERY && s.arm().fallsBack())
                .mapToInt(StepSpec::measureSec))
        .containsOnly(75);
    assertThat(
            plan.stream()
                .filter(s -> s.state() == ProviderState.RECOVERY && !s.arm().fallsBack())
                .mapToInt(StepSpec::measureSec))
        .as("A's and B's recovery is a walk step no rule reads")
        .containsOnly(25);
  }

  /** The runner bisects the first run's sweep only (the later runs repeat the planned rates). */
  @Test
  void onlyTheFirstRunsSweepIsBisected() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    assertThat(plan.stream().filter(s -> SweepPlan.isBisectedSweep(s, BenchArm.C)))
        .allMatch(s -> s.run().equals("R1"))
        .hasSize(4);
    long lastOfRun =
        java.util.stream.IntStream.range(0, plan.size())
            .filter(i -> SweepPlan.isLastSweep(plan, i, BenchArm.C))
            .count();
    assertThat(lastOfRun).as("one last C sweep step: the first run's").isEqualTo(1);
  }

  @Test
  void anUnknownProfileNamesTheChoices() {
    assertThatThrownBy(() -> ExperimentProfile.named("fast"))
        .hasMessageContaining("fast")
        .hasMessageContaining("smoke, quick, full, explore");
  }
}
