package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;

/**
 * The must-show row: a rolling restart of the 3-node cluster under load. The oldest member goes
 * last: it hosts the shard coordinator (and is the original seed), so the coordinator moves once,
 * and the first two replacements join through it, a member that stays up meanwhile. For each node:
 * out of the rotation, the balancer's drain, a graceful stop (SIGTERM: Pekko's coordinated
 * shutdown, the entities write what Redis has not taken, the node leaves), a replacement joining
 * through a live member, ready (bounded), back in the rotation.
 */
final class ClusterRolling {

  /**
   * One node's restart: its stop's and its replacement's start's lengths, s; when it left the
   * rotation and when its replacement joined it (epoch ms).
   */
  record Step(
      String stopped,
      double stopSec,
      String started,
      double readySec,
      boolean ready,
      long outMs,
      long inMs) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%s stopped in %.1f s, %s %s",
          stopped,
          stopSec,
          started,
          ready ? String.format(Locale.ROOT, "ready %.1f s later", readySec) : "NOT ready");
    }
  }

  FaultRow run(FaultContext ctx) {
    String fault = "rolling restart of a 3-node cluster under load";
    String injected =
        String.format(
            Locale.ROOT,
            "%d req/s of arm C' over %d known customers; after %d s, each node in turn (the oldest"
                + " last: it hosts the shard coordinator): out of the rotation, %d s drain, graceful"
                + " stop (SIGTERM), a replacement joining through a live member, ready (at most %d"
                + " s), back in the rotation; load until %d s after the last",
            ClusterFaults.RATE,
            ClusterFaults.CUSTOMERS,
            ClusterFaults.BEFORE_SEC,
            ClusterFaults.DRAIN_SEC,
            ClusterFaults.READY_MAX_SEC,
            ClusterFaults.AFTER_ROLL_SEC);
    String expected =
        String.format(
            Locale.ROOT,
            "errors <= %.0f %% of the quotes; every value stored before, none lost; every replacement ready",
            ClusterFaults.MAX_ERROR_PCT);
    List<String> customers = FaultContext.customers(17_000, ClusterFaults.CUSTOMERS);
    try {
      NodeGroup group = ClusterFaults.freshCluster(ctx, "rolling restart", customers);
      try (LostValues store = ctx.store()) {
        Map<String, Instant> before = store.read(customers);
        List<NodeProcess> live = new ArrayList<>(group.members());
        List<NodeProcess> order = order(live);
        AtomicReference<List<String>> rotation = new AtomicReference<>(ClusterFaults.urls(live));
        int bound =
            ClusterFaults.BEFORE_SEC
                + live.size() * (ClusterFaults.READY_MAX_SEC + 30)
                + ClusterFaults.AFTER_ROLL_SEC;
        ClusterLoad load =
            ClusterLoad.start(ClusterFaults.RATE, rotation::get, customers, ctx.seed(), bound);
        FaultWindow.sleepUntil(load.startMs() + ClusterFaults.BEFORE_SEC * 1000L);
        long rollStart = System.currentTimeMillis();
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
          Step s = restart(ctx, order.get(i), live, rotation, i + 1);
          steps.add(s);
          if (!s.ready()) {
            break;
          }
        }
        long rollEnd = System.currentTimeMillis();
        FaultWindow.sleepUntil(rollEnd + ClusterFaults.AFTER_ROLL_SEC * 1000L);
        FaultLoad.Result r = load.await();
        long lost = LostValues.lost(before, store.read(customers));
        boolean allReady = steps.size() == order.size() && steps.stream().allMatch(Step::ready);
        double rollSec = (rollEnd - rollStart) / 1000.0;
        String measured =
            String.format(
                Locale.ROOT,
                "%s; restart %.1f s: %s; errors by when they were sent: %s; %d values before, %d"
                    + " lost",
                r.summary(),
                rollSec,
                steps,
                phases(r.sent(), steps),
                before.size(),
                lost);
        return new FaultRow(
            fault,
            injected,
            rollSec,
            r.requests(),
            r.errors(),
            lost,
            r.recoverSec(rollEnd),
            expected,
            measured,
            allReady
                && before.size() == ClusterFaults.CUSTOMERS
                && lost == 0
                && r.errorPct() <= ClusterFaults.MAX_ERROR_PCT);
      }
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  /**
   * The errors by when their quotes were sent: before the first node left the rotation, while each
   * node was out of it (drain, stop, replacement starting), after each replacement joined it (until
   * the next node left, or the load's end).
   */
  static String phases(List<FaultLoad.Sent> sent, List<Step> steps) {
    if (steps.isEmpty()) {
      return "no restart";
    }
    List<String> parts = new ArrayList<>();
    parts.add("before " + errors(sent, Long.MIN_VALUE, steps.get(0).outMs()));
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      long next = i + 1 < steps.size() ? steps.get(i + 1).outMs() : Long.MAX_VALUE;
      parts.add(
          "node "
              + (i + 1)
              + " out "
              + errors(sent, s.outMs(), s.inMs())
              + ", its replacement in "
              + errors(sent, s.inMs(), next));
    }
    return String.join("; ", parts);
  }

  private static long errors(List<FaultLoad.Sent> sent, long fromMs, long toMs) {
    return sent.stream()
        .filter(s -> s.status() != 200 && s.sentMs() >= fromMs && s.sentMs() < toMs)
        .count();
  }

  /** The members, the oldest last. */
  static List<NodeProcess> order(List<NodeProcess> members) {
    ClusterProbe.View v = ClusterProbe.view(members.get(0));
    int oldest = v == null ? members.get(0).remotePort() : v.oldestPort();
    List<NodeProcess> order = new ArrayList<>();
    members.stream().filter(m -> m.remotePort() != oldest).forEach(order::add);
    members.stream().filter(m -> m.remotePort() == oldest).forEach(order::add);
    return order;
  }

  /** Restarts {@code old}; {@code live} and the rotation follow. */
  private static Step restart(
      FaultContext ctx,
      NodeProcess old,
      List<NodeProcess> live,
      AtomicReference<List<String>> rotation,
      int n)
      throws InterruptedException {
    live.remove(old);
    rotation.set(ClusterFaults.urls(live));
    long outMs = System.currentTimeMillis();
    Thread.sleep(ClusterFaults.DRAIN_SEC * 1000L);
    long t0 = System.currentTimeMillis();
    old.close();
    double stopSec = (System.currentTimeMillis() - t0) / 1000.0;
    // through a live member: the oldest while it runs, else the first replacement
    NodeProcess seed = live.get(0);
    long t1 = System.currentTimeMillis();
    NodeProcess fresh = ctx.lab().joinNode(ctx.profile(), "-restart" + n, seed.remotePort());
    long deadline = t1 + ClusterFaults.READY_MAX_SEC * 1000L;
    boolean ready = false;
    while (System.currentTimeMillis() < deadline && fresh.isAlive()) {
      if (fresh.ready()) {
        ready = true;
        break;
      }
      Thread.sleep(500);
    }
    double readySec = (System.currentTimeMillis() - t1) / 1000.0;
    if (ready) {
      live.add(fresh);
      rotation.set(ClusterFaults.urls(live));
    }
    ctx.say(
        "cluster, rolling restart: %s stopped in %.1f s; %s %s after %.1f s",
        old.baseUrl(), stopSec, fresh.baseUrl(), ready ? "ready" : "NOT ready", readySec);
    return new Step(
        old.baseUrl(),
        stopSec,
        fresh.baseUrl(),
        readySec,
        ready,
        outMs,
        System.currentTimeMillis());
  }
}
