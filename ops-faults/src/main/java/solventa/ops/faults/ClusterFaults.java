package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;

/**
 * A cluster's faults under load: 3 nodes of arm C', {@value #CUSTOMERS} known customers (their
 * values seeded in Redis), {@value #RATE} req/s of open-model load round-robin over the nodes in
 * the rotation (a load balancer's, which the row changes as a balancer would). A node killed; a
 * rolling restart (the must-show); a node partitioned from the others ({@link ClusterPartition}).
 */
final class ClusterFaults implements FaultScenario {
  static final int NODES = 3;
  static final int RATE = 200;
  static final int CUSTOMERS = 300;
  static final int BEFORE_SEC = 10;

  /** A killed node leaves the rotation this long after the kill (a balancer's health check). */
  static final int DROP_SEC = 2;

  /**
   * After the shards' removal margin: the downed node's shards move, its customers answer again.
   */
  static final int HAND_OFF_SEC = 5;

  /**
   * How long Pekko's sharding waits after a downing before it moves the downed node's shards (so
   * that the node, if it is alive on the other side of a partition, has stopped its entities
   * first): {@code pekko.cluster.down-removal-margin}, or when that is off the split brain
   * resolver's {@code stable-after}, as the node's own configuration sets them.
   */
  static final int REMOVAL_MARGIN_SEC = NodeClusterSettings.removalMarginSec();

  /** How long after a downing errors still count as the failover's: the margin and the hand-off. */
  static final int GRACE_SEC = REMOVAL_MARGIN_SEC + HAND_OFF_SEC;

  /** The kill row's load goes on this long after the downing, at most {@value #KILL_MAX_SEC} s. */
  static final int AFTER_DOWN_SEC = 15;

  static final int KILL_MAX_SEC = 60;
  static final int RECOVER_MAX_SEC = 30;

  /** The rolling restart: a replacement's readiness bound. */
  static final int READY_MAX_SEC = 120;

  static final int AFTER_ROLL_SEC = 10;
  static final double MAX_ERROR_PCT = 1.0;

  @Override
  public String name() {
    return "cluster";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    List<FaultRow> rows = new ArrayList<>();
    rows.add(killed(ctx));
    rows.add(rollingRestart(ctx));
    rows.add(new ClusterPartition().run(ctx));
    return rows;
  }

  /** A fresh 3-node cluster of arm C' with the row's customers' values in Redis. */
  static NodeGroup freshCluster(FaultContext ctx, String row, List<String> customers)
      throws Exception {
    NodeGroup group = ctx.freshNodes(BenchArm.C_PRIME, NODES);
    int seeded = seed(ctx, group.first(), customers);
    ctx.say("cluster, %s: %d of %d customers' values stored", row, seeded, customers.size());
    return group;
  }

  /** Seed batches: small, so a batch's provider calls fit the adapter's pool and timeout. */
  static final int SEED_BATCH = 20;

  /** How long the seeding may take: rounds apart by the adapter breaker's reset timeout. */
  static final int SEED_MAX_SEC = 60;

  /**
   * Stores the customers' values through {@code node} in batches of {@value #SEED_BATCH}, in rounds
   * {@value #SEED_PAUSE_SEC} s apart (a breaker the node's adapter opened on a starved machine
   * closes meanwhile) until Redis holds every one or {@value #SEED_MAX_SEC} s passed; returns how
   * many Redis holds.
   */
  static int seed(FaultContext ctx, NodeProcess node, List<String> customers) throws Exception {
    long deadline = System.currentTimeMillis() + SEED_MAX_SEC * 1000L;
    try (LostValues store = ctx.store()) {
      while (true) {
        Set<String> held = store.read(customers).keySet();
        List<String> left = customers.stream().filter(c -> !held.contains(c)).toList();
        if (left.isEmpty() || System.currentTimeMillis() > deadline) {
          return customers.size() - left.size();
        }
        for (int from = 0; from < left.size(); from += SEED_BATCH) {
          try {
            ctx.seedValues(node, left.subList(from, Math.min(left.size(), from + SEED_BATCH)));
          } catch (java.io.IOException e) {
            // none of the batch stored (e.g. the adapter's breaker open): the next round retries
          }
        }
        if (store.read(customers).size() < customers.size()) {
          Thread.sleep(SEED_PAUSE_SEC * 1000L);
        }
      }
    }
  }

