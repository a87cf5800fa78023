package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import solventa.ops.lab.NodeGroup;

/**
 * The lab's Redis restarted under load: a real stop (SIGTERM) and start of the same server on the
 * same port and data directory, once with the append-only file on ({@code appendonly yes}, {@code
 * appendfsync everysec}, as the docker compose deployment runs it) and once without persistence
 * (the lab's default). The row counts the values Redis lost at the restart (read before the nodes
 * can reach it again: Toxiproxy's proxy stays disabled until then), what the node answered while
 * Redis was down, which lost values the node wrote back by the row's end, and, of the rest, which
 * it still answers from memory ({@link HeldValues}). "No value lost in Redis" is expected only with
 * persistence; without, the row shows the loss.
 */
final class RedisRestart {
  static final int DOWN_SEC = 5;

  private RedisRestart() {}

  static String fault(boolean appendOnly) {
    return appendOnly ? "Redis restarted, append-only file on" : "Redis restarted, no persistence";
  }

  static String expected(boolean appendOnly) {
    String always =
        "every answer a 200 (from memory or DEFAULT while Redis is down); every value the node had"
            + " back in Redis or answered from its memory (a quote with the provider down) "
            + StoreFaults.SETTLE_SEC
            + " s after the row, so none lost";
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
        StoreLoss loss =
            StoreLoss.settle(
                after,
                before,
                o.load(),
                fresh,
                StoreFaults.SETTLE_SEC,
                StoreFaults.probe(ctx, node));
        SortedSet<String> lostAtRestart =
            HeldValues.judge(before, atRestart, Map.of()).notInRedis();
        Map<String, Instant> lostOnes = new TreeMap<>(before);
        lostOnes.keySet().retainAll(lostAtRestart);
        Map<String, Instant> end = after.read(List.copyOf(lostAtRestart));
        long writtenBack =
            lostAtRestart.size() - HeldValues.judge(lostOnes, end, Map.of()).notInRedis().size();
        return result(fault, injected, expected, appendOnly, o, loss, lostAtRestart, writtenBack);
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
   * Holds with no error and no value lost from Redis and memory both; with the append-only file on,
   * Redis lacks none of its values right after the restart; without, it lacks some (the loss the
   * row is there to show: none means the restart did not empty Redis as built).
   */
  static boolean holds(boolean appendOnly, long errors, int lostAtRestart, long lost) {
    boolean asBuilt = appendOnly ? lostAtRestart == 0 : lostAtRestart > 0;
    return errors == 0 && lost == 0 && asBuilt;
  }

  private static FaultRow result(
      String fault,
      String injected,
      String expected,
      boolean appendOnly,
      FaultWindow.Outcome o,
      StoreLoss loss,
      SortedSet<String> lostAtRestart,
      long writtenBack) {
    FaultLoad.Result r = o.load();
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
                "; answers to quotes sent while Redis was down %s; right after the restart Redis"
                    + " lacked %d of the %d values it held before; %d of those written back by the"
                    + " node by the row's end; %s",
                whileDown,
                lostAtRestart.size(),
                loss.before(),
                writtenBack,
                loss),
        holds(appendOnly, r.errors(), lostAtRestart.size(), loss.total()));
  }
}
