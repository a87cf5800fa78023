package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * Card table 1 (rules version 5): p95 and p99 with their bootstrap intervals, and "Meets?" decided
 * by the intervals — yes, no, too close to call, or why it cannot be told.
 */
class ReportIntervalsTest {

  static Report.Table runTable(List<StepResult> steps) {
    ExperimentRecord e = Records.of("quick").steps(steps).build();
    return Report.build(e).stream()
        .filter(b -> b instanceof Report.Table t && t.headers().contains("Meets?"))
        .map(Report.Table.class::cast)
        .filter(t -> t.headers().get(1).equals("Run"))
        .findFirst()
        .orElseThrow();
  }

  static List<String> row(Report.Table t, String arm, String state) {
    return t.rows().stream()
        .filter(r -> r.get(0).equals(arm) && r.get(2).equals(state))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void meetsIsCalledByTheIntervals() {
    Report.Table t =
        runTable(
            List.of(
                Fixture.step(BenchArm.A, ProviderState.HEALTHY)
                    .latency(226, 255)
                    .intervals(new Interval(217, 239), new Interval(244, 280))
                    .build(),
                Fixture.step(BenchArm.B, ProviderState.HEALTHY)
                    .latency(82, 184)
                    .intervals(new Interval(74, 133), new Interval(153, 196))
                    .build(),
                Fixture.step(BenchArm.C, ProviderState.HEALTHY)
                    .latency(240, 300)
                    .intervals(new Interval(232, 249), new Interval(280, 320))
                    .build(),
                Fixture.step(BenchArm.C, ProviderState.DEGRADED).withoutIntervals().build()));
    List<String> a = row(t, "A", "healthy");
    assertThat(a.get(4)).isEqualTo("226 [217, 239]");
    assertThat(a.get(5)).isEqualTo("255 [244, 280]");
    assertThat(a.get(9)).isEqualTo("too close to call");
    assertThat(row(t, "B", "healthy").get(9)).isEqualTo("yes");
    assertThat(row(t, "C", "healthy").get(9)).isEqualTo("no");
    List<String> old = row(t, "C", "degraded");
    assertThat(old.get(4)).isEqualTo("150");
    assertThat(old.get(9)).isEqualTo("— (no interval: results written before rules version 5)");
  }
}
