package solventa.quote.node;

import com.typesafe.config.Config;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.event.Logging;
import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.headers.Connection;
import org.apache.pekko.http.javadsl.settings.ConnectionPoolSettings;
import org.apache.pekko.stream.Materializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.BreakerState;
import solventa.adapter.FetchResult;
import solventa.quote.profile.ProviderPort;
import solventa.quote.settings.QuoteSettings;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;

/**
 * The node's start-up warm-up, run before it reports ready: a burst of synthetic quotes sent over
 * loopback HTTP to its own quote API, so that they take the whole path — HTTP parsing, the entity
 * ask (B, C, C'), the adapter and its connection pool, rating, the response — and the JIT has
 * compiled it before the first real quote. Without it, load that meets a fresh node stalls it for
 * seconds (issue 12).
 *
 * <p>The synthetic customers are {@code quote.warmup.customers} ids from {@code
 * quote.warmup.first-customer} on, a range the experiment never measures; they are quoted round
 * after round, so the cache arms see misses first and hits after. With {@code provider = real}
 * their profiles come from the provider through the real adapter (which opens its pool's
 * connections); with {@code skip} the node answers them with a synthetic profile and the adapter is
 * not called. The last {@code quote.warmup.new-connections} quotes each open a new connection, and
 * the warm-up then waits (at most {@code quote.warmup.settle}) for the JIT compilers to go quiet.
 * The node's stats are reset afterwards; the adapter's cumulative counters keep the warm-up calls.
 * Bounded by {@code quote.warmup.timeout}: a warm-up that does not finish still lets the node
 * start.
 */
final class NodeWarmup {
  private static final Logger log = LoggerFactory.getLogger(NodeWarmup.class);

  /** Whether provider calls of the warm-up go to the real adapter. */
  enum ProviderMode {
    REAL,
    SKIP
  }

