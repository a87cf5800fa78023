package solventa.ops.faults;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * Redis's and PostgreSQL's faults under load, on one node of arm C' whose Redis and PostgreSQL sit
 * behind Toxiproxy. Each row quotes {@value #KNOWN} customers whose values Redis holds and {@value
 * #NEW} the node has never seen (their first answers are written to Redis during the fault), so a
 * row sees both kinds of loss: a value present before and missing after, and a value the provider
 * gave during the fault that never reached Redis ({@value #SETTLE_SEC} s after the fault's end, the
 * node's write retries included).
 */
final class StoreFaults implements FaultScenario {
  static final int RATE = 100;
  static final int KNOWN = 300;
  static final int NEW = 200;
  static final int BEFORE_SEC = 5;
  static final int FAULT_SEC = 15;
  static final int AFTER_SEC = 10;
  static final int SETTLE_SEC = 15;
  static final long REDIS_LATENCY_MS = 2000;
  static final int RECOVERING_RATE = 50;
  static final int RECOVERING_AFTER_SEC = 20;

  /** quote.redis.load-retry-max (10 s) and a second: by then every entity's retry has run. */
  static final int RETRY_BOUND_SEC = 11;

  @Override
  public String name() {
    return "store";
  }

  @Override
  public List<FaultRow> run(FaultContext ctx) throws Exception {
    NodeGroup node = ctx.freshNodes(BenchArm.C_PRIME, 1);
    List<String> known = FaultContext.customers(1_000, KNOWN);
    ctx.say("store: %d of %d customers' values stored", ctx.seedValues(node.first(), known), KNOWN);
    List<FaultRow> rows = new ArrayList<>();
    rows.add(
        underLoad(
            ctx,
            node,
            known,
            1,
            "Redis down",
            "Toxiproxy's proxy in front of Redis disabled (connections refused and cut)",
            () -> ctx.lab().redisProxy().disable(),
            () -> ctx.lab().redisProxy().enable()));
    rows.add(
        underLoad(
            ctx,
            node,
            known,
            2,
            "Redis slow",
            "a "
                + REDIS_LATENCY_MS
                + " ms latency toxic on Redis's answers (quote.redis.timeout is 250 ms)",
            () ->
                ctx.lab()
                    .redisProxy()
                    .toxics()
                    .latency("slow", ToxicDirection.DOWNSTREAM, REDIS_LATENCY_MS),
            () -> ctx.lab().redisProxy().toxics().get("slow").remove()));
    rows.add(RedisEviction.row(ctx, node, known, fresh(3)));
    rows.add(downWhileRecovering(ctx, node));
    rows.add(
        underLoad(
            ctx,
            node,
            known,
            5,
            "PostgreSQL down after start",
            "Toxiproxy's proxy in front of PostgreSQL disabled",
            () -> ctx.lab().postgresProxy().disable(),
            () -> ctx.lab().postgresProxy().enable()));
    // the append-only restart first: it keeps Redis's values, so the next row starts with them all
    rows.add(RedisRestart.row(ctx, node, known, fresh(8), true));
    rows.add(RedisRestart.row(ctx, node, known, fresh(7), false));
    rows.add(PostgresAtStart.row(ctx));
    return rows;
  }

  /**
   * A store row under load holds with no error, every value the node had in Redis once settled, and
   * none lost from Redis and memory both.
   */
  static boolean holds(long errors, long notInRedis, long lost) {
    return errors == 0 && notInRedis == 0 && lost == 0;
  }

  /**
   * How entities recovered once Redis was back.
   *
   * @param lateDefaults DEFAULT answers to quotes sent more than {@link #RETRY_BOUND_SEC} s after
   *     Redis returned: an entity that had not found its value by then
   * @param lastDefaultSec from Redis's return to the last DEFAULT answer, s
   * @param answeredStored customers answered with a value after that bound
   */
  record Recovery(long lateDefaults, double lastDefaultSec, int answeredStored) {
    static Recovery of(FaultWindow.Outcome o) {
      FaultLoadResult r = o.load();
      long bound = o.faultEndMs() + RETRY_BOUND_SEC * 1000L;
      long late = r.count(s -> s.origin().equals("DEFAULT") && s.sentMs() >= bound);
      long lastDefaultMs =
          r.sent().stream()
              .filter(s -> s.origin().equals("DEFAULT") && s.sentMs() >= o.faultEndMs())
              .mapToLong(FaultLoad.Sent::answeredMs)
              .max()
              .orElse(o.faultEndMs());
      Set<String> stored = new TreeSet<>();
      r.sent().stream()
          .filter(s -> s.sentMs() >= bound && !s.origin().equals("DEFAULT") && s.status() == 200)
          .forEach(s -> stored.add(s.customer()));
      return new Recovery(late, (lastDefaultMs - o.faultEndMs()) / 1000.0, stored.size());
    }
  }

  /**
   * Where each of the values the node {@code had} is now: Redis read once, the ones it lacks asked
   * of the node's memory.
   */
  static HeldValues held(LostValues store, Map<String, Instant> had, StoreLoss.Probe probe)
      throws Exception {
    List<String> ids = List.copyOf(had.keySet());
    Map<String, Instant> inRedis = store.read(ids);
    Map<String, String> probed = probe.ask(HeldValues.judge(had, inRedis, Map.of()).notInRedis());
    return HeldValues.judge(had, store.read(ids), probed);
  }

  /** Asks the row's node which values it still answers from memory ({@link MemoryProbe}). */
  static StoreLoss.Probe probe(FaultContext ctx, NodeGroup node) {
    return new StoreLoss.Probe() {
      @Override
      public Map<String, String> ask(Collection<String> customers) throws Exception {
        return MemoryProbe.ask(ctx, node.first(), customers);
      }

      @Override
      public long unflushed() {
        try {
          return node.first().snapshot().unflushed();
        } catch (IOException e) {
          return -1;
        }
      }
    };
  }

  // the row's never-seen customers, apart from every other row's
  static List<String> fresh(int row) {
    return FaultContext.customers(10_000 + row * 1_000, NEW);
  }

  private static FaultRow underLoad(
      FaultContext ctx,
      NodeGroup node,
      List<String> known,
      int row,
      String fault,
      String how,
      FaultWindow.Action inject,
      FaultWindow.Action remove) {
    String injected =
        how
            + ", "
            + FAULT_SEC
            + " s under "
            + RATE
            + " req/s of arm C' ("
            + KNOWN
            + " known and "
            + NEW
            + " new customers)";
    String expected =
        "every answer a 200; every value the node had (in Redis before, or given by the provider"
            + " during the fault) in Redis, none older, within "
            + SETTLE_SEC
            + " s of the fault's end; so none lost (lost: neither in Redis nor answered from memory"
            + " by a quote with the provider down)";
    try (LostValues store = ctx.store()) {
      ctx.clear();
      List<String> mix = new ArrayList<>(known);
      mix.addAll(fresh(row));
      Map<String, Instant> before = store.read(mix);
      FaultWindow.Outcome o =
          FaultWindow.run(
              node::baseUrls,
              mix,
              RATE,
              BEFORE_SEC,
              FAULT_SEC,
              AFTER_SEC,
              ctx.seed(),
              inject,
              remove);
      StoreLoss loss =
          StoreLoss.settle(store, before, o.load(), fresh(row), SETTLE_SEC, probe(ctx, node));
      FaultLoadResult r = o.load();
      return new FaultRow(
          fault,
          injected,
          o.faultSec(),
          r.requests(),
          r.errors(),
          loss.total(),
          o.recoverSec(),
          expected,
          r.summary() + "; " + loss,
          holds(r.errors(), loss.notInRedis(), loss.total()));
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  /**
   * Redis down while entities recover: {@value #NEW} customers whose values Redis holds and the
   * node has not met are quoted with the provider down and Redis cut, so each new entity's load
   * fails; Redis returns and each entity's retry (backoff from quote.redis.retry-after doubling to
   * quote.redis.load-retry-max) must find the value and answer STALE.
   */
  private static FaultRow downWhileRecovering(FaultContext ctx, NodeGroup node) {
    String fault = "Redis down while entities recover";
    int rate = RECOVERING_RATE;
    int after = RECOVERING_AFTER_SEC;
    String injected =
        String.format(
            Locale.ROOT,
            "provider down; %d customers with a value in Redis, never met by the node, quoted at %d"
                + " req/s while Redis's proxy is disabled for %d s, then %d s with Redis back",
            NEW,
            rate,
            FAULT_SEC,
            after);
    String expected =
        "every answer a 200 (DEFAULT while Redis is down); no DEFAULT answer to a quote sent more"
            + " than "
            + RETRY_BOUND_SEC
            + " s after Redis returns (quote.redis.load-retry-max, 10 s, and a second's margin):"
            + " each entity's retry has found its stored value; no value lost";
    List<String> customers = fresh(4);
    try (LostValues store = ctx.store()) {
      ctx.clear();
      int seeded = ctx.seedValues(node.first(), customers);
      Map<String, Instant> before = store.read(customers);
      ctx.lab().control().apply(ProviderState.DOWN);
      ctx.lab().redisProxy().disable();
      FaultWindow.Outcome o =
          FaultWindow.run(
              node::baseUrls,
              customers,
              rate,
              0,
              FAULT_SEC,
              after,
              ctx.seed(),
              () -> {},
              () -> ctx.lab().redisProxy().enable());
      ctx.lab().control().apply(ProviderState.HEALTHY);
      FaultLoadResult r = o.load();
      Recovery rec = Recovery.of(o);
      long lateDefaults = rec.lateDefaults();
      double lastDefault = rec.lastDefaultSec();
      HeldValues held = held(store, before, probe(ctx, node));
      long lost = held.lost().size();
      return new FaultRow(
          fault,
          injected,
          o.faultSec(),
          r.requests(),
          r.errors(),
          lost,
          lastDefault,
          expected,
          r.summary()
              + String.format(
                  Locale.ROOT,
                  "; %d values seeded; the last DEFAULT answer %.1f s after Redis returned; %d"
                      + " DEFAULT answers to quotes sent more than %d s after it; %d customers"
                      + " answered from their stored value after that; %s",
                  seeded,
                  lastDefault,
                  lateDefaults,
                  RETRY_BOUND_SEC,
                  rec.answeredStored(),
                  held),
          r.errors() == 0 && lateDefaults == 0 && lost == 0);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    } finally {
      try {
        ctx.clear();
      } catch (Exception e) {
        // the next row's clear() tries again
      }
    }
  }
}
