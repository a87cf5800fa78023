package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * The known trap, at the node: an arm-A node whose adapter pool (2 connections, Pekko HTTP's host
 * pool on Pekko's TCP) talks to a provider that stops answering. With the provider unresponsive
 * (Toxiproxy), every quote ends at the 700 ms hard timeout and at most 2 calls are on the wire;
 * once the fault clears the idle timeout has closed those connections, the pool's in-flight count
 * is back to 0 and quotes succeed well under the timeout instead of queueing behind stuck slots.
 */
class ProviderConnectionsIT {
  private static final int POOL = 2;

  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode node;

  @BeforeAll
  static void start() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("ofb-conn");
    Map<String, Object> o = lab.overrides(Arm.A, proxy, "ofp-conn:");
    o.put("of-adapter.providers.ofb.pool.max-connections", POOL);
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    for (int i = 0; i < 10; i++) {
      NodeTestBed.quote(node, String.format("c0007%04d", i)); // class loading, JIT, connections
    }
  }

  @AfterAll
  static void stop() {
    NodeTestBed.closeAll(node, lab);
  }

  @Test
  void unansweredCallsGiveTheirConnectionsBack() {
    long before = node.provider().providerCalls();
    NodeTestBed.unresponsive(proxy);
    List<CompletableFuture<NodeTestBed.Answer>> stuck = new ArrayList<>();
    try {
      for (int i = 0; i < 2 * POOL; i++) {
        stuck.add(NodeTestBed.quoteAsync(node, String.format("c0007%04d", 200 + i)));
      }
      for (CompletableFuture<NodeTestBed.Answer> f : stuck) {
        NodeTestBed.Answer r = f.join();
        assertThat(r.status()).as(r.body()).isEqualTo(504);
        assertThat(r.elapsedMs()).isBetween(600L, 3000L);
      }
      // the pool's connections filled and never more: a queued call may still get a slot that
      // its idle timeout freed before that call's own deadline (the quotes did not all arrive at
      // the same instant), never a slot beyond the pool
      assertThat(node.provider().snapshot().maxInFlight()).isEqualTo(POOL);
      assertThat(node.provider().providerCalls() - before).isBetween((long) POOL, 2L * POOL);
    } finally {
      NodeTestBed.healthy(proxy);
    }
    assertThat(
            NodeTestBed.eventually(
                40,
                Duration.ofMillis(100),
                () -> NodeTestBed.stats(node).path("adapter").path("inFlight").asLong() == 0))
        .as("the pool gives the unanswered calls' slots back")
        .isTrue();
    List<CompletableFuture<NodeTestBed.Answer>> after = new ArrayList<>();
    for (int i = 0; i < POOL; i++) {
      after.add(NodeTestBed.quoteAsync(node, String.format("c0007%04d", 300 + i)));
    }
    for (CompletableFuture<NodeTestBed.Answer> f : after) {
      NodeTestBed.Answer r = f.join();
      assertThat(r.status()).as(r.body()).isEqualTo(200);
      assertThat(r.elapsedMs()).as("no wait behind a stuck slot").isLessThan(600L);
    }
  }
}
