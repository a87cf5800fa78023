package solventa.ops.lab;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.lab.FreePort;
import solventa.lab.LabException;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;

/**
 * N quote nodes of one arm and breaker policy forming one Pekko cluster on loopback: node 1 is the
 * seed, every node joins it, and the {@code CustomerProfile} entities are sharded across all of
 * them (quote-node's default sharding, one shard region per node). They share the lab's Redis,
 * PostgreSQL, Toxiproxy and provider double. The one way to start a cluster: the live lab ({@code
 * bin/lab up}) and the experiment ({@code --nodes N}) both start theirs here. One node is the
 * experiment's default: a single-node cluster, exactly as before.
 */
public final class NodeGroup implements AutoCloseable {
  /** A node that exits while the cluster starts (a port taken meanwhile) restarts them all. */
  static final int START_ATTEMPTS = 3;

  /** How long the started nodes may take to see each other as Up members. */
  static final Duration MEMBERS_TIMEOUT = Duration.ofSeconds(90);

  private final BenchArm arm;
  private final String policy;
  private final List<NodeProcess> members;

  private NodeGroup(BenchArm arm, String policy, List<NodeProcess> members) {
    this.arm = arm;
    this.policy = policy;
    this.members = List.copyOf(members);
  }

  /**
   * Starts {@code n} nodes at once (node 1 the seed), waits until each answers {@code /ready} and
   * the seed sees {@code n} Up members. Every launched node is added to {@code started} as soon as
   * it runs (a caller's shutdown hook can stop it). A node that exits while starting fails the
   * attempt: all nodes start again on new ports (a restarted seed would found a second cluster), at
   * most {@value #START_ATTEMPTS} times. On failure every node it started is stopped.
   *
   * @param logSuffix added to each node's log name before {@code -nodeK} (may be empty)
   */
  public static NodeGroup start(
      BenchArm arm,
      String policy,
      ExperimentProfile profile,
      NodeProcess.Backends lab,
      Path logs,
      int n,
      Duration readyTimeout,
      List<NodeProcess> started) {
    if (n < 1) {
      throw new IllegalArgumentException("a cluster needs at least one node, was " + n);
    }
    for (int attempt = 1; ; attempt++) {
      List<NodeProcess> nodes = new ArrayList<>();
      try {
        int seed = FreePort.find();
        for (int i = 0; i < n; i++) {
          // one node keeps its historical log name; a cluster's names carry the member
          String suffix = n == 1 ? "" : "-node" + (i + 1);
          NodeProcess node =
              NodeProcess.launch(
                  arm,
                  policy,
                  profile,
                  lab,
                  logs.resolve(NodeProcess.logName(arm, policy, suffix)),
                  i == 0 ? seed : FreePort.find(),
                  seed);
          nodes.add(node);
          synchronized (started) {
            started.add(node);
          }
        }
        for (NodeProcess node : nodes) {
          node.awaitReady(readyTimeout);
        }
        awaitMembers(nodes.get(0), n);
        return new NodeGroup(arm, policy, nodes);
      } catch (LabException e) {
        stop(nodes, started);
        if (attempt == START_ATTEMPTS
            || e.getMessage() == null
            || !e.getMessage().contains("exited with code")) {
          throw e;
        }
        System.out.println("a node exited while starting; starting the nodes again: " + e);
      } catch (RuntimeException e) {
        stop(nodes, started);
        throw e;
      }
    }
  }

  private static void stop(List<NodeProcess> nodes, List<NodeProcess> started) {
    for (NodeProcess node : nodes) {
      node.close();
      synchronized (started) {
        started.remove(node);
      }
    }
  }

  private static void awaitMembers(NodeProcess first, int expected) {
    long deadline = System.nanoTime() + MEMBERS_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (first.upMembers() == expected) {
        return;
      }
      try {
        Thread.sleep(250); // the starting caller's own thread, never a service path
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LabException("interrupted");
      }
    }
    throw new LabException(
        "the cluster did not reach "
            + expected
            + " Up members within "
            + MEMBERS_TIMEOUT.toSeconds()
            + " s");
  }

  public BenchArm arm() {
    return arm;
  }

  public String policy() {
    return policy;
  }

  /** The nodes, node 1 (the seed) first. */
  public List<NodeProcess> members() {
    return members;
  }

  public int size() {
    return members.size();
  }

  /** The seed node. */
  public NodeProcess first() {
    return members.get(0);
  }

  /** {@code node-K}, K from 1, the name reports and request logs use. */
  public static String name(int index) {
    return "node-" + (index + 1);
  }

  /**
   * Every member's breaker replaced by a fresh closed one at {@code setting}, its window empty
   * ({@link NodeProcess#setBreaker}).
   *
   * @throws IOException when a member refuses it
   */
  public void setBreaker(solventa.ops.protocol.BreakerSetting setting) throws java.io.IOException {
    for (NodeProcess m : members) {
      m.setBreaker(setting);
    }
  }

  /** Every node's quote API base URL, in member order: the load round-robins over them. */
  public List<String> baseUrls() {
    return members.stream().map(NodeProcess::baseUrl).toList();
  }

  /** The member whose quote API listens at {@code authority} ({@code 127.0.0.1:PORT}), or -1. */
  public int indexOfAuthority(String authority) {
    for (int i = 0; i < members.size(); i++) {
      if (members.get(i).baseUrl().endsWith("//" + authority)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * How the cluster was set up, for the report's environment section: one line per member and how
   * the entities are sharded.
   */
  /** Which arms run with a circuit breaker in their adapter ({@link BenchArm#breaker}). */
  static final String BREAKERS =
      "arms "
          + arms(true)
          + " run with a circuit breaker in their adapter, "
          + arms(false)
          + " without one";

  private static String arms(boolean breaker) {
    List<String> labels = new ArrayList<>();
    for (BenchArm a : BenchArm.values()) {
      if (a.breaker() == breaker) {
        labels.add(a.label());
      }
    }
    return labels.size() == 1
        ? labels.get(0)
        : String.join(", ", labels.subList(0, labels.size() - 1))
            + " and "
            + labels.get(labels.size() - 1);
  }

  public static String describe(int n) {
    if (n == 1) {
      return "1 quote node: a single-node Pekko cluster on 127.0.0.1 holding every shard, a new"
          + " node for each run, arm and breaker policy; "
          + BREAKERS;
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add(name(i) + (i == 0 ? " (seed)" : ""));
    }
    return String.format(
        Locale.ROOT,
        "%d quote nodes, one Pekko cluster on 127.0.0.1 per arm (new ports for each arm's"
            + " cluster): members %s, all Up before any load; the CustomerProfile entities are"
            + " sharded across the %d nodes (Pekko cluster sharding as quote-node configures it, one shard region"
            + " per node); they share Redis, PostgreSQL, Toxiproxy and the provider double; the"
            + " load round-robins over the %d quote APIs; each node's adapter has its own pool"
            + " and, in an arm with a breaker, its own breaker (%d per arm); "
            + BREAKERS,
        n,
        String.join(", ", names),
        n,
        n,
        n);
  }

  @Override
  public void close() {
    for (NodeProcess node : members) {
      node.close();
    }
  }
}
