package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * Regression test of issue 12's first finding: every continuation on the quote path ran on the
 * stage's default executor, the JDK common pool, which with parallelism 1 (a 2-core lab node) means
 * a new thread per stage — one or more threads per quote. The node must run every stage on threads
 * it owns, so the JVM's count of threads started stays flat across many quotes.
 *
 * <p>The module's surefire configuration sets the common pool's parallelism to 1, as on the lab's
 * 2-core nodes; then any stage left on the common pool starts a thread and this test fails. Each
 * arm's path is covered: arm A (every quote through the adapter, its breaker and HTTP pool) and arm
 * C (sharded entity ask; hits, and misses that call the adapter).
 */
class QuotePathThreadsIT {
  static final int QUOTES = 400;
  static final int CONCURRENCY = 8;

  /**
   * Slack for a pool that grows a thread late; a thread per stage would start ≥ {@link #QUOTES}.
   */
  static final long MAX_NEW_THREADS = QUOTES / 20;

  static NodeTestBed lab;
  static QuoteNode a;
  static QuoteNode c;

  static ExecutorService clientThreads;

  @BeforeAll
  static void start() {
    lab = NodeTestBed.start();
    Proxy pa = lab.proxy("ofb-threads-a");
    Proxy pc = lab.proxy("ofb-threads-c");
    a = NodeTestBed.node(lab.overrides(Arm.A, pa, "ofp-ta:"), Clock.systemUTC());
    c = NodeTestBed.node(lab.overrides(Arm.C, pc, "ofp-tc:"), Clock.systemUTC());
    for (QuoteNode n : List.of(a, c)) {
      assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), n::isReady)).isTrue();
    }
    // the test's own client: blocking calls on a fixed pool, started before anything is counted
    // (java.net.http.HttpClient runs some of its own stages on the common pool)
    clientThreads = Executors.newFixedThreadPool(CONCURRENCY);
  }

  @AfterAll
  static void stop() {
    NodeTestBed.closeAll(a, c, clientThreads == null ? null : clientThreads::shutdownNow, lab);
  }

  @Test
  void theLabConditionHolds() {
    assertThat(ForkJoinPool.getCommonPoolParallelism())
        .as("common pool parallelism (surefire argLine sets it to 1, as on a 2-core node)")
        .isEqualTo(1);
  }

  @Test
  void armAQuotesStartNoThreads() {
    assertFlat(a, i -> String.format("c%08d", 70_000 + (i % 500)));
  }

  @Test
  void armCHitsAndMissesStartNoThreads() {
    // 50 known customers (hits after the warm round) and a never-seen one every 4th quote (misses)
    assertFlat(
        c,
        i ->
            i % 4 == 3
                ? String.format("c%08d", 80_000 + i)
                : String.format("c%08d", 60_000 + i % 50));
  }

  @Test
  void theDispatcherIsPekkosOwnForkJoinPool() throws Exception {
    assertThat(dispatcherThreadName(c)).startsWith("quote-pekko.actor.default-dispatcher-");
    assertThat(c.system().settings().config().getString("pekko.actor.default-dispatcher.executor"))
        .isEqualTo("default-executor");
  }

  /** Issue 32: the node names its stack on Pekko Management, as the runner reads it. */
  @Test
  void theNodeReportsItsStackOnManagement() throws Exception {
    HttpURLConnection http =
        (HttpURLConnection)
            URI.create("http://127.0.0.1:" + c.managementPort() + "/quote/stack")
                .toURL()
                .openConnection();
    assertThat(http.getResponseCode()).isEqualTo(200);
    String body;
    try (InputStream in = http.getInputStream()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(body)
        .contains("\"dispatcher\":\"default-executor (Pekko's fork-join pool)")
        .contains("tick 1 ms")
        .doesNotContain("-D");
  }

  private static String dispatcherThreadName(QuoteNode node) throws Exception {
    CompletableFuture<String> name = new CompletableFuture<>();
    node.system().executionContext().execute(() -> name.complete(Thread.currentThread().getName()));
    return name.get(10, TimeUnit.SECONDS);
  }

  private static void assertFlat(QuoteNode node, IntFunction<String> customer) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    // warm round: the same mix, so that every pool on the path has grown to its working size
    List<Integer> warm = send(node, customer, 0);
    assertThat(warm).as("warm-round statuses").containsOnly(200);
    long before = threads.getTotalStartedThreadCount();
    List<Integer> statuses = send(node, customer, QUOTES);
    long started = threads.getTotalStartedThreadCount() - before;
    assertThat(statuses).as("statuses").hasSize(QUOTES).containsOnly(200);
    assertThat(started)
        .as(
            "threads started by the JVM during %d quotes (a thread per stage would be ≥ %d)",
            QUOTES, QUOTES)
        .isLessThanOrEqualTo(MAX_NEW_THREADS);
  }

  private static List<Integer> send(QuoteNode node, IntFunction<String> customer, int offset) {
    List<Integer> statuses = new ArrayList<>();
    for (int from = 0; from < QUOTES; from += CONCURRENCY) {
      List<Future<Integer>> batch = new ArrayList<>();
      for (int i = from; i < from + CONCURRENCY; i++) {
        String body = NodeTestBed.quoteBody(customer.apply(i + offset));
        batch.add(clientThreads.submit(() -> post(node.httpPort(), body)));
      }
      for (Future<Integer> f : batch) {
        try {
          statuses.add(f.get(10, TimeUnit.SECONDS));
        } catch (Exception e) {
          throw new IllegalStateException("quote failed: " + e, e);
        }
      }
    }
    return statuses;
  }

  private static int post(int port, String body) throws IOException {
    HttpURLConnection c =
        (HttpURLConnection)
            URI.create("http://127.0.0.1:" + port + "/v1/quotes").toURL().openConnection();
    c.setConnectTimeout(5000);
    c.setReadTimeout(5000);
    c.setRequestMethod("POST");
    c.setDoOutput(true);
    c.setRequestProperty("Content-Type", "application/json");
    try (OutputStream out = c.getOutputStream()) {
      out.write(body.getBytes(StandardCharsets.UTF_8));
    }
    int status = c.getResponseCode();
    try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
      if (in != null) {
        in.readAllBytes(); // read to the end so the connection is kept alive
      }
    }
    return status;
  }
}
