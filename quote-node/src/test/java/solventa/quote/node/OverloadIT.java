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
 * Issue 14, overload at the edge: with the provider slow (250 ms) and arm A holding every quote for
 * its call, a burst of 5x the node's in-flight limit is shed at once with 503 and {@code
 * Retry-After}, the admitted quotes are answered, and the node recovers by itself (no quote left in
 * flight, the next quote answered) as soon as the burst has passed.
 */
class OverloadIT {
  static final int LIMIT = 8;

  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("overload");
    Map<String, Object> o = lab.overrides(Arm.A, proxy, "overload:");
    o.put("quote.http.max-in-flight", LIMIT);
    o.put("of-adapter.providers.ofb.breaker.consecutive-failures", 1000);
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    QuoteArmsIT.warmUp(node);
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  @Test
  void aBurstBeyondTheInFlightLimitIsShedFastAndTheNodeRecoversByItself() {
    NodeTestBed.latency(proxy, 250);
    List<NodeTestBed.Answer> answers = new ArrayList<>();
    long callsBefore = node.provider().providerCalls();
    long t0 = System.nanoTime();
    try {
      List<CompletableFuture<NodeTestBed.Answer>> burst = new ArrayList<>();
      for (int i = 0; i < 5 * LIMIT; i++) {
        burst.add(NodeTestBed.quoteAsync(node, String.format("c0007%04d", i)));
      }
      burst.forEach(f -> answers.add(f.join()));
    } finally {
      NodeTestBed.healthy(proxy);
    }
    long burstMs = (System.nanoTime() - t0) / 1_000_000;
    List<NodeTestBed.Answer> shed = answers.stream().filter(a -> a.status() == 503).toList();
    // admitted quotes end as the slow provider lets them (200, or 504 at the adapter's timeout on
    // a busy machine): their outcome is not under test, their holding a slot is
    List<NodeTestBed.Answer> served = answers.stream().filter(a -> a.status() != 503).toList();
    assertThat(served).allSatisfy(a -> assertThat(a.status()).isIn(200, 504));
    assertThat(served.size()).as("some admitted").isGreaterThan(0);
    assertThat(shed.size()).as("the rest shed").isGreaterThanOrEqualTo(5 * LIMIT - 2 * LIMIT);
    assertThat(shed)
        .allSatisfy(
            a -> {
              assertThat(a.json().path("title").asText()).isEqualTo("Overloaded");
              assertThat(a.retryAfter()).isEqualTo("1");
              assertThat(a.json().path("detail").asText()).contains("in flight");
            });
    long slowestShed = shed.stream().mapToLong(NodeTestBed.Answer::elapsedMs).max().orElse(-1);
    long fastestServed = served.stream().mapToLong(NodeTestBed.Answer::elapsedMs).min().orElse(-1);
    // behaviour, not timing (the machine is shared): a shed quote costs no provider call
    assertThat(node.provider().providerCalls() - callsBefore)
        .as("provider calls: only the admitted quotes")
        .isEqualTo(served.size());
    long t1 = System.nanoTime();
    assertThat(
            NodeTestBed.eventually(
                50,
                Duration.ofMillis(20),
                () -> NodeTestBed.quote(node, "c00000090").status() == 200))
        .as("recovers by itself")
        .isTrue();
    long recoveryMs = (System.nanoTime() - t1) / 1_000_000;
    System.out.println(
        "FIGURE overload: burst of "
            + 5 * LIMIT
            + " at limit "
            + LIMIT
            + " in "
            + burstMs
            + " ms: "
            + served.size()
            + " admitted (fastest "
            + fastestServed
            + " ms), "
            + shed.size()
            + " x 503 (slowest "
            + slowestShed
            + " ms); next quote 200 after "
            + recoveryMs
            + " ms");
  }
}
