package solventa.ops.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import solventa.lab.FreePort;
import solventa.lab.LabException;
import solventa.lab.LabPaths;
import solventa.lab.PidRegistry;
import solventa.ops.analysis.NodeStats;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StateNames;
import solventa.providerdouble.control.ProviderState;
import solventa.providerdouble.control.ProviderStateControl;

/**
 * The live lab: {@code bin/lab up|state|status|down}. {@code up} starts a detached supervisor JVM
 * ({@code supervise}) that runs the embedded lab (Redis, PostgreSQL, Toxiproxy, the double) and an
 * N-node quote cluster on loopback, and records every endpoint and pid in {@code
 * .lab/up/state.json}; the other commands read that file. The supervisor lives until {@code down}
 * (SIGTERM: its shutdown hooks stop every process it started) or, as a bound, {@code --max-hours}.
 * {@code down} then checks that every process the supervisor recorded in {@code .lab/pids} is gone
 * and kills any that is not.
 */
public final class LiveLab {
  /** The Toxiproxy proxy between the nodes' adapters and the double (see EmbeddedLab). */
  static final String PROXY = "provider";

  /**
   * The nodes' breaker policies and default refresh-after: those of the card's protocol (the full
   * profile); {@code --refresh-after} sets another T.
   */
  static final ExperimentProfile CARD_SETTINGS = ExperimentProfile.named("full");

  /** The route type the nodes shard (ProfileEntity.ENTITY_KEY in quote-node). */
  static final String ENTITY_TYPE = "CustomerProfile";

  private static final Duration START_TIMEOUT = Duration.ofMinutes(8);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration NODE_START_TIMEOUT = Duration.ofMinutes(5);

