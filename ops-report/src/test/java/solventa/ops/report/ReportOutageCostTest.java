package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.OutageCost;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/** The report's "outage's cost over time": t* for the profile's T, the rows, the chart. */
class ReportOutageCostTest {

  @Test
  void theSectionStatesTStarForTheProfilesTAndShowsEverySecondBesideTheModel() {
    ExperimentProfile quick = ExperimentProfile.named("quick");
    int t = quick.refreshAfterSec();
    List<TimelinePoint> seconds = new ArrayList<>();
    for (int s = 0; s < 7; s++) {
      double fb = OutageCost.modelFallbackPct(0.96, t, s + 0.5);
      seconds.add(
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
              .stalePct(fb)
              .defaultPct(0.0)
              .ageP50Ms(1.0e4)
              .ageP95Ms(2.0e4)
              .build());
    }
    List<StepResult> steps =
        List.of(
            Fixture.step(BenchArm.C, ProviderState.DEGRADED).timeline(seconds).build(),
            // no seconds recorded (the fixture synthesizes none without a fallback share)
            Fixture.step(BenchArm.C, ProviderState.UNRESPONSIVE).fallback(null).build());
    ExperimentRecord e = Records.of("quick").steps(steps).build();
    List<Report.Block> blocks = Report.build(e);
    int at = -1;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h
          && h.text().equals("The outage's cost over time (arm C)")) {
        at = i;
      }
    }
    assertThat(at).isPositive();
    double tStar = OutageCost.timeToCeilingSec(0.96, t, quick.fallbackCeilingPct());
    assertThat(((Report.Para) blocks.get(at + 1)).text())
        .contains("T = " + t + " s", String.format(java.util.Locale.ROOT, "= %.1f s", tStar));
    assertThat(((Report.Para) blocks.get(at + 2)).text())
        .startsWith("**The fallback share through the outage (HD-01's clause (b)):**")
        .contains("T_source = 86400 s", "D = 3600 s", "the step's first D·T/T_source = 0.83 s");
    // a row per state clause (b) judges, the runs pooled, then one per step; steps recorded
    // without their answers from the change cannot be judged
    Report.Table flips = (Report.Table) blocks.get(at + 3);
    assertThat(flips.headers()).last().isEqualTo("clause (b) at c = 10 %");
    assertThat(flips.rows().get(0).get(0)).isEqualTo("C degraded (1 run)");
    assertThat(flips.rows().get(0).get(4))
        .startsWith("not decidable: a step kept no per-tenth-of-a-second answers");
    assertThat(blocks.get(at + 4)).isInstanceOf(Report.Chart.class);
    Report.Table degraded = (Report.Table) blocks.get(at + 7);
    assertThat(degraded.rows()).hasSize(7);
    String first =
        String.format(java.util.Locale.ROOT, "%.1f", OutageCost.modelFallbackPct(0.96, t, 0.5));
    assertThat(degraded.rows().get(0).subList(2, 4)).containsExactly(first, first);
    assertThat(degraded.rows().get(0).get(7)).isEqualTo("20.0");
    // a step recorded before the per-second split says so instead of a number
    Report.Table unresponsive = (Report.Table) blocks.get(at + 10);
    assertThat(unresponsive.rows()).isEmpty();
  }
}
