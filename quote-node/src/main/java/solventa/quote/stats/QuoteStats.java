package solventa.quote.stats;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import kamon.Kamon;
import kamon.metric.Counter;
import kamon.metric.Histogram;
import kamon.metric.MeasurementUnit;
import solventa.quote.settings.Arm;
import solventa.signals.Origin;

/**
 * One node's quote statistics: what {@code GET /quote/stats} reports to the runner, mirrored into
 * Kamon metrics for Prometheus. Thread-safe and lock-free on the recording path except for the
 * bounded list of sacrificed timestamps (one short critical section per sacrificed quote).
 *
 * <p>Counters are per node: in a cluster the runner sums the nodes. {@link #reset()} zeroes
 * everything here; the adapter's snapshot is cumulative and not reset.
 */
public final class QuoteStats {
  private final Arm arm;
  private final Clock clock;
  private final int sacrificedCapacity;
  private final Map<Origin, LongAdder> quotes = new EnumMap<>(Origin.class);
  private final LongAdder errors = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final LongAdder cacheHits = new LongAdder();
  private final LongAdder cacheMisses = new LongAdder();
  private final LongAdder staleReads = new LongAdder();
  private final LongAdder fetches = new LongAdder();
  private final LongAdder coalescedWaiters = new LongAdder();
  private final LongAdder redisErrors = new LongAdder();
  private final LongAdder unflushed = new LongAdder();
  private final LongAdder sacrificed = new LongAdder();
  private final Map<ShedCause, LongAdder> shed = new EnumMap<>(ShedCause.class);
  private final Map<ShedCause, Counter> kShed = new EnumMap<>(ShedCause.class);
  private volatile java.util.function.IntSupplier activeEntities = () -> 0;
  private final ArrayDeque<Long> sacrificedAt = new ArrayDeque<>();
  // the adapter's call count is cumulative; stats report it relative to the last reset
  private final java.util.concurrent.atomic.AtomicLong providerCallsAtReset =
      new java.util.concurrent.atomic.AtomicLong();
  // service times since reset, and apart since the runner's last takeInterval() (node stalls)
  private final LatencyHistogram latency = LatencyHistogram.withInterval();
  // cache hits only: the node's own overhead above the rating cost on the hit path
  private final LatencyHistogram cachedLatency = LatencyHistogram.sinceReset();
  // provider calls that returned a profile, as the adapter timed them (caller's start to result)
  private final LatencyHistogram providerLatency = LatencyHistogram.sinceReset();
  private final LatencyHistogram ratingCost = LatencyHistogram.sinceReset();
  private final LatencyHistogram budgetExpired = LatencyHistogram.sinceReset();

  private final Map<Origin, Histogram> kLatency = new EnumMap<>(Origin.class);
  private final Map<Origin, Counter> kQuotes = new EnumMap<>(Origin.class);
  private final Histogram kErrorLatency;
  private final Counter kErrors;
  private final Counter kRefused;
  private final Counter kHits;
  private final Counter kMisses;
  private final Counter kStale;
  private final Counter kFetches;
  private final Counter kCoalesced;
  private final Counter kRedisErrors;
  private final Counter kSacrificed;
  private final Counter kTrace;

  public QuoteStats(Arm arm, Clock clock, int sacrificedCapacity) {
    this.arm = arm;
    this.clock = clock;
    this.sacrificedCapacity = sacrificedCapacity;
    String a = arm.label();
    for (Origin o : Origin.values()) {
      quotes.put(o, new LongAdder());
      kLatency.put(
          o,
          Kamon.histogram(
                  "quote.latency",
                  "service time of one quote",
                  MeasurementUnit.time().nanoseconds())
              .withTag("arm", a)
              .withTag("origin", o.name()));
      kQuotes.put(o, Kamon.counter("quote.quotes").withTag("arm", a).withTag("origin", o.name()));
    }
    kErrorLatency =
        Kamon.histogram("quote.latency", MeasurementUnit.time().nanoseconds())
            .withTag("arm", a)
            .withTag("origin", "error");
    kErrors = Kamon.counter("quote.quotes").withTag("arm", a).withTag("origin", "error");
    kRefused = Kamon.counter("quote.quotes").withTag("arm", a).withTag("origin", "refused");
    kHits = Kamon.counter("quote.cache.hits").withTag("arm", a);
    kMisses = Kamon.counter("quote.cache.misses").withTag("arm", a);
    kStale = Kamon.counter("quote.cache.stale-reads").withTag("arm", a);
    kFetches = Kamon.counter("quote.provider.fetches").withTag("arm", a);
    kCoalesced = Kamon.counter("quote.coalesced.waiters").withTag("arm", a);
    kRedisErrors = Kamon.counter("quote.redis.errors").withTag("arm", a);
    kSacrificed = Kamon.counter("quote.sacrificed").withTag("arm", a);
    kTrace = Kamon.counter("quote.actuarial.fallbacks").withTag("arm", a);
    for (ShedCause c : ShedCause.values()) {
      shed.put(c, new LongAdder());
      kShed.put(c, Kamon.counter("quote.shed").withTag("arm", a).withTag("cause", c.key()));
    }
  }