  private LiveLab() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out));
  }

  /**
   * Runs one command line ({@link LiveLabCommands} parses it); output to {@code out}, the exit code
   * as the result: 2 for a command line refused (with the command's usage), 1 for a lab error.
   */
  static int run(String[] args, PrintStream out) {
    Options o;
    try {
      o = Options.parse(args);
    } catch (picocli.CommandLine.ParameterException e) {
      out.println("error: " + e.getMessage());
      e.getCommandLine().usage(out);
      return 2;
    } catch (IllegalArgumentException e) {
      out.println("error: " + e.getMessage());
      out.println(
          "bin/lab " + (args.length == 0 ? "" : args[0] + " ") + "--help lists the options");
      return 2;
    }
    return execute(o, out);
  }

  /** Runs one parsed command; the exit code as the result (1 for a lab error). */
  static int execute(Options o, PrintStream out) {
    try {
      return switch (o.command) {
        case "up" -> up(o, out);
        case "supervise" -> supervise(o);
        case "state" -> state(o, out);
        case "status" -> o.watch ? watch(o, out) : status(o, out);
        case "down" -> down(o, out);
        default -> throw new IllegalArgumentException("unknown command " + o.command);
      };
    } catch (IllegalArgumentException e) {
      out.println("error: " + e.getMessage());
      return 2;
    } catch (LabException | IOException e) {
      out.println("lab error: " + e.getMessage());
      return 1;
    }
  }

  /** The command line: one command, its argument and the options, validated. */
  record Options(
      String command,
      String argument,
      int nodes,
      BenchArm arm,
      String policy,
      int refreshAfterSec,
      int warmupQuotes,
      Path dir,
      int maxHours,
      boolean watch,
      int everySec,
      int forSec) {
    /**
     * The options of a live-lab command line, parsed by picocli ({@link LiveLabCommands}) and
     * checked: an out-of-range value is refused naming the option and the value.
     */
    static Options parse(String[] args) {
      return LiveLabCommands.parse(args);
    }

    Path stateFile() {
      return dir.resolve("state.json");
    }

    List<String> superviseArgs() {
      return List.of(
          "supervise",
          "--nodes",
          Integer.toString(nodes),
          "--arm",
          arm.label(),
          "--policy",
          policy,
          "--refresh-after",
          Integer.toString(refreshAfterSec),
          "--warmup-quotes",
          Integer.toString(warmupQuotes),
          "--dir",
          dir.toString(),
          "--max-hours",
          Integer.toString(maxHours));
    }
  }

  // ---- up ----------------------------------------------------------------------------------

  private static int up(Options o, PrintStream out) throws IOException {
    Optional<JsonNode> existing = readState(o);
    if (existing.isPresent() && supervisorAlive(existing.get())) {
      out.println(
          "the lab is already up (supervisor pid "
              + existing.get().path("supervisorPid").asLong()
              + "): `bin/lab status` shows it, `bin/lab down` stops it");
      return 1;
    }
    Files.createDirectories(o.dir);
    Files.deleteIfExists(o.stateFile());
    Path log = o.dir.resolve("supervisor.log");
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
        o.nodes,
        o.nodes == 1 ? "" : "s",
        o.arm.label(),
        o.policy,
        o.refreshAfterSec,
        o.warmupQuotes,
        o.dir.resolve("logs"));
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

  private static void printEndpoints(JsonNode s, PrintStream out) {
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

  private static int supervise(Options o) throws IOException {
    Path logs = Files.createDirectories(o.dir.resolve("logs"));
    // every start adds its nodes' logs: those of earlier labs go once a day old
    solventa.lab.LabPaths.pruneFiles(
        logs, Instant.now().minus(solventa.lab.LabPaths.KEEP_SERVER_DIRS));
    ObjectNode state = Http.JSON.createObjectNode();
    state.put("supervisorPid", ProcessHandle.current().pid());
    state.put("startedAt", Instant.now().toString());
    state.put("arm", o.arm.label());
    state.put("policy", o.policy);
    state.put("refreshAfterSec", o.refreshAfterSec);
    state.put("warmupQuotes", o.warmupQuotes);
    state.put("logs", logs.toString());
    // the bearer token of this lab's mutating routes (state.json is readable by its owner only)
    state.put("adminToken", solventa.lab.LabToken.value());
    writeState(o, state.put("phase", "starting").put("detail", "starting the embedded lab"));
    EmbeddedLab lab = new EmbeddedLab(logs);
    List<NodeProcess> nodes = new ArrayList<>();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stopAll(nodes, lab), "live-lab-stop"));
    try {
      lab.start();
      writeState(o, state.put("detail", "starting " + o.nodes + " quote nodes"));
      // N nodes start at once on a machine that may have 2 cores: a longer bound than one node's
      NodeGroup.start(
          o.arm,
          o.policy,
          CARD_SETTINGS.withRefreshAfterSec(o.refreshAfterSec).withNodeWarmupQuotes(o.warmupQuotes),
          lab.backends(),
          logs,
          o.nodes,
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
    long deadline = System.nanoTime() + TimeUnit.HOURS.toNanos(o.maxHours);
    while (System.nanoTime() < deadline) {
      sleep(1000);
    }
    return 0;
  }

  private static void stopAll(List<NodeProcess> nodes, EmbeddedLab lab) {
    stopNodes(nodes);
    lab.close();
  }

  private static void stopNodes(List<NodeProcess> nodes) {
    synchronized (nodes) {
      for (NodeProcess n : nodes) {
        n.close();
      }
      nodes.clear();
    }
  }

  // ---- state ---------------------------------------------------------------------------------

  private static int state(Options o, PrintStream out) throws IOException {
    ProviderState target;
    try {
      target = ProviderState.valueOf(o.argument.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown provider state " + o.argument + "; one of " + stateNames());
    }
    JsonNode s = runningState(o);
    Provider provider = Provider.of(s);
    provider.control().apply(target);
    out.println("provider state: " + provider.describe());
    if (target == ProviderState.RECOVERY) {
      out.println(
          "  (recovery: toxics removed; the double keeps its previous profile for "
              + ProviderStateControl.DEFAULT_RECOVERY_WINDOW.toSeconds()
              + " s, then answers healthy)");
    }
    return 0;
  }

  /** The running lab's provider: its Toxiproxy and the control that sets a whole state. */
  private record Provider(ToxiproxyClient toxiproxy, ProviderStateControl control) {
    /** From the lab's state file (ports, the double's URL and the admin token). */
    static Provider of(JsonNode s) throws IOException {
      ToxiproxyClient toxiproxy =
          new ToxiproxyClient(FreePort.LOOPBACK, s.path("toxiproxy").path("port").asInt());
      return new Provider(
          toxiproxy,
          new ProviderStateControl(
              URI.create(s.path("double").asText()),
              toxiproxy.getProxy(PROXY),
              s.path("adminToken").asText()));
    }

    String describe() throws IOException {
      return LiveLab.describe(control, toxiproxy);
    }
  }

  private static String describe(ProviderStateControl control, ToxiproxyClient toxiproxy)
      throws IOException {
    JsonNode d = control.doubleState();
    List<String> toxics = new ArrayList<>();
    for (var t : toxiproxy.getProxy(PROXY).toxics().getAll()) {
      toxics.add(t.getName());
    }
    JsonNode pending = d.path("pending");
    return "double profile "
        + d.path("latency").path("profile").asText("?")
        + (pending.isObject()
            ? " (" + pending.path("profile").asText() + " in " + pending.path("dueInMs") + " ms)"
            : "")
        + ", toxics "
        + (toxics.isEmpty() ? "none" : String.join(", ", toxics));
  }

  // ---- status --------------------------------------------------------------------------------

  /**
   * {@code status --watch}: the status again every {@code --every} seconds, the screen cleared
   * first on a terminal; stops after {@code --for} seconds, or when the lab is no longer up.
   */
  private static int watch(Options o, PrintStream out) throws IOException {
    boolean terminal = System.console() != null && out == System.out;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(o.forSec);
    while (true) {
      if (terminal) {
        out.print("\033[H\033[2J");
      }
      out.printf(
          Locale.ROOT,
          "%s  (status every %d s for %d s; Ctrl-C stops)%n",
          java.time.LocalTime.now().withNano(0),
          o.everySec,
          o.forSec);
      int code = status(o, out);
      long left = deadline - System.nanoTime();
      if (code != 0 || left <= 0) {
        return code;
      }
      sleep(Math.min(TimeUnit.SECONDS.toMillis(o.everySec), TimeUnit.NANOSECONDS.toMillis(left)));
    }
  }

  private static int status(Options o, PrintStream out) throws IOException {
    JsonNode s = runningState(o);
    boolean withBreaker = BenchArm.ofLabel(s.path("arm").asText()).breaker();
    out.printf(
        Locale.ROOT,
        "lab up since %s: arm %s, %s, supervisor pid %d%n",
        s.path("startedAt").asText(),
        s.path("arm").asText(),
        withBreaker
            ? s.path("policy").asText() + " breaker policy"
            : "no breaker (arms A and B run without one)",
        s.path("supervisorPid").asLong());
    try {
      out.println("provider: " + Provider.of(s).describe());
    } catch (IOException | RuntimeException e) {
      out.println("provider: unreachable (" + e.getMessage() + ")");
    }
    out.printf(
        Locale.ROOT,
        "%-7s %-8s %-6s %-22s %6s %8s %-10s %s%n",
        "node",
        "pid",
        "alive",
        "members seen (Up/all)",
        "shards",
        "entities",
        "breaker",
        "pool in-flight/size");
    Set<String> members = new LinkedHashSet<>();
    for (JsonNode n : s.path("nodes")) {
      long pid = n.path("pid").asLong();
      boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
      String m = n.path("management").asText();
      String seen = "-";
      String shards = "-";
      String entities = "-";
      String breaker = "-";
      String pool = "-";
      if (alive) {
        try {
          JsonNode mj = Http.json(m + "/cluster/members");
          int up = 0;
          for (JsonNode mem : mj.path("members")) {
            members.add(
                mem.path("node").asText()
                    + " "
                    + mem.path("status").asText()
                    + (mj.path("unreachable").toString().contains(mem.path("node").asText())
                        ? " (unreachable)"
                        : ""));
            up += mem.path("status").asText().equals("Up") ? 1 : 0;
          }
          seen = up + "/" + mj.path("members").size();
          JsonNode regions = Http.json(m + "/cluster/shards/" + ENTITY_TYPE).path("regions");
          int sum = 0;
          for (JsonNode r : regions) {
            sum += r.path("numEntities").asInt();
          }
          shards = Integer.toString(regions.size());
          entities = Integer.toString(sum);
          NodeStats st = NodeStats.of(NodeProcess.snapshot(m));
          breaker = withBreaker ? st.breaker() : "off";
          pool = st.inFlight() + "/" + st.poolSize();
        } catch (IOException | RuntimeException e) {
          seen = "unreachable";
        }
      }
      out.printf(
          Locale.ROOT,
          "%-7s %-8d %-6s %-22s %6s %8s %-10s %s%n",
          n.path("name").asText(),
          pid,
          alive ? "yes" : "NO",
          seen,
          shards,
          entities,
          breaker,
          pool);
    }
    out.println("members:");
    for (String mem : members) {
      out.println("  " + mem);
    }
    return 0;
  }

  /**
   * The state ({@code state.json}) of the running lab whose files are in {@code dir} (null: the
   * default, {@code .lab/up}), or a LabException saying how to get one up: for commands outside
   * this class that act on the live lab ({@code bin/lab load}).
   */
  public static JsonNode running(Path dir) throws IOException {
    return runningState(
        Options.parse(
            dir == null
                ? new String[] {"status"}
                : new String[] {"status", "--dir", dir.toString()}));
  }

  // ---- down ----------------------------------------------------------------------------------

  private static int down(Options o, PrintStream out) throws IOException {
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

  private static boolean isSupervisor(ProcessHandle h) {
    return h.info().arguments().map(a -> List.of(a).contains(LiveLab.class.getName())).orElse(true);
  }

  private static boolean await(ProcessHandle h, Duration timeout) {
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

  // ---- the state file ------------------------------------------------------------------------

  /** The state of a lab whose supervisor runs, or a LabException telling how to get one. */
  private static JsonNode runningState(Options o) throws IOException {
    Optional<JsonNode> s = readState(o);
    if (s.isEmpty()) {
      throw new LabException("the lab is not up: start it with `bin/lab up`");
    }
    if (!supervisorAlive(s.get())) {
      throw new LabException(
          "the lab's supervisor (pid "
              + s.get().path("supervisorPid").asLong()
              + ") is gone: `bin/lab down` cleans up, then `bin/lab up`");
    }
    if (!s.get().path("phase").asText().equals("up")) {
      throw new LabException("the lab is still starting (" + s.get().path("detail").asText() + ")");
    }
    return s.get();
  }

  static Optional<JsonNode> readState(Options o) throws IOException {
    Path f = o.stateFile();
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    return Optional.of(Http.JSON.readTree(Files.readString(f, StandardCharsets.UTF_8)));
  }

  private static void writeState(Options o, ObjectNode state) {
    try {
      Path tmp = o.dir.resolve("state.json.tmp");
      Files.writeString(tmp, state.toPrettyString(), StandardCharsets.UTF_8);
      try {
        // it holds the lab's admin token: the owner only
        Files.setPosixFilePermissions(
            tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException notPosix) {
        // not a POSIX file system: the .lab folder's permissions apply
      }
      Files.move(
          tmp, o.stateFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new LabException("cannot write " + o.stateFile(), e);
    }
  }

  private static boolean supervisorAlive(JsonNode s) {
    return ProcessHandle.of(s.path("supervisorPid").asLong())
        .map(h -> h.isAlive() && isSupervisor(h))
        .orElse(false);
  }

  static String stateNames() {
    List<String> names = new ArrayList<>();
    for (ProviderState p : ProviderState.values()) {
      names.add(StateNames.label(p));
    }
    return String.join("|", names);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms); // supervisor / CLI polling, never on a service path
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LabException("interrupted");
    }
  }
}
