package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * The two refresh pacings of the node, against the real parts (arm C, the real adapter, Redis,
 * PostgreSQL, Toxiproxy and the provider double): careful recovery's admission of background
 * refreshes ({@code quote.refresh-admission.rate}) and refresh-ahead's early refresh ({@code
 * quote.refresh-ahead.beta}). Each setting has its own node, next to one with it off.
 */
class RefreshPacingIT {
  static final int CUSTOMERS = 30;
  static final double RATE = 5; // refreshes a second on the limited node
  static final Duration AHEAD_REFRESH_AFTER = Duration.ofSeconds(3);

  static NodeTestBed lab;
  static QuoteNode limited;
  static QuoteNode unlimited;
  static QuoteNode ahead;
  static QuoteNode expiryOnly;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Map<String, Object> l = lab.overrides(Arm.C, lab.proxy("admission-on"), "adm-on:");
    l.put("quote.refresh-admission.rate", RATE);
    l.put("quote.refresh-admission.jitter", "500ms");
    limited = NodeTestBed.node(l, Clock.systemUTC());
    unlimited =
        NodeTestBed.node(
            lab.overrides(Arm.C, lab.proxy("admission-off"), "adm-off:"), Clock.systemUTC());
    // a provider 60 ms slow, so the XFetch delta (the last call's duration) is about that
    Proxy slowOn = lab.proxy("ahead-on");
    Proxy slowOff = lab.proxy("ahead-off");
    NodeTestBed.latency(slowOn, 60);
    NodeTestBed.latency(slowOff, 60);
    ahead = NodeTestBed.node(aheadOverrides(slowOn, "ahead-on:", 20), Clock.systemUTC());
    expiryOnly = NodeTestBed.node(aheadOverrides(slowOff, "ahead-off:", 0), Clock.systemUTC());
    for (QuoteNode n : List.of(limited, unlimited, ahead, expiryOnly)) {
      assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), n::isReady)).isTrue();
    }
  }

  private static Map<String, Object> aheadOverrides(Proxy proxy, String prefix, double beta) {
    Map<String, Object> o = lab.overrides(Arm.C, proxy, prefix);
    o.put("quote.refresh-after", AHEAD_REFRESH_AFTER.toMillis() + "ms");
    o.put("quote.refresh-ahead.beta", beta);
    // the early call is under test, not the budget on a busy machine
    o.put("quote.budget", "1000ms");
    return o;
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(limited, unlimited, ahead, expiryOnly, lab);
  }

  /**
   * A recovery backlog: every customer holds a value two minutes old (past refresh-after) and all
   * are quoted at once. Under the limit, the provider is called at most ceil(rate x window) + 1
   * times, every other quote is answered STALE at once (counted as refreshDeferred), and quoting
   * on, every customer's value is refreshed within a few seconds. With the limit off, the same
   * burst calls the provider once per customer.
   */
  @Test
  void aBacklogOfExpiredValuesIsRefreshedAtTheAdmissionRate() throws Exception {
    List<String> ids = customers(70_000);
    seedExpired(limited, ids);
    long callsBefore = limited.provider().providerCalls();
    long deferredBefore = NodeTestBed.stats(limited).path("refreshDeferred").asLong();

    long t0 = System.nanoTime();
    Map<String, Integer> origins = burst(limited, ids);
    double windowS = (System.nanoTime() - t0) / 1e9;
    long calls = settledCalls(limited) - callsBefore;
    long deferred = NodeTestBed.stats(limited).path("refreshDeferred").asLong() - deferredBefore;
    // one permit for the limiter's cycle at the start, one more at each cycle boundary crossed
    long bound = (long) Math.ceil(RATE * windowS) + 1;
    assertThat(calls).as("calls within %.2f s at %s/s", windowS, RATE).isLessThanOrEqualTo(bound);
    assertThat(deferred).as("every quote not called was deferred").isEqualTo(CUSTOMERS - calls);
    assertThat(origins.getOrDefault("STALE", 0))
        .as("the deferred quotes were answered STALE: %s", origins)
        .isGreaterThanOrEqualTo((int) deferred);

    long t1 = System.nanoTime();
    int rounds = refreshEveryone(limited, ids);
    double drainS = (System.nanoTime() - t1) / 1e9;
    long allCalls = settledCalls(limited) - callsBefore;
    assertThat(allCalls)
        .as("calls over the whole %.2f s", windowS + drainS)
        .isLessThanOrEqualTo((long) Math.floor(RATE * (windowS + drainS + 1)) + 1);

    List<String> others = customers(71_000);
    seedExpired(unlimited, others);
    long unlimitedBefore = unlimited.provider().providerCalls();
    long unlimitedDeferredBefore = NodeTestBed.stats(unlimited).path("refreshDeferred").asLong();
    Map<String, Integer> unlimitedOrigins = burst(unlimited, others);
    assertThat(settledCalls(unlimited) - unlimitedBefore)
        .as("without a limit every expired value is refreshed at once: %s", unlimitedOrigins)
        .isEqualTo(CUSTOMERS);
    assertThat(NodeTestBed.stats(unlimited).path("refreshDeferred").asLong())
        .isEqualTo(unlimitedDeferredBefore);
    System.out.printf(
        "FIGURE refresh admission at %.0f/s: %d expired customers quoted at once in %.2f s made %d"
            + " provider calls (bound %d), %d deferred STALE %s; all refreshed after %d more rounds"
            + " in %.2f s with %d calls in all; without the limit the same burst made %d calls%n",
        RATE, CUSTOMERS, windowS, calls, bound, deferred, origins, rounds, drainS, allCalls,
        CUSTOMERS);
  }

  /**
   * Refresh-ahead: one customer quoted every 100 ms for three refresh intervals (3 s each) is never
   * a cache miss after its first quote: early refreshes, counted as refreshAhead, renew its value
   * before it expires. On the node with beta 0 the same quotes miss once per interval.
   */
  @Test
  void aCustomerQuotedSteadilyIsRefreshedBeforeItsValueExpires() throws Exception {
    String id = "c00072001";
    long missesBefore = NodeTestBed.stats(ahead).path("cacheMisses").asLong();
    long offMissesBefore = NodeTestBed.stats(expiryOnly).path("cacheMisses").asLong();
    Map<String, Integer> originsOn = new HashMap<>();
    Map<String, Integer> originsOff = new HashMap<>();
    long end = System.nanoTime() + AHEAD_REFRESH_AFTER.multipliedBy(3).toNanos();
    int quotes = 0;
    while (System.nanoTime() < end && quotes < 200) {
      count(originsOn, NodeTestBed.quote(ahead, id));
      count(originsOff, NodeTestBed.quote(expiryOnly, id));
      quotes++;
      Thread.sleep(100);
    }
    long misses = NodeTestBed.stats(ahead).path("cacheMisses").asLong() - missesBefore;
    long early = NodeTestBed.stats(ahead).path("refreshAhead").asLong();
    long offMisses = NodeTestBed.stats(expiryOnly).path("cacheMisses").asLong() - offMissesBefore;
    assertThat(misses).as("only the first quote missed: %s", originsOn).isEqualTo(1);
    assertThat(originsOn.get("CACHED")).isEqualTo(quotes - 1);
    assertThat(early).as("early refreshes in three intervals").isGreaterThanOrEqualTo(2);
    assertThat(offMisses).as("beta 0 misses once per interval: %s", originsOff).isGreaterThan(1);
    assertThat(NodeTestBed.stats(expiryOnly).path("refreshAhead").asLong()).isZero();
    System.out.printf(
        "FIGURE refresh-ahead beta 20: %d quotes over %d s, %d miss, %d early refreshes %s; beta 0:"
            + " %d misses %s%n",
        quotes,
        AHEAD_REFRESH_AFTER.multipliedBy(3).toSeconds(),
        misses,
        early,
        originsOn,
        offMisses,
        originsOff);
  }

  private static List<String> customers(int first) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < CUSTOMERS; i++) {
      ids.add(String.format("c%08d", first + i));
    }
    return ids;
  }

  /** Stores each customer's value in Redis two minutes old, through the node's bench seed. */
  private static void seedExpired(QuoteNode node, List<String> ids) {
    StringBuilder body = new StringBuilder("{\"customers\":[");
    for (int i = 0; i < ids.size(); i++) {
      body.append(i == 0 ? "" : ",")
          .append("{\"id\":\"")
          .append(ids.get(i))
          .append("\",\"ageMs\":120000}");
    }
    NodeTestBed.Answer seeded =
        NodeTestBed.postAdmin(node.managementPort(), "/quote/bench/seed", body + "]}");
    assertThat(seeded.status()).as(seeded.body()).isEqualTo(200);
    assertThat(seeded.json().path("seeded").asInt()).as(seeded.body()).isEqualTo(ids.size());
  }

  /** Quotes every customer at once; the answers' origins, counted. */
  private static Map<String, Integer> burst(QuoteNode node, List<String> ids) {
    List<CompletableFuture<NodeTestBed.Answer>> answers = new ArrayList<>();
    for (String id : ids) {
      answers.add(NodeTestBed.quoteAsync(node, id));
    }
    Map<String, Integer> origins = new HashMap<>();
    for (CompletableFuture<NodeTestBed.Answer> a : answers) {
      count(origins, a.join());
    }
    return origins;
  }

  /**
   * Quotes every customer whose value is not refreshed yet, every 300 ms, until each has been
   * answered CACHED or FRESH (at most 40 rounds); the rounds it took.
   */
  private static int refreshEveryone(QuoteNode node, List<String> ids) throws InterruptedException {
    Set<String> waiting = new LinkedHashSet<>(ids);
    int rounds = 0;
    while (!waiting.isEmpty() && rounds < 40) {
      rounds++;
      for (String id : List.copyOf(waiting)) {
        String origin = NodeTestBed.quote(node, id).origin();
        if (origin.equals("CACHED") || origin.equals("FRESH")) {
          waiting.remove(id);
        }
      }
      Thread.sleep(300);
    }
    assertThat(waiting).as("customers whose value was never refreshed").isEmpty();
    return rounds;
  }

  /** The adapter's call count once no call is in flight any more (bounded wait). */
  private static long settledCalls(QuoteNode node) {
    long[] last = {-1};
    NodeTestBed.eventually(
        20,
        Duration.ofMillis(250),
        () -> {
          long now = node.provider().providerCalls();
          boolean same = now == last[0];
          last[0] = now;
          return same;
        });
    return node.provider().providerCalls();
  }

  private static void count(Map<String, Integer> origins, NodeTestBed.Answer a) {
    assertThat(a.status()).as(a.body()).isEqualTo(200);
    origins.merge(a.origin(), 1, Integer::sum);
  }
}
