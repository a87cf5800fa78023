package solventa.ops.lab;

import static solventa.ops.lab.LiveLab.ENTITY_TYPE;
import static solventa.ops.lab.LiveLab.PROXY;
import static solventa.ops.lab.LiveLab.runningState;
import static solventa.ops.lab.LiveLab.sleep;

import com.fasterxml.jackson.databind.JsonNode;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import solventa.lab.FreePort;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.lab.LiveLab.Options;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderStateControl;

/**
 * What the live lab shows: {@code bin/lab status} (members, shards, entities, breaker and pool per
 * node), {@code --watch}, and the provider state it is in.
 */
final class LiveLabStatus {
  private LiveLabStatus() {}

  static int status(Options o, PrintStream out) throws IOException {
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
      out.println(nodeRow(n, withBreaker, members));
    }
    out.println("members:");
    for (String mem : members) {
      out.println("  " + mem);
    }
    return 0;
  }

  /**
   * {@code status --json}: the lab's arm and policy, the provider's state, and per node what the
   * table shows (null where the node could not be read), as one JSON document.
   */
  static int json(Options o, PrintStream out) throws IOException {
    JsonNode s = runningState(o);
    boolean withBreaker = BenchArm.ofLabel(s.path("arm").asText()).breaker();
    com.fasterxml.jackson.databind.node.ObjectNode root = Http.JSON.createObjectNode();
    root.put("startedAt", s.path("startedAt").asText());
    root.put("arm", s.path("arm").asText());
    root.put("breakerPolicy", withBreaker ? s.path("policy").asText() : null);
    root.put("supervisorPid", s.path("supervisorPid").asLong());
    try {
      root.put("provider", Provider.of(s).describe());
    } catch (IOException | RuntimeException e) {
      root.putNull("provider");
      root.put("providerError", String.valueOf(e.getMessage()));
    }
    com.fasterxml.jackson.databind.node.ArrayNode nodes = root.putArray("nodes");
    Set<String> members = new LinkedHashSet<>();
    for (JsonNode n : s.path("nodes")) {
      NodeStatus st = nodeStatus(n, withBreaker, members);
      com.fasterxml.jackson.databind.node.ObjectNode j = nodes.addObject();
      j.put("name", n.path("name").asText());
      j.put("pid", st.pid());
      j.put("alive", st.alive());
      j.put("reachable", st.reachable());
      j.put("membersUp", st.membersUp());
      j.put("members", st.membersAll());
      j.put("shards", st.shards());
      j.put("entities", st.entities());
      j.put("breaker", st.breaker());
      j.put("poolInFlight", st.poolInFlight());
      j.put("poolSize", st.poolSize());
    }
    com.fasterxml.jackson.databind.node.ArrayNode m = root.putArray("membersSeen");
    members.forEach(m::add);
    out.println(Http.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    return 0;
  }

  /** What one node shows; the numbers are null where the node was not alive or not reachable. */
  record NodeStatus(
      long pid,
      boolean alive,
      boolean reachable,
      Integer membersUp,
      Integer membersAll,
      Integer shards,
      Integer entities,
      String breaker,
      Integer poolInFlight,
      Integer poolSize) {}

  /** One node's status; the members it sees go into {@code members}. */
  static NodeStatus nodeStatus(JsonNode n, boolean withBreaker, Set<String> members) {
    long pid = n.path("pid").asLong();
    boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    if (!alive) {
      return new NodeStatus(pid, false, false, null, null, null, null, null, null, null);
    }
    String m = n.path("management").asText();
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
      JsonNode regions = Http.json(m + "/cluster/shards/" + ENTITY_TYPE).path("regions");
      int sum = 0;
      for (JsonNode r : regions) {
        sum += r.path("numEntities").asInt();
      }
      NodeStats st = NodeStats.of(NodeProcess.snapshot(m));
      return new NodeStatus(
          pid,
          true,
          true,
          up,
          mj.path("members").size(),
          regions.size(),
          sum,
          withBreaker ? st.breaker() : "off",
          (int) st.inFlight(),
          (int) st.poolSize());
    } catch (IOException | RuntimeException e) {
      return new NodeStatus(pid, true, false, null, null, null, null, null, null, null);
    }
  }

  /** One node's line of {@code status}; the members it sees go into {@code members}. */
  private static String nodeRow(JsonNode n, boolean withBreaker, Set<String> members) {
    NodeStatus st = nodeStatus(n, withBreaker, members);
    String seen =
        !st.alive()
            ? "-"
            : !st.reachable() ? "unreachable" : st.membersUp() + "/" + st.membersAll();
    return String.format(
        Locale.ROOT,
        "%-7s %-8d %-6s %-22s %6s %8s %-10s %s",
        n.path("name").asText(),
        st.pid(),
        st.alive() ? "yes" : "NO",
        seen,
        st.reachable() ? st.shards() : "-",
        st.reachable() ? st.entities() : "-",
        st.reachable() ? st.breaker() : "-",
        st.reachable() ? st.poolInFlight() + "/" + st.poolSize() : "-");
  }

  /** The running lab's provider: its Toxiproxy and the control that sets a whole state. */
  record Provider(ToxiproxyClient toxiproxy, ProviderStateControl control) {
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
      return LiveLabStatus.describe(control, toxiproxy);
    }
  }

  static String describe(ProviderStateControl control, ToxiproxyClient toxiproxy)
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
  static int watch(Options o, PrintStream out) throws IOException {
    boolean terminal = System.console() != null && out == System.out;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(o.forSec());
    while (true) {
      if (terminal) {
        out.print("\033[H\033[2J");
      }
      out.printf(
          Locale.ROOT,
          "%s  (status every %d s for %d s; Ctrl-C stops)%n",
          java.time.LocalTime.now().withNano(0),
          o.everySec(),
          o.forSec());
      int code = status(o, out);
      long left = deadline - System.nanoTime();
      if (code != 0 || left <= 0) {
        return code;
      }
      sleep(Math.min(TimeUnit.SECONDS.toMillis(o.everySec()), TimeUnit.NANOSECONDS.toMillis(left)));
    }
  }
}
