package solventa.ops.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeProcess;

/**
 * What the cluster rows read from the nodes' management APIs: the membership one node sees ({@code
 * GET /cluster/members}: each member's Artery port and status, the unreachable ones, the oldest),
 * and the customers whose entities a node hosts ({@code GET /quote/entities}, with the lab's
 * token).
 */
final class ClusterProbe {
  private ClusterProbe() {}

  /**
   * One node's view of the cluster.
   *
   * @param members each member's Artery port and status (Up, Leaving, Exiting, Down, ...)
   * @param unreachable the ports of the members this node's failure detector marks unreachable
   * @param oldestPort the oldest member's port (the shard coordinator's host), -1 when unknown
   */
  record View(Map<Integer, String> members, Set<Integer> unreachable, int oldestPort) {
    /** Whether the member at {@code port} is listed Up (and not unreachable). */
    boolean upAndReachable(int port) {
      return "Up".equals(members.get(port)) && !unreachable.contains(port);
    }

    /** Whether the member at {@code port} is gone from the view, or listed Down or Removed. */
    boolean gone(int port) {
      String s = members.get(port);
      return s == null || s.equals("Down") || s.equals("Removed");
    }

    /** e.g. {@code {25520=Up, 25521=Up} unreachable [25522]}. */
    @Override
    public String toString() {
      return members + (unreachable.isEmpty() ? "" : " unreachable " + unreachable);
    }
  }

  /** {@code node}'s view, or null when its management API does not answer. */
  static View view(NodeProcess node) {
    try {
      return parseView(Http.json(node.managementUrl() + "/cluster/members"));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Reads Pekko Management's {@code /cluster/members} answer. */
  static View parseView(JsonNode root) {
    Map<Integer, String> members = new TreeMap<>();
    for (JsonNode m : root.path("members")) {
      members.put(port(m.path("node").asText()), m.path("status").asText());
    }
    Set<Integer> unreachable = new TreeSet<>();
    for (JsonNode u : root.path("unreachable")) {
      unreachable.add(port(u.path("node").asText()));
    }
    String oldest = root.path("oldest").asText("");
    return new View(members, unreachable, oldest.isEmpty() ? -1 : port(oldest));
  }

  /** The port of a {@code pekko://quote@127.0.0.1:PORT} address, -1 when it has none. */
  static int port(String address) {
    int i = address.lastIndexOf(':');
    try {
      return i < 0 ? -1 : Integer.parseInt(address.substring(i + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * The customers whose entities {@code node} hosts now, of {@code ours}; empty when unreadable.
   */
  static Set<String> hosted(NodeProcess node, Set<String> ours) {
    try {
      Set<String> ids = parseEntities(Http.jsonAdmin(node.managementUrl() + "/quote/entities"));
      ids.retainAll(ours);
      return ids;
    } catch (IOException | RuntimeException e) {
      return new TreeSet<>();
    }
  }

  /** Every entity id in a {@code /quote/entities} answer ({@code shards[].entities[]}). */
  static Set<String> parseEntities(JsonNode root) {
    Set<String> ids = new TreeSet<>();
    root.path("shards").forEach(s -> s.path("entities").forEach(e -> ids.add(e.asText())));
    return ids;
  }
}
