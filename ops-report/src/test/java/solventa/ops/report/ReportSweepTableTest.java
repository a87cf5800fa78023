package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;

/** The sweep table (card table 3) with C's bisection steps (decision 0022). */
class ReportSweepTableTest {

  @Test
  void bisectedRatesAreRowsMarkedAsSuchWithBShownMissing() {
    List<StepResult> steps = new ArrayList<>();
    for (double h : List.of(0.99, 0.96, 0.90, 0.50)) {
      steps.add(Fixture.sweep(BenchArm.B, h).latency(600, 900).build());
      steps.add(Fixture.sweep(BenchArm.C, h).latency(150, h >= 0.96 ? 200 : 600).build());
    }
    steps.add(Fixture.sweep(BenchArm.C, 0.93).latency(150, 321).bisection().build());
    ExperimentRecord e = Records.of("full").steps(steps).build();

    Report.Table table =
        Report.build(e).stream()
            .filter(
                b -> b instanceof Report.Table t && t.headers().get(0).equals("Target hit rate"))
            .map(Report.Table.class::cast)
            .findFirst()
            .orElseThrow();

    assertThat(table.rows().stream().map(r -> r.get(0)))
        .containsExactly("99 %", "96 %", "93 % (bisection)", "90 %", "50 %");
    List<String> row = table.rows().get(2);
    assertThat(row.get(1)).isEqualTo("— (no B step: C's bisection steps measure C only)");
    assertThat(row.get(2)).isEqualTo("— (no B step: C's bisection steps measure C only)");
    // every percentile with its 95 % interval (rules version 10); the fixture's is its point
    assertThat(row.get(4)).isEqualTo("321 [321, 321]");
    assertThat(table.rows().get(3).get(2)).isEqualTo("900 [900, 900]");
    // "Does B already meet?" by the intervals: B misses clearly at every rate
    assertThat(table.rows().get(0).get(7)).isEqualTo("no");
  }
}
