package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * The rating engine's packages (its surface and its internal rule book, pricer and cost timer) form
 * no cycle ({@link PackageGraph}, as every module's own test).
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void theRatingPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = PackageGraph.read(SOURCES, "solventa.rating");
    assertThat(graph)
        .containsOnlyKeys("solventa.rating", "solventa.rating.internal", "solventa.rating.model");
    assertThat(graph.get("solventa.rating.model")).isEmpty();
    assertThat(PackageGraph.cycles(graph)).as("package cycles in rating").isEmpty();
  }
}
