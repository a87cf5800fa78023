package solventa.ops.faults;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import solventa.lab.FreePort;
import solventa.lab.ToxiproxyServer;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;

/**
 * A node partitioned from the others. Pekko Artery (TCP) binds one port and advertises another: the
 * third node binds a free port and advertises a Toxiproxy listener forwarding to it, so every
 * connection the two others open to it goes through that proxy; disabling the proxy cuts them all
 * (its own connections to them stay: a one-way cut, which is how Artery's heartbeats and their
 * answers each travel on the sender's own connection, so both sides stop hearing each other). The
 * rotation follows the nodes' {@code /ready} each second, as a balancer's health check would.
 */
final class ClusterPartition {
  static final int PARTITION_SEC = 30;
  static final int AFTER_SEC = 30;
  static final String PROXY = "artery-partitioned";

  /** What the row saw, in ms from the partition's start (-1: never). */
  static final class Seen {
    long unreachable = -1;
    long downedByMajority = -1;
    long cutNotReady = -1;
    long cutExited = -1;

    void observe(long t, ClusterProbe.View majority, int cutPort, NodeProcess cut) {
      if (unreachable < 0 && majority != null && majority.unreachable().contains(cutPort)) {
        unreachable = t;
      }
      if (downedByMajority < 0 && majority != null && majority.gone(cutPort)) {
        downedByMajority = t;
      }
      if (cutNotReady < 0 && !cut.ready()) {
        cutNotReady = t;
      }
      if (cutExited < 0 && !cut.isAlive()) {
        cutExited = t;
      }
    }

    private static String at(long ms) {
      return ms < 0 ? "never" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    @Override
    public String toString() {
      return "the majority saw it unreachable at "
          + at(unreachable)
          + ", removed it at "
          + at(downedByMajority)
          + "; its /ready failed at "
          + at(cutNotReady)
          + ", its JVM exited at "
          + at(cutExited);
    }
  }

  FaultRow run(FaultContext ctx) {
    String fault = "a node partitioned from the others";
    String injected =
        String.format(
            Locale.ROOT,
            "3 nodes of arm C', the third advertising a Toxiproxy listener in front of its Artery"
                + " port (pekko.remote.artery.canonical.port = the listener, bind.port = the real"
                + " one); %d req/s over %d known customers, the rotation following each node's"
                + " /ready every second; after %d s the proxy disabled for %d s (every connection"
                + " the two others make to it refused and cut), then enabled; %d s more",
            ClusterFaults.RATE,
            ClusterFaults.CUSTOMERS,
            ClusterFaults.BEFORE_SEC,
            PARTITION_SEC,
            AFTER_SEC);
    String expected =
        String.format(
            Locale.ROOT,
            "the split-brain resolver's keep-majority downs the partitioned node and keeps the two"
                + " others Up; the downed node leaves the rotation; every value stored before, none lost; no error sent"
                + " later than %d s after the majority removed it (the shards' removal margin, %d s:"
                + " Pekko moves a downed node's shards only then, and %d s to move them)",
            ClusterFaults.GRACE_SEC,
            ClusterFaults.REMOVAL_MARGIN_SEC,
            ClusterFaults.HAND_OFF_SEC);
    List<String> customers = FaultContext.customers(18_000, ClusterFaults.CUSTOMERS);
    try {
      NodeGroup group = ClusterFaults.freshCluster(ctx, "partition", customers);
      try (LostValues store = ctx.store()) {
        List<NodeProcess> live = new ArrayList<>(group.members());
        NodeProcess third = ClusterFaults.notOldest(live);
        live.remove(third);
        third.close();
        int bind = FreePort.find();
        ctx.lab().deleteProxy(PROXY);
        Proxy proxy = ctx.lab().createProxy(PROXY, bind);
        int advertised = ToxiproxyServer.listenPort(proxy);
        NodeProcess cut =
            ctx.lab()
                .joinNode(
                    ctx.profile(),
                    "-partitioned",
                    live.get(0).remotePort(),
                    advertised,
                    List.of("-Dpekko.remote.artery.bind.port=" + bind));
        cut.awaitReady(java.time.Duration.ofSeconds(ClusterFaults.READY_MAX_SEC));
        ClusterProbe.View start = ClusterProbe.view(live.get(0));
        if (start == null || !start.upAndReachable(advertised)) {
          throw new IllegalStateException("the proxied node is not an Up member: " + start);
        }
        Map<String, Instant> before = store.read(customers);
        return measure(ctx, fault, injected, expected, customers, live, cut, proxy, before, store);
      }
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    } finally {
      try {
        ctx.lab().deleteProxy(PROXY);
      } catch (RuntimeException e) {
        // no lab: no proxy to delete
      }
    }
  }

