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
import org.junit.jupiter.api.TestInstance;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.PartnerBudgetSettings;
import solventa.lab.MutableClock;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.server.ProviderDouble;
import solventa.vocabulary.Arm;

/**
 * No partner can spend the provider's quota for everyone: against a real double with a quota per
 * client credential (the node's one credential), real nodes with each partner's budget of calls for
 * customers they hold no value for. A flood of distinct unknown ids from one partner is limited to
 * its budget and never makes the double answer 429, while another partner's new customer still gets
 * its call; a known customer's refresh never draws; arm A past the budget answers 429 with
 * Retry-After; and the same flood on a node without the budget does spend the quota (the double
 * answers 429, the adapter counts THROTTLED). Real adapter, Redis, PostgreSQL, Toxiproxy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartnerBudgetIT {
  /** The double's quota for the nodes' one credential, calls a second. */
  static final int QUOTA = 10;

  /** Half a call a second per partner, two at once: a cycle of 4 s, far longer than a test step. */
  static final PartnerBudgetSettings BUDGET =
      new PartnerBudgetSettings(true, 0.5, 2, List.of("partner-1", "partner-2", "partner-flood"));

  static final int FLOOD = 60;

  NodeTestBed lab;
  ProviderDouble metered;
  MutableClock clockC = MutableClock.offsetFromSystem();
  QuoteNode budgetC;
  QuoteNode budgetA;
  QuoteNode openC;

  @BeforeAll
  void startAll() {
    lab = NodeTestBed.start();
    metered =
        ProviderDouble.start(
            lab.bench,
            DoubleSettings.defaults(42).withProfile(LatencyProfile.custom(5, 20)).withQuota(QUOTA));
    budgetC = NodeTestBed.node(withBudget(Arm.C, "budget-c"), clockC);
    budgetA = NodeTestBed.node(withBudget(Arm.A, "budget-a"), Clock.systemUTC());
    Map<String, Object> open = overrides(Arm.C, "open-c");
    openC = NodeTestBed.node(open, Clock.systemUTC());
    for (QuoteNode n : List.of(budgetC, budgetA, openC)) {
      assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), n::isReady)).isTrue();
    }
  }

  @AfterAll
  void stopAll() {
    NodeTestBed.closeAll(budgetC, budgetA, openC, metered, lab);
  }

  private Map<String, Object> overrides(Arm arm, String name) {
    Proxy proxy = lab.toxiproxy.createProxy(name, metered.port());
    Map<String, Object> o = lab.overrides(arm, proxy, name + ":");
    // a call within the budget answers FRESH even on a busy machine: the partner budget is under
    // test, not the 120 ms one
    o.put("quote.budget", "1400ms");
    return o;
  }

  private Map<String, Object> withBudget(Arm arm, String name) {
    Map<String, Object> o = overrides(arm, name);
    String at = "of-adapter.providers.ofb.partner-budget.";
    o.put(at + "enabled", true);
    o.put(at + "rate", BUDGET.rate());
    o.put(at + "burst", BUDGET.burst());
    o.put(at + "partners", BUDGET.partners());
    return o;
  }

  /** The calls the double's quota answered 429 since it was set. */
  private long quotaRefused() {
    return NodeTestBed.get(metered.port(), "/admin/state")
        .json()
        .path("quota")
        .path("refusedSinceChange")
        .asLong();
  }

  /** {@code n} quotes of {@code partner} for distinct ids the double does not know, at once. */
  private static List<NodeTestBed.Answer> flood(QuoteNode node, String partner, int first, int n) {
    List<CompletableFuture<NodeTestBed.Answer>> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sent.add(NodeTestBed.quoteAsync(node, partner, String.format("c%08d", first + i)));
    }
    return sent.stream().map(CompletableFuture::join).toList();
  }

  private static long count(List<NodeTestBed.Answer> answers, int status, String origin) {
    return answers.stream()
        .filter(a -> a.status() == status && (origin == null || origin.equals(a.origin())))
        .count();
  }

  /**
   * One partner floods distinct unknown ids: only its budget's calls reach the provider (answered
   * 404), the rest are DEFAULT at once; the double never answers 429, the breaker stays closed, and
   * another partner's new customer gets its call and a FRESH answer.
   */
  @Test
  void aFloodOfNewCustomersFromOnePartnerNeverSpendsTheProvidersQuota() {
    long refusedBefore = quotaRefused();
    long overBefore = budgetC.stats().overBudget();
    long t0 = System.nanoTime();
    List<NodeTestBed.Answer> answers = flood(budgetC, "partner-flood", 99_200_000, FLOOD);
    Duration took = Duration.ofNanos(System.nanoTime() - t0);

    long unknown = count(answers, 404, null);
    long dflt = count(answers, 200, "DEFAULT");
    assertThat(unknown + dflt).as("each a call (404) or over budget (DEFAULT)").isEqualTo(FLOOD);
    assertThat(unknown).isBetween(1L, BUDGET.mostCallsIn(took));
    assertThat(budgetC.stats().overBudget() - overBefore).isEqualTo(dflt);
    assertThat(quotaRefused() - refusedBefore).as("the double's 429s").isZero();
    AdapterSnapshot s = budgetC.provider().snapshot();
    assertThat(s.outcomes().getOrDefault("THROTTLED", 0L)).isZero();
    assertThat(s.state()).isEqualTo(BreakerState.CLOSED);
    assertThat(s.transitions()).isEmpty();

    NodeTestBed.Answer other = NodeTestBed.quoteAsync(budgetC, "partner-2", "c00000300").join();
    assertThat(other.status()).as(other.body()).isEqualTo(200);
    assertThat(other.origin()).as("another partner's budget is its own").isEqualTo("FRESH");
    System.out.println(
        "FIGURE partner budget: "
            + FLOOD
            + " unknown ids from one partner in "
            + took.toMillis()
            + " ms: "
            + unknown
            + " provider calls (bound "
            + BUDGET.mostCallsIn(took)
            + "), "
            + dflt
            + " DEFAULT at once; the double's 429s 0");
  }

  /**
   * A customer the node holds a value for never draws, even expired and while its partner's budget
   * is spent: its refresh calls and answers FRESH, between two new customers answered DEFAULT. A
   * cycle of the budget may end inside the sequence (the new customer after the refresh then gets a
   * call): the sequence is tried again, at most three times.
   */
  @Test
  void aKnownCustomersRefreshNeverDrawsFromTheBudget() {
    boolean bracketed = false;
    for (int attempt = 0; attempt < 3 && !bracketed; attempt++) {
      String known = String.format("c%08d", 400 + attempt * 20);
      NodeTestBed.Answer first = NodeTestBed.quoteAsync(budgetC, "partner-1", known).join();
      assertThat(first.origin()).as(first.body()).isIn("FRESH", "DEFAULT");
      if (!"FRESH".equals(first.origin())) {
        continue; // the budget was spent before the customer was known
      }
      NodeTestBed.Answer spent = null;
      for (int i = 1; i <= 5 && (spent == null || !"DEFAULT".equals(spent.origin())); i++) {
        spent = NodeTestBed.quoteAsync(budgetC, "partner-1", next(known, i)).join();
      }
      assertThat(spent.origin()).as("the partner's budget spent").isEqualTo("DEFAULT");
      long overBefore = budgetC.stats().overBudget();
      long fetchesBefore = budgetC.stats().fetches();
      clockC.advance(Duration.ofMinutes(2)); // past refresh-after: the known value expired
      NodeTestBed.Answer refresh = NodeTestBed.quoteAsync(budgetC, "partner-1", known).join();
      assertThat(refresh.origin()).as("the refresh called: " + refresh.body()).isEqualTo("FRESH");
      assertThat(budgetC.stats().fetches() - fetchesBefore).isEqualTo(1);
      assertThat(budgetC.stats().overBudget()).as("it drew nothing").isEqualTo(overBefore);
      NodeTestBed.Answer after =
          NodeTestBed.quoteAsync(budgetC, "partner-1", next(known, 9)).join();
      bracketed = "DEFAULT".equals(after.origin());
    }
    assertThat(bracketed).as("the budget stayed spent around the refresh").isTrue();
  }

  private static String next(String customer, int offset) {
    return String.format("c%08d", Integer.parseInt(customer.substring(1)) + offset);
  }

  /**
   * Arm A waits on every call and holds no value: past its partner's budget a quote is answered 429
   * at once with Retry-After, a problem naming partnerId; a refusal, not an error.
   */
  @Test
  void armAAnswers429WithRetryAfterPastThePartnersBudget() {
    long errorsBefore = budgetA.stats().errors();
    long refusedBefore = budgetA.stats().refusedCount();
    NodeTestBed.Answer refused = null;
    int quoted = 0;
    for (int i = 0; i < 10 && refused == null; i++) {
      NodeTestBed.Answer a =
          NodeTestBed.quoteAsync(budgetA, "partner-1", String.format("c%08d", 500 + i)).join();
      if (a.status() == 429) {
        refused = a;
      } else {
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        quoted++;
      }
    }
    assertThat(refused).as("a 429 within 10 quotes").isNotNull();
    assertThat(quoted).isGreaterThanOrEqualTo(BUDGET.burst());
    assertThat(refused.contentType()).startsWith("application/problem+json");
    assertThat(refused.json().path("type").asText()).endsWith("/partner-budget-exhausted");
    assertThat(refused.json().path("field").asText()).isEqualTo("partnerId");
    assertThat(refused.json().path("detail").asText()).contains("budget");
    assertThat(refused.json().path("quoteId").asText()).startsWith("q-");
    assertThat(Long.parseLong(refused.retryAfter())).isBetween(1L, 4L);
    assertThat(budgetA.stats().errors()).as("not an error of the service").isEqualTo(errorsBefore);
    assertThat(budgetA.stats().refusedCount() - refusedBefore).isEqualTo(1);
    assertThat(budgetA.stats().overBudget()).isPositive();
  }

  /**
   * The contrast: the same flood on a node without the budget spends the provider's quota, the
   * double answers 429, and the adapter counts them THROTTLED (breaker failures). Then the test
   * waits out the quota's second, so that no other test meets it.
   */
  @Test
  void withoutTheBudgetTheSameFloodSpendsTheQuota() throws InterruptedException {
    long refusedBefore = quotaRefused();
    flood(openC, "partner-flood", 99_300_000, FLOOD);
    assertThat(quotaRefused() - refusedBefore).as("the double's 429s").isPositive();
    assertThat(openC.provider().snapshot().outcomes().getOrDefault("THROTTLED", 0L)).isPositive();
    Thread.sleep(1_100);
  }
}
