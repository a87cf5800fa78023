package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.lab.LabPaths;

/** The exit codes a team gates a design change on, on the committed quick sample's recordings. */
class OutcomeTest {
  @TempDir Path dir;

  private Path quickSample() throws Exception {
    try (InputStream in =
            Files.newInputStream(LabPaths.root().resolve("docs/sample-report/results.zip"));
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path to = dir.resolve(e.getName()).normalize();
        assertThat(to.startsWith(dir)).isTrue();
        Files.createDirectories(to.getParent());
        Files.copy(z, to);
      }
    }
    return dir;
  }

  /** The quick sample refutes HD-01.4: --fail-on refuted exits 3; without it, 0. */
  @Test
  void reportOnTheQuickSampleExitsThreeWithFailOnRefutedAndZeroWithout() throws Exception {
    Path d = quickSample();
    assertThat(Main.run(new String[] {"report", d.toString()})).isZero();
    assertThat(Main.run(new String[] {"report", d.toString(), "--fail-on", "refuted"}))
        .isEqualTo(3);
    assertThat(Main.run(new String[] {"report", d.toString(), "--fail-on", "inconclusive"}))
        .as("inconclusive trips on refuted too")
        .isEqualTo(3);
    assertThat(Main.run(new String[] {"report", d.toString(), "--fail-on", "sometimes"}))
        .as("a refused value")
        .isEqualTo(2);
  }

  @Test
  void failOnTripsOnItsKindAndWorse() {
    assertThat(Outcome.FailOn.REFUTED.trips("refuted")).isTrue();
    assertThat(Outcome.FailOn.REFUTED.trips("inconclusive")).isFalse();
    assertThat(Outcome.FailOn.REFUTED.trips("supported")).isFalse();
    assertThat(Outcome.FailOn.INCONCLUSIVE.trips("refuted")).isTrue();
    assertThat(Outcome.FailOn.INCONCLUSIVE.trips("inconclusive")).isTrue();
    assertThat(Outcome.FailOn.INCONCLUSIVE.trips("supported")).isFalse();
    assertThat(Outcome.FailOn.parse(" Refuted ")).isEqualTo(Outcome.FailOn.REFUTED);
    assertThatThrownBy(() -> Outcome.FailOn.parse("maybe"))
        .hasMessage("--fail-on must be refuted or inconclusive, not 'maybe'");
  }

  @Test
  void theHelpDocumentsTheExitCodes() {
    String usage = Main.usageFile();
    assertThat(usage).contains("Exit codes:", "3   experiment, report with --fail-on");
  }
}
