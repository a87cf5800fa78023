package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;

/**
 * The must-show row: a rolling restart of the 3-node cluster under load. The oldest member goes
 * last: it hosts the shard coordinator (and is the original seed), so the coordinator moves once,
 * and the first two replacements join through it, a member that stays up meanwhile. The runner
 * never takes a node out of the rotation itself: the rotation follows the nodes' {@code /ready}
 * ({@link ReadyRotation}), as a load balancer's health check does. For each node: a graceful stop
 * (SIGTERM: {@code /ready} says DRAINING while the node keeps serving for its unready delay, then
 * Pekko's coordinated shutdown unbinds, drains, the entities write what Redis has not taken, the
 * node leaves), a replacement joining through a live member, ready (bounded), in the rotation at
 * its first READY.
 */
final class ClusterRolling {

  /**
   * One node's restart: when the rotation dropped it after its SIGTERM (ms, -1: it never did while
   * it ran), its stop's and its replacement's start's lengths, s; when it was sent SIGTERM and when
   * its replacement joined the rotation (epoch ms).
   */
  record Step(
      String stopped,
      long leftAfterMs,
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
          "%s out of the rotation %s after SIGTERM, stopped in %.1f s, %s %s",
          stopped,
          leftAfterMs < 0 ? "NEVER" : leftAfterMs + " ms",
          stopSec,
          started,
          ready ? String.format(Locale.ROOT, "ready %.1f s later", readySec) : "NOT ready");
    }
  }

  /**
   * Why the stops did not leave the rotation in time, or "" when each did: a stopping node must be
   * out of the rotation before its unready delay ends (then it stops accepting connections).
   */
  static String leftInTime(List<Step> steps, long unreadyDelayMs) {
    List<String> late = new ArrayList<>();
    for (Step s : steps) {
      if (s.leftAfterMs() < 0 || s.leftAfterMs() >= unreadyDelayMs) {
        late.add(
            s.stopped() + (s.leftAfterMs() < 0 ? " never" : " after " + s.leftAfterMs() + " ms"));
      }
    }
    return late.isEmpty()
        ? ""
        : "not out of the rotation within the unready delay (" + unreadyDelayMs + " ms): " + late;
  }

  /** The restarts under load, and the load's figures: when the roll began and ended (epoch ms). */
  private record Roll(List<Step> steps, long startMs, long endMs, FaultLoadResult load) {}

  FaultRow run(FaultContext ctx) {
    String fault = "rolling restart of a 3-node cluster under load";
    long unreadyMs = EdgeSettings.unreadyDelayMs();
    String injected = injected(unreadyMs);
    String expected = expected();
    List<String> customers = FaultContext.customers(17_000, ClusterFaults.CUSTOMERS);
    try {
      NodeGroup group = ClusterFaults.freshCluster(ctx, "rolling restart", customers);
      try (LostValues store = ctx.store()) {
        Map<String, Instant> before = store.read(customers);
        List<NodeProcess> live = new ArrayList<>(group.members());
        List<NodeProcess> order = order(live);
        Roll roll = roll(ctx, customers, live, order);
        List<Step> steps = roll.steps();
        FaultLoadResult r = roll.load();
        String late = leftInTime(steps, unreadyMs);
        long lost = LostValues.lost(before, store.read(customers));
        boolean allReady = steps.size() == order.size() && steps.stream().allMatch(Step::ready);
        double rollSec = (roll.endMs() - roll.startMs()) / 1000.0;
        String measured =
            String.format(
                Locale.ROOT,
                "%s; restart %.1f s: %s; errors by when they were sent: %s; %d values before, %d"
                    + " lost%s",
                r.summary(),
                rollSec,
                steps,
                phases(r.sent(), steps),
                before.size(),
                lost,
                late.isEmpty() ? "" : "; " + late);
        return new FaultRow(
            fault,
            injected,
            rollSec,
            r.requests(),
            r.errors(),
            lost,
            r.recoverSec(roll.endMs()),
            expected,
            measured,
            allReady
                && late.isEmpty()
                && before.size() == ClusterFaults.CUSTOMERS
                && lost == 0
                && r.errorPct() <= ClusterFaults.MAX_ERROR_PCT);
      }
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  private static String injected(long unreadyMs) {
    return String.format(
        Locale.ROOT,
        "%d req/s of arm C' over %d known customers, spread over a rotation that follows each"
            + " node's /ready every %d ms (the runner never takes a node out itself); after %d"
            + " s, each node in turn (the oldest last: it hosts the shard coordinator): graceful"
            + " stop (SIGTERM; the node's unready-delay %d ms), a replacement joining through a"
            + " live member, ready (at most %d s); load until %d s after the last",
        ClusterFaults.RATE,
        ClusterFaults.CUSTOMERS,
        ReadyRotation.CHECK_MS,
        ClusterFaults.BEFORE_SEC,
        unreadyMs,
        ClusterFaults.READY_MAX_SEC,
        ClusterFaults.AFTER_ROLL_SEC);
  }

  private static String expected() {
    return String.format(
        Locale.ROOT,
        "each stopping node out of the rotation before its unready delay ends (so no quote"
            + " meets a closed port); errors <= %.0f %% of the quotes (what the shards' hand-offs"
            + " may cost: a quote whose customer's shard is moving can meet the resolve"
            + " timeout); every value stored before, none lost; every replacement ready",
        ClusterFaults.MAX_ERROR_PCT);
  }

  /**
   * The load over a rotation that follows the nodes' /ready and, after its first seconds, each node
   * of {@code order} restarted in turn (stopping at the first replacement not ready); the load runs
   * on after the last.
   */
  private static Roll roll(
      FaultContext ctx, List<String> customers, List<NodeProcess> live, List<NodeProcess> order)
      throws InterruptedException {
    int bound =
        ClusterFaults.BEFORE_SEC
            + live.size() * (ClusterFaults.READY_MAX_SEC + 30)
            + ClusterFaults.AFTER_ROLL_SEC;
    List<Step> steps = new ArrayList<>();
    try (ReadyRotation rotation = new ReadyRotation(live)) {
      FaultLoad load =
          FaultLoad.open(ClusterFaults.RATE, rotation::urls, customers, ctx.seed(), bound);
      FaultWindow.sleepUntil(load.startMs() + ClusterFaults.BEFORE_SEC * 1000L);
      long rollStart = System.currentTimeMillis();
      for (int i = 0; i < order.size(); i++) {
        Step s = restart(ctx, order.get(i), live, rotation, i + 1);
        steps.add(s);
        if (!s.ready()) {
          break;
        }
      }
      long rollEnd = System.currentTimeMillis();
      FaultWindow.sleepUntil(rollEnd + ClusterFaults.AFTER_ROLL_SEC * 1000L);
      load.stop();
      return new Roll(steps, rollStart, rollEnd, load.await());
    }
  }

  /**
   * The errors by when their quotes were sent: before the first node's SIGTERM, from each node's
   * SIGTERM until its replacement joined the rotation (unready delay, stop, replacement starting),
   * after each replacement joined it (until the next SIGTERM, or the load's end).
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

  /** Restarts {@code old}; {@code live} follows, the rotation follows the nodes' /ready. */
  static Step restart(
      FaultContext ctx, NodeProcess old, List<NodeProcess> live, ReadyRotation rotation, int n)
      throws InterruptedException {
    live.remove(old);
    long outMs = System.currentTimeMillis();
    old.close(); // SIGTERM, and waits for the process to end (bounded)
    double stopSec = (System.currentTimeMillis() - outMs) / 1000.0;
    long left = rotation.leftMs(old);
    rotation.remove(old);
    // through a live member: the oldest while it runs, else the first replacement
    NodeProcess seed = live.get(0);
    long t1 = System.currentTimeMillis();
    NodeProcess fresh = ctx.lab().joinNode(ctx.profile(), "-restart" + n, seed.remotePort());
    rotation.add(fresh);
    long deadline = t1 + ClusterFaults.READY_MAX_SEC * 1000L;
    boolean ready = false;
    while (System.currentTimeMillis() < deadline && fresh.isAlive()) {
      if (rotation.joinedMs(fresh) >= 0) {
        ready = true;
        break;
      }
      Thread.sleep(200);
    }
    double readySec = (System.currentTimeMillis() - t1) / 1000.0;
    if (ready) {
      live.add(fresh);
    }
    long leftAfter = left < 0 ? -1 : left - outMs;
    ctx.say(
        "cluster, rolling restart: %s out of the rotation %s ms after SIGTERM, stopped in %.1f s;"
            + " %s %s after %.1f s",
        old.baseUrl(),
        leftAfter,
        stopSec,
        fresh.baseUrl(),
        ready ? "in the rotation" : "NOT ready",
        readySec);
    return new Step(
        old.baseUrl(),
        leftAfter,
        stopSec,
        fresh.baseUrl(),
        readySec,
        ready,
        outMs,
        ready ? rotation.joinedMs(fresh) : System.currentTimeMillis());
  }
}
