package solventa.ops.lab;

import static solventa.ops.lab.LiveLab.CARD_SETTINGS;
import static solventa.ops.lab.LiveLab.ENTITY_TYPE;
import static solventa.ops.lab.LiveLab.NODE_START_TIMEOUT;
import static solventa.ops.lab.LiveLab.PROXY;
import static solventa.ops.lab.LiveLab.START_TIMEOUT;
import static solventa.ops.lab.LiveLab.STOP_TIMEOUT;
import static solventa.ops.lab.LiveLab.readState;
import static solventa.ops.lab.LiveLab.sleep;
import static solventa.ops.lab.LiveLab.state;
import static solventa.ops.lab.LiveLab.stateNames;
import static solventa.ops.lab.LiveLab.supervisorAlive;
import static solventa.ops.lab.LiveLab.writeState;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import solventa.lab.LabPaths;
import solventa.lab.PidRegistry;
import solventa.ops.lab.LiveLab.Options;

/**
 * The live lab's life: {@code bin/lab up} starts a supervisor JVM in its own session and waits
 * until it reports the lab up; the supervisor runs the embedded lab and the N nodes until {@code
 * bin/lab down} (or its time limit) stops them; {@code down} checks that nothing is left running.
 */
final class LiveLabSupervisor {
  private LiveLabSupervisor() {}

  // ---- up ----------------------------------------------------------------------------------

