package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;
import solventa.vocabulary.ArmTraits;

/**
 * An arm is its traits: an arm the card does not name, defined here and nowhere in the node's code,
 * runs on a real node against the real double. Its traits are a combination no card arm has: a
 * cache that waits on a miss (as B) but coalesces the misses of one customer (as C') and runs with
 * the breaker (as C), so each trait shows on its own.
 */
class TestArmIT {
  static final Arm WAITING_COALESCER = new Arm("T", new ArmTraits(true, false, true, true));

  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode node;

  @BeforeAll
  static void start() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("ofb-test-arm");
    node = NodeTestBed.node(lab.overrides(WAITING_COALESCER, proxy, "ofp-t:"), Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
  }

  @AfterAll
  static void stop() {
    NodeTestBed.closeAll(node, lab);
  }

  @Test
  void theNodeRunsTheArmUnderItsLabelAndCachesWhatItFetched() {
    long before = node.provider().providerCalls();
    NodeTestBed.Answer first = NodeTestBed.quote(node, "c00000001");
    NodeTestBed.Answer second = NodeTestBed.quote(node, "c00000001");
    assertThat(first.status()).as(first.body()).isEqualTo(200);
    assertThat(first.json().path("arm").asText()).isEqualTo("T");
    assertThat(first.origin()).isEqualTo("FRESH");
    assertThat(second.origin()).isEqualTo("CACHED");
    assertThat(node.provider().providerCalls() - before).isEqualTo(1);
    assertThat(NodeTestBed.stats(node).path("arm").asText()).isEqualTo("T");
  }

  @Test
  void concurrentMissesShareOneCallAndEveryOneWaitsForIt() throws Exception {
    int n = 6;
    // longer than C's 120 ms budget (an arm that fell back would answer STALE or DEFAULT), and
    // short enough that the answer, which may cross the toxic in more than one chunk, arrives
    // before the adapter's 700 ms hard timeout
    NodeTestBed.latency(proxy, 200);
    try {
      long calls = node.provider().providerCalls();
      long waiters = node.stats().coalescedWaiters();
      List<CompletableFuture<NodeTestBed.Answer>> all = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        all.add(NodeTestBed.quoteAsync(node, "c00000002"));
      }
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get();
      for (CompletableFuture<NodeTestBed.Answer> f : all) {
        assertThat(f.get().status()).as(f.get().body()).isEqualTo(200);
        assertThat(f.get().origin()).as("waits on a miss, no fallback").isEqualTo("FRESH");
        assertThat(f.get().elapsedMs()).as("waited for the slow call").isGreaterThan(150);
      }
      assertThat(node.provider().providerCalls() - calls).as("one shared call").isEqualTo(1);
      assertThat(node.stats().coalescedWaiters() - waiters).isEqualTo(n - 1);
    } finally {
      NodeTestBed.healthy(proxy);
    }
  }

  @Test
  void itsAdapterRunsWithTheBreaker() {
    assertThat(NodeTestBed.get(node.managementPort(), "/of-adapter/providers/ofb").body())
        .contains("\"count\"");
  }
}
