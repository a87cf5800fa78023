package solventa.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A module's package graph, read from its main sources, for the modules' package-cycle tests:
 * package → the other packages under the same root that its files refer to, through {@code import}
 * lines and fully qualified names in code (comments are ignored, so a {@code {@link}} or a prose
 * mention is no dependency). References within a package are not seen, and need not be.
 */
public final class PackageGraph {
  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

  private PackageGraph() {}

  /**
   * The graph of the packages under {@code root} (e.g. {@code "solventa.ops"}) in the source tree
   * {@code sources} (e.g. {@code src/main/java}): every package with a file is a key, with the
   * packages under {@code root} it refers to (itself excluded), sorted.
   */
  public static Map<String, Set<String>> read(Path sources, String root) {
    // a reference to a type of root: its package is the lower-case segments before the type
    Pattern reference =
        Pattern.compile("\\b(" + Pattern.quote(root) + "(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z]");
    Map<String, Set<String>> g = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(sources.resolve(root.replace('.', '/')))) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Path f : files) {
      String pkg = sources.relativize(f.getParent()).toString().replace('/', '.');
      Set<String> deps = g.computeIfAbsent(pkg, k -> new TreeSet<>());
      String code;
      try {
        code = COMMENTS.matcher(Files.readString(f)).replaceAll("");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Matcher m = reference.matcher(code);
      while (m.find()) {
        if (!m.group(1).equals(pkg)) {
          deps.add(m.group(1));
        }
      }
    }
    return g;
  }

  /** Every cycle's packages, one per strongly connected component, as "a → b → a". */
  public static List<String> cycles(Map<String, Set<String>> g) {
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

  /** The packages {@code from} depends on, directly or through others ({@code from} excluded). */
  public static Set<String> reachable(Map<String, Set<String>> g, String from) {
    Set<String> seen = new TreeSet<>();
    Deque<String> todo = new ArrayDeque<>(g.getOrDefault(from, Set.of()));
    while (!todo.isEmpty()) {
      String p = todo.pop();
      if (!p.equals(from) && seen.add(p)) {
        todo.addAll(g.getOrDefault(p, Set.of()));
      }
    }
    return seen;
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
