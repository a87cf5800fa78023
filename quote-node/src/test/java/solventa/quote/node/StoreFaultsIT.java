package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.FreePort;
import solventa.lab.ToxiproxyServer;
import solventa.vocabulary.Arm;

/**
 * Faults of the node's own stores, each through a Toxiproxy proxy in front of the real server:
 * Redis absent at start, slow, or down mid-run (arm C answers; every value reaches Redis once it is
 * back), Redis down while an entity recovers (its value is served once Redis is back), PostgreSQL
 * down at start (a refusal naming it) or after start (no effect); and the graceful stop: quotes in
 * flight are answered, and a value Redis had not taken is written before the node leaves. Figures
 * go to docs/reliability.md; each test prints its own on stdout ({@code FIGURE ...}).
 */
class StoreFaultsIT {
  static NodeTestBed lab;
  static Proxy redisProxy;
  static Proxy pgProxy;
  static Proxy ofbProxy;
  static QuoteNode node;
  static RedisClient direct;
  static StatefulRedisConnection<String, String> redis;

  @BeforeAll
  static void startAll() throws Exception {
    lab = NodeTestBed.start();
    redisProxy = lab.toxiproxy.createProxy("store-redis", lab.redis.port());
    pgProxy = lab.toxiproxy.createProxy("store-pg", lab.postgres.port());
    redisProxy.disable(); // Redis "absent" when the node starts
    ofbProxy = lab.proxy("store-ofb");
    Map<String, Object> o = lab.overrides(Arm.C, ofbProxy, "store:");
    o.put("quote.redis.uri", "redis://127.0.0.1:" + ToxiproxyServer.listenPort(redisProxy));
    o.put("quote.redis.retry-after", "300ms");
    o.put(
        "rating.jdbc-url",
        "jdbc:postgresql://127.0.0.1:" + ToxiproxyServer.listenPort(pgProxy) + "/rating");
    o.put("quote.budget", "300ms"); // a busy shared machine: the faults here are the stores'
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    direct = RedisClient.create(lab.redis.uri());
    redis = direct.connect();
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(redis, direct == null ? null : direct::shutdown, node, lab);
  }

  private static boolean stored(String customer) {
    return redis.sync().get("store:" + customer) != null;
  }