  private static FaultRow measure(
      FaultContext ctx,
      String fault,
      String injected,
      String expected,
      List<String> customers,
      List<NodeProcess> majority,
      NodeProcess cut,
      Proxy proxy,
      Map<String, Instant> before,
      LostValues store)
      throws Exception {
    List<NodeProcess> all = new ArrayList<>(majority);
    all.add(cut);
    AtomicReference<List<String>> rotation = new AtomicReference<>(ClusterFaults.urls(all));
    int bound = ClusterFaults.BEFORE_SEC + PARTITION_SEC + AFTER_SEC;
    FaultLoad load =
        FaultLoad.open(ClusterFaults.RATE, rotation::get, customers, ctx.seed(), bound);
    FaultWindow.sleepUntil(load.startMs() + ClusterFaults.BEFORE_SEC * 1000L);
    proxy.disable();
    long startMs = System.currentTimeMillis();
    Seen seen = new Seen();
    long healMs = partition(startMs, proxy, majority, cut, all, rotation, seen);
    load.stop();
    FaultLoadResult r = load.await();
    long lost = LostValues.lost(before, store.read(customers));
    ClusterProbe.View end = ClusterProbe.view(majority.get(0));
    boolean majorityUp =
        end != null
            && majority.stream().allMatch(m -> m.isAlive() && end.upAndReachable(m.remotePort()));
    long removedMs = seen.downedByMajority < 0 ? -1 : startMs + seen.downedByMajority;
    long late =
        r.count(
            s ->
                s.status() != 200
                    && (removedMs < 0 || s.sentMs() > removedMs + ClusterFaults.GRACE_SEC * 1000L));
    long toCut = r.count(s -> s.status() != 200 && s.target().equals(cut.baseUrl()));
    boolean left = seen.cutNotReady >= 0 || seen.cutExited >= 0;
    String measured =
        String.format(
            Locale.ROOT,
            "%s; partition %.1f s; %s; at the end the majority sees %s, the partitioned node %s;"
                + " %d errors from the partitioned node, %d from the majority; %d errors sent later"
                + " than %d s after the removal; %d values before, %d lost",
            r.summary(),
            (healMs - startMs) / 1000.0,
            seen,
            end,
            cut.isAlive() ? "still runs" : "has exited",
            toCut,
            r.errors() - toCut,
            late,
            ClusterFaults.GRACE_SEC,
            before.size(),
            lost);
    return new FaultRow(
        fault,
        injected,
        (healMs - startMs) / 1000.0,
        r.requests(),
        r.errors(),
        lost,
        r.recoverSec(healMs),
        expected,
        measured,
        removedMs >= 0
            && majorityUp
            && left
            && before.size() == ClusterFaults.CUSTOMERS
            && lost == 0
            && late == 0);
  }

  /**
   * Keeps the partition {@value #PARTITION_SEC} s from {@code startMs}, heals it, watches {@value
   * #AFTER_SEC} s more; each second notes what {@code seen} records and sets the rotation to the
   * nodes whose {@code /ready} answers (a balancer's health check). Returns when it healed.
   */
  private static long partition(
      long startMs,
      Proxy proxy,
      List<NodeProcess> majority,
      NodeProcess cut,
      List<NodeProcess> all,
      AtomicReference<List<String>> rotation,
      Seen seen)
      throws Exception {
    int cutPort = cut.remotePort();
    long healMs = -1;
    long endMs = startMs + (PARTITION_SEC + AFTER_SEC) * 1000L;
    try {
      while (System.currentTimeMillis() < endMs) {
        long now = System.currentTimeMillis();
        if (healMs < 0 && now >= startMs + PARTITION_SEC * 1000L) {
          proxy.enable();
          healMs = System.currentTimeMillis();
        }
        seen.observe(now - startMs, ClusterProbe.view(majority.get(0)), cutPort, cut);
        rotation.set(ClusterFaults.urls(all.stream().filter(NodeProcess::ready).toList()));
        FaultWindow.sleepUntil(now + 1000);
      }
    } finally {
      if (healMs < 0) {
        proxy.enable();
        healMs = System.currentTimeMillis();
      }
    }
    return healMs;
  }
}
