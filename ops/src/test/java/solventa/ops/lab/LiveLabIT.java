package solventa.ops.lab;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import solventa.lab.LabPaths;
import solventa.lab.PidRegistry;

/**
 * {@code bin/lab up|state|status|load|down} on three nodes, as a user runs them: real processes on
 * loopback (a detached supervisor JVM, Redis, PostgreSQL, Toxiproxy, the double, three quote nodes
 * in one cluster). The commands run in this JVM through {@link LiveLab#run}; what they start does
 * not. One lab for every end-to-end test of the live cluster, in order: the commands, then the
 * failover ({@link Failover}: a node killed under load), then {@code down}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveLabIT {
  static final int WARMUP_QUOTES = 1000;
  static Path dir;
  static String upOutput;
  static int upCode;

  @BeforeAll
  static void up() throws Exception {
    dir =
        Files.createDirectories(
            LabPaths.root().resolve("ops/target/live-lab-it-" + System.currentTimeMillis()));
    // a small warm-up: three nodes warming 6000 quotes each at once on 2 cores take the warm-up's
    // 40 s timeout; the warm-up itself is NodeWarmupIT's, and --warmup-quotes reaches each node
    Run r =
        lab(
            "up",
            "--nodes",
            "3",
            "--arm",
            "C",
            "--policy",
            "count",
            "--refresh-after",
            "45",
            "--warmup-quotes",
            String.valueOf(WARMUP_QUOTES));
    upCode = r.code;
    upOutput = r.out;
  }

  @AfterAll
  static void down() {
    lab("down"); // a no-op when the test already took it down
  }

  record Run(int code, String out) {}

  static Run lab(String... args) {
    return lab(dir, args);
  }

  /** Runs a {@code bin/lab} live-lab command on the lab whose state lives in {@code dir}. */
  static Run lab(Path dir, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--dir");
    all.add(dir.toString());
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    int code =
        LiveLab.run(all.toArray(String[]::new), new PrintStream(buf, true, StandardCharsets.UTF_8));
    return new Run(code, buf.toString(StandardCharsets.UTF_8));
  }

  @Test
  @Order(1)
  void upStatusStateAndLoadDriveALiveThreeNodeCluster() throws Exception {
    assertThat(upCode).as(upOutput).isZero();
    JsonNode state = Http.JSON.readTree(dir.resolve("state.json").toFile());
    assertThat(state.path("nodes")).hasSize(3);

    // --refresh-after reaches every node: the lab records it, each node's JVM is started with it
    assertThat(state.path("refreshAfterSec").asInt()).isEqualTo(45);
    // (/proc: ProcessHandle's arguments come back empty for a command line as long as a node's)
    for (JsonNode n : state.path("nodes")) {
      byte[] cmdline = Files.readAllBytes(Path.of("/proc", n.path("pid").asText(), "cmdline"));
      assertThat(new String(cmdline, StandardCharsets.UTF_8).split("\0"))
          .as(n.path("name").asText())
          .contains("-Dquote.refresh-after=45s", "-Dquote.warmup.quotes=" + WARMUP_QUOTES);
    }

    // every endpoint `up` prints is there and answers
    assertThat(upOutput).contains("node-1", "node-2", "node-3", "toxiproxy", "provider double");
    for (String route :
        List.of(
            "/v1/quotes",
            "/cluster/members",
            "/cluster/shards/CustomerProfile",
            "/quote/entities",
            "/of-adapter/providers/ofb",
            "/metrics",
            "/admin/state",
            "/proxies")) {
      assertThat(upOutput).contains(route);
    }
    Matcher gets = Pattern.compile("GET  (http://127\\.0\\.0\\.1:\\d+\\S*)").matcher(upOutput);
    int answered = 0;
    while (gets.find()) {
      assertThat(Http.get(gets.group(1)).status()).as(gets.group(1)).isEqualTo(200);
      answered++;
    }
    assertThat(answered).as("GET endpoints printed").isGreaterThanOrEqualTo(3 * 7 + 2);

    // quotes through node-1 spread their entities over every node
    String node1 = state.path("nodes").get(0).path("http").asText();
    for (int i = 0; i < 20; i++) {
      String id = String.format("c%08d", 300 + i);
      assertThat(eventually(() -> quote(node1, id) == 200)).as("quote " + id).isTrue();
    }
    for (JsonNode n : state.path("nodes")) {
      JsonNode e = Http.json(n.path("management").asText() + "/quote/entities");
      assertThat(e.path("entityCount").asInt()).as(n.path("name").asText()).isPositive();
      // without the lab's token the ids are pseudonyms, never customer ids (issue 29)
      assertThat(e.path("ids").asText()).isEqualTo("pseudonym");
      e.path("shards")
          .forEach(
              sh ->
                  sh.path("entities")
                      .forEach(id -> assertThat(id.asText()).matches("[0-9a-f]{16}")));
    }

    Run status = lab("status");
    assertThat(status.code).as(status.out).isZero();
    assertThat(status.out)
        .contains("provider: double profile healthy, toxics none")
        .containsPattern("node-1 +\\d+ +yes +3/3 +\\d+ +\\d+ CLOSED +\\d+/\\d+")
        .containsPattern("node-2 +\\d+ +yes +3/3 +\\d+ +\\d+ CLOSED +\\d+/\\d+")
        .containsPattern("node-3 +\\d+ +yes +3/3 +\\d+ +\\d+ CLOSED +\\d+/\\d+");
    // the same status as one JSON document, for scripts
    Run json = lab("status", "--json");
    assertThat(json.code).as(json.out).isZero();
    com.fasterxml.jackson.databind.JsonNode doc = Http.JSON.readTree(json.out);
    assertThat(doc.path("arm").asText()).isEqualTo("C");
    assertThat(doc.path("provider").asText()).contains("double profile healthy");
    assertThat(doc.path("nodes")).hasSize(3);
    for (com.fasterxml.jackson.databind.JsonNode n : doc.path("nodes")) {
      assertThat(n.path("alive").asBoolean()).isTrue();
      assertThat(n.path("membersUp").asInt()).isEqualTo(3);
      assertThat(n.path("breaker").asText()).isEqualTo("CLOSED");
      assertThat(n.path("poolSize").asInt()).isPositive();
    }
    assertThat(lab("status", "--json", "--watch").code).isEqualTo(2);

    // the provider state switches live, through Toxiproxy and the double's admin API
    Run unresponsive = lab("state", "unresponsive");
    assertThat(unresponsive.code).as(unresponsive.out).isZero();
    String toxics = state.path("toxiproxy").path("api").asText() + "/proxies/provider/toxics";
    assertThat(Http.get(toxics).body()).contains("ha01-timeout-up", "ha01-timeout-down");
    assertThat(lab("status").out).contains("toxics ha01-timeout-up, ha01-timeout-down");
    Run slow = lab("state", "slow");
    assertThat(slow.out).contains("double profile slow, toxics none");
    assertThat(
            Http.json(state.path("double").asText() + "/admin/state")
                .path("latency")
                .path("profile")
                .asText())
        .isEqualTo("slow");
    assertThat(lab("state", "sideways").code).isEqualTo(2);

    // status --watch prints the status again, and stops by itself
    Run watch = lab("status", "--watch", "--every", "1", "--for", "2");
    assertThat(watch.code).as(watch.out).isZero();
    assertThat(Pattern.compile("lab up since").matcher(watch.out).results().count())
        .as(watch.out)
        .isGreaterThanOrEqualTo(2);

    // the operations recipe in small: load running, the provider unresponsive opens the
    // breakers and the fallback share rises; healthy again, they close
    assertThat(lab("state", "healthy").code).isZero();
    ByteArrayOutputStream loadBuf = new ByteArrayOutputStream();
    Thread load =
        new Thread(
            () ->
                solventa.ops.runner.LiveLoad.run(
                    new String[] {
                      "--rate", "40", "--hit-rate", "0.5", "--for", "12", "--dir", dir.toString()
                    },
                    new PrintStream(loadBuf, true, StandardCharsets.UTF_8)));
    load.start();
    Thread.sleep(3_000);
    assertThat(lab("state", "unresponsive").code).isZero();
    load.join(Duration.ofSeconds(90).toMillis());
    String loaded = loadBuf.toString(StandardCharsets.UTF_8);
    assertThat(loaded)
        .as(loaded)
        .contains("load: 40 req/s for 12 s at 3 nodes, arm C (with a breaker)")
        .containsPattern("(?m)^ +\\d+ .*node-1 CLOSED")
        .containsPattern("(?m)^ +\\d+ .*node-\\d OPEN")
        .containsPattern("(?m)^ +all ")
        .contains("done: ");
    Matcher fallback =
        Pattern.compile("(?m)^ +\\d+ +[\\d.]+ .*? ([\\d.]+)% +([\\d.]+)% +[\\d.]+% +[\\d.]+%")
            .matcher(loaded);
    double maxFallback = 0;
    while (fallback.find()) {
      maxFallback = Math.max(maxFallback, Double.parseDouble(fallback.group(2)));
    }
    assertThat(maxFallback)
        .as("the highest per-second fallback share, " + loaded)
        .isGreaterThan(50);
    Matcher done = Pattern.compile("done: (\\d+) answers").matcher(loaded);
    assertThat(done.find()).isTrue();
    assertThat(Integer.parseInt(done.group(1)))
        .as("answers of 40 req/s for 12 s")
        .isGreaterThan(240);

    assertThat(lab("state", "healthy").code).isZero();
    Thread.sleep(6_000); // past the breaker's 5 s reset timeout: the next call probes it
    ByteArrayOutputStream againBuf = new ByteArrayOutputStream();
    solventa.ops.runner.LiveLoad.run(
        new String[] {"--rate", "40", "--hit-rate", "0.5", "--for", "6", "--dir", dir.toString()},
        new PrintStream(againBuf, true, StandardCharsets.UTF_8));
    String again = againBuf.toString(StandardCharsets.UTF_8);
    List<String> lines = again.lines().filter(l -> l.matches(" +\\d+ .*")).toList();
    assertThat(lines).as(again).isNotEmpty();
    assertThat(lines.get(lines.size() - 1)).as(again).contains("node-1 CLOSED", "node-2 CLOSED");

    // bad load options are refused naming the option and value
    ByteArrayOutputStream bad = new ByteArrayOutputStream();
    int badCode =
        solventa.ops.runner.LiveLoad.run(
            new String[] {"--rate", "0", "--dir", dir.toString()},
            new PrintStream(bad, true, StandardCharsets.UTF_8));
    assertThat(badCode).isEqualTo(2);
    assertThat(bad.toString(StandardCharsets.UTF_8)).contains("--rate must be 1..2000, was 0");
  }

  /** A node killed under load: see {@link Failover}. */
  @Test
  @Order(2)
  void aKilledNodesEntitiesMoveRecoverTheirLastKnownValueFromRedisAndQuotesKeepAnswering()
      throws Exception {
    assertThat(upCode).as(upOutput).isZero();
    new Failover(dir)
        .aKilledNodesEntitiesMoveRecoverTheirLastKnownValueFromRedisAndQuotesKeepAnswering();
  }

  @Test
  @Order(3)
  void downStopsEverythingTheSupervisorStartedAndLeavesNothingRunning() throws Exception {
    assertThat(upCode).as(upOutput).isZero();
    JsonNode state = Http.JSON.readTree(dir.resolve("state.json").toFile());
    // down stops everything the supervisor recorded
    long supervisor = state.path("supervisorPid").asLong();
    List<Long> pids = new ArrayList<>(PidRegistry.recordedChildren(supervisor));
    pids.add(supervisor);
    state.path("nodes").forEach(n -> pids.add(n.path("pid").asLong()));
    assertThat(pids).hasSizeGreaterThanOrEqualTo(1 + 7);
    Run down = lab("down");
    assertThat(down.code).as(down.out).isZero();
    assertThat(down.out).contains("nothing is left running");
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("pid " + pid + " is gone")
          .isFalse();
    }
    assertThat(dir.resolve("state.json")).doesNotExist();
    Run after = lab("status");
    assertThat(after.code).isEqualTo(1);
    assertThat(after.out).contains("the lab is not up");
  }

  @Test
  @Order(4)
  void badOptionsAreRefusedNamingTheOptionAndValue() {
    Run r = lab("up", "--nodes", "0");
    assertThat(r.code).isEqualTo(2);
    assertThat(r.out).contains("--nodes must be 1..9, was 0");
    assertThat(lab("up", "--policy", "sometimes").out)
        .contains("--policy must be count or rate, was sometimes");
  }

  static int quote(String base, String customerId) {
    try {
      return Http.post(base + "/v1/quotes", solventa.gatling.QuoteRequests.body(customerId, "auto"))
          .status();
    } catch (java.io.IOException e) {
      return -1;
    }
  }

  /** Bounded retry: a freshly started node may time out its first quotes. */
  static boolean eventually(java.util.function.BooleanSupplier check) throws InterruptedException {
    for (int i = 0; i < 40; i++) {
      if (check.getAsBoolean()) {
        return true;
      }
      Thread.sleep(Duration.ofMillis(250).toMillis());
    }
    return false;
  }
}
