package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/** The outage's cost over time: the aging model, t* and the per-second rows. */
class OutageCostTest {

  @Test
  void timeToTheCeilingIsTTimesOneMinusTheAcceptedShareOverH() {
    // the protocol's figures: h = 96 %, c = 10 %; quick T = 20 s, full T = 60 s
    assertThat(OutageCost.timeToCeilingSec(0.96, 60, 10)).isCloseTo(3.75, within(1e-9));
    assertThat(OutageCost.timeToCeilingSec(0.96, 20, 10)).isCloseTo(1.25, within(1e-9));
    assertThat(OutageCost.timeToCeilingSec(0.99, 60, 10)).isCloseTo(5.4545, within(1e-3));
    // the misses alone exceed the ceiling: at the ceiling from the start
    assertThat(OutageCost.timeToCeilingSec(0.50, 60, 10)).isZero();
    assertThat(OutageCost.timeToCeilingSec(0.90, 60, 10)).isZero();
    // the ceiling at 100 %: reached when every value has expired
    assertThat(OutageCost.timeToCeilingSec(0.96, 60, 100)).isEqualTo(60);
  }

  @Test
  void theModelsFallbackShareGrowsLinearlyUntilEveryValueExpired() {
    assertThat(OutageCost.modelFallbackPct(0.96, 60, 0)).isCloseTo(4.0, within(1e-9));
    assertThat(OutageCost.modelFallbackPct(0.96, 60, 30)).isCloseTo(52.0, within(1e-9));
    assertThat(OutageCost.modelFallbackPct(0.96, 60, 60)).isCloseTo(100.0, within(1e-9));
    assertThat(OutageCost.modelFallbackPct(0.96, 60, 90)).isCloseTo(100.0, within(1e-9));
    // at t*, the model is at the ceiling
    double t = OutageCost.timeToCeilingSec(0.96, 60, 10);
    assertThat(OutageCost.modelFallbackPct(0.96, 60, t)).isCloseTo(10.0, within(1e-9));
  }

  private static List<TimelinePoint> seconds(double h, double tSec, double refreshesPerSecondPct) {
    List<TimelinePoint> out = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      double fb =
          Math.max(0, OutageCost.modelFallbackPct(h, tSec, s + 0.5) - refreshesPerSecondPct * s);
      out.add(
          TimelinePoint.builder()
              .second(s)
              .requests(100)
              .p95(64.0)
              .p99(66.0)
              .fallbackShare(fb)
              .breaker("OPEN")
              .providerCalls(0L)
              .inFlight(0)
              .customers(90)
              .nodeP99(65.0)
              .stalePct(fb - 1)
              .defaultPct(1.0)
              .ageP50Ms(9000.0)
              .ageP95Ms(18000.0)
              .build());
    }
    return out;
  }

  @Test
  void aStepThatFollowsTheModelFitsItsTAndAStepThatRefreshesDoesNot() {
    StepResult follows =
        Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE).timeline(seconds(0.96, 60, 0)).build();
    OutageCost oc = OutageCost.of(follows, 60, 10);
    assertThat(oc.seconds()).hasSize(10);
    assertThat(oc.fittedTSec()).isCloseTo(60.0, within(0.01));
    assertThat(oc.modelRmsePts()).isCloseTo(0.0, within(1e-9));
    assertThat(oc.tStarSec()).isCloseTo(3.75, within(1e-9));
    assertThat(oc.seconds().get(3).stalePct())
        .isCloseTo(oc.seconds().get(3).fallbackPct() - 1, within(1e-9));
    assertThat(oc.seconds().get(0).ageP95Ms()).isEqualTo(18000.0);

    // a degraded provider still completes some refreshes: slower decline, a longer fitted T
    StepResult refreshes =
        Fixture.step(BenchArm.C, ProviderState.DEGRADED).timeline(seconds(0.96, 60, 0.5)).build();
    OutageCost d = OutageCost.of(refreshes, 60, 10);
    assertThat(d.fittedTSec()).isGreaterThan(60);
    assertThat(d.modelRmsePts()).isGreaterThan(1);
  }

  @Test
  void noFitWithoutADecline() {
    assertThat(OutageCost.fittedT(List.of(new double[] {0, 0.5}, new double[] {1, 0.5}))).isNull();
    assertThat(
            OutageCost.fittedT(
                List.of(new double[] {0, 0.5}, new double[] {1, 0.5}, new double[] {2, 0.6})))
        .isNull();
  }

  @Test
  void theOutageStepsOfARunAreTakenFromItsWalk() {
    StepResults r =
        new StepResults(
            List.of(
                Fixture.step(BenchArm.C, ProviderState.HEALTHY).build(),
                Fixture.step(BenchArm.C, ProviderState.DEGRADED).build(),
                Fixture.step(BenchArm.C, ProviderState.DOWN).build(),
                Fixture.step(BenchArm.B, ProviderState.UNRESPONSIVE).build()));
    assertThat(OutageCost.of(r, "R1", BenchArm.C, 20, 10))
        .extracting(OutageCost::state)
        .containsExactly(ProviderState.DEGRADED, ProviderState.DOWN);
  }
}
