package solventa.ops.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benches write through the results folder, as the experiment does (issue 30). */
class ResultsFolderBenchTest {
  @TempDir Path dir;

  @Test
  void aBenchsPageAndFiguresAreWrittenSideBySideWithNoTemporaryLeft() throws Exception {
    Path md =
        ResultsFolder.saveBench(
            dir.resolve("bench"), "overload", "# Overload\n", List.of(Map.of("rate", 300)));
    assertThat(md).isEqualTo(dir.resolve("bench/overload.md"));
    assertThat(Files.readString(md, StandardCharsets.UTF_8)).isEqualTo("# Overload\n");
    assertThat(
            ResultsFolder.JSON
                .readTree(dir.resolve("bench/overload.json").toFile())
                .get(0)
                .path("rate")
                .asInt())
        .isEqualTo(300);
    try (var files = Files.list(dir.resolve("bench"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("overload.md", "overload.json");
    }
  }
}