  static final int SEED_PAUSE_SEC = 6;

  static List<String> urls(List<NodeProcess> nodes) {
    return nodes.stream().map(NodeProcess::baseUrl).toList();
  }

  /** The member that is not the oldest (which hosts the shard coordinator), the last such. */
  static NodeProcess notOldest(List<NodeProcess> members) {
    ClusterProbe.View v = ClusterProbe.view(members.get(0));
    int oldest = v == null ? members.get(0).remotePort() : v.oldestPort();
    for (int i = members.size() - 1; i >= 0; i--) {
      if (members.get(i).remotePort() != oldest) {
        return members.get(i);
      }
    }
    throw new IllegalStateException("no member other than the oldest");
  }

  static String killInjected() {
    return String.format(
        Locale.ROOT,
        "SIGKILL of one of %d nodes of arm C' (not the oldest: it hosts the shard coordinator)"
            + " after %d s of %d req/s over %d known customers; the rotation drops it %d s"
            + " after the kill (a balancer's health check); load until %d s after a survivor"
            + " no longer lists it, at most %d s after the kill",
        NODES,
        BEFORE_SEC,
        RATE,
        CUSTOMERS,
        DROP_SEC,
        AFTER_DOWN_SEC,
        KILL_MAX_SEC);
  }

  static String killExpected() {
    return String.format(
        Locale.ROOT,
        "every value stored before, none lost; no error for customers the dead node did not host (but for quotes the"
            + " rotation still sent it); no error sent later than %d s after the cluster downed"
            + " it (the shards' removal margin, %d s: Pekko moves a downed node's shards only"
            + " then, and %d s to move them); every one of its customers answers a quote sent"
            + " through a survivor once the load has stopped; failover (kill to the last error)"
            + " <= %d s",
        GRACE_SEC,
        REMOVAL_MARGIN_SEC,
        HAND_OFF_SEC,
        RECOVER_MAX_SEC);
  }

