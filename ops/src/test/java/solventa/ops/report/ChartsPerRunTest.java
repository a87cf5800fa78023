package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.StepResult;
import solventa.ops.analysis.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/**
 * Issue 28, deliverable 8: every run gets its per-second charts (the walk's latency, the recovery's
 * fallback share, the provider calls), the first run's under the names the report always used, a
 * later run's ending with its label; each shows under the verdict its first run's chart shows
 * under.
 */
class ChartsPerRunTest {
  @Test
  void everyRunHasItsOwnChartsAndTheyShowWhereTheFirstRunsDo() {
    List<StepResult> steps = new ArrayList<>();
    for (String run : List.of("R1", "R2", "R3")) {
      for (BenchArm arm : List.of(BenchArm.C, BenchArm.C_PRIME)) {
        for (ProviderState st : List.of(ProviderState.DEGRADED, ProviderState.RECOVERY)) {
          steps.add(Fixture.step(arm, st).run(run).fallback(20.0).build());
        }
      }
    }
    List<Report.Chart> charts = Charts.of(new StepResults(steps));
    assertThat(charts)
        .extracting(Report.Chart::file)
        .contains(
            "latency-C.svg",
            "latency-C-R2.svg",
            "latency-Cp-R3.svg",
            "recovery-fallback.svg",
            "recovery-fallback-R2.svg",
            "recovery-fallback-R3.svg",
            "provider-calls.svg",
            "provider-calls-R3.svg");
    assertThat(charts)
        .filteredOn(c -> c.file().startsWith("recovery-fallback"))
        .extracting(Report::chartKey)
        .containsOnly("recovery-fallback");
    assertThat(charts)
        .filteredOn(c -> c.file().equals("recovery-fallback-R2.svg"))
        .extracting(Report.Chart::caption)
        .allMatch(c -> c.startsWith("Run R2:"));
  }
}
