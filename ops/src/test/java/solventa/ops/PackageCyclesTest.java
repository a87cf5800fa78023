package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import solventa.lab.PackageGraph;

/**
 * The runner's packages form no cycle (decision 0023), across its modules as within each: read from
 * the main sources of ops and of every ops-* module beside it ({@code import solventa.ops…} lines
 * and fully qualified {@code solventa.ops…} names in code, {@link PackageGraph}, shared with
 * quote-node's test), a package never depends, directly or through others, on a package that
 * depends on it. The build keeps the modules themselves acyclic; this keeps the packages so.
 */
class PackageCyclesTest {
  /** ops's own sources and each ops-* module's, all siblings under the checkout's root. */
  static final List<String> MODULES =
      List.of(
          "ops",
          "ops-protocol",
          "ops-statistics",
          "ops-figures",
          "ops-analysis",
          "ops-lab",
          "ops-report",
          "ops-experiment",
          "ops-bench",
          "ops-faults");

  @Test
  void opsPackagesHaveNoCycle() {
    Map<String, Set<String>> graph = graph();
    assertThat(graph)
        .as("the graph is read at all")
        .containsKeys(
            "solventa.ops",
            "solventa.ops.analysis",
            "solventa.ops.analysis.figures",
            "solventa.ops.analysis.hypotheses",
            "solventa.ops.analysis.recommendation",
            "solventa.ops.runner");
    assertThat(graph.get("solventa.ops.runner"))
        .contains("solventa.ops.analysis.figures", "solventa.ops.analysis.hypotheses");
    // the benchmarks reach the step runner (its LoadSteps); the runner knows nothing of them
    assertThat(graph.get("solventa.ops.bench")).contains("solventa.ops.runner");
    assertThat(graph.get("solventa.ops.runner")).doesNotContain("solventa.ops.bench");
    assertThat(PackageGraph.cycles(graph)).as("package cycles in ops").isEmpty();
  }

  /** The vocabulary every other package shares depends on nothing else in ops. */
  @Test
  void theProtocolVocabularyDependsOnNothingElseInOps() {
    assertThat(graph().get("solventa.ops.protocol")).isEmpty();
  }

  /** Every ops-* module beside ops is read: none is left out of the graph. */
  @Test
  void everyOpsModuleIsRead() throws java.io.IOException {
    try (var dirs = Files.list(Path.of(".."))) {
      List<String> found =
          dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java")))
              .map(d -> d.getFileName().toString())
              .filter(n -> n.equals("ops") || n.startsWith("ops-"))
              .toList();
      assertThat(found).containsExactlyInAnyOrderElementsOf(MODULES);
    }
  }

  /** Package → the other ops packages its main sources refer to, over every ops module. */
  static Map<String, Set<String>> graph() {
    Map<String, Set<String>> g = new TreeMap<>();
    for (String module : MODULES) {
      Path sources = Path.of("..", module, "src", "main", "java");
      PackageGraph.read(sources, "solventa.ops")
          .forEach(
              (pkg, deps) ->
                  g.merge(
                      pkg,
                      deps,
                      (a, b) -> {
                        Set<String> all = new java.util.TreeSet<>(a);
                        all.addAll(b);
                        return all;
                      }));
    }
    return g;
  }
}
