package solventa.ops.faults;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

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

  /** Asks the row's node which values it still answers from memory ({@link MemoryProbe}). */
  static StoreLoss.Probe probe(FaultContext ctx, NodeGroup node) {
    return customers -> MemoryProbe.ask(ctx, node.first(), customers);
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
      FaultLoad.Result r = o.load();
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
    int rate = 50;
    int after = 20;
    String injected =
        "provider down; "
            + NEW
            + " customers with a value in Redis, never met by the node, quoted at "
            + rate
            + " req/s while Redis's proxy is disabled for "
            + FAULT_SEC
            + " s, then "
            + after
            + " s with Redis back";
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
      FaultLoad.Result r = o.load();
      // a DEFAULT answer after Redis is back: an entity that has not found its value (yet)
      long bound = o.faultEndMs() + RETRY_BOUND_SEC * 1000L;
      long lateDefaults = r.count(s -> s.origin().equals("DEFAULT") && s.sentMs() >= bound);
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
      double lastDefault = (lastDefaultMs - o.faultEndMs()) / 1000.0;
      Map<String, Instant> inRedis = store.read(customers);
      HeldValues held =
          HeldValues.judge(
              before,
              inRedis,
              probe(ctx, node).ask(HeldValues.judge(before, inRedis, Map.of()).notInRedis()));
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
                  stored.size(),
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
