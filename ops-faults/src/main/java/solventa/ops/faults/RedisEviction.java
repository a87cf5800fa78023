package solventa.ops.faults;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import solventa.ops.lab.NodeGroup;

/**
 * Redis at its memory limit with {@code allkeys-lru}: it evicts stored values to take new ones. The
 * row lists which of its customers' values Redis evicted (Redis's own eviction notifications,
 * {@link EvictionWatch}) and judges where each is once the row has settled: back in Redis (the node
 * wrote it again), still answered from the node's memory, or lost. A loss here is the cache's
 * policy at work, a deliberate wipe: counted and shown, not judged.
 */
final class RedisEviction {
  static final String FAULT = "Redis evicting";

  /**
   * What Redis may still take when the fault starts: small, so that the row's 200 new values (some
   * 36 KB) are certain to push it over however its allocator's figure moves; at 32 KiB one run in a
   * few evicted nothing.
   */
  static final long HEADROOM_BYTES = 4 * 1024;

  static final int USE_SAMPLES = 5;
  static final int USE_SAMPLE_MS = 40;

  private RedisEviction() {}

  static FaultRow row(FaultContext ctx, NodeGroup node, List<String> known, List<String> fresh) {
    String injected =
        "Redis's maxmemory set "
            + HEADROOM_BYTES / 1024
            + " KiB above its use (maxmemory-policy allkeys-lru), "
            + StoreFaults.FAULT_SEC
            + " s under "
            + StoreFaults.RATE
            + " req/s of arm C' with "
            + fresh.size()
            + " new customers among the known; evictions read from Redis's keyspace"
            + " notifications (Ee)";
    String expected =
        "every answer a 200; Redis evicts some of the row's values (none evicted: the fault did"
            + " not happen, the row fails); each evicted value back in Redis, answered from the"
            + " node's memory (a quote with the provider down answers STALE or CACHED), or lost:"
            + " a deliberate wipe by the cache's policy, counted and not judged";
    try (LostValues store = ctx.store();
        EvictionWatch watch = new EvictionWatch(ctx.lab().redisUri())) {
      ctx.clear();
      List<String> mix = new ArrayList<>(known);
      mix.addAll(fresh);
      Map<String, Instant> before = store.read(mix);
      long[] limit = new long[1];
      String maxmemory = store.configGet("maxmemory");
      String policy = store.configGet("maxmemory-policy");
      FaultWindow.Outcome o =
          FaultWindow.run(
              node::baseUrls,
              mix,
              StoreFaults.RATE,
              StoreFaults.BEFORE_SEC,
              StoreFaults.FAULT_SEC,
              StoreFaults.AFTER_SEC,
              ctx.seed(),
              () -> {
                limit[0] = steadyUse(store) + HEADROOM_BYTES;
                store.configSet("maxmemory-policy", "allkeys-lru");
                store.configSet("maxmemory", Long.toString(limit[0]));
              },
              () -> {
                store.configSet("maxmemory", maxmemory);
                store.configSet("maxmemory-policy", policy);
              });
      FaultFigures f = judge(ctx, node, store, watch, before, o);
      FaultLoadResult r = o.load();
      return new FaultRow(
          FAULT,
          injected,
          o.faultSec(),
          r.requests(),
          r.errors(),
          (long) f.held().lost().size(),
          o.recoverSec(),
          expected,
          r.summary()
              + String.format(
                  Locale.ROOT,
                  "; limit %d bytes; Redis evicted %d keys, %d of them the row's values %s;"
                      + " answers to those after the fault's end %s; %s",
                  limit[0],
                  f.keys(),
                  f.evicted().size(),
                  first(f.evicted()),
                  f.answersAfter(),
                  f.held()),
          holds(r.errors(), f.evicted().size()));
    } catch (Exception e) {
      return FaultRow.failed(FAULT, injected, expected, e);
    }
  }

  /**
   * Redis's memory in use without a passing spike: the least of {@value #USE_SAMPLES} readings
   * {@value #USE_SAMPLE_MS} ms apart. A reading taken while a client's buffer is briefly large puts
   * the limit tens of KiB above what the stored values use, and the row's new values then fit under
   * it: with one reading, a CI run evicted nothing.
   */
  static long steadyUse(LostValues store) throws InterruptedException {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < USE_SAMPLES; i++) {
      if (i > 0) {
        Thread.sleep(USE_SAMPLE_MS);
      }
      least = Math.min(least, store.usedMemory());
    }
    return least;
  }

  /**
   * Holds with no error and at least one of the row's values evicted (else the fault did not
   * happen); the evicted values lost are a deliberate wipe, shown and not judged.
   */
  static boolean holds(long errors, int evicted) {
    return errors == 0 && evicted > 0;
  }

  /** What became of the evicted values. */
  record FaultFigures(
      int keys, SortedSet<String> evicted, Map<String, Long> answersAfter, HeldValues held) {}

  private static FaultFigures judge(
      FaultContext ctx,
      NodeGroup node,
      LostValues store,
      EvictionWatch watch,
      Map<String, Instant> before,
      FaultWindow.Outcome o)
      throws Exception {
    SortedSet<String> evicted = watch.customers(LostValues.PREFIX);
    // an evicted value is the one Redis held before, or one written during the row (any will do)
    Map<String, Instant> had = new HashMap<>();
    evicted.forEach(c -> had.put(c, before.getOrDefault(c, Instant.EPOCH)));
    HeldValues held = StoreFaults.held(store, had, StoreFaults.probe(ctx, node));
    Map<String, Long> after = new TreeMap<>();
    o.load().sent().stream()
        .filter(s -> s.sentMs() >= o.faultEndMs() && evicted.contains(s.customer()))
        .forEach(s -> after.merge(s.status() == 200 ? s.origin() : "error", 1L, Long::sum));
    return new FaultFigures(watch.keys(), evicted, after, held);
  }

  private static String first(SortedSet<String> ids) {
    return ids.stream().limit(5).toList() + (ids.size() > 5 ? "…" : "");
  }
}
