package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;

/**
 * The lab's Redis restarted under load: a real stop (SIGTERM) and start of the same server on the
 * same port and data directory, once with the append-only file on ({@code appendonly yes}, {@code
 * appendfsync everysec}, as the docker compose deployment runs it) and once without persistence
 * (the lab's default). The row counts the values Redis lost at the restart (read before the nodes
 * can reach it again: Toxiproxy's proxy stays disabled until then), what the node answered while
 * Redis was down, which lost values the node wrote back by the row's end, and, of the rest, which
 * it still answers from memory ({@link HeldValues}). "No value lost in Redis" is expected only with
 * persistence; without, the row shows the loss.
 *
 * <p>What the node held is read from the nodes themselves: right before Redis stops, the row asks
 * each node which of the stored customers it hosts an entity for ({@code GET /quote/entities}).
 * Those values the node must give back: each is in Redis again by the row's end (the node's
 * entities write their values again when Redis restarts) or, failing that, still answered from
 * memory. A stored value no entity held lived only in Redis: without persistence it is the loss the
 * row shows, and it is counted apart.
 */
final class RedisRestart {
  static final int DOWN_SEC = 5;

  private RedisRestart() {}

  static String fault(boolean appendOnly) {
    return appendOnly ? "Redis restarted, append-only file on" : "Redis restarted, no persistence";
  }

  static String expected(boolean appendOnly) {
    String always =
        "every answer a 200 (from memory or DEFAULT while Redis is down); every value the node"
            + " held at the restart (an entity hosted it) and every new one back in Redis "
            + StoreFaults.SETTLE_SEC
            + " s after the row, none left only in memory, none lost";
    return appendOnly
        ? always + "; Redis holds, right after the restart, every value it held before"
        : always
            + "; Redis has lost, right after the restart, the values it held before (the row"
            + " shows that loss; if Redis kept them the restart did not happen as built, and the"
            + " row fails)";
  }

  static String injected(boolean appendOnly, int known, int fresh) {
    return "the lab's Redis stopped (SIGTERM) and, "
        + DOWN_SEC
        + " s later, started again on the same port and data directory, "
        + (appendOnly
            ? "appendonly yes and appendfsync everysec (as docker compose runs it), switched on"
                + " before the load"
            : "appendonly no (the lab's default: nothing on disk)")
        + ", under "
        + StoreFaults.RATE
        + " req/s of arm C' ("
        + known
        + " known and "
        + fresh
        + " new customers)";
  }

  static FaultRow row(
      FaultContext ctx,
      NodeGroup node,
      List<String> known,
      List<String> fresh,
      boolean appendOnly) {
    String fault = fault(appendOnly);
    String injected = injected(appendOnly, known.size(), fresh.size());
    String expected = expected(appendOnly);
    List<String> mix = new ArrayList<>(known);
    mix.addAll(fresh);
    try (LostValues store = ctx.store()) {
      ctx.clear();
      store.appendOnly(appendOnly);
      Map<String, Instant> before = store.read(mix);
      Map<String, Instant> atRestart = new TreeMap<>();
      Set<String> hosted = new TreeSet<>();
      FaultWindow.Outcome o =
          FaultWindow.run(
              node::baseUrls,
              mix,
              StoreFaults.RATE,
              StoreFaults.BEFORE_SEC,
              DOWN_SEC,
              StoreFaults.AFTER_SEC,
              ctx.seed(),
              () -> {
                for (NodeProcess member : node.members()) {
                  hosted.addAll(ClusterProbe.hosted(member, new HashSet<>(before.keySet())));
                }
                ctx.lab().redisProxy().disable();
                ctx.lab().stopRedis();
              },
              () -> {
                try {
                  ctx.lab().startRedisAgain(appendOnly);
                  try (LostValues started = ctx.store()) {
                    atRestart.putAll(started.read(List.copyOf(before.keySet())));
                  }
                } finally {
                  ctx.lab().redisProxy().enable();
                }
              });
      try (LostValues after = ctx.store()) {
        Map<String, Instant> held = new TreeMap<>(before);
        held.keySet().retainAll(hosted);
        StoreLoss loss =
            StoreLoss.settle(
                after, held, o.load(), fresh, StoreFaults.SETTLE_SEC, StoreFaults.probe(ctx, node));
        SortedSet<String> lostAtRestart =
            HeldValues.judge(before, atRestart, Map.of()).notInRedis();
        Map<String, Instant> lostOnes = new TreeMap<>(before);
        lostOnes.keySet().retainAll(lostAtRestart);
        Map<String, Instant> end = after.read(List.copyOf(lostAtRestart));
        long writtenBack =
            lostAtRestart.size() - HeldValues.judge(lostOnes, end, Map.of()).notInRedis().size();
        return result(
            fault,
            injected,
            expected,
            appendOnly,
            o,
            loss,
            new Restart(before.size(), hosted.size(), lostAtRestart, writtenBack));
      }
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    } finally {
      restore(ctx, appendOnly);
    }
  }

