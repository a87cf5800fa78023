package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.quote.stats.StatsSnapshot;

/**
 * A variant is its card arm plus node settings, and the node the experiment starts for it runs
 * them: on the real embedded lab (Redis, PostgreSQL, Toxiproxy, the double, a quote node JVM on
 * loopback), C+CR's node lets 5 half-open probes through and admits a recovery backlog at its rate,
 * serving the rest STALE, where plain C's node calls the provider for every expired value.
 */
class VariantNodesIT {
  static final int BACKLOG = 60;
  static final long EXPIRED_MS = 60_000; // past quick's T of 20 s, far within max-staleness

  static FaultContext ctx;
  static ExecutorService clients;

  @BeforeAll
  static void start() throws IOException {
    ctx = new FaultContext(Files.createTempDirectory("variant-nodes-it"), System.out, 42);
    clients = Executors.newFixedThreadPool(BACKLOG);
  }

  @AfterAll
  static void stop() {
    if (clients != null) {
      clients.shutdownNow();
    }
    if (ctx != null) {
      ctx.close();
    }
  }

  /** {@code n} expired values seeded through {@code node}, then every customer quoted at once. */
  private static Backlog backlog(NodeProcess node, int offset) throws Exception {
    List<String> ids = FaultContext.customers(offset, BACKLOG);
    assertThat(node.seed(ids, Collections.nCopies(ids.size(), EXPIRED_MS)).failedIds()).isEmpty();
    node.resetStats();
    long t0 = System.nanoTime();
    List<CompletableFuture<Http.Reply>> answers = new ArrayList<>();
    for (String id : ids) {
      answers.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return node.quote(id, "auto");
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              },
              clients));
    }
    long stale = 0;
    for (CompletableFuture<Http.Reply> a : answers) {
      Http.Reply r = a.get();
      assertThat(r.status()).as(r.body()).isEqualTo(200);
      if (r.body().contains("\"origin\":\"STALE\"")) {
        stale++;
      }
    }
    double windowS = (System.nanoTime() - t0) / 1e9;
    // a call answered past the budget completes in the background, within the 700 ms hard timeout
    Thread.sleep(1_500);
    return new Backlog(node.snapshot(), stale, windowS);
  }

  record Backlog(StatsSnapshot stats, long stale, double windowS) {}

  @Test
  void carefulRecoveryAdmitsABacklogAtItsRateWherePlainCCallsForEveryValue() throws Exception {
    NodeGroup careful = ctx.freshNodes(BenchArm.C_CR, 1);
    JsonNode breaker = careful.first().breaker();
    assertThat(breaker.findValue("halfOpenProbes")).as(breaker.toString()).isNotNull();
    assertThat(breaker.findValue("halfOpenProbes").asInt()).isEqualTo(5);
    Backlog cr = backlog(careful.first(), 5_000);
    double rate = Double.parseDouble(BenchArm.C_CR.settings().get("quote.refresh-admission.rate"));
    // one permit for the limiter's cycle at the start, one more at each boundary crossed
    long bound = (long) Math.ceil(rate * cr.windowS()) + 1;
    assertThat(cr.stats().providerCalls())
        .as("calls within %.2f s at %s/s", cr.windowS(), rate)
        .isLessThanOrEqualTo(bound);
    assertThat(cr.stats().refreshDeferred())
        .as("every refresh not admitted was deferred")
        .isEqualTo(BACKLOG - cr.stats().providerCalls());
    assertThat(cr.stale()).isGreaterThanOrEqualTo(cr.stats().refreshDeferred());

    NodeGroup plain = ctx.freshNodes(BenchArm.C, 1);
    assertThat(plain.first().breaker().findValue("halfOpenProbes").asInt()).isEqualTo(1);
    Backlog c = backlog(plain.first(), 5_100);
    assertThat(c.stats().refreshDeferred()).isZero();
    assertThat(c.stats().providerCalls())
        .as("plain C calls for every expired value")
        .isEqualTo(BACKLOG);
    System.out.printf(
        "FIGURE variant C+CR: %d expired values quoted at once in %.2f s made %d provider calls"
            + " (bound %d), %d deferred, %d STALE; plain C made %d calls in %.2f s%n",
        BACKLOG,
        cr.windowS(),
        cr.stats().providerCalls(),
        bound,
        cr.stats().refreshDeferred(),
        cr.stale(),
        c.stats().providerCalls(),
        c.windowS());
  }

  /** The first auto customer from {@code from} whose insured object is in segment {@code band}. */
  private static String autoCustomerIn(String band, int from) {
    for (int i = from; ; i += 3) {
      if (solventa.vocabulary.InsuredObjects.segmentOf(i).label().equals(band)) {
        return String.format("c%08d", i);
      }
    }
  }

  /** The premium of a DEFAULT answer for {@code id} (auto) from {@code node}. */
  private static double defaultPremium(NodeProcess node, String id) throws IOException {
    Http.Reply r = node.quote(id, "auto");
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode json = Http.JSON.readTree(r.body());
    assertThat(json.path("profile").path("origin").asText()).as(r.body()).isEqualTo("DEFAULT");
    return json.path("premium").path("amount").asDouble();
  }

  /**
   * C+SD prices a DEFAULT quote on its insured object's segment: with the provider down, a
   * never-seen owner of a car from before 2010 is priced on the segment's median income (R$ 2 475,
   * the income band below 3 000: factor 1.06) and of a car from 2024 on (R$ 10 800: 0.96), where
   * plain C prices both on the line's R$ 4 500 (1.00); the same customers, the same objects.
   */
  @Test
  void aSegmentDefaultPricesADefaultQuoteOnItsSegmentWherePlainCUsesTheLines() throws Exception {
    // auto customers (index divisible by 3) outside the rows' known span, never seen by the node
    String old = autoCustomerIn("(-inf,2010)", 600_000);
    String recent = autoCustomerIn("[2024,+inf)", 600_000);
    NodeGroup segment = ctx.freshNodes(BenchArm.C_SD, 1);
    ctx.lab().control().apply(solventa.vocabulary.ProviderState.DOWN);
    double oldSd = defaultPremium(segment.first(), old);
    double recentSd = defaultPremium(segment.first(), recent);
    ctx.clear();
    NodeGroup plain = ctx.freshNodes(BenchArm.C, 1);
    ctx.lab().control().apply(solventa.vocabulary.ProviderState.DOWN);
    double oldC = defaultPremium(plain.first(), old);
    double recentC = defaultPremium(plain.first(), recent);
    ctx.clear();
    assertThat(oldSd / oldC).as("old car: %s against %s", oldSd, oldC).isCloseTo(1.06, within());
    assertThat(recentSd / recentC)
        .as("2024 car: %s against %s", recentSd, recentC)
        .isCloseTo(0.96, within());
    System.out.printf(
        "FIGURE variant C+SD: DEFAULT premiums old car %.2f (C %.2f), 2024 car %.2f (C %.2f)%n",
        oldSd, oldC, recentSd, recentC);
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(0.0005);
  }
}
