package solventa.providerdouble;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * The double's packages (its server and settings, their internals, and the state control the runner
 * drives) form no cycle ({@link PackageGraph}, as every module's own test).
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void theDoublesPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = PackageGraph.read(SOURCES, "solventa.providerdouble");
    assertThat(graph)
        .containsOnlyKeys(
            "solventa.providerdouble",
            "solventa.providerdouble.internal",
            "solventa.providerdouble.control",
            "solventa.providerdouble.server");
    assertThat(PackageGraph.cycles(graph)).as("package cycles in provider-double").isEmpty();
  }
}
