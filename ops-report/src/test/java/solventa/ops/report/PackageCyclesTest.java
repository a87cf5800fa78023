package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * This module's two packages form no cycle: the report reads the results folder, and the results
 * folder only stores and loads, it never renders ({@link PackageGraph}, as ops's own test).
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void theReportAndTheResultsFolderHaveNoCycle() {
    Map<String, Set<String>> graph = PackageGraph.read(SOURCES, "solventa.ops");
    assertThat(graph).containsOnlyKeys("solventa.ops.report", "solventa.ops.results");
    assertThat(graph.get("solventa.ops.report")).contains("solventa.ops.results");
    assertThat(PackageGraph.cycles(graph)).as("package cycles in ops-report").isEmpty();
  }

  @Test
  void theResultsFolderRendersNothing() {
    Map<String, Set<String>> graph = PackageGraph.read(SOURCES, "solventa.ops");
    assertThat(graph.get("solventa.ops.results")).doesNotContain("solventa.ops.report");
  }
}
