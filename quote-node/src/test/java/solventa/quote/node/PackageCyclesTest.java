package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * quote-node's packages form no cycle and depend one way, by role (issue 32, decision 0040): read
 * from the main sources' {@code import solventa.quote…} lines and fully qualified names in code
 * ({@link PackageGraph}, shared with ops's test). The wiring at the top uses every room; the domain
 * never knows the HTTP API, the management routes or the wiring.
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  /** From the top down: each package uses only packages after it. */
  static final List<String> LAYERS =
      List.of(
          "solventa.quote.node",
          "solventa.quote.management",
          "solventa.quote.api",
          "solventa.quote.domain",
          "solventa.quote.profile",
          "solventa.quote.profile.internal",
          "solventa.quote.stats",
          "solventa.quote.settings");

  static Map<String, Set<String>> graph() {
    return PackageGraph.read(SOURCES, "solventa.quote");
  }

  @Test
  void quoteNodePackagesHaveNoCycle() {
    Map<String, Set<String>> graph = graph();
    assertThat(graph).as("the graph is read at all").containsOnlyKeys(LAYERS);
    assertThat(graph.get("solventa.quote.node"))
        .contains("solventa.quote.management", "solventa.quote.domain");
    assertThat(PackageGraph.cycles(graph)).as("package cycles in quote-node").isEmpty();
  }

  @Test
  void eachPackageUsesOnlyThePackagesBelowIt() {
    Map<String, Set<String>> graph = graph();
    for (int i = 0; i < LAYERS.size(); i++) {
      String pkg = LAYERS.get(i);
      assertThat(LAYERS.subList(i + 1, LAYERS.size()))
          .as("what %s uses", pkg)
          .containsAll(graph.get(pkg));
    }
  }

  /** The domain answers a failure cause; the API maps it to a problem body, never the reverse. */
  @Test
  void theDomainImportsNothingFromTheApiManagementOrTheWiring() {
    Map<String, Set<String>> graph = graph();
    Set<String> above =
        Set.of("solventa.quote.api", "solventa.quote.management", "solventa.quote.node");
    assertThat(graph.get("solventa.quote.domain")).doesNotContainAnyElementsOf(above);
    assertThat(PackageGraph.reachable(graph, "solventa.quote.domain"))
        .doesNotContainAnyElementsOf(above);
  }

  /**
   * The domain knows nothing of Pekko: where a profile comes from (the adapter, or a sharded
   * entity) is the resolver the wiring chose.
   */
  @Test
  void theDomainKnowsNothingOfPekko() throws java.io.IOException {
    Path domain = SOURCES.resolve("solventa/quote/domain");
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(domain)) {
      for (Path f : files.toList()) {
        assertThat(java.nio.file.Files.readString(f))
            .as("%s", f)
            .doesNotContain("org.apache.pekko");
      }
    }
  }

  /** The settings are what every room reads: they read no other room. */
  @Test
  void theSettingsDependOnNothingElseInTheNode() {
    assertThat(graph().get("solventa.quote.settings")).isEmpty();
  }
}