  public Arm arm() {
    return arm;
  }

  /** One answered quote and its service time. */
  public void quoted(Origin origin, long nanos) {
    quotes.get(origin).increment();
    kQuotes.get(origin).increment();
    kLatency.get(origin).record(nanos);
    recordLatency(nanos);
    if (origin == Origin.CACHED) {
      cachedLatency.record(micros(nanos));
    }
  }

  /** One quote that ended in an error response (4xx excluded: those never reach resolution). */
  public void failed(long nanos) {
    errors.increment();
    kErrors.increment();
    kErrorLatency.record(nanos);
    recordLatency(nanos);
  }

  /**
   * One quote answered with a business refusal (404 unknown customer, 422 no consent): not an error
   * of the service, so neither in {@code errors} nor in the latency histogram.
   */
  public void refused() {
    refused.increment();
    kRefused.increment();
  }

  public long refusedCount() {
    return refused.sum();
  }

  private void recordLatency(long nanos) {
    latency.record(micros(nanos));
  }

  private static long micros(long nanos) {
    return nanos / 1000;
  }

  /** The adapter's latency of one provider call that returned a profile. */
  public void providerLatency(java.time.Duration took) {
    providerLatency.record(micros(took.toNanos()));
  }

  /**
   * Rating's cost as one quote realized it: from the call to rating to the priced quote's return on
   * the quote path (the calibrated ~60 ms, its timer's lateness and the hop back included).
   */
  public void ratingCost(long nanos) {
    ratingCost.record(micros(nanos));
  }

  /**
   * The service time of one quote answered with a fallback because its budget ran out (C, C'): the
   * budget's own lateness is this minus the budget and rating's cost.
   */
  public void budgetExpired(long nanos) {
    budgetExpired.record(micros(nanos));
  }

  /**
   * The service times since the previous call — {@code {"count":n,"p99":ms,"max":ms}} — and a new
   * interval from now. The runner calls it once a second to see whether the node stalled.
   */
  public StatsSnapshot.Interval takeInterval() {
    return latency.takeInterval();
  }

  public void cacheHit() {
    cacheHits.increment();
    kHits.increment();
  }

  public void cacheMiss() {
    cacheMisses.increment();
    kMisses.increment();
  }

  public void staleRead() {
    staleReads.increment();
    kStale.increment();
  }

  /** A resolution asked the adapter for a profile (the adapter may still refuse: breaker open). */
  public void fetchStarted() {
    fetches.increment();
    kFetches.increment();
  }

  public void coalescedWaiter() {
    coalescedWaiters.increment();
    kCoalesced.increment();
  }

  public void redisError() {
    redisErrors.increment();
    kRedisErrors.increment();
  }

  /**
   * An entity stopped (passivation, hand-off, shutdown) at its flush deadline with a value Redis
   * had not taken: a last known value lost.
   */
  public void unflushed() {
    unflushed.increment();
  }

  public long unflushedValues() {
    return unflushed.sum();
  }

  public void actuarialTrace() {
    kTrace.increment();
  }

  /**
   * A quote admitted under a closed breaker whose provider call failed; {@code admittedAtMs} (host
   * wall clock) is when the quote was admitted, so a fixed exposure window can count it by send
   * time.
   */
  public void sacrificed(long admittedAtMs) {
    sacrificed.increment();
    kSacrificed.increment();
    synchronized (sacrificedAt) {
      if (sacrificedAt.size() >= sacrificedCapacity) {
        sacrificedAt.removeFirst();
      }
      sacrificedAt.addLast(admittedAtMs);
    }
  }

