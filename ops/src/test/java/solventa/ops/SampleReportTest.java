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
 * and committed with it. Its run (2026-12-04 21:15 UTC, a fresh clone of 8c01ed1) was judged with
 * rules version 6; the raw recordings are the run's own.
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
    // rules version 7 (2026-12-04 23:55 UTC, a fresh clone of ce62c76, quick): A's healthy p95
    // against 225 ms is still too close to call; HD-01.6 is judged over the low-traffic grid;
    // at recovery C's adapter was asked 13 duplicate calls, fewer than the control's 20, and C'
    // none, so HD-01.8 is inconclusive; HD-01's clause (b) reads the declared outage horizon
    assertThat(after.path("rulesVersion").asText()).isEqualTo("7");
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.1").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.1").path("evidence").toString())
        .contains("too close to call: A R1 healthy p95");
    assertThat(v.path("HD-01.6").path("evidence").toString())
        .contains("count N=2 at 10 req/s", "open question (b), settings that keep");
    assertThat(v.path("HD-01.8").path("evidence").toString())
        .contains(
            "C R1 recovery: 13 duplicate provider call(s)",
            "fewer than 20: the control is not met",
            "C' R1 recovery: 0 duplicate provider call(s)");
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01").path("evidence").toString())
        .contains("over the outage horizon 2–7 s after the change (0.10–0.35 T, T = 20 s)");
  }
}
