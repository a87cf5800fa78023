package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.lab.LabPaths;
import solventa.ops.results.ResultsFolder;

/**
 * The committed quick sample ({@code docs/sample-report/}): {@code bin/lab report} on its results
 * re-analyses every step from its raw recording and reproduces its steps and verdicts exactly. A
 * change of the analysis or of the rules that moves them fails here until the sample is re-analysed
 * and committed with it. Its results.json was re-analysed with rules version 5 (intervals); the raw
 * recordings are the run's own.
 */
class SampleReportTest {
  @TempDir Path dir;

  @Test
  void reAnalysingTheCommittedQuickSampleReproducesItsVerdicts() throws Exception {
    Path zip = LabPaths.root().resolve("docs/sample-report/results.zip");
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
        Path to = dir.resolve(e.getName()).normalize();
        assertThat(to.startsWith(dir)).as("%s stays in the folder", e.getName()).isTrue();
        Files.createDirectories(to.getParent());
        Files.copy(z, to);
      }
    }
    JsonNode before = ResultsFolder.JSON.readTree(dir.resolve("results.json").toFile());
    ReportCommand.Reanalysis re = ReportCommand.reanalyze(dir);
    assertThat(re.fromRecordings()).isEqualTo(re.steps()).isEqualTo(before.path("steps").size());
    JsonNode after = ResultsFolder.JSON.readTree(dir.resolve("results.json").toFile());
    assertThat(after.path("rulesVersion")).isEqualTo(before.path("rulesVersion"));
    assertThat(after.path("steps").toString()).isEqualTo(before.path("steps").toString());
    assertThat(after.path("verdicts").toString()).isEqualTo(before.path("verdicts").toString());
    assertThat(after.path("sanity").toString()).isEqualTo(before.path("sanity").toString());
    // rules version 5: A's healthy p95 of 222 ms, against 225 ms, is too close to call
    assertThat(after.path("rulesVersion").asText()).isEqualTo("5");
    JsonNode hd011 = after.path("verdicts").path("HD-01.1");
    assertThat(hd011.path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(hd011.path("evidence").toString())
        .contains("too close to call: A R1 healthy p95 222 ms [211, 231] against 225 ms");
  }
}
