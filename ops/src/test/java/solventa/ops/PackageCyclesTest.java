package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ops's packages form no cycle (issue 10, decision 0023): read from the main sources' {@code import
 * solventa.ops…} lines and fully qualified {@code solventa.ops…} names in code, a package never
 * depends, directly or through others, on a package that depends on it.
 */
class PackageCyclesTest {
  private static final Path SOURCES = Path.of("src/main/java");

  /** A reference to a type of ops: its package is the lower-case segments before the type. */
  private static final Pattern REFERENCE =
      Pattern.compile("\\b(solventa\\.ops(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]");

  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

  @Test
  void opsPackagesHaveNoCycle() throws IOException {
    Map<String, Set<String>> graph = graph();
    assertThat(graph)
        .as("the graph is read at all")
        .containsKeys("solventa.ops", "solventa.ops.analysis", "solventa.ops.runner");
    assertThat(graph.get("solventa.ops.runner")).contains("solventa.ops.analysis");
    assertThat(cycles(graph)).as("package cycles in ops").isEmpty();
  }

  /** The vocabulary every other package shares depends on nothing else in ops. */
  @Test
  void theProtocolVocabularyDependsOnNothingElseInOps() throws IOException {
    assertThat(graph().get("solventa.ops.protocol")).isEmpty();
  }

  @Test
  void aCycleIsFoundAndNamed() {
    Map<String, Set<String>> g = new TreeMap<>();
    g.put("a", Set.of("b"));
    g.put("b", Set.of("c"));
    g.put("c", Set.of("a"));
    g.put("d", Set.of("a"));
    assertThat(cycles(g)).containsExactly("a → b → c → a");
    g.put("c", Set.of());
    assertThat(cycles(g)).isEmpty();
  }

  /** Package → the other ops packages its main sources refer to. */
  static Map<String, Set<String>> graph() throws IOException {
    Map<String, Set<String>> g = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(SOURCES.resolve("solventa/ops"))) {
      files = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    for (Path f : files) {
      String pkg = SOURCES.relativize(f.getParent()).toString().replace('/', '.');
      Set<String> deps = g.computeIfAbsent(pkg, k -> new TreeSet<>());
      String code = COMMENTS.matcher(Files.readString(f)).replaceAll("");
      Matcher m = REFERENCE.matcher(code);
      while (m.find()) {
        if (!m.group(1).equals(pkg)) {
          deps.add(m.group(1));
        }
      }
    }
    return g;
  }

  /** Every cycle's packages, one per strongly connected component, as "a → b → a". */
  static List<String> cycles(Map<String, Set<String>> g) {
    List<String> out = new ArrayList<>();
    Set<String> reported = new TreeSet<>();
    for (String start : g.keySet()) {
      if (reported.contains(start)) {
        continue;
      }
      List<String> path = cycleThrough(start, start, g, new ArrayList<>(List.of(start)));
      if (path != null) {
        reported.addAll(path);
        out.add(String.join(" → ", path));
      }
    }
    return out;
  }

  /** A path from {@code at} back to {@code start}, depth first; null when there is none. */
  private static List<String> cycleThrough(
      String start, String at, Map<String, Set<String>> g, List<String> path) {
    for (String next : g.getOrDefault(at, Set.of())) {
      if (next.equals(start)) {
        List<String> cycle = new ArrayList<>(path);
        cycle.add(start);
        return cycle;
      }
      if (!path.contains(next)) {
        path.add(next);
        List<String> found = cycleThrough(start, next, g, path);
        if (found != null) {
          return found;
        }
        path.remove(path.size() - 1);
      }
    }
    return null;
  }
}
