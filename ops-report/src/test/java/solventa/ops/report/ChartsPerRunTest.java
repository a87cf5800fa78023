package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

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

  /**
   * A second whose answers were errors is shaded as errors: arm A's down state answers its 503s in
   * a few milliseconds, which the latency line alone would show as a fast second.
   */
  @Test
  void secondsOfErrorsAreShadedAsErrorsNotReadAsFastSeconds() {
    List<solventa.ops.analysis.figures.TimelinePoint> down = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      boolean failing = i >= 2;
      down.add(
          new solventa.ops.analysis.figures.TimelinePoint(
              i,
              200,
              failing ? 4.0 : 220.0,
              failing ? 6.0 : 250.0,
              0.0,
              null,
              null,
              null,
              200,
              null,
              0.0,
              0.0,
              null,
              null,
              0,
              null,
              null,
              failing ? 100.0 : 0.0));
    }
    StepResult a = Fixture.step(BenchArm.A, ProviderState.DOWN).timeline(down).build();
    String svg =
        Charts.of(new StepResults(List.of(a))).stream()
            .filter(c -> c.file().equals("latency-A.svg"))
            .findFirst()
            .orElseThrow()
            .svg();
    assertThat(svg).contains("errors &gt; 1 % (the line is their latency)");
    StepResult fine =
        Fixture.step(BenchArm.A, ProviderState.DOWN).timeline(down.subList(0, 2)).build();
    assertThat(
            Charts.of(new StepResults(List.of(fine))).stream()
                .filter(c -> c.file().equals("latency-A.svg"))
                .findFirst()
                .orElseThrow()
                .svg())
        .doesNotContain("errors &gt; 1 %");
  }
}
