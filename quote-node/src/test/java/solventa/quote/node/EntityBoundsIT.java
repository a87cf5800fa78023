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
 * Issue 14, the bounds behind the edge, on real nodes over loopback: the active-entity limit
 * ({@code quote.entities.max-active}), the entities' bounded mailboxes ({@code
 * quote.entities.mailbox-capacity}) and the edge's request timeout ({@code
 * pekko.http.server.request-timeout}). Each sheds with a fast 503, {@code Retry-After} and a
 * problem body naming the bound, counted in the stats; every request gets an answer.
 */
class EntityBoundsIT {
  static final int MAX_ACTIVE = 3;

  static NodeTestBed lab;
  static QuoteNode limited; // arm C, 3 entities at most, idle entities passivate after 3 s
  static QuoteNode tinyMailbox; // arm C, every entity's mailbox holds one message
  static QuoteNode timing; // arm A, request timeout 400 ms
  static Proxy slowProxy;
  static QuoteNode narrow; // arm A, the adapter's bulkhead: 2 calls on the wire, 2 waiting
  static Proxy narrowProxy;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Map<String, Object> o = lab.overrides(Arm.C, lab.proxy("limited"), "limited:");
    o.put("quote.entities.max-active", MAX_ACTIVE);
    o.put("pekko.cluster.sharding.passivation.default-idle-strategy.idle-entity.timeout", "3s");
    o.put("quote.unknown-customers.idle-timeout", "1s"); // must stay below the default's 3 s
    limited = NodeTestBed.node(o, Clock.systemUTC());
    Map<String, Object> m = lab.overrides(Arm.C, lab.proxy("mailbox"), "mailbox:");
    m.put("quote.entities.mailbox-capacity", 1);
    // on a loaded 2-core machine a shed answer can take over 1.5 s: keep the edge's own timeouts
    // (resolve, request) out of the race, so every answer comes from the entity or the overflow
    m.put("quote.resolve-timeout", "20s");
    m.put("pekko.http.server.request-timeout", "25s");
    m.put("pekko.http.server.idle-timeout", "30s"); // must exceed request + head timeouts
    tinyMailbox = NodeTestBed.node(m, Clock.systemUTC());
    slowProxy = lab.proxy("timing");
    Map<String, Object> t = lab.overrides(Arm.A, slowProxy, "timing:");
    t.put("pekko.http.server.request-timeout", "400ms");
    // the head and body bounds must stay below the request timeout (the node refuses otherwise)
    t.put("quote.http.head-timeout", "350ms");
    t.put("quote.http.body-timeout", "350ms");
    // the adapter and the edge's resolve timeout far beyond it, so that only the edge can answer
    t.put("of-adapter.providers.ofb.timeout", "2500ms");
    t.put("quote.resolve-timeout", "3s");
    timing = NodeTestBed.node(t, Clock.systemUTC());
    narrowProxy = lab.proxy("narrow");
    Map<String, Object> b = lab.overrides(Arm.A, narrowProxy, "narrow:");
    b.put("of-adapter.providers.ofb.pool.max-connections", 2);
    b.put("of-adapter.providers.ofb.pool.max-open-requests", 2);
    b.put("of-adapter.providers.ofb.breaker.consecutive-failures", 1000);
    narrow = NodeTestBed.node(b, Clock.systemUTC());
    for (QuoteNode n : List.of(limited, tinyMailbox, timing, narrow)) {
      assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), n::isReady)).isTrue();
    }
  }

  @AfterAll
  static void stopAll() {
    for (QuoteNode n : new QuoteNode[] {limited, tinyMailbox, timing, narrow}) {
      if (n != null) {
        n.close();
      }
    }
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void beyondTheActiveEntityLimitANewCustomerIsShedFastExistingOnesServeAndPassivationFreesRoom() {
    for (int i = 1; i <= MAX_ACTIVE; i++) {
      assertThat(NodeTestBed.quote(limited, "c0008000" + i).status()).isEqualTo(200);
    }
    assertThat(NodeTestBed.stats(limited).path("activeEntities").asInt()).isEqualTo(MAX_ACTIVE);

    NodeTestBed.Answer refused = NodeTestBed.quote(limited, "c00080009");
    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.retryAfter()).isEqualTo("1");
    assertThat(refused.contentType()).startsWith("application/problem+json");
    assertThat(refused.json().path("title").asText()).isEqualTo("Overloaded");
    assertThat(refused.json().path("detail").asText()).contains("maximum of 3 active customers");
    assertThat(refused.json().path("detail").asText()).doesNotContain("c00080009");
    assertThat(refused.json().path("quoteId").asText()).startsWith("q-");

    long shedBefore = NodeTestBed.stats(limited).path("shed").path("entityLimit").asLong();
    assertThat(shedBefore).isGreaterThan(0);
    NodeTestBed.Answer existing = NodeTestBed.quote(limited, "c00080001");
    assertThat(existing.status()).as("an entity already up keeps serving").isEqualTo(200);
    assertThat(NodeTestBed.stats(limited).path("shed").path("entityLimit").asLong())
        .as("served by its own entity, not refused")
        .isEqualTo(shedBefore);

    // the three idle ones passivate after 3 s; then the newcomer gets its entity
    long t0 = System.nanoTime();
    assertThat(
            NodeTestBed.eventually(
                60,
                Duration.ofMillis(250),
                () -> NodeTestBed.quote(limited, "c00080009").status() == 200))
        .as("passivation frees room")
        .isTrue();
    assertThat(NodeTestBed.stats(limited).path("activeEntities").asInt()).isBetween(1, MAX_ACTIVE);
    System.out.println(
        "FIGURE entity limit: at max-active "
            + MAX_ACTIVE
            + " a new customer answered 503 in "
            + refused.elapsedMs()
            + " ms, an existing one 200 in "
            + existing.elapsedMs()
            + " ms; room again "
            + (System.nanoTime() - t0) / 1_000_000
            + " ms later (idle timeout 3 s)");
  }

  @Test
  void aBurstForOneCustomerBeyondItsMailboxIsAnsweredEveryRequestAndTheShedCounted() {
    NodeTestBed.postAdmin(tinyMailbox.managementPort(), "/quote/stats/reset", "");
    int rounds = 0;
    long shed = 0;
    List<NodeTestBed.Answer> answers = new ArrayList<>();
    // bounded: a few bursts until the mailbox of one (cold) entity overflowed at least once
    while (rounds < 5 && shed == 0) {
      String customer = "c000810" + String.format("%02d", rounds++);
      List<CompletableFuture<NodeTestBed.Answer>> burst = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        burst.add(patientQuote(tinyMailbox, customer));
      }
      List<NodeTestBed.Answer> round = burst.stream().map(CompletableFuture::join).toList();
      answers.addAll(round);
      shed = round.stream().filter(a -> a.status() == 503).count();
    }
    // every request answered by the entity or the overflow's shed, never by a timeout (this node's
    // timeouts are far out of reach, so a lost request would show as a 504 or no answer)
    assertThat(answers)
        .as("every request answered: a quote or a shed")
        .allSatisfy(a -> assertThat(a.status()).isIn(200, 503));
    List<NodeTestBed.Answer> shedAnswers = answers.stream().filter(a -> a.status() == 503).toList();
    assertThat(shedAnswers)
        .allSatisfy(
            a -> {
              assertThat(a.retryAfter()).isEqualTo("1");
              assertThat(a.json().path("detail").asText()).contains("queued");
            });
    assertThat(NodeTestBed.stats(tinyMailbox).path("shed").path("mailboxFull").asLong())
        .as("every shed counted")
        .isEqualTo(shedAnswers.size());
    assertThat(shedAnswers)
        .as("a mailbox of one overflowed in %d bursts of 64", rounds)
        .isNotEmpty();
    assertThat(NodeTestBed.quote(tinyMailbox, "c00081099").status())
        .as("serves after")
        .isEqualTo(200);
    System.out.println(
        "FIGURE mailbox: "
            + answers.size()
            + " quotes in "
            + rounds
            + " burst(s) of 64 for one customer at mailbox-capacity 1: "
            + shedAnswers.size()
            + " x 503 (slowest "
            + shedAnswers.stream().mapToLong(NodeTestBed.Answer::elapsedMs).max().orElse(-1)
            + " ms)");
  }

  @Test
  void aQuoteBeyondTheRequestTimeoutIsAnswered503WithRetryAfterAndAProblem() {
    NodeTestBed.postAdmin(timing.managementPort(), "/quote/stats/reset", "");
    NodeTestBed.latency(slowProxy, 3000);
    NodeTestBed.Answer late;
    try {
      late = NodeTestBed.quote(timing, "c00082001");
    } finally {
      NodeTestBed.healthy(slowProxy);
    }
    assertThat(late.status()).isEqualTo(503);
    assertThat(late.retryAfter()).isEqualTo("1");
    assertThat(late.contentType()).startsWith("application/problem+json");
    assertThat(late.json().path("detail").asText()).contains("request timeout");
    assertThat(late.elapsedMs()).as("the edge answers, not the adapter").isLessThan(2500);
    System.out.println(
        "FIGURE request timeout: provider +3000 ms, request-timeout 400 ms: 503 in "
            + late.elapsedMs()
            + " ms");
    assertThat(NodeTestBed.stats(timing).path("shed").path("requestTimeout").asLong()).isEqualTo(1);
    assertThat(
            NodeTestBed.eventually(
                50,
                Duration.ofMillis(100),
                () -> NodeTestBed.quote(timing, "c00082002").status() == 200))
        .as("answers normally after")
        .isTrue();
  }

  @Test
  void aFullAdapterBulkheadInArmAIsShedWithRetryAfterAndCountedAndTheNodeAnswersAfter() {
    NodeTestBed.postAdmin(narrow.managementPort(), "/quote/stats/reset", "");
    NodeTestBed.latency(narrowProxy, 300);
    List<NodeTestBed.Answer> answers;
    try {
      List<CompletableFuture<NodeTestBed.Answer>> burst = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        burst.add(NodeTestBed.quoteAsync(narrow, String.format("c0008300%d", i % 10)));
      }
      answers = burst.stream().map(CompletableFuture::join).toList();
    } finally {
      NodeTestBed.healthy(narrowProxy);
    }
    List<NodeTestBed.Answer> shed = answers.stream().filter(a -> a.status() == 503).toList();
    assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(200, 503, 504));
    assertThat(shed).as("20 at once against 2 + 2 places").isNotEmpty();
    assertThat(shed)
        .allSatisfy(
            a -> {
              assertThat(a.retryAfter()).isEqualTo("1");
              assertThat(a.json().path("title").asText()).isEqualTo("Overloaded");
              assertThat(a.json().path("detail").asText()).contains("at their bound");
            });
    assertThat(NodeTestBed.stats(narrow).path("shed").path("providerBulkhead").asLong())
        .isEqualTo(shed.size());
    assertThat(
            NodeTestBed.eventually(
                50,
                Duration.ofMillis(100),
                () -> NodeTestBed.quote(narrow, "c00083099").status() == 200))
        .as("answers normally after")
        .isTrue();
  }

  private static final java.net.http.HttpClient PATIENT =
      java.net.http.HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  /**
   * As {@link NodeTestBed#quoteAsync}, with a client timeout far above the node's own bounds (3 s
   * request timeout): 64 connections opened at once on a loaded 2-core machine may take longer than
   * NodeTestBed's 5 s to be served, and what is under test is that the node answers each, not how
   * fast.
   */
  static CompletableFuture<NodeTestBed.Answer> patientQuote(QuoteNode node, String customerId) {
    long start = System.nanoTime();
    return PATIENT
        .sendAsync(
            java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + node.httpPort() + "/v1/quotes"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(
                    java.net.http.HttpRequest.BodyPublishers.ofString(
                        NodeTestBed.quoteBody(customerId)))
                .build(),
            java.net.http.HttpResponse.BodyHandlers.ofString())
        .thenApply(
            r ->
                new NodeTestBed.Answer(
                    r.statusCode(),
                    r.body(),
                    (System.nanoTime() - start) / 1_000_000,
                    r.headers().firstValue("Content-Type").orElse(""),
                    r.headers().firstValue("Retry-After").orElse(null)));
  }
}