  static int up(Options o, PrintStream out) throws IOException {
    Optional<JsonNode> existing = readState(o);
    if (existing.isPresent() && supervisorAlive(existing.get())) {
      out.println(
          "the lab is already up (supervisor pid "
              + existing.get().path("supervisorPid").asLong()
              + "): `bin/lab status` shows it, `bin/lab down` stops it");
      return 1;
    }
    Files.createDirectories(o.dir());
    Files.deleteIfExists(o.stateFile());
    Path log = o.dir().resolve("supervisor.log");
    List<String> cmd = new ArrayList<>();
    if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
      cmd.add("/usr/bin/setsid"); // its own session: a Ctrl-C in this terminal does not reach it
    }
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xms256m");
    cmd.add("-Xmx256m");
    cmd.add("-Dlab.root=" + LabPaths.root());
    cmd.add("-cp");
    cmd.add(JvmLauncher.classpath("ops"));
    cmd.add(LiveLab.class.getName());
    cmd.addAll(o.superviseArgs());
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    // one admin token for the supervisor and every server it starts; state/status read it back
    pb.environment().put(solventa.lab.LabToken.ENV, solventa.lab.LabToken.value());
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Process supervisor = pb.start();
    out.printf(
        Locale.ROOT,
        "starting the lab: Redis, PostgreSQL, Toxiproxy, the provider double and %d quote node%s"
            + " (arm %s, %s policy, refresh after %d s, %d warm-up quotes each); logs in %s%n",
        o.nodes(),
        o.nodes() == 1 ? "" : "s",
        o.arm().label(),
        o.policy(),
        o.refreshAfterSec(),
        o.warmupQuotes(),
        o.dir().resolve("logs"));
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    String lastPhase = "";
    while (System.nanoTime() < deadline) {
      Optional<JsonNode> s = readState(o);
      String phase = s.map(n -> n.path("phase").asText()).orElse("");
      if (phase.equals("up")) {
        printEndpoints(s.get(), out);
        return 0;
      }
      if (phase.equals("failed")) {
        out.println("the lab failed to start: " + s.get().path("error").asText());
        out.println("see " + log);
        return 1;
      }
      if (!supervisor.isAlive()) {
        out.println(
            "the lab supervisor exited with code " + supervisor.exitValue() + "; see " + log);
        return 1;
      }
      String detail = s.map(n -> n.path("detail").asText()).orElse("");
      if (!detail.isEmpty() && !detail.equals(lastPhase)) {
        out.println("  " + detail);
        lastPhase = detail;
      }
      sleep(500);
    }
    out.println(
        "the lab did not come up within " + START_TIMEOUT + "; stopping it (see " + log + ")");
    supervisor.destroy();
    return 1;
  }

  static void printEndpoints(JsonNode s, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "lab up: %d quote nodes, arm %s, %s breaker policy (supervisor pid %d)%n",
        s.path("nodes").size(),
        s.path("arm").asText(),
        s.path("policy").asText(),
        s.path("supervisorPid").asLong());
    for (JsonNode n : s.path("nodes")) {
      String m = n.path("management").asText();
      out.printf(Locale.ROOT, "%s (pid %d)%n", n.path("name").asText(), n.path("pid").asLong());
      out.println("  quote API      POST " + n.path("http").asText() + "/v1/quotes");
      out.println("                 GET  " + n.path("http").asText() + "/ready");
      out.println("  members        GET  " + m + "/cluster/members");
      out.println("  shards         GET  " + m + "/cluster/shards/" + ENTITY_TYPE);
      out.println(
          "  entities       GET  "
              + m
              + "/quote/entities   (pseudonyms; customer ids with the admin token)");
      out.println("  breaker        GET  " + m + "/of-adapter/providers/ofb");
      out.println("  stats          GET  " + m + "/quote/stats");
      out.println("  metrics        GET  " + n.path("prometheus").asText());
    }
    JsonNode t = s.path("toxiproxy");
    out.println("toxiproxy        GET  " + t.path("api").asText() + "/proxies");
    out.println(
        "  proxy \""
            + PROXY
            + "\"  "
            + t.path("listen").asText()
            + " -> the double (what the nodes' adapters call)");
    out.println("provider double  GET  " + s.path("double").asText() + "/admin/state");
    out.println("redis            " + s.path("redis").asText());
    out.println("postgresql       " + s.path("postgres").asText());
    out.println("logs             " + s.path("logs").asText());
    out.println(
        "admin token      field adminToken of the lab's state.json (owner-only), sent as"
            + " 'Authorization: Bearer <token>' to the mutating routes");
    out.println("next: bin/lab status | bin/lab state <" + stateNames() + "> | bin/lab down");
  }

  // ---- supervise -----------------------------------------------------------------------------

  static int supervise(Options o) throws IOException {
    Path logs = Files.createDirectories(o.dir().resolve("logs"));
    // every start adds its nodes' logs: those of earlier labs go once a day old
    solventa.lab.LabPaths.pruneFiles(
        logs, Instant.now().minus(solventa.lab.LabPaths.KEEP_SERVER_DIRS));
    ObjectNode state = Http.JSON.createObjectNode();
    state.put("supervisorPid", ProcessHandle.current().pid());
    state.put("startedAt", Instant.now().toString());
    state.put("arm", o.arm().label());
    state.put("policy", o.policy());
    state.put("refreshAfterSec", o.refreshAfterSec());
    state.put("warmupQuotes", o.warmupQuotes());
    state.put("seed", o.seed());
    state.put("logs", logs.toString());
    // the bearer token of this lab's mutating routes (state.json is readable by its owner only)
    state.put("adminToken", solventa.lab.LabToken.value());
    writeState(o, state.put("phase", "starting").put("detail", "starting the embedded lab"));
    EmbeddedLab lab = new EmbeddedLab(logs, 1, false, o.seed());
    List<NodeProcess> nodes = new ArrayList<>();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(nodes, lab), "live-lab-stop"));
    try {
      lab.start();
      writeState(o, state.put("detail", "starting " + o.nodes() + " quote nodes"));
      // N nodes start at once on a machine that may have 2 cores: a longer bound than one node's
      NodeGroup.start(
          o.arm(),
          o.policy(),
          CARD_SETTINGS
              .withRefreshAfterSec(o.refreshAfterSec())
              .withNodeWarmupQuotes(o.warmupQuotes()),
          lab.backends(),
          logs,
          o.nodes(),
          NODE_START_TIMEOUT,
          nodes);
    } catch (RuntimeException e) {
      writeState(o, state.put("phase", "failed").put("error", e.getMessage()));
      stopAll(nodes, lab);
      return 1;
    }
    ArrayNode ns = state.putArray("nodes");
    for (int i = 0; i < nodes.size(); i++) {
      NodeProcess n = nodes.get(i);
      ns.addObject()
          .put("name", "node-" + (i + 1))
          .put("pid", n.pid())
          .put("http", n.baseUrl())
          .put("management", n.managementUrl())
          .put("prometheus", n.prometheusUrl())
          .put("remotePort", n.remotePort())
          .put("log", n.logFile().toString());
    }
    state
        .putObject("toxiproxy")
        .put("api", "http://127.0.0.1:" + lab.toxiproxyPort())
        .put("port", lab.toxiproxyPort())
        .put("listen", "127.0.0.1:" + lab.proxyPort());
    state.put("double", "http://127.0.0.1:" + lab.doublePort());
    state.put("redis", lab.redis().uri());
    state.put("postgres", lab.postgres().jdbcUrl());
    writeState(o, state.put("phase", "up").put("detail", "up"));
    // lives until `down` (SIGTERM runs the shutdown hook) or, as a bound, max-hours
    long deadline = System.nanoTime() + TimeUnit.HOURS.toNanos(o.maxHours());
    while (System.nanoTime() < deadline) {
      sleep(1000);
    }
    return 0;
  }

  static void stopAll(List<NodeProcess> nodes, EmbeddedLab lab) {
    stopNodes(nodes);
    lab.close();
  }

  static void stopNodes(List<NodeProcess> nodes) {
    synchronized (nodes) {
      for (NodeProcess n : nodes) {
        n.close();
      }
      nodes.clear();
    }
  }

  // ---- down ----------------------------------------------------------------------------------

  static int down(Options o, PrintStream out) throws IOException {
    Optional<JsonNode> s = readState(o);
    if (s.isEmpty()) {
      int reaped = PidRegistry.reapOrphansOnce();
      out.println(
          "nothing is up"
              + (reaped > 0 ? " (killed " + reaped + " leftover processes of a dead run)" : ""));
      return 0;
    }
    long supervisorPid = s.get().path("supervisorPid").asLong();
    Set<Long> children = new LinkedHashSet<>(PidRegistry.recordedChildren(supervisorPid));
    for (JsonNode n : s.get().path("nodes")) {
      children.add(n.path("pid").asLong());
    }
    Optional<ProcessHandle> sup = ProcessHandle.of(supervisorPid).filter(ProcessHandle::isAlive);
    if (sup.isPresent() && isSupervisor(sup.get())) {
      out.println("stopping the lab (supervisor pid " + supervisorPid + ")…");
      sup.get().destroy(); // SIGTERM: its shutdown hook stops nodes, double, servers
      if (!await(sup.get(), STOP_TIMEOUT)) {
        out.println("the supervisor did not stop within " + STOP_TIMEOUT + "; killing it");
        sup.get().destroyForcibly();
        await(sup.get(), Duration.ofSeconds(10));
      }
    }
    // whatever the supervisor recorded and did not stop (it was killed, or a stop failed)
    List<Long> left = new ArrayList<>();
    for (long pid : children) {
      Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
      if (h.isPresent()) {
        h.get().descendants().forEach(ProcessHandle::destroyForcibly);
        h.get().destroyForcibly();
        if (!await(h.get(), Duration.ofSeconds(10))) {
          left.add(pid);
        }
      }
    }
    PidRegistry.reapOrphansOnce();
    if (!left.isEmpty()) {
      out.println("could not stop pids " + left + "; the state is kept in " + o.stateFile());
      return 1;
    }
    Files.deleteIfExists(o.stateFile());
    out.println(
        "lab down: the supervisor and its "
            + children.size()
            + " processes (quote nodes, provider double, Redis, PostgreSQL, Toxiproxy) are"
            + " stopped; nothing is left running");
    return 0;
  }

  static boolean isSupervisor(ProcessHandle h) {
    return h.info().arguments().map(a -> List.of(a).contains(LiveLab.class.getName())).orElse(true);
  }

  static boolean await(ProcessHandle h, Duration timeout) {
    try {
      h.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (java.util.concurrent.TimeoutException e) {
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      return !h.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !h.isAlive();
    }
  }
}