  /** Quotes {@code n} new customers; returns their ids after checking every answer is a 200. */
  private static List<String> quoteNew(String prefix, int n) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String id = prefix + String.format("%03d", i);
      NodeTestBed.Answer a = NodeTestBed.quote(node, id);
      assertThat(a.status()).as(a.body()).isEqualTo(200);
      ids.add(id);
    }
    return ids;
  }

  private static long waitUntilAllStored(List<String> ids) {
    long t0 = System.nanoTime();
    assertThat(
            NodeTestBed.eventually(
                100, Duration.ofMillis(100), () -> ids.stream().allMatch(StoreFaultsIT::stored)))
        .as("every value reaches Redis once it is back")
        .isTrue();
    return (System.nanoTime() - t0) / 1_000_000;
  }

  /** Issue 14: the node refused to start without Redis. It now serves and catches up. */
  @Test
  void startsWithoutRedisServesAndCatchesUpWhenRedisAppears() throws Exception {
    redisProxy.disable();
    List<String> ids = quoteNew("c00061", 20);
    assertThat(ids).noneMatch(StoreFaultsIT::stored);
    assertThat(node.stats().redisErrors()).isPositive();
    redisProxy.enable();
    long ms = waitUntilAllStored(ids);
    System.out.println(
        "FIGURE redis-absent-at-start: 20/20 quotes 200, all 20 stored "
            + ms
            + " ms after Redis appeared");
  }

  @Test
  void redisSlowQuotesStillAnswerAndValuesAreWritten() throws Exception {
    redisProxy.enable();
    redisProxy.toxics().latency("slow-redis", ToxicDirection.DOWNSTREAM, 2_000);
    List<String> ids;
    long worst = 0;
    try {
      ids = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        String id = "c00062" + String.format("%03d", i);
        NodeTestBed.Answer a = NodeTestBed.quote(node, id);
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        worst = Math.max(worst, a.elapsedMs());
        ids.add(id);
      }
      // recovery waits at most quote.redis.timeout (250 ms), then the budget applies
      assertThat(worst).isLessThan(1500);
    } finally {
      redisProxy.toxics().get("slow-redis").remove();
      // observed here: with the toxic removed while responses were held, the link stayed stalled
      // and every later command timed out; cycling the proxy ends that link (Lettuce reconnects)
      redisProxy.disable();
      redisProxy.enable();
    }
    long ms = waitUntilAllStored(ids);
    System.out.println(
        "FIGURE redis-slow-2s: 10/10 quotes 200, slowest "
            + worst
            + " ms, all stored "
            + ms
            + " ms after the toxic went");
  }

  @Test
  void redisDownMidRunQuotesAnswerAndValuesAreWrittenWhenItReturns() throws Exception {
    redisProxy.enable();
    assertThat(NodeTestBed.quote(node, "c00063999").status()).isEqualTo(200);
    redisProxy.disable();
    List<String> ids;
    try {
      ids = quoteNew("c00063", 10);
    } finally {
      redisProxy.enable();
    }
    long ms = waitUntilAllStored(ids);
    System.out.println(
        "FIGURE redis-down-mid-run: 10/10 quotes 200, all stored "
            + ms
            + " ms after Redis returned");
  }

  /**
   * Redis restarts without persistence and comes back empty: every value the node's entities hold
   * is written again by the entities themselves, with no quote sent in between.
   */
  @Test
  void aRedisRestartedEmptyGetsEveryHeldValueWrittenAgain() throws Exception {
    redisProxy.enable();
    List<String> ids = quoteNew("c00069", 20);
    waitUntilAllStored(ids);
    redisProxy.disable(); // the node reaches Redis again only once it has restarted, empty
    try {
      lab.redis.stop();
      lab.redis.startAgain(false);
      assertThat(ids).as("the restart emptied Redis").noneMatch(StoreFaultsIT::stored);
    } finally {
      redisProxy.enable();
    }
    long ms = waitUntilAllStored(ids);
    System.out.println(
        "FIGURE redis-restarted-empty: all 20 held values written again "
            + ms
            + " ms after Redis was reachable, with no quote in between");
  }

  @Test
  void postgresDownAfterStartHasNoEffectOnQuotes() throws Exception {
    pgProxy.disable();
    try {
      List<String> ids = quoteNew("c00064", 10);
      assertThat(ids).hasSize(10);
    } finally {
      pgProxy.enable();
    }
    System.out.println("FIGURE postgres-down-after-start: 10/10 quotes 200");
  }

  /** A node of arm C on this lab's Redis proxy and its own provider proxy, key prefix "store:". */
  private static QuoteNode nodeOnTheRedisProxy(Proxy provider, Map<String, Object> extra) {
    Map<String, Object> o = lab.overrides(Arm.C, provider, "store:");
    o.put("quote.redis.uri", "redis://127.0.0.1:" + ToxiproxyServer.listenPort(redisProxy));
    o.put("quote.budget", "300ms");
    o.putAll(extra);
    QuoteNode n = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), n::isReady)).isTrue();
    return n;
  }

  /**
   * Issue 29: an entity that starts while Redis is down, with the provider down too, prices
   * DEFAULT; once Redis is back its retried load finds the stored value and it answers STALE.
   */
  @Test
  void anEntityWhoseLoadFailedServesTheStoredValueStaleOnceRedisIsBack() throws Exception {
    redisProxy.enable();
    String customer = "c00065001";
    assertThat(NodeTestBed.quote(node, customer).status()).isEqualTo(200);
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), () -> stored(customer)))
        .isTrue();
    Proxy down = lab.proxy("store-ofb-down");
    down.disable(); // the provider is down for the second node
    redisProxy.disable();
    QuoteNode second = null;
    try {
      second =
          nodeOnTheRedisProxy(
              down,
              Map.of(
                  "quote.redis.retry-after",
                  "200ms",
                  "quote.redis.load-retry-max",
                  "1s",
                  "quote.refresh-after",
                  "1s")); // the stored value is older: a miss, then STALE (not CACHED)
      NodeTestBed.Answer before = NodeTestBed.quote(second, customer);
      assertThat(before.status()).as(before.body()).isEqualTo(200);
      assertThat(before.origin()).isEqualTo("DEFAULT");
      redisProxy.enable();
      QuoteNode n = second;
      long t0 = System.nanoTime();
      assertThat(
              NodeTestBed.eventually(
                  50,
                  Duration.ofMillis(200),
                  () -> "STALE".equals(NodeTestBed.quote(n, customer).origin())))
          .as("STALE once Redis answers the retried load")
          .isTrue();
      System.out.println(
          "FIGURE redis-down-during-recovery: DEFAULT while Redis was down, STALE "
              + (System.nanoTime() - t0) / 1_000_000
              + " ms after it returned");
    } finally {
      redisProxy.enable();
      NodeTestBed.closeAll(second);
    }
  }

  /**
   * Issue 29: a graceful stop writes what Redis had not taken. The value's write failed (Redis
   * down) and its retry is far off; Redis returns and the node stops: the entity writes it on its
   * way out, and a new node with the provider down serves it STALE.
   */
  @Test
  void aValueRedisHadNotTakenIsWrittenOnAGracefulStopAndServedAfterTheRestart() throws Exception {
    redisProxy.enable();
    String customer = "c00066001";
    Proxy healthy = lab.proxy("store-ofb-restart");
    QuoteNode first =
        nodeOnTheRedisProxy(
            healthy,
            // a budget far above a cold node's first provider call: the first quote is FRESH
            Map.of(
                "quote.redis.retry-after",
                "60s",
                "quote.redis.load-retry-max",
                "60s",
                "quote.budget",
                "1s"));
    QuoteNode second = null;
    try {
      redisProxy.disable();
      NodeTestBed.Answer fresh = NodeTestBed.quote(first, customer);
      assertThat(fresh.origin()).as(fresh.body()).isEqualTo("FRESH");
      assertThat(
              NodeTestBed.eventually(
                  50, Duration.ofMillis(100), () -> first.stats().redisErrors() > 0))
          .as("the write failed")
          .isTrue();
      redisProxy.enable();
      assertThat(stored(customer)).isFalse();
      first.close(); // graceful: the entity flushes before the node leaves
      assertThat(stored(customer)).as("written on the way out").isTrue();
      assertThat(first.stats().unflushedValues()).isZero();

      healthy.disable(); // the restarted node cannot reach the provider
      // the value is seconds old by now: with refresh-after 1 s a miss, then STALE (not CACHED)
      second = nodeOnTheRedisProxy(healthy, Map.of("quote.refresh-after", "1s"));
      NodeTestBed.Answer after = NodeTestBed.quote(second, customer);
      assertThat(after.status()).as(after.body()).isEqualTo(200);
      assertThat(after.origin()).isEqualTo("STALE");
      System.out.println(
          "FIGURE graceful-restart: a value Redis had not taken was written at the stop and"
              + " served STALE after it");
    } finally {
      redisProxy.enable();
      healthy.enable();
      NodeTestBed.closeAll(first, second);
    }
  }

  /**
   * Issue 29: a graceful stop answers the quote in flight (no EOF) within the drain deadline, and
   * refuses new connections.
   */
  @Test
  void aGracefulStopAnswersTheQuoteInFlightAndThenRefusesConnections() throws Exception {
    redisProxy.enable();
    Proxy slow = lab.proxy("store-ofb-drain");
    QuoteNode n = nodeOnTheRedisProxy(slow, Map.of("quote.budget", "1s"));
    try {
      NodeTestBed.latency(slow, 600); // a miss waits 600 ms for the provider
      var inFlight = NodeTestBed.quoteAsync(n, "c00067001");
      Thread.sleep(200); // test pacing: the quote is in flight
      long t0 = System.nanoTime();
      n.close();
      long stopMs = (System.nanoTime() - t0) / 1_000_000;
      NodeTestBed.Answer a = inFlight.get(5, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(a.status()).as(a.body()).isEqualTo(200);
      assertThat(a.origin()).isEqualTo("FRESH");
      Throwable refused =
          catchThrowable(
              () -> new java.net.Socket("127.0.0.1", n.httpPort()).close()); // nothing listens
      assertThat(refused).isInstanceOf(java.net.ConnectException.class);
      System.out.println(
          "FIGURE graceful-stop: the quote in flight answered 200 FRESH; stop took "
              + stopMs
              + " ms");
    } finally {
      NodeTestBed.healthy(slow);
      NodeTestBed.closeAll(n);
    }
  }

  /** PostgreSQL unreachable at start: a refusal that names the setting, after bounded attempts. */
  @Test
  void postgresDownAtStartIsAClearRefusalNamingIt() {
    Map<String, Object> o = lab.overrides(Arm.C, lab.proxy("store-ofb-2"), "store2:");
    String url = "jdbc:postgresql://127.0.0.1:" + FreePort.find() + "/rating";
    o.put("rating.jdbc-url", url);
    o.put("rating.connect-attempts", 2);
    long t0 = System.nanoTime();
    Throwable t = catchThrowable(() -> NodeTestBed.node(o, Clock.systemUTC()).close());
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(t).isNotNull();
    assertThat(t.getMessage()).contains("rating.jdbc-url").contains(url);
    System.out.println(
        "FIGURE postgres-down-at-start: refused in " + ms + " ms: " + t.getMessage());
  }
}