  // Redis running again, and without its append-only file: the next rows run as the lab does
  private static void restore(FaultContext ctx, boolean appendOnly) {
    if (!ctx.lab().redisRunning()) {
      ctx.say("store: Redis was left stopped by a failed restart; starting it, empty");
      ctx.lab().startRedisAgain(false);
    }
    if (appendOnly) {
      try (LostValues store = ctx.store()) {
        store.appendOnly(false);
      } catch (Exception e) {
        ctx.say("store: could not switch Redis's append-only file off: %s", e);
      }
    }
  }

  /**
   * What the restart did to Redis's values.
   *
   * @param stored values in Redis before the row
   * @param held of those, the ones an entity hosted right before Redis stopped
   * @param lostAtRestart values Redis lacked right after its start
   * @param writtenBack of those, the ones Redis held again by the row's end
   */
  record Restart(int stored, int held, SortedSet<String> lostAtRestart, long writtenBack) {}

  /**
   * Holds with no error, no value the node held (or was given) lost, and none of them left only in
   * the node's memory: each is in Redis again. With the append-only file on, Redis lacks none of
   * its values right after the restart; without, it lacks some (the loss the row is there to show:
   * none means the restart did not empty Redis as built).
   */
  static boolean holds(
      boolean appendOnly, long errors, int lostAtRestart, long lost, long notInRedis) {
    boolean asBuilt = appendOnly ? lostAtRestart == 0 : lostAtRestart > 0;
    return errors == 0 && lost == 0 && notInRedis == 0 && asBuilt;
  }

  private static FaultRow result(
      String fault,
      String injected,
      String expected,
      boolean appendOnly,
      FaultWindow.Outcome o,
      StoreLoss loss,
      Restart restart) {
    FaultLoadResult r = o.load();
    Map<String, Long> whileDown = new TreeMap<>();
    r.sent().stream()
        .filter(s -> s.sentMs() >= o.faultStartMs() && s.sentMs() < o.faultEndMs())
        .forEach(s -> whileDown.merge(s.status() == 200 ? s.origin() : "error", 1L, Long::sum));
    return new FaultRow(
        fault,
        injected,
        o.faultSec(),
        r.requests(),
        r.errors(),
        loss.total(),
        o.recoverSec(),
        expected,
        r.summary()
            + String.format(
                Locale.ROOT,
                "; answers to quotes sent while Redis was down %s; of the %d values Redis held"
                    + " before, %d held by the node's entities at the restart (the other %d only by"
                    + " Redis); right after the restart Redis lacked %d of them; %d of those in"
                    + " Redis again by the row's end; %s",
                whileDown,
                restart.stored(),
                restart.held(),
                restart.stored() - restart.held(),
                restart.lostAtRestart().size(),
                restart.writtenBack(),
                loss),
        holds(
            appendOnly,
            r.errors(),
            restart.lostAtRestart().size(),
            loss.total(),
            loss.notInRedis()));
  }
}
