package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/**
 * The report links a step's Gatling HTML report only when the file is beside it (issue 31): the
 * committed sample is a copy of a results folder without its gatling/ tree, and its links once led
 * nowhere.
 */
class ReportGatlingLinksTest {
  @TempDir Path dir;

  private static ExperimentRecord record() {
    return Records.of("quick")
        .steps(
            List.of(
                Fixture.step(BenchArm.C, ProviderState.HEALTHY)
                    .id("R1-walk-C-healthy")
                    .gatling("gatling/R1-walk-C-healthy/index.html")
                    .build(),
                Fixture.step(BenchArm.C, ProviderState.DEGRADED)
                    .id("R1-walk-C-degraded")
                    .gatling("gatling/R1-walk-C-degraded/index.html")
                    .build()))
        .build();
  }

  @Test
  void aReportPresentBesideTheReportIsLinkedAndAnAbsentOneIsCountedNotLinked() throws Exception {
    Path present = dir.resolve("gatling/R1-walk-C-healthy/index.html");
    Files.createDirectories(present.getParent());
    Files.writeString(present, "<html></html>", StandardCharsets.UTF_8);
    String md = Files.readString(ReportWriter.write(record(), dir), StandardCharsets.UTF_8);
    assertThat(md)
        .contains("- [R1-walk-C-healthy](gatling/R1-walk-C-healthy/index.html)")
        .doesNotContain("](gatling/R1-walk-C-degraded/index.html)")
        .contains("1 Gatling HTML reports were written in the run's own folder");
  }

  @Test
  void withEveryReportPresentNothingIsSaidMissing() throws Exception {
    for (String step : List.of("R1-walk-C-healthy", "R1-walk-C-degraded")) {
      Path f = dir.resolve("gatling/" + step + "/index.html");
      Files.createDirectories(f.getParent());
      Files.writeString(f, "<html></html>", StandardCharsets.UTF_8);
    }
    String md = Files.readString(ReportWriter.write(record(), dir), StandardCharsets.UTF_8);
    assertThat(md)
        .contains("](gatling/R1-walk-C-degraded/index.html)")
        .doesNotContain("are not in this copy");
  }
}
