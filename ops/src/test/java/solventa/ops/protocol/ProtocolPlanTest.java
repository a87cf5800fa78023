package solventa.ops.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.providerdouble.control.ProviderState;

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
        .containsExactlyInAnyOrder(BenchArm.values());
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.SWEEP).map(StepSpec::hitRate).distinct())
        .containsExactly(0.99, 0.96, 0.90, 0.50);
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.POLICY).map(s -> s.policy() + s.rate()))
        .containsExactly("count200", "count10", "count-n210", "rate-m210");
    assertThat(plan.stream().filter(s -> s.kind() == StepKind.STAMPEDE).map(StepSpec::arm))
        .containsExactly(BenchArm.C, BenchArm.C_PRIME);
    assertThat(ProtocolPlan.plannedSeconds(ExperimentProfile.named("quick"), plan))
        .as("quick must take at most 12 minutes on 2 cores")
        .isLessThanOrEqualTo(12 * 60);
  }

  @Test
  void fullIsPlannedWithinNinetyMinutes() {
    List<StepSpec> plan = ProtocolPlan.build(ExperimentProfile.named("full"));
    assertThat(ProtocolPlan.plannedSeconds(ExperimentProfile.named("full"), plan))
        .as("with every bisection step the runner may add")
        .isLessThanOrEqualTo(90 * 60);
    assertThat(
            plan.stream().filter(s -> s.kind() == StepKind.POLICY).map(s -> s.policy() + s.rate()))
        .containsExactly(
            "count200",
            "count10",
            "rate200",
            "rate10",
            "count-n210",
            "count-n310",
            "rate-m210",
            "rate-m410");
  }

  /**
   * The card's other readings in full: the healthy tail as p95 on A's, B's and C's healthy steps,
   * the recovery as healthy on C's and C''s recoveries (each after a repeat of its outage), every
   * one in the first run right after its counterpart, on the same node, within seven minutes of the
   * plan; quick and smoke measure none.
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
            "R1-walk-C-healthy-tail-p95",
            "R1-walk-C-down-recovery-healthy",
            "R1-walk-C-recovery-recovery-healthy",
            "R1-walk-Cp-down-recovery-healthy",
            "R1-walk-Cp-recovery-recovery-healthy");
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
        .isLessThanOrEqualTo(7 * 60);
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
        .containsExactly(
            "policy-count-r200", "policy-count-r10", "policy-count-n2-r10", "policy-rate-m2-r10");
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
    assertThat(full.stream().filter(s -> s.kind() == StepKind.POLICY).map(StepSpec::id))
        .containsExactly(
            "policy-count-r200",
            "policy-count-r10",
            "policy-rate-r200",
            "policy-rate-r10",
            "policy-count-n2-r10",
            "policy-count-n3-r10",
            "policy-rate-m2-r10",
            "policy-rate-m4-r10");
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
    assertThat(full.policyGrid())
        .extracting(BreakerSetting::label)
        .containsExactly(
            "count N=2",
            "count N=3",
            "count N=5",
            "rate ≥ 50 % of ≥ 2 calls over 30 s",
            "rate ≥ 50 % of ≥ 4 calls over 30 s",
            "rate ≥ 50 % of ≥ 5 calls over 30 s");
  }

  /** The planned time is an upper bound: it counts every bisection step the runner may add. */
  @Test
  void plannedTimeCountsTheMostBisectionStepsOnlyInFull() {
    ExperimentProfile full = ExperimentProfile.named("full");
    List<StepSpec> plan = ProtocolPlan.build(full);
    assertThat(full.maxBisectionSteps()).isPositive();
    assertThat(full.bisectionResolutionPts()).isPositive();
    assertThat(ProtocolPlan.maxExtraSteps(full, plan))
        .as("B's and C's")
        .isEqualTo(2 * full.maxBisectionSteps());
    StepSpec cSweep = plan.stream().filter(ProtocolPlan::isCSweep).findFirst().orElseThrow();
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
      assertThat(ProtocolPlan.maxExtraSteps(p, ProtocolPlan.build(p))).as(name).isZero();
    }
  }

  @Test
  void aBisectionStepIsASweepStepOfCAtTheNewRate() {
    ExperimentProfile full = ExperimentProfile.named("full");
    StepSpec planned =
        ProtocolPlan.build(full).stream().filter(ProtocolPlan::isCSweep).findFirst().orElseThrow();
    StepSpec added = ProtocolPlan.sweepStep(full, BenchArm.C, 0.93, true);
    assertThat(added.id()).isEqualTo("sweep-C-h93");
    assertThat(added.bisection()).isTrue();
    assertThat(planned.bisection()).isFalse();
    assertThat(added)
        .usingRecursiveComparison()
        .ignoringFields("id", "hitRate", "bisection")
        .isEqualTo(planned);
  }

  @Test
  void anUnknownProfileNamesTheChoices() {
    assertThatThrownBy(() -> ExperimentProfile.named("fast"))
        .hasMessageContaining("fast")
        .hasMessageContaining("smoke, quick, full");
  }
}