  /**
   * {@code quote.warmup}.
   *
   * @param quotes synthetic quotes sent before ready; 0 turns the warm-up off
   * @param concurrency quotes in flight at a time
   * @param customers distinct synthetic customers, quoted in rounds
   * @param firstCustomer index of the first synthetic customer (id {@code c%08d})
   * @param ramp how long the warm-up takes to reach full concurrency: one quote at a time first, so
   *     a cold node's first calls do not all meet the adapter's hard timeout at once and trip its
   *     breaker
   * @param newConnections how many of the last quotes go each on a new connection ({@code
   *     Connection: close}), so that the server's per-connection set-up is compiled too: a load
   *     generator opens its connections in its first second
   * @param settle the longest the warm-up then waits for the JIT compilers to go quiet
   */
  record Settings(
      int quotes,
      int concurrency,
      int customers,
      int firstCustomer,
      ProviderMode provider,
      Duration ramp,
      Duration timeout,
      int newConnections,
      Duration settle) {
    Settings {
      require(quotes >= 0, "quote.warmup.quotes", quotes);
      require(newConnections >= 0, "quote.warmup.new-connections", newConnections);
      require(!settle.isNegative(), "quote.warmup.settle", settle);
      require(concurrency >= 1 && concurrency <= 1024, "quote.warmup.concurrency", concurrency);
      require(customers >= 1, "quote.warmup.customers", customers);
      require(
          firstCustomer >= 0 && (long) firstCustomer + customers <= 100_000_000L,
          "quote.warmup.first-customer",
          firstCustomer);
      require(!ramp.isNegative(), "quote.warmup.ramp", ramp);
      require(!timeout.isNegative() && !timeout.isZero(), "quote.warmup.timeout", timeout);
    }

    static Settings fromConfig(Config root) {
      Config c = root.getConfig("quote.warmup");
      String mode = c.getString("provider");
      ProviderMode m;
      try {
        m = ProviderMode.valueOf(mode.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new QuoteSettings.InvalidQuoteSettings(
            "quote.warmup.provider", mode, "must be real or skip");
      }
      return new Settings(
          c.getInt("quotes"),
          c.getInt("concurrency"),
          c.getInt("customers"),
          c.getInt("first-customer"),
          m,
          c.getDuration("ramp"),
          c.getDuration("timeout"),
          c.getInt("new-connections"),
          c.getDuration("settle"));
    }

    private static void require(boolean ok, String key, Object value) {
      if (!ok) {
        throw new QuoteSettings.InvalidQuoteSettings(key, String.valueOf(value), "out of range");
      }
    }

    String customerId(int i) {
      return String.format("c%08d", firstCustomer + (i % customers));
    }

    boolean isWarmupCustomer(String id) {
      if (id.length() != 9 || id.charAt(0) != 'c') {
        return false;
      }
      try {
        int n = Integer.parseInt(id.substring(1));
        return n >= firstCustomer && n < firstCustomer + customers;
      } catch (NumberFormatException e) {
        return false;
      }
    }
  }

  /**
   * The node's provider during warm-up in {@code skip} mode: warm-up customers get a synthetic
   * profile at once; everything else, and everyone once the warm-up is over, the real adapter.
   */
  static final class SkippingProvider implements ProviderPort {
    private final ProviderPort real;
    private final Settings settings;
    private volatile boolean warming = true;

    SkippingProvider(ProviderPort real, Settings settings) {
      this.real = real;
      this.settings = settings;
    }

    void done() {
      warming = false;
    }

    @Override
    public CompletionStage<FetchResult> fetch(String customerId) {
      if (warming && settings.isWarmupCustomer(customerId)) {
        EnumMap<Signal, java.math.BigDecimal> signals = new EnumMap<>(Signal.class);
        for (Signal s : Signal.values()) {
          signals.put(s, java.math.BigDecimal.ONE);
        }
        return CompletableFuture.completedFuture(
            new FetchResult.Fetched(
                new CanonicalProfile(customerId, Instant.now(), signals), Duration.ZERO));
      }
      return real.fetch(customerId);
    }

    @Override
    public BreakerState breakerState() {
      return real.breakerState();
    }

    @Override
    public long providerCalls() {
      return real.providerCalls();
    }

    @Override
    public AdapterSnapshot snapshot() {
      return real.snapshot();
    }
  }

  private NodeWarmup() {}

  /** What the warm-up did, for the log. */
  record Outcome(int sent, int ok, int failed, Duration took, boolean finished) {
    static final Outcome NONE = new Outcome(0, 0, 0, Duration.ZERO, true);
  }

  /**
   * Sends the synthetic quotes to {@code http://host:port/v1/quotes} and waits for them (blocking:
   * start-up only), at most the settings' timeout.
   */
  static Outcome run(ActorSystem<?> system, String host, int port, Settings s) {
    long start = System.nanoTime();
    if (s.quotes() == 0) {
      return Outcome.NONE;
    }
    Http http = Http.get(system);
    // a pool as wide as the burst: Pekko's default (4 connections) would make it a trickle
    ConnectionPoolSettings defaults = ConnectionPoolSettings.create(system.classicSystem());
    Client client =
        new Client(
            http,
            defaults
                .withMaxConnections(s.concurrency())
                .withMaxOpenRequests(Integer.highestOneBit(2 * s.concurrency() - 1) << 1),
            Logging.getLogger(system.classicSystem(), NodeWarmup.class),
            Materializer.matFromSystem(system),
            system.executionContext(),
            "http://" + host + ":" + port + "/v1/quotes",
            s,
            start + s.timeout().toNanos());
    CompletableFuture<?>[] chains = new CompletableFuture<?>[Math.min(s.concurrency(), s.quotes())];
    long stepNanos = chains.length <= 1 ? 0 : s.ramp().toNanos() / (chains.length - 1);
    for (int i = 0; i < chains.length; i++) {
      CompletableFuture<Void> chain = new CompletableFuture<>();
      chains[i] = chain;
      if (i == 0 || stepNanos == 0) {
        client.sendNext(chain);
      } else {
        system
            .scheduler()
            .scheduleOnce(
                Duration.ofNanos(stepNanos * i),
                () -> client.sendNext(chain),
                system.executionContext());
      }
    }
    boolean finished = true;
    try {
      CompletableFuture.allOf(chains).get(s.timeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      finished = false;
    } catch (java.util.concurrent.ExecutionException e) {
      finished = false;
      log.warn("warm-up failed: {}", e.getCause().toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      finished = false;
    }
    Duration settled = settleJit(s.settle());
    log.info(
        "warm-up: JIT compilers quiet after {} ms (at most {} ms)",
        settled.toMillis(),
        s.settle().toMillis());
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    int sent = Math.min(client.next.get(), s.quotes());
    return new Outcome(
        sent, client.ok.get(), client.failed.get(), took, finished && sent == s.quotes());
  }

  /** Compilation time per poll below which the JIT counts as quiet (10 % of one compiler). */
  private static final long QUIET_COMPILE_MS = 25;

  private static final long SETTLE_POLL_MS = 250;

  /**
   * Waits (blocking: start-up only) until the JIT compilers spend less than {@value
   * #QUIET_COMPILE_MS} ms per {@value #SETTLE_POLL_MS} ms compiling, at most {@code max}: the
   * warm-up's burst leaves a queue of compilations that would otherwise compete with the first real
   * load for the node's cores. Returns how long it waited.
   */
  static Duration settleJit(Duration max) {
    java.lang.management.CompilationMXBean jit =
        java.lang.management.ManagementFactory.getCompilationMXBean();
    long start = System.nanoTime();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported() || max.isZero()) {
      return Duration.ZERO;
    }
    long until = start + max.toNanos();
    long before = jit.getTotalCompilationTime();
    while (System.nanoTime() < until) {
      try {
        Thread.sleep(SETTLE_POLL_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      long now = jit.getTotalCompilationTime();
      if (now - before < QUIET_COMPILE_MS) {
        break;
      }
      before = now;
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /** The warm-up's HTTP client and its counters; its stages run on the node's dispatcher. */
  private static final class Client {
    final Http http;
    final ConnectionPoolSettings pool;
    final LoggingAdapter log;
    final Materializer mat;
    final Executor executor;
    final String uri;
    final Settings s;
    final long deadlineNanos;
    final AtomicInteger next = new AtomicInteger();
    final AtomicInteger ok = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();

    Client(
        Http http,
        ConnectionPoolSettings pool,
        LoggingAdapter log,
        Materializer mat,
        Executor executor,
        String uri,
        Settings s,
        long deadlineNanos) {
      this.http = http;
      this.pool = pool;
      this.log = log;
      this.mat = mat;
      this.executor = executor;
      this.uri = uri;
      this.s = s;
      this.deadlineNanos = deadlineNanos;
    }

    // one chain: a quote, then the next, until the count or the deadline is reached
    void sendNext(CompletableFuture<Void> chain) {
      int i = next.getAndIncrement();
      if (i >= s.quotes() || System.nanoTime() > deadlineNanos) {
        chain.complete(null);
        return;
      }
      HttpRequest request =
          HttpRequest.POST(uri).withEntity(ContentTypes.APPLICATION_JSON, body(s.customerId(i), i));
      if (i >= s.quotes() - s.newConnections()) {
        // the server closes after answering; the pool opens a new connection for the next
        request = request.addHeader(Connection.create("close"));
      }
      http.singleRequest(request, http.defaultClientHttpsContext(), pool, log)
          .thenComposeAsync(
              resp ->
                  resp.entity()
                      .toStrict(5_000, mat)
                      .thenApplyAsync(strict -> resp.status().intValue(), executor),
              executor)
          .whenCompleteAsync(
              (status, e) -> {
                if (e == null && status == 200) {
                  ok.incrementAndGet();
                } else {
                  failed.incrementAndGet();
                }
                sendNext(chain);
              },
              executor);
    }
  }

  private static String body(String customerId, int i) {
    return "{\"partnerId\":\"warmup\",\"customerId\":\""
        + customerId
        + "\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{\"vehicleValue\":"
        + (10_000 + (i % 50) * 1_000)
        + ",\"vehicleYear\":"
        + (2010 + i % 15)
        + "}}";
  }
}
