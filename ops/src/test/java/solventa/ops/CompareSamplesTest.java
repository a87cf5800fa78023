package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.ops.results.ResultsFolder;

/**
 * {@code bin/lab compare} on the committed samples: the quick run against the full one (different
 * profiles: every pair unpaired, each difference with its interval), the quick run against itself
 * (every pair paired, nothing worse: exit 0 with {@code --fail-on worse}), and against a copy whose
 * C healthy step answered every request 300 ms later (paired, worse by exactly that: exit 3).
 */
class CompareSamplesTest {
  @TempDir static Path dir;
  static Path quick;
  static Path full;

  @BeforeAll
  static void unzipTheSamples() throws Exception {
    quick = Samples.unzip(Samples.QUICK, dir.resolve("quick"));
    full = Samples.unzip(Samples.FULL, dir.resolve("full"));
  }

  record Run(int exit, String out, String err) {}

  /** {@code bin/lab compare ARGS} through the runner's own command line, its console captured. */
  static Run compare(Object... args) {
    List<String> line = new ArrayList<>(List.of("compare"));
    for (Object a : args) {
      line.add(a.toString());
    }
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
    int exit;
    try {
      exit = Main.run(line.toArray(String[]::new));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return new Run(exit, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  /** The design's section of compare.md, from its heading to the next. */
  private static String section(String md, String design) {
    int from = md.indexOf("\n## " + design + "\n");
    assertThat(from).as("a section for " + design).isNotNegative();
    int to = md.indexOf("\n## ", from + 1);
    return md.substring(from, to < 0 ? md.length() : to);
  }

  private static String row(String section, String label) {
    return section
        .lines()
        .filter(l -> l.startsWith("| " + label + " |"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + label + " in\n" + section));
  }

  @Test
  void quickAgainstFullIsUnpairedWithAnIntervalForEveryDifference() throws Exception {
    Path out = dir.resolve("quick-vs-full");
    Run r = compare(quick, full, "--out", out);
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("C: ").contains("compare: " + out.resolve("compare.md"));
    String md = Files.readString(out.resolve("compare.md"));
    assertThat(md)
        .contains("| profile | quick | full |")
        .contains(
            "**Pairing:** unpaired: the folders ran different profiles (quick, full), whose steps"
                + " draw different key sequences; 0 of ");
    String healthy = row(section(md, "C"), "healthy · R1");
    // p95: A → B: the difference and its interval
    assertThat(healthy)
        .startsWith("| healthy · R1 | unpaired | ")
        .containsPattern(Pattern.compile("\\| \\d+ → \\d+: [+-]\\d+ \\[-?\\d+, -?\\d+\\]"));
    assertThat(row(section(md, "C"), "recovery · R1")).doesNotContain("n/a");
    JsonNode json = ResultsFolder.JSON.readTree(out.resolve("compare.json").toFile());
    JsonNode c = null;
    for (JsonNode d : json.path("designs")) {
      if (d.path("design").asText().equals("C")) {
        c = d;
      }
    }
    assertThat(c).isNotNull();
    assertThat(c.path("onlyInB").toString()).contains("R2-walk-C-healthy");
    JsonNode first = c.path("rows").get(0);
    assertThat(first.path("row").asText()).isEqualTo("healthy · R1");
    assertThat(first.path("paired").asBoolean()).isFalse();
    JsonNode p95 = first.path("figures").get(0);
    assertThat(p95.path("figure").asText()).isEqualTo("p95");
    assertThat(p95.path("difference").asDouble())
        .isEqualTo(p95.path("b").asDouble() - p95.path("a").asDouble());
    assertThat(p95.at("/ci/low").isNumber()).isTrue();
    assertThat(p95.path("method").asText()).startsWith("unpaired: each side's");
  }

  @Test
  void aSampleAgainstItselfIsPairedAndNothingIsWorse() throws Exception {
    Path out = dir.resolve("quick-vs-quick");
    Run r = compare("--fail-on", "worse", "--out", out, quick, quick);
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    JsonNode json = ResultsFolder.JSON.readTree(out.resolve("compare.json").toFile());
    assertThat(json.path("worse").size()).isZero();
    int rows = 0;
    for (JsonNode d : json.path("designs")) {
      for (JsonNode row : d.path("rows")) {
        rows++;
        assertThat(row.path("paired").asBoolean()).as(row.toString()).isTrue();
        for (JsonNode f : row.path("figures")) {
          if (f.has("difference")) {
            assertThat(f.path("difference").asDouble()).as(f.toString()).isZero();
          }
          if (!f.path("figure").asText().equals("recovery") && f.has("ci")) {
            // request i met itself: every resample's difference is 0
            assertThat(f.at("/ci/low").asDouble()).as(f.toString()).isZero();
            assertThat(f.at("/ci/high").asDouble()).as(f.toString()).isZero();
          }
        }
      }
    }
    assertThat(rows).isEqualTo(38);
    assertThat(Files.readString(out.resolve("compare.md"))).contains("38 of 38 pairs");
  }

  /**
   * The quick sample against a copy whose C healthy step answered every request 300 ms later (its
   * raw recording and its figures in results.json): paired, request by request, that step's p95 and
   * p99 are worse by exactly 300 ms, and {@code --fail-on worse} exits 3 naming them.
   */
  @Test
  void aStepThatGotSlowerFailsTheGate() throws Exception {
    Path slower = Samples.unzip(Samples.QUICK, dir.resolve("quick-slower"));
    String id = "R1-walk-C-healthy";
    Path log = slower.resolve("steps").resolve(id).resolve("requests.csv");
    List<String> lines = Files.readAllLines(log);
    List<String> later = new ArrayList<>(List.of(lines.get(0)));
    for (String l : lines.subList(1, lines.size())) {
      String[] f = l.split(",", -1);
      f[1] = Long.toString(Long.parseLong(f[1]) + 300);
      later.add(String.join(",", f));
    }
    Files.write(log, later);
    ObjectNode results =
        (ObjectNode) ResultsFolder.JSON.readTree(slower.resolve("results.json").toFile());
    for (JsonNode step : results.path("steps")) {
      if (step.at("/spec/id").asText().equals(id)) {
        ObjectNode e2e = (ObjectNode) step.path("endToEnd");
        for (String p : List.of("p50", "p95", "p99", "max")) {
          e2e.put(p, e2e.path(p).asDouble() + 300);
        }
      }
    }
    ResultsFolder.JSON.writeValue(slower.resolve("results.json").toFile(), results);

    Path out = dir.resolve("quick-vs-slower");
    Run r = compare(quick, slower, "--fail-on=worse", "--out", out);
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
    assertThat(r.out())
        .contains(
            "exit 3: --fail-on worse: C healthy · R1 p95 +300 ms [300, 300]; C healthy · R1 p99 +300 ms [300, 300]");
    String healthy = row(section(Files.readString(out.resolve("compare.md")), "C"), "healthy · R1");
    assertThat(healthy)
        .startsWith("| healthy · R1 | paired | ")
        .contains("+300 [300, 300] **worse**");
    // without the gate the same comparison exits 0
    assertThat(compare(quick, slower, "--out", dir.resolve("ungated")).exit()).isZero();
  }

  @Test
  void aFolderWithoutResultsIsRefused() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Run r = compare(quick, empty);
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("DIR_B " + empty + " holds no results.json");
    assertThat(compare(quick, quick, "--fail-on", "better").err())
        .contains("--fail-on must be worse, not 'better'");
  }
}
