package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Validates {@code docker/compose.yml} without a Docker engine (none runs on the lab machines):
 * Debian's {@code docker-compose} 1.29 ({@code config}) checks the file against the Compose schema
 * and prints it normalized, and the checks below read that normalized text: every published port is
 * bound to 127.0.0.1 on the host, the three quote nodes form one cluster around one seed node, and
 * every service has a memory and a CPU limit. {@code bin/setup} installs docker-compose.
 */
class ComposeFileTest {
  private static final String COMPOSE_FILE = "docker/compose.yml";
  private static final String INSTALL_HINT =
      "docker-compose is not installed: apt-get install docker-compose (Debian's 1.29.2; bin/setup"
          + " does it). It validates docker/compose.yml without a Docker engine.";

  @Test
  void composeFileIsValid() throws Exception {
    Result r = compose(Map.of(), "config", "-q");
    assertThat(r.exit).as("docker-compose config -q failed:%n%s%s", r.out, r.err).isZero();
  }

  @Test
  void everyPublishedPortIsBoundToLoopback() throws Exception {
    Map<String, String> services = services(normalizedConfig(Map.of()));
    List<String> published = new ArrayList<>();
    for (var e : services.entrySet()) {
      assertThat(e.getValue())
          .as("service %s must not use the host's network stack", e.getKey())
          .doesNotContain("network_mode: host");
      for (String port : listItems(e.getValue(), "ports")) {
        published.add(e.getKey() + " " + port);
        assertThat(isLoopbackPort(port))
            .as(
                "service %s publishes %s: bind it to the host's loopback (127.0.0.1:HOST:CONTAINER)",
                e.getKey(), port)
            .isTrue();
      }
    }
    assertThat(published).as("the deployment publishes the quote API to the host").isNotEmpty();
  }

  @Test
  void threeQuoteNodesShareOneSeedNode() throws Exception {
    Map<String, String> services = services(normalizedConfig(Map.of()));
    Map<String, String> nodes = new TreeMap<>();
    services.forEach(
        (name, block) -> {
          if (name.startsWith("quote-")) {
            nodes.put(name, block);
          }
        });
    assertThat(nodes.keySet()).containsExactly("quote-1", "quote-2", "quote-3");

    Set<List<String>> seedLists = new LinkedHashSet<>();
    Map<String, String> canonical = new LinkedHashMap<>();
    for (var e : nodes.entrySet()) {
      List<String> seeds = systemProperties(e.getValue(), "pekko\\.cluster\\.seed-nodes\\.\\d+");
      assertThat(seeds).as("%s sets pekko.cluster.seed-nodes", e.getKey()).isNotEmpty();
      seedLists.add(seeds);
      List<String> host =
          systemProperties(e.getValue(), "pekko\\.remote\\.artery\\.canonical\\.hostname");
      List<String> port =
          systemProperties(e.getValue(), "pekko\\.remote\\.artery\\.canonical\\.port");
      assertThat(host)
          .as("%s's canonical hostname is its service name", e.getKey())
          .containsExactly(e.getKey());
      assertThat(port).as("%s sets its canonical port", e.getKey()).hasSize(1);
      canonical.put(e.getKey(), "pekko://quote@" + e.getKey() + ":" + port.get(0));
    }
    assertThat(seedLists).as("every node has the same seed-node list").hasSize(1);
    List<String> seeds = seedLists.iterator().next();
    assertThat(seeds).as("one seed node").hasSize(1);
    assertThat(seeds.get(0))
        .as("the seed is quote-1 at its canonical address")
        .isEqualTo(canonical.get("quote-1"));
  }

  @Test
  void everyServiceHasMemoryAndCpuLimits() throws Exception {
    Map<String, String> services = services(normalizedConfig(Map.of()));
    assertThat(services.keySet())
        .contains("redis", "postgres", "provider-double", "toxiproxy", "prometheus", "grafana");
    for (var e : services.entrySet()) {
      String block = e.getValue();
      boolean memory =
          block.contains("\n    mem_limit: ")
              || Pattern.compile("\\n\\s+limits:(\\n\\s{8,}\\S.*)*\\n\\s{8,}memory: ")
                  .matcher(block)
                  .find();
      boolean cpus =
          block.contains("\n    cpus: ")
              || Pattern.compile("\\n\\s+limits:(\\n\\s{8,}\\S.*)*\\n\\s{8,}cpus: ")
                  .matcher(block)
                  .find();
      assertThat(memory).as("service %s has a memory limit", e.getKey()).isTrue();
      assertThat(cpus).as("service %s has a CPU limit", e.getKey()).isTrue();
    }
  }

  @Test
  void theArmComesFromTheArmVariable() throws Exception {
    Map<String, String> byDefault = services(normalizedConfig(Map.of()));
    Map<String, String> armB = services(normalizedConfig(Map.of("ARM", "B")));
    for (String node : List.of("quote-1", "quote-2", "quote-3")) {
      assertThat(byDefault.get(node)).as("%s defaults to arm C", node).contains("QUOTE_ARM: C\n");
      assertThat(armB.get(node)).as("%s follows ARM=B", node).contains("QUOTE_ARM: B\n");
    }
  }

