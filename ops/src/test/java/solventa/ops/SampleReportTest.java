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
 * and committed with it. Its run (2026-12-04 23:55 UTC, a fresh clone of ce62c76) was recorded
 * under rules version 7 and re-judged from its raw recordings under version 8; the recordings are
 * the run's own.
 */
class SampleReportTest {
  @TempDir Path dir;

  /**
   * Unzips the committed sample {@code folder} into the temporary folder, re-analyses it and checks
   * that every step, verdict and sanity check comes out as committed; returns the results.
   */
  private JsonNode reanalyse(String folder) throws Exception {
    Path zip = LabPaths.root().resolve(folder + "/results.zip");
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
    return after;
  }

  /**
   * The full sample (2026-12-05 00:07 UTC, ce62c76, recorded under rules version 7) re-judged under
   * version 8: in every run a half-open probe closed C's and C''s breaker while the provider was
   * still degraded and the backlog of expired customers filled the pool (a finding, not a
   * stampede); once the provider was healthy C's duplicate calls (42–53) never filled it, so clause
   * (c) holds and HD-01.8 is supported; HD-01 stays refuted by clause (b).
   */
  @Test
  void reAnalysingTheCommittedFullSampleReproducesItsVerdicts() throws Exception {
    JsonNode after = reanalyse("docs/sample-report-full");
    assertThat(after.path("rulesVersion").asText()).isEqualTo("8");
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("supported");
    assertThat(v.path("HD-01.8").path("evidence").toString())
        .contains(
            "recovery backlog (a finding, not a stampede): C' R2 recovery: the pool was full (32"
                + " of 32 in flight) in second 6, while the provider was still degraded; cause: a"
                + " half-open probe that answered in time closed the breaker 6648 ms after the"
                + " change",
            "C R1 recovery, from 30 s after the change (the provider healthy again, 46 s): 52"
                + " duplicate call(s), at most 15 in flight of pool 32 (the step's peak 32, 35"
                + " rejected in the step)");
    JsonNode hd01 = v.path("HD-01");
    assertThat(hd01.path("verdict").asText()).isEqualTo("refuted");
    assertThat(hd01.path("clauses").toString())
        .contains(
            "{\"clause\":\"clause (b) fallback above the ceiling\",\"outcome\":\"refutes\"}",
            "{\"clause\":\"clause (c) a stampede at recovery saturates the adapter's pool\","
                + "\"outcome\":\"holds\"}");
  }

  @Test
  void reAnalysingTheCommittedQuickSampleReproducesItsVerdicts() throws Exception {
    JsonNode after = reanalyse("docs/sample-report");
    // recorded under rules version 7 (2026-12-04 23:55 UTC, a fresh clone of ce62c76, quick),
    // re-judged under version 8: A's healthy p95 against 225 ms is still too close to call;
    // HD-01.6 is judged over the low-traffic grid; once the provider was healthy again C's adapter
    // was asked 13 duplicate calls, fewer than the control's 20, and C' none, so HD-01.8 is
    // inconclusive; HD-01.2, .3, .4 and .7 are implementation checks; HD-01's clause (b) reads the
    // declared outage horizon
    assertThat(after.path("rulesVersion").asText()).isEqualTo("8");
    JsonNode v = after.path("verdicts");
    assertThat(v.path("HD-01.1").path("verdict").asText()).isEqualTo("inconclusive");
    assertThat(v.path("HD-01.1").path("evidence").toString())
        .contains("too close to call: A R1 healthy p95");
    assertThat(v.path("HD-01.6").path("evidence").toString())
        .contains("count N=2 at 10 req/s", "open question (b), settings that keep");
    assertThat(v.path("HD-01.8").path("evidence").toString())
        .contains(
            "C R1 recovery, from 5 s after the change (the provider healthy again, 16 s): 13"
                + " duplicate call(s)",
            "fewer than 20 duplicate calls: the control is not met",
            "C' R1 recovery, from 5 s after the change (the provider healthy again, 16 s): 0"
                + " duplicate call(s)");
    assertThat(v.path("HD-01.8").path("verdict").asText()).isEqualTo("inconclusive");
    for (String id : java.util.List.of("HD-01.2", "HD-01.3", "HD-01.4", "HD-01.7")) {
      assertThat(v.path(id).path("byConstruction").asBoolean()).as(id).isTrue();
    }
    assertThat(v.path("HD-01.8").path("byConstruction").isBoolean()).isTrue();
    assertThat(v.path("HD-01.8").path("byConstruction").asBoolean()).isFalse();
    assertThat(v.path("HD-01").path("evidence").toString())
        .contains("over the outage horizon 2–7 s after the change (0.10–0.35 T, T = 20 s)");
  }
}
