package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * ops's packages form no cycle (issue 10, decision 0023): read from the main sources' {@code import
 * solventa.ops…} lines and fully qualified {@code solventa.ops…} names in code ({@link
 * PackageGraph}, shared with quote-node's test), a package never depends, directly or through
 * others, on a package that depends on it.
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  @Test
  void opsPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = graph();
    assertThat(graph)
        .as("the graph is read at all")
        .containsKeys("solventa.ops", "solventa.ops.analysis", "solventa.ops.runner");
    assertThat(graph.get("solventa.ops.runner")).contains("solventa.ops.analysis");
    assertThat(PackageGraph.cycles(graph)).as("package cycles in ops").isEmpty();
  }

  /** The vocabulary every other package shares depends on nothing else in ops. */
  @Test
  void theProtocolVocabularyDependsOnNothingElseInOps() {
    assertThat(graph().get("solventa.ops.protocol")).isEmpty();
  }

  /** Package → the other ops packages its main sources refer to. */
  static Map<String, Set<String>> graph() {
    return PackageGraph.read(SOURCES, "solventa.ops");
  }
}
