package solventa.quote.node;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
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
import org.apache.pekko.http.javadsl.model.MediaRanges;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.headers.Accept;
import org.apache.pekko.http.javadsl.model.headers.Connection;
import org.apache.pekko.http.javadsl.settings.ConnectionPoolSettings;
import org.apache.pekko.stream.Materializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FetchResult;
import solventa.quote.profile.ProviderPort;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;
import solventa.signals.Origin;
import solventa.signals.Signal;

/**
 * The node's start-up warm-up, run before it reports ready: a burst of synthetic quotes sent over
 * loopback HTTP to its own quote API, so that they take the whole path — HTTP parsing, the entity
 * ask (B, C, C'), the adapter and its connection pool, rating, the response — and the JIT has
 * compiled it before the first real quote. Without it, load that meets a fresh node stalls it for
 * seconds.
 *
 * <p>The synthetic customers ({@link WarmupSettings}) are of two kinds, in ranges the experiment
 * never measures: repeated ones, quoted round after round, so the cache arms see misses first and
 * hits after; and miss ones, {@code quote.warmup.miss-share} of the quotes, each a customer not
 * quoted before, so that the path every customer takes at a node that joins under load with an
 * empty Redis — a new entity, a Redis load that finds nothing, a provider call, a Redis write, a
 * FRESH or DEFAULT answer — is compiled before ready too. Every request carries the headers a
 * partner's client sends ({@code Accept}), so that their parsing is compiled. With {@code provider
 * = real} their profiles come from the provider through the real adapter (which opens its pool's
 * connections); with {@code skip} the node answers them with a synthetic profile and the adapter is
 * not called. The last {@code quote.warmup.new-connections} quotes each open a new connection, and
 * the warm-up then waits (at most {@code quote.warmup.settle}) for the JIT compilers to go quiet.
 * What the quotes took ({@link Path}: entity misses, answers by origin) is read from the node's
 * stats before they are reset; the adapter's cumulative counters keep the warm-up calls. Bounded by
 * {@code quote.warmup.timeout}: a warm-up that does not finish still lets the node start.
 */
final class NodeWarmup {
  private static final Logger log = LoggerFactory.getLogger(NodeWarmup.class);

  /**
   * The node's provider during warm-up in {@code skip} mode: warm-up customers get a synthetic
   * profile at once; everything else, and everyone once the warm-up is over, the real adapter.
   */
  static final class SkippingProvider implements ProviderPort {
    private final ProviderPort real;
    private final WarmupSettings settings;
    private volatile boolean warming = true;

    SkippingProvider(ProviderPort real, WarmupSettings settings) {
      this.real = real;
      this.settings = settings;
    }

    void done() {
      warming = false;
    }

    @Override
    public boolean acceptsCustomerId(String customerId) {
      return real.acceptsCustomerId(customerId);
    }

    @Override
    public String customerIdFormat() {
      return real.customerIdFormat();
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

  /**
   * What the warm-up's quotes took, read from the node's stats before they are reset: the entity
   * misses (every quote of an arm without a cache), the provider calls the node started, and the
   * answers by origin.
   */
  record Path(long cacheMisses, long fetches, long fresh, long cached, long stale, long dflt) {
    static final Path NONE = new Path(0, 0, 0, 0, 0, 0);

    static Path of(QuoteStats stats) {
      return new Path(
          stats.cacheMisses(),
          stats.fetches(),
          stats.count(Origin.FRESH),
          stats.count(Origin.CACHED),
          stats.count(Origin.STALE),
          stats.count(Origin.DEFAULT));
    }
  }

  /** What the warm-up did, for the log; {@code misses}: quotes sent to miss customers. */
  record Outcome(
      int sent, int ok, int failed, long misses, Duration took, boolean finished, Path path) {
    static final Outcome NONE = new Outcome(0, 0, 0, 0, Duration.ZERO, true, Path.NONE);

    /** This outcome with what its quotes took. */
    Outcome taking(Path p) {
      return new Outcome(sent, ok, failed, misses, took, finished, p);
    }
  }

  /**
   * Sends the synthetic quotes to {@code http://host:port/v1/quotes} and waits for them (blocking:
   * start-up only), at most the settings' timeout.
   */
  static Outcome run(ActorSystem<?> system, String host, int port, WarmupSettings s) {
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
        sent,
        client.ok.get(),
        client.failed.get(),
        s.missesBefore(sent),
        took,
        finished && sent == s.quotes(),
        Path.NONE);
  }

  /** The warm-up's one log line: what it sent, and what its quotes took. */
  static void logOutcome(Outcome o, WarmupSettings s) {
    Path p = o.path();
    log.info(
        "warm-up: {} synthetic quotes ({} answered 200, {} not; {} to customers not quoted before)"
            + " in {} ms, provider {}{}; entity misses {}, provider calls {}, answers FRESH {}"
            + " CACHED {} STALE {} DEFAULT {}",
        o.sent(),
        o.ok(),
        o.failed(),
        o.misses(),
        o.took().toMillis(),
        s.provider().name().toLowerCase(java.util.Locale.ROOT),
        o.finished() ? "" : " (stopped at quote.warmup.timeout)",
        p.cacheMisses(),
        p.fetches(),
        p.fresh(),
        p.cached(),
        p.stale(),
        p.dflt());
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
    final WarmupSettings s;
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
        WarmupSettings s,
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
          HttpRequest.POST(uri)
              .withEntity(ContentTypes.APPLICATION_JSON, body(s.customerId(i), i))
              // what a partner's client sends: the server's parsing of it is compiled too
              .addHeader(Accept.create(MediaRanges.create(MediaTypes.APPLICATION_JSON)));
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
