package solventa.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The package graph the modules' cycle tests read (pure logic on a small source tree). */
class PackageGraphTest {

  @Test
  void aCycleIsFoundAndNamed() {
    Map<String, Set<String>> g = new TreeMap<>();
    g.put("a", Set.of("b"));
    g.put("b", Set.of("c"));
    g.put("c", Set.of("a"));
    g.put("d", Set.of("a"));
    assertThat(PackageGraph.cycles(g)).containsExactly("a → b → c → a");
    g.put("c", Set.of());
    assertThat(PackageGraph.cycles(g)).isEmpty();
  }

  @Test
  void reachableFollowsEdgesTransitively() {
    Map<String, Set<String>> g = new TreeMap<>();
    g.put("a", Set.of("b"));
    g.put("b", Set.of("c", "a"));
    g.put("c", Set.of());
    g.put("d", Set.of("a"));
    assertThat(PackageGraph.reachable(g, "a")).containsExactly("b", "c");
    assertThat(PackageGraph.reachable(g, "c")).isEmpty();
  }

  @Test
  void importsAndQualifiedNamesCountCommentsDoNot(@TempDir Path src) throws IOException {
    write(
        src,
        "x/top/Top.java",
        "package x.top;\n"
            + "import x.low.Low;\n"
            + "/** {@link x.side.Side} is prose only */\n"
            + "class Top { x.mid.Mid m; // x.side.Side\n"
            + " String logger = \"x.side.logger\"; Low l; x.top.Top self; }\n");
    write(src, "x/mid/Mid.java", "package x.mid;\nclass Mid { x.low.Low.Inner i; }\n");
    write(src, "x/low/Low.java", "package x.low;\nclass Low { static class Inner {} }\n");
    write(src, "x/side/Side.java", "package x.side;\nclass Side {}\n");
    Map<String, Set<String>> g = PackageGraph.read(src, "x");
    assertThat(g)
        .containsOnlyKeys("x.top", "x.mid", "x.low", "x.side")
        .containsEntry("x.top", Set.of("x.low", "x.mid"))
        .containsEntry("x.mid", Set.of("x.low"))
        .containsEntry("x.low", Set.of())
        .containsEntry("x.side", Set.of());
  }

  private static void write(Path root, String file, String text) throws IOException {
    Path p = root.resolve(file);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
