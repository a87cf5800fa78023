package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * The start-up warm-up: a node answers its synthetic quotes through its own HTTP API before it
 * returns from start (and so before {@code /ready} says READY), then zeroes its stats; with {@code
 * provider = real} the warm-up reaches the provider through the adapter, with {@code skip} it never
 * calls it. Its miss quotes (decision 0054) take the path of a node that joins with an empty Redis:
 * a new entity, a Redis load that finds nothing, a provider call and a Redis write.
 */
class NodeWarmupIT {
  static NodeTestBed lab;

  @BeforeAll
  static void start() {
    lab = NodeTestBed.start();
  }

  @AfterAll
  static void stop() {
    if (lab != null) {
      lab.close();
    }
  }

  private static Map<String, Object> warm(Arm arm, Proxy proxy, String prefix, String provider) {
    Map<String, Object> o = lab.overrides(arm, proxy, prefix);
    o.put("quote.warmup.quotes", 120);
    o.put("quote.warmup.concurrency", 8);
    o.put("quote.warmup.customers", 30);
    o.put("quote.warmup.provider", provider);
    return o;
  }

  @Test
  void realModeWarmsThroughTheAdapterAndIsReadyWithZeroedStats() {
    try (QuoteNode n =
        NodeTestBed.node(
            warm(Arm.C, lab.proxy("ofb-warm-real"), "ofp-wr:", "real"), Clock.systemUTC())) {
      assertThat(n.warmup().finished()).isTrue();
      assertThat(n.warmup().ok()).isEqualTo(120);
      assertThat(n.provider().providerCalls()).as("provider calls of the warm-up").isPositive();
      assertThat(n.isReady()).isTrue();
      assertThat(NodeTestBed.get(n.httpPort(), "/ready").status()).isEqualTo(200);
      var stats = NodeTestBed.stats(n);
      assertThat(stats.path("latency").path("count").asLong()).isZero();
      assertThat(stats.path("providerCalls").asLong()).isZero();
    }
  }

  @Test
  void skipModeNeverCallsTheProviderAndRealQuotesStillDo() {
    try (QuoteNode n =
        NodeTestBed.node(
            warm(Arm.A, lab.proxy("ofb-warm-skip"), "ofp-ws:", "skip"), Clock.systemUTC())) {
      assertThat(n.warmup().ok()).isEqualTo(120);
      assertThat(n.provider().providerCalls()).as("provider calls of the warm-up").isZero();
      // once warm, even a warm-up customer's quote goes to the provider
      assertThat(NodeTestBed.quote(n, "c00094800").status()).isEqualTo(200);
      assertThat(n.provider().providerCalls()).isEqualTo(1);
    }
  }

  @Test
  void missQuotesTakeTheEmptyRedisPathBeforeReady() throws Exception {
    Map<String, Object> o = warm(Arm.C, lab.proxy("ofb-warm-miss"), "ofp-wm:", "real");
    o.put("quote.warmup.miss-share", 0.25);
    o.put("quote.warmup.miss-customers", 1000);
    o.put("quote.warmup.first-miss-customer", 93000);
    WarmupSettings s = WarmupSettings.fromConfig(NodeTestBed.config(o));
    try (QuoteNode n = NodeTestBed.node(o, Clock.systemUTC())) {
      NodeWarmup.Outcome w = n.warmup();
      assertThat(w.ok()).isEqualTo(120);
      assertThat(w.misses()).as("quotes to customers not quoted before").isEqualTo(30);
      // 30 miss customers and the 30 repeated ones' first quotes: each an entity miss and a call
      assertThat(w.path().cacheMisses()).as("entity misses").isGreaterThanOrEqualTo(60);
      assertThat(w.path().fetches()).as("provider calls started").isGreaterThanOrEqualTo(60);
      assertThat(w.path().fresh() + w.path().dflt())
          .as("answers of the miss path (FRESH, or DEFAULT past the budget)")
          .isGreaterThanOrEqualTo(60);
      assertThat(w.path().cached()).as("the repeated customers' later rounds").isPositive();
      assertThat(n.provider().providerCalls()).isGreaterThanOrEqualTo(60);
      // each miss customer's profile reached Redis, which had none before (a new key prefix)
      for (int i = 0; i < s.quotes(); i++) {
        if (s.isMiss(i)) {
          String id = s.customerId(i);
          assertThat(
                  NodeTestBed.eventually(
                      50,
                      java.time.Duration.ofMillis(100),
                      () -> n.store().load(id).toCompletableFuture().join().isPresent()))
              .as("%s stored in Redis by the warm-up", id)
              .isTrue();
        }
      }
      assertThat(n.stats().cacheMisses()).as("stats zeroed after warm-up").isZero();
    }
  }
}
