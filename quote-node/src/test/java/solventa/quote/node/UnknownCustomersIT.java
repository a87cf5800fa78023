package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.vocabulary.Arm;

/**
 * No client can fill the node with unknown customers: the provider's "unknown customer" is
 * remembered by the customer's entity for {@code quote.unknown-customers.ttl} (repeated quotes do
 * not call the provider again, and are counted as {@code refusedFromMemory}), and that entity
 * passivates after {@code quote.unknown-customers.idle-timeout} while a known customer's keeps
 * sharding's default. Real node (arm C), real adapter, Redis, PostgreSQL, Toxiproxy and the double.
 */
class UnknownCustomersIT {
  static final Duration TTL = Duration.ofSeconds(4);
  static final Duration IDLE = Duration.ofSeconds(2);
  static final String KNOWN = "c00000005";

  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    Map<String, Object> o = lab.overrides(Arm.C, lab.proxy("unknown"), "unknown:");
    o.put("quote.unknown-customers.ttl", TTL.toMillis() + "ms");
    o.put("quote.unknown-customers.idle-timeout", IDLE.toMillis() + "ms");
    // a business answer within the budget is under test, not the budget on a busy machine
    o.put("quote.budget", "1400ms");
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    QuoteArmsIT.warmUp(node);
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  private static long unknownCalls() {
    return node.provider().snapshot().outcomes().getOrDefault("UNKNOWN_CUSTOMER", 0L);
  }

  private static void assertUnknown(NodeTestBed.Answer r) {
    assertThat(r.status()).as(r.body()).isEqualTo(404);
    assertThat(r.contentType()).startsWith("application/problem+json");
    assertThat(r.json().path("type").asText()).endsWith("/unknown-customer");
    assertThat(r.json().path("field").asText()).isEqualTo("customerId");
  }

  /**
   * Ten quotes for one unknown id within the TTL: one provider call, the same 404 each time, nine
   * counted as answered from memory. Quoting on once a second (under the idle time, so the entity
   * stays), the first quote after the TTL calls the provider a second time, and only that one.
   */
  @Test
  void repeatedQuotesForAnUnknownCustomerCallTheProviderOncePerTtl() throws Exception {
    String id = "c99100001";
    long callsBefore = unknownCalls();
    long fromMemoryBefore = NodeTestBed.stats(node).path("refusedFromMemory").asLong();
    long refusedBefore = node.stats().refusedCount();

    long t0 = System.nanoTime();
    for (int i = 0; i < 10; i++) {
      assertUnknown(NodeTestBed.quote(node, id));
    }
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertThat(tookMs).as("the ten quotes fit the TTL").isLessThan(TTL.toMillis());
    assertThat(unknownCalls() - callsBefore).as("provider calls within the TTL").isEqualTo(1);
    JsonNode stats = NodeTestBed.stats(node);
    assertThat(stats.path("refusedFromMemory").asLong() - fromMemoryBefore).isEqualTo(9);
    assertThat(node.stats().refusedCount() - refusedBefore)
        .as("every one still a refusal, not an error")
        .isEqualTo(10);

    // once a second for TTL + 1.5 s: the memory ends once in that time, and the provider is asked
    int rounds = (int) (TTL.toMillis() / 1000) + 2;
    for (int i = 0; i < rounds; i++) {
      Thread.sleep(1000);
      assertUnknown(NodeTestBed.quote(node, id));
    }
    assertThat(unknownCalls() - callsBefore).as("provider calls after the TTL").isEqualTo(2);
    assertThat(NodeTestBed.stats(node).path("refusedFromMemory").asLong() - fromMemoryBefore)
        .isEqualTo(9 + rounds - 1);
    AdapterSnapshot s = node.provider().snapshot();
    assertThat(s.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(s.transitions()).as("no breaker event").isEmpty();
    System.out.println(
        "FIGURE unknown-customer memory: 10 quotes in "
            + tookMs
            + " ms made 1 provider call; "
            + rounds
            + " more, one a second, made 1 more after the "
            + TTL.toMillis()
            + " ms TTL");
  }

  /**
   * An unknown customer's entity is gone after the short idle time; a known customer's, quoted at
   * the same moment, stays (sharding's default idle timeout, 120 s).
   */
  @Test
  void anUnknownCustomersEntityPassivatesAfterTheShortIdleTimeAndAKnownOneStays() {
    String id = "c99100002";
    NodeTestBed.Answer known = NodeTestBed.quote(node, KNOWN);
    assertThat(known.status()).as(known.body()).isEqualTo(200);
    assertUnknown(NodeTestBed.quote(node, id));
    long t0 = System.nanoTime();
    assertThat(entities()).contains(KNOWN, id);

    boolean gone =
        NodeTestBed.eventually(60, Duration.ofMillis(200), () -> !entities().contains(id));
    long goneMs = (System.nanoTime() - t0) / 1_000_000;
    assertThat(gone).as("the unknown customer's entity passivated").isTrue();
    assertThat(goneMs)
        .as("after about the idle time (%d ms), not before", IDLE.toMillis())
        .isBetween(IDLE.toMillis() - 500, IDLE.toMillis() + 5_000);
    assertThat(entities()).as("the known customer's entity stays").contains(KNOWN);
    System.out.println(
        "FIGURE unknown-customer entity gone "
            + goneMs
            + " ms after its quote (idle timeout "
            + IDLE.toMillis()
            + " ms); the known one still up");
  }

  /** The customer ids of the entities this node hosts (in clear: the runner's token). */
  private static Set<String> entities() {
    JsonNode body = NodeTestBed.getAdmin(node.managementPort(), "/quote/entities").json();
    assertThat(body.path("ids").asText()).isEqualTo("customerId");
    Set<String> ids = new TreeSet<>();
    List<JsonNode> shards = new ArrayList<>();
    body.path("shards").forEach(shards::add);
    for (JsonNode shard : shards) {
      shard.path("entities").forEach(e -> ids.add(e.asText()));
    }
    return ids;
  }
}