  public long count(Origin origin) {
    return quotes.get(origin).sum();
  }

  public long errors() {
    return errors.sum();
  }

  public long cacheHits() {
    return cacheHits.sum();
  }

  public long cacheMisses() {
    return cacheMisses.sum();
  }

  public long fetches() {
    return fetches.sum();
  }

  public long coalescedWaiters() {
    return coalescedWaiters.sum();
  }

  public long redisErrors() {
    return redisErrors.sum();
  }

  /** One quote shed: answered 503 with Retry-After instead of being worked on. */
  public void shed(ShedCause cause) {
    shed.get(cause).increment();
    kShed.get(cause).increment();
  }

  public long shedCount(ShedCause cause) {
    return shed.get(cause).sum();
  }

  /** Where {@code activeEntities} in the JSON comes from (the node's profile entities). */
  public void activeEntities(java.util.function.IntSupplier source) {
    this.activeEntities = source;
  }

  public long sacrificedCount() {
    return sacrificed.sum();
  }

  /**
   * Zeroes every counter, the histogram and the sacrificed list (the runner, between steps), and
   * rebases {@code providerCalls} on the adapter's count now.
   */
  public void reset(AdapterReadings provider) {
    providerCallsAtReset.set(provider.providerCalls());
    quotes.values().forEach(LongAdder::reset);
    shed.values().forEach(LongAdder::reset);
    for (LongAdder a :
        new LongAdder[] {
          errors,
          refused,
          cacheHits,
          cacheMisses,
          staleReads,
          fetches,
          coalescedWaiters,
          redisErrors,
          unflushed,
          sacrificed
        }) {
      a.reset();
    }
    synchronized (sacrificedAt) {
      sacrificedAt.clear();
    }
    latency.reset();
    cachedLatency.reset();
    providerLatency.reset();
    ratingCost.reset();
    budgetExpired.reset();
  }

  /** The stats as served by {@code GET /quote/stats}: one {@link StatsSnapshot}. */
  public StatsSnapshot snapshot(AdapterReadings provider) {
    Map<String, Long> shedByCause = new java.util.LinkedHashMap<>();
    shed.forEach((c, n) -> shedByCause.put(c.key(), n.sum()));
    java.util.List<Long> at;
    synchronized (sacrificedAt) {
      at = java.util.List.copyOf(sacrificedAt);
    }
    long calls = provider.providerCalls();
    return new StatsSnapshot(
        arm.label(),
        new StatsSnapshot.Quotes(
            quotes.get(Origin.FRESH).sum(),
            quotes.get(Origin.CACHED).sum(),
            quotes.get(Origin.STALE).sum(),
            quotes.get(Origin.DEFAULT).sum(),
            errors.sum(),
            refused.sum()),
        cacheHits.sum(),
        cacheMisses.sum(),
        staleReads.sum(),
        calls - providerCallsAtReset.get(),
        calls,
        fetches.sum(),
        coalescedWaiters.sum(),
        redisErrors.sum(),
        unflushed.sum(),
        TraceAppender.dropped(),
        sacrificed.sum(),
        shedByCause,
        activeEntities.getAsInt(),
        at,
        latency.percentiles(),
        cachedLatency.percentiles(),
        providerLatency.percentiles(),
        ratingCost.percentiles(),
        budgetExpired.percentiles(),
        provider.snapshot(),
        process());
  }

  /** {@link #snapshot} as a JSON tree. */
  public ObjectNode toJson(AdapterReadings provider) {
    return snapshot(provider).toJsonTree();
  }

  /**
   * This JVM's own counters, cumulative since it started and never reset: CPU time (user + system,
   * all threads) for the benchmark's CPU per quote, and threads started (flat under load when no
   * stage starts a thread).
   */
  private static StatsSnapshot.Process process() {
    java.lang.management.OperatingSystemMXBean os =
        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    Long cpu =
        os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : null;
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    return new StatsSnapshot.Process(
        cpu,
        threads.getTotalStartedThreadCount(),
        threads.getThreadCount(),
        java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime(),
        Runtime.getRuntime().availableProcessors(),
        java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
        jitMillis());
  }

  // the JIT's accumulated compilation time: shows whether a window still paid for compiling
  private static Long jitMillis() {
    java.lang.management.CompilationMXBean jit =
        java.lang.management.ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : null;
  }
}