  private static FaultRow killed(FaultContext ctx) {
    String fault = "node killed (SIGKILL) under load";
    String injected = killInjected();
    String expected = killExpected();
    List<String> customers = FaultContext.customers(16_000, CUSTOMERS);
    try {
      NodeGroup group = freshCluster(ctx, "kill", customers);
      try (LostValues store = ctx.store()) {
        Map<String, Instant> before = store.read(customers);
        List<NodeProcess> live = new ArrayList<>(group.members());
        NodeProcess victim = notOldest(live);
        AtomicReference<List<String>> rotation = new AtomicReference<>(urls(live));
        FaultLoad load =
            FaultLoad.open(RATE, rotation::get, customers, ctx.seed(), BEFORE_SEC + KILL_MAX_SEC);
        FaultWindow.sleepUntil(load.startMs() + BEFORE_SEC * 1000L);
        Set<String> onVictim = ClusterProbe.hosted(victim, Set.copyOf(customers));
        Set<String> moved = moved(customers, live, victim);
        victim.kill();
        long killMs = System.currentTimeMillis();
        FaultWindow.sleepUntil(killMs + DROP_SEC * 1000L);
        live.remove(victim);
        rotation.set(urls(live));
        long downedMs = awaitGone(live.get(0), victim.remotePort(), killMs);
        load.stop();
        FaultLoadResult r = load.await();
        long lost = LostValues.lost(before, store.read(customers));
        ClusterFigures f =
            ClusterFigures.of(r.sent(), killMs, victim.baseUrl(), moved, downedMs, GRACE_SEC);
        List<String> unanswered = unansweredAtEnd(live, moved);
        String measured =
            String.format(
                Locale.ROOT,
                "%s; killed %s (pid %d), hosting %d of the %d customers (%d more on no node: both"
                    + " count as its customers); a survivor stopped listing it %s; %s; %s; %d"
                    + " values before, %d lost",
                r.summary(),
                victim.baseUrl(),
                victim.pid(),
                onVictim.size(),
                CUSTOMERS,
                moved.size() - onVictim.size(),
                downedMs < 0
                    ? "never (within " + KILL_MAX_SEC + " s)"
                    : String.format(
                        Locale.ROOT, "%.1f s after the kill", (downedMs - killMs) / 1e3),
                f,
                unansweredText(unanswered, moved.size()),
                before.size(),
                lost);
        boolean holds =
            before.size() == CUSTOMERS
                && lost == 0
                && f.beforeKill() == 0
                && f.otherErrors() == 0
                && downedMs >= 0
                && f.afterDown() == 0
                && unanswered.isEmpty()
                && f.windowSec() <= RECOVER_MAX_SEC;
        return new FaultRow(
            fault,
            injected,
            null,
            r.requests(),
            r.errors(),
            lost,
            f.windowSec(),
            expected,
            measured,
            holds);
      }
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  /** The end probe's figure: how many of the moved customers did not answer, the first ten. */
  static String unansweredText(List<String> unanswered, int moved) {
    return String.format(
        Locale.ROOT,
        "quoted once each through a survivor after the load, %d of its %d customers not answering"
            + " 200%s",
        unanswered.size(),
        moved,
        unanswered.isEmpty() ? "" : " " + unanswered.subList(0, Math.min(10, unanswered.size())));
  }

  /**
   * Quotes each of {@code moved} once, in turn through the survivors, after the row's load: those
   * whose answer is not a 200, each with what it got. The load's own last answer per customer
   * cannot say this: a customer the load last quoted inside the failover window may simply not have
   * been drawn again.
   */
  private static List<String> unansweredAtEnd(List<NodeProcess> survivors, Set<String> moved) {
    List<String> unanswered = new ArrayList<>();
    int i = 0;
    for (String customer : moved) {
      String got =
          FaultContext.quoteOnce(survivors.get(i++ % survivors.size()).baseUrl(), customer);
      if (!got.equals("status 200")) {
        unanswered.add(customer + " (" + got + ")");
      }
    }
    return unanswered;
  }

  /**
   * The customers the kill moves: all but those whose entities the survivors host (read just before
   * the kill), i.e. those on the victim and those on no node yet (a shard of the victim's, maybe).
   */
  private static Set<String> moved(
      List<String> customers, List<NodeProcess> members, NodeProcess victim) {
    Set<String> moved = new java.util.TreeSet<>(customers);
    for (NodeProcess m : members) {
      if (m != victim) {
        moved.removeAll(ClusterProbe.hosted(m, Set.copyOf(customers)));
      }
    }
    return moved;
  }

  /**
   * Polls {@code survivor}'s view until the member at {@code port} is gone, then lets the load run
   * {@value #AFTER_DOWN_SEC} s more (bounded by {@value #KILL_MAX_SEC} s after {@code killMs});
   * returns when it was seen gone (epoch ms), -1 when never.
   */
  private static long awaitGone(NodeProcess survivor, int port, long killMs)
      throws InterruptedException {
    long deadline = killMs + KILL_MAX_SEC * 1000L;
    long gone = -1;
    while (System.currentTimeMillis() < deadline) {
      if (gone < 0) {
        ClusterProbe.View v = ClusterProbe.view(survivor);
        if (v != null && v.gone(port)) {
          gone = System.currentTimeMillis();
        }
      } else if (System.currentTimeMillis() >= gone + AFTER_DOWN_SEC * 1000L) {
        break;
      }
      Thread.sleep(250);
    }
    return gone;
  }

  private static FaultRow rollingRestart(FaultContext ctx) {
    return new ClusterRolling().run(ctx);
  }
}
