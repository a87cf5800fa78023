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
import solventa.adapter.model.FailureKind;
import solventa.signals.Origin;
import solventa.vocabulary.Arm;

/**
 * One node's quote statistics: what {@code GET /quote/stats} reports to the runner, mirrored into
 * Kamon metrics for Prometheus. Thread-safe and lock-free on the recording path except for the
 * bounded list of sacrificed timestamps (one short critical section per sacrificed quote).
 *
 * <p>Recorded through three entry points, so that the logic reports what happened and this class
 * alone decides what it counts: {@link #record(QuoteEvent)}, once per quote when it ends (its
 * origin, latency, rating cost, sacrifice, refusal, failure or shed); {@link #record(ProfileEvent)}
 * for what resolving profiles did apart from any one quote (cache reads, provider calls, Redis
 * trouble); {@link #providerLatency} for each provider call's latency. The rest is read: the
 * snapshot, the interval, the counts.
 *
 * <p>Counters are per node: in a cluster the runner sums the nodes. {@link #reset} zeroes
 * everything here; the adapter's snapshot is cumulative and not reset.
 */
public final class QuoteStats {
  private final Arm arm;
  private final Clock clock;
  private final int sacrificedCapacity;
  private final Map<Origin, LongAdder> quotes = new EnumMap<>(Origin.class);
  private final LongAdder errors = new LongAdder();
  private final LongAdder refused = new LongAdder();
  private final Map<ProfileEvent, LongAdder> profileEvents = new EnumMap<>(ProfileEvent.class);
  private final Map<ProfileEvent, Counter> kProfileEvents = new EnumMap<>(ProfileEvent.class);
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
    for (ProfileEvent e : ProfileEvent.values()) {
      profileEvents.put(e, new LongAdder());
      if (e.metric() != null) {
        kProfileEvents.put(e, Kamon.counter(e.metric()).withTag("arm", a));
      }
    }
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

  /** What one quote came to (see {@link QuoteEvent}): the one entry point of per-quote figures. */
  public void record(QuoteEvent event) {
    if (event instanceof QuoteEvent.Quoted q) {
      ratingCost.record(micros(q.ratingNanos()));
      if (q.sacrificed()) {
        sacrificed(q.admittedAtMs());
      }
      if (q.origin().isFallback()) {
        kTrace.increment(); // the actuarial trace logs every fallback quote
      }
      quoted(q.origin(), q.latencyNanos());
      if (q.budgetExpired()) {
        // the budget's own lateness is this minus the budget and rating's cost
        budgetExpired.record(micros(q.latencyNanos()));
      }
    } else if (event instanceof QuoteEvent.Failed f) {
      if (f.sacrificed()) {
        sacrificed(f.admittedAtMs());
      }
      failed(f.latencyNanos());
      if (f.kind() == FailureKind.BULKHEAD_REJECTED) {
        // the node's own bound on provider calls: a shed, and still an error of the service
        shed(ShedCause.PROVIDER_BULKHEAD);
      }
    } else if (event instanceof QuoteEvent.Refused) {
      refused.increment();
      kRefused.increment();
    } else if (event instanceof QuoteEvent.Shed s) {
      shed(s.cause());
    } else if (event instanceof QuoteEvent.SacrificedLate l) {
      sacrificed(l.admittedAtMs());
    }
  }

  /** What resolving profiles did (see {@link ProfileEvent}), apart from any one quote. */
  public void record(ProfileEvent event) {
    profileEvents.get(event).increment();
    Counter k = kProfileEvents.get(event);
    if (k != null) {
      k.increment();
    }
  }

  /** One answered quote and its service time. */
  private void quoted(Origin origin, long nanos) {
    quotes.get(origin).increment();
    kQuotes.get(origin).increment();
    kLatency.get(origin).record(nanos);
    recordLatency(nanos);
    if (origin == Origin.CACHED) {
      cachedLatency.record(micros(nanos));
    }
  }

  /** One quote that ended in an error response (4xx excluded: those never reach resolution). */
  private void failed(long nanos) {
    errors.increment();
    kErrors.increment();
    kErrorLatency.record(nanos);
    recordLatency(nanos);
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

  /**
   * The adapter's latency of one provider call: the entity reports the calls that returned a
   * profile, the direct resolver every answer.
   */
  public void providerLatency(java.time.Duration took) {
    providerLatency.record(micros(took.toNanos()));
  }

  /**
   * The service times since the previous call — {@code {"count":n,"p99":ms,"max":ms}} — and a new
   * interval from now. The runner calls it once a second to see whether the node stalled.
   */
  public StatsSnapshot.Interval takeInterval() {
    return latency.takeInterval();
  }

  // a quote admitted under a closed breaker whose provider call failed, by its admission time
  private void sacrificed(long admittedAtMs) {
    sacrificed.increment();
    kSacrificed.increment();
    synchronized (sacrificedAt) {
      if (sacrificedAt.size() >= sacrificedCapacity) {
        sacrificedAt.removeFirst();
      }
      sacrificedAt.addLast(admittedAtMs);
    }
  }

  public long unflushedValues() {
    return count(ProfileEvent.UNFLUSHED);
  }

  public long count(Origin origin) {
    return quotes.get(origin).sum();
  }

  public long errors() {
    return errors.sum();
  }

  public long cacheHits() {
    return count(ProfileEvent.CACHE_HIT);
  }

  public long cacheMisses() {
    return count(ProfileEvent.CACHE_MISS);
  }

  public long fetches() {
    return count(ProfileEvent.FETCH_STARTED);
  }

  public long coalescedWaiters() {
    return count(ProfileEvent.COALESCED_WAITER);
  }

  /** Quotes for a customer the provider does not know, answered without asking it again. */
  public long refusedFromMemory() {
    return count(ProfileEvent.REFUSED_FROM_MEMORY);
  }

  /** Quotes for customers new to the node answered without a call: their partner's budget. */
  public long overBudget() {
    return count(ProfileEvent.OVER_BUDGET);
  }

  public long redisErrors() {
    return count(ProfileEvent.REDIS_ERROR);
  }

  /** How many times {@code event} was recorded since the last reset. */
  public long count(ProfileEvent event) {
    return profileEvents.get(event).sum();
  }

  /** One quote shed: answered 503 with Retry-After instead of being worked on. */
  private void shed(ShedCause cause) {
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
    profileEvents.values().forEach(LongAdder::reset);
    for (LongAdder a : new LongAdder[] {errors, refused, sacrificed}) {
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
        count(ProfileEvent.CACHE_HIT),
        count(ProfileEvent.CACHE_MISS),
        count(ProfileEvent.STALE_READ),
        calls - providerCallsAtReset.get(),
        calls,
        count(ProfileEvent.FETCH_STARTED),
        count(ProfileEvent.COALESCED_WAITER),
        count(ProfileEvent.REDIS_ERROR),
        count(ProfileEvent.UNFLUSHED),
        count(ProfileEvent.REFUSED_FROM_MEMORY),
        count(ProfileEvent.REFRESH_DEFERRED),
        count(ProfileEvent.REFRESH_AHEAD),
        count(ProfileEvent.OVER_BUDGET),
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
        ProcessReadings.now());
  }

  /** {@link #snapshot} as a JSON tree. */
  public ObjectNode toJson(AdapterReadings provider) {
    return snapshot(provider).toJsonTree();
  }
}
