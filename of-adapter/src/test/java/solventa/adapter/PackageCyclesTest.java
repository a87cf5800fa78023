package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * The adapter's packages form no cycle, and its implementation stays behind its surface: the public
 * package may create the internal actor, and the internal package may use the surface's types, but
 * nothing in between loops ({@link PackageGraph}, as every module's own test).
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void theAdaptersPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = PackageGraph.read(SOURCES, "solventa.adapter");
    assertThat(graph)
        .containsOnlyKeys(
            "solventa.adapter", "solventa.adapter.internal", "solventa.adapter.model");
    assertThat(graph.get("solventa.adapter.model")).isEmpty();
    assertThat(PackageGraph.cycles(graph)).as("package cycles in of-adapter").isEmpty();
  }
}
