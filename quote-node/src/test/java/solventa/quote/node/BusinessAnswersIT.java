package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.server.ProviderDouble;
import solventa.vocabulary.Arm;

/**
 * Regression (issue 14): the provider's 400 for an unknown customer counted as a breaker failure,
 * so a client quoting unknown customers opened the breaker for everyone (a benchmark saw {@code
 * BREAKER_OPEN: 4640}). Business answers now reach the partner as a problem naming the cause (404
 * unknown customer, 422 no consent) in every arm, and the breaker stays CLOSED. Real node, real
 * adapter and a real double (with one customer lacking consent), over loopback.
 */
class BusinessAnswersIT {
  static final String NO_CONSENT = "c00000077";
  static final int QUOTES = 1000;

  /** Quotes in flight at once: enough to be a flood, few enough for a shared 2-core machine. */
  static final int CONCURRENCY = 20;

  static NodeTestBed lab;
  static ProviderDouble provider;
  static QuoteNode a, c;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    provider =
        ProviderDouble.start(
            lab.bench,
            DoubleSettings.defaults(42)
                .withProfile(LatencyProfile.custom(5, 20))
                .withNoConsent(Set.of(NO_CONSENT)));
    a = NodeTestBed.node(overrides(Arm.A, "business-a"), Clock.systemUTC());
    c = NodeTestBed.node(overrides(Arm.C, "business-c"), Clock.systemUTC());
    for (QuoteNode n : List.of(a, c)) {
      assertThat(NodeTestBed.eventually(100, java.time.Duration.ofMillis(100), n::isReady))
          .isTrue();
      QuoteArmsIT.warmUp(n);
    }
  }

  private static Map<String, Object> overrides(Arm arm, String name) {
    Proxy proxy = lab.toxiproxy.createProxy(name, provider.port());
    Map<String, Object> o = lab.overrides(arm, proxy, name + ":");
    // a business answer within the budget is what is under test, not the budget on a busy machine
    o.put("quote.budget", "1400ms");
    return o;
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(a, c, provider, lab);
  }

  /** Ids of the provider's format outside the double's universe. */
  static String unknown(int i) {
    return String.format("c99%06d", i);
  }

  /**
   * Ids that are dot segments, or reserved characters that would change the provider URL's path,
   * raw or percent-encoded, and ids of another format.
   */
  static final List<String> PATH_CHANGING =
      List.of(
          ".",
          "..",
          "%2e%2e",
          "%2E%2E",
          ".%2e",
          "%252e%252e",
          "../c00000001",
          "c00000001/..",
          "c00000001%2f..",
          "c00000001?x=1",
          "c00000001#x",
          "c0000000..",
          "ghost-1");

  /**
   * Regression: eight quotes for customer {@code ".."} opened the breaker for everyone. The id
   * became the provider URL's last segment, Pekko's URI parser collapsed the dot segment, and the
   * provider's bare 404 for that other path counted as a breaker failure; the next legitimate
   * customer was priced on DEFAULT (arm C) or answered 503 (arms A, B). Now every such id is a 400
   * naming customerId, before any resolution: no provider call, the breaker never leaves CLOSED,
   * and the next legitimate quote is FRESH or CACHED.
   */
  @Test
  void pathChangingIdsAreRefusedAndLeaveTheBreakerClosedInEveryArm() {
    for (QuoteNode node : List.of(a, c)) {
      long calls = node.provider().providerCalls();
      for (int round = 0; round < 20; round++) {
        for (String id : PATH_CHANGING) {
          NodeTestBed.Answer r = NodeTestBed.quote(node, id);
          assertThat(r.status()).as(id + ": " + r.body()).isEqualTo(400);
          assertThat(r.contentType()).startsWith("application/problem+json");
          assertThat(r.json().path("field").asText()).as(id).isEqualTo("customerId");
          assertThat(r.json().path("detail").asText()).startsWith("customerId must be");
        }
      }
      AdapterSnapshot s = node.provider().snapshot();
      assertThat(s.state()).isEqualTo(BreakerState.CLOSED);
      assertThat(s.transitions()).as("the breaker never left CLOSED").isEmpty();
      assertThat(node.provider().providerCalls())
          .as("no refused id reached the provider")
          .isEqualTo(calls);
      assertThat(NodeTestBed.quote(node, "..").json().path("detail").asText())
          .as("an id the API's shape admits is held to the provider's format, which it names")
          .contains("c[0-9]{8}");
      NodeTestBed.Answer next = NodeTestBed.quote(node, "c00000006");
      assertThat(next.status()).as(next.body()).isEqualTo(200);
      assertThat(next.origin()).isIn("FRESH", "CACHED");
    }
  }

  @Test
  void aThousandQuotesForUnknownCustomersLeaveTheBreakerClosedInArmA() {
    floodWithUnknownCustomers(a);
  }

  @Test
  void aThousandQuotesForUnknownCustomersLeaveTheBreakerClosedInArmC() {
    floodWithUnknownCustomers(c);
  }

  private static void floodWithUnknownCustomers(QuoteNode node) {
    long unknownBefore = node.provider().snapshot().outcomes().get("UNKNOWN_CUSTOMER");
    long sacrificedBefore = node.stats().sacrificedCount();
    long refusedBefore = node.stats().refusedCount();
    List<NodeTestBed.Answer> answers = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int from = 0; from < QUOTES; from += CONCURRENCY) {
      List<CompletableFuture<NodeTestBed.Answer>> batch = new ArrayList<>();
      for (int i = from; i < Math.min(QUOTES, from + CONCURRENCY); i++) {
        batch.add(NodeTestBed.quoteAsync(node, unknown(i)));
      }
      batch.forEach(f -> answers.add(f.join()));
    }
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(answers).hasSize(QUOTES);
    // arm C answers a business answer only within its budget; on a busy machine a few may come
    // later and are answered as a budget fallback (DEFAULT) — never as a provider failure
    List<NodeTestBed.Answer> late =
        answers.stream().filter(r -> r.status() == 200 && r.origin().equals("DEFAULT")).toList();
    assertThat(late.size())
        .as("budget fallbacks")
        .isLessThanOrEqualTo(node.settings().arm().fallsBack() ? QUOTES / 10 : 0);
    assertThat(answers.stream().filter(r -> !late.contains(r)).toList())
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(404);
              assertThat(r.contentType()).startsWith("application/problem+json");
              assertThat(r.json().path("type").asText()).endsWith("/unknown-customer");
              assertThat(r.json().path("field").asText()).isEqualTo("customerId");
            });
    AdapterSnapshot s = node.provider().snapshot();
    assertThat(s.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(s.transitions()).as("the breaker never left CLOSED").isEmpty();
    assertThat(s.outcomes().get("UNKNOWN_CUSTOMER") - unknownBefore).isEqualTo(QUOTES);
    assertThat(s.outcomes()).containsEntry("BREAKER_OPEN", 0L).containsEntry("HTTP_STATUS", 0L);
    assertThat(NodeTestBed.stats(node).path("quotes").has("refused")).isTrue();
    assertThat(node.stats().refusedCount() - refusedBefore).isEqualTo(QUOTES - late.size());
    assertThat(node.stats().sacrificedCount() - sacrificedBefore)
        .as("a business answer sacrifices no quote")
        .isZero();
    System.out.println(
        "FIGURE unknown-customers arm "
            + node.settings().arm().label()
            + ": "
            + QUOTES
            + " quotes ("
            + CONCURRENCY
            + " in flight) in "
            + ms
            + " ms, "
            + (QUOTES - late.size())
            + " x 404 and "
            + late.size()
            + " budget fallbacks, breaker CLOSED, 0 transitions, UNKNOWN_CUSTOMER +"
            + (s.outcomes().get("UNKNOWN_CUSTOMER") - unknownBefore));
    NodeTestBed.Answer known = NodeTestBed.quote(node, "c00000005");
    assertThat(known.status()).as(known.body()).isEqualTo(200);
    assertThat(known.origin()).isEqualTo("FRESH");
  }

  @Test
  void noConsentIsA422InEveryArmNeverAFallback() {
    for (QuoteNode node : List.of(a, c)) {
      NodeTestBed.Answer r = NodeTestBed.quote(node, NO_CONSENT);
      assertThat(r.status()).as(r.body()).isEqualTo(422);
      assertThat(r.json().path("type").asText()).endsWith("/no-consent");
      assertThat(r.json().path("detail").asText()).contains("consent");
      assertThat(node.provider().breakerState()).isEqualTo(BreakerState.CLOSED);
    }
  }
}