  /** The checks themselves catch what they are meant to catch. */
  @Test
  void checksRejectAnExposedPortAndAForeignSeed() {
    String config =
        String.join(
            "\n",
            "services:",
            "  a:",
            "    mem_limit: 1g",
            "    ports:",
            "    - 127.0.0.1:8080:8080/tcp",
            "    - 0.0.0.0:8558:8558/tcp",
            "    - 9095:9095/tcp",
            "    - published: 9096",
            "      target: 9096",
            "  b:",
            "    environment:",
            "      JAVA_TOOL_OPTIONS: '-Dpekko.cluster.seed-nodes.0=pekko://quote@b:7355",
            "        -Dx=y'",
            "version: '3.9'",
            "");
    Map<String, String> services = services(config);
    assertThat(services.keySet()).containsExactly("a", "b");
    List<String> ports = listItems(services.get("a"), "ports");
    assertThat(ports).hasSize(4);
    assertThat(ports.stream().filter(ComposeFileTest::isLoopbackPort))
        .containsExactly("127.0.0.1:8080:8080/tcp");
    assertThat(systemProperties(services.get("b"), "pekko\\.cluster\\.seed-nodes\\.\\d+"))
        .containsExactly("pekko://quote@b:7355");
    assertThat(services.get("b")).doesNotContain("mem_limit");
  }

  // --- reading docker-compose's normalized output -------------------------------------------

  /** {@code docker-compose config}: the file with defaults applied and variables substituted. */
  private static String normalizedConfig(Map<String, String> env) throws Exception {
    Result r = compose(env, "config");
    assertThat(r.exit).as("docker-compose config failed:%n%s", r.err).isZero();
    return r.out;
  }

  /** Service name → its block of text (lines indented under it), from a config's output. */
  static Map<String, String> services(String config) {
    Map<String, String> out = new LinkedHashMap<>();
    boolean inServices = false;
    String current = null;
    StringBuilder block = new StringBuilder();
    for (String line : config.split("\n", -1)) {
      if (!line.startsWith(" ") && !line.isBlank()) {
        inServices = line.equals("services:");
        if (current != null) {
          out.put(current, block.toString());
          current = null;
        }
        continue;
      }
      if (!inServices) {
        continue;
      }
      if (line.startsWith("  ") && !line.startsWith("   ") && line.endsWith(":")) {
        if (current != null) {
          out.put(current, block.toString());
        }
        current = line.trim().substring(0, line.trim().length() - 1);
        block = new StringBuilder();
      } else if (current != null) {
        block.append('\n').append(line);
      }
    }
    if (current != null) {
      out.put(current, block.toString());
    }
    return out;
  }

  /**
   * The items of a service's list key at 4 spaces (e.g. {@code ports}), each as one string: the
   * short form {@code 127.0.0.1:8080:8080/tcp}, or a mapping's lines joined by {@code ", "}.
   */
  static List<String> listItems(String block, String key) {
    List<String> items = new ArrayList<>();
    boolean inKey = false;
    StringBuilder item = null;
    for (String line : block.split("\n")) {
      if (line.startsWith("    ") && !line.startsWith("     ") && !line.startsWith("    - ")) {
        inKey = line.equals("    " + key + ":");
        continue;
      }
      if (!inKey || line.isBlank()) {
        continue;
      }
      if (line.startsWith("    - ")) {
        if (item != null) {
          items.add(item.toString());
        }
        item = new StringBuilder(unquote(line.substring(6).trim()));
      } else if (line.startsWith("      ") && item != null) {
        item.append(", ").append(line.trim());
      } else {
        inKey = false;
      }
    }
    if (item != null) {
      items.add(item.toString());
    }
    return items;
  }

  /** Short syntax {@code 127.0.0.1:HOST:CONTAINER[/proto]} or long syntax with that host_ip. */
  static boolean isLoopbackPort(String item) {
    if (item.contains(", ") || item.startsWith("target:") || item.startsWith("published:")) {
      return Pattern.compile("(^|, )host_ip: '?127\\.0\\.0\\.1'?(,|$)").matcher(item).find();
    }
    return item.matches("127\\.0\\.0\\.1:\\d+(-\\d+)?:\\d+(-\\d+)?(/(tcp|udp))?");
  }

  /** The values of {@code -D<name>=<value>} in a block (JAVA_TOOL_OPTIONS), in order. */
  static List<String> systemProperties(String block, String nameRegex) {
    Matcher m = Pattern.compile("-D" + nameRegex + "=([^\\s'\"]+)").matcher(block);
    List<String> values = new ArrayList<>();
    while (m.find()) {
      values.add(m.group(1));
    }
    return values;
  }

  private static String unquote(String s) {
    if (s.length() >= 2
        && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
      return s.substring(1, s.length() - 1);
    }
    return s;
  }

  // --- running docker-compose ---------------------------------------------------------------

  private record Result(int exit, String out, String err) {}

  private static Result compose(Map<String, String> env, String... args) throws Exception {
    Path root = labRoot();
    assertThat(root.resolve(COMPOSE_FILE)).as("the compose file").isRegularFile();
    Path exe = findOnPath("docker-compose");
    if (exe == null) {
      fail(INSTALL_HINT);
    }
    List<String> cmd = new ArrayList<>(List.of(exe.toString(), "-f", COMPOSE_FILE));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile());
    // the file's own defaults, not whatever the caller's shell exports
    pb.environment().remove("ARM");
    pb.environment().remove("QUOTE_JAVA_OPTS");
    pb.environment().remove("COMPOSE_FILE");
    pb.environment().putAll(env);
    Path err = Files.createTempFile("compose-config", ".err");
    try {
      pb.redirectError(err.toFile());
      Process p = pb.start();
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("docker-compose " + String.join(" ", args) + " did not finish within 60 s");
      }
      return new Result(
          p.exitValue(),
          new String(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static Path labRoot() throws IOException {
    String root = System.getProperty("lab.root");
    Path p = root != null && !root.isBlank() ? Path.of(root) : Path.of("..");
    return p.toRealPath();
  }

  private static Path findOnPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
