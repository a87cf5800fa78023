package solventa.adapter.internal;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import kamon.Kamon;
import kamon.metric.Counter;
import kamon.metric.Gauge;
import kamon.metric.Histogram;
import kamon.metric.MeasurementUnit;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.Transition;

/**
 * One provider's instruments, kept twice: in Kamon (scraped by Prometheus; works without {@code
 * Kamon.init}, which only the node's main calls) and in process (read by {@code AdapterSnapshot}).
 * Every metric is tagged {@code provider}. Outlives actor restarts: it belongs to the adapter, not
 * to its actor.
 *
 * <p>Kamon names: {@code of_adapter.breaker.state} (gauge, 0 closed, 1 half-open, 2 open), {@code
 * of_adapter.breaker.transitions} (counter, tags from/to), {@code of_adapter.breaker.time_to_open}
 * (histogram, ms) and {@code of_adapter.breaker.last_time_to_open} (gauge, ms), {@code
 * of_adapter.calls} (counter, tag outcome), {@code of_adapter.call.latency} (histogram, ns, tag
 * outcome), {@code of_adapter.pool.in_flight}, {@code of_adapter.pool.queued}, {@code
 * of_adapter.pool.size} (gauges), {@code of_adapter.bulkhead.rejected} (counter), {@code
 * of_adapter.provider.calls} (counter: requests actually sent), {@code of_adapter.duplicate_calls}
 * (counter: calls asked for a customer while an earlier call for that customer was still pending).
 */
public final class AdapterMetrics {
  public static final String SUCCESS = "SUCCESS";

  private final String provider;
  private final Map<String, LongAdder> outcomes = new LinkedHashMap<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicLong providerCalls = new AtomicLong();
  private final AtomicLong lastTimeToOpenMs = new AtomicLong(-1);
  private final AtomicLong restarts = new AtomicLong();
  private final AtomicLong duplicateCalls = new AtomicLong();

  /** Calls not yet completed, per customer; an entry is removed when its count reaches zero. */
  private final Map<String, Integer> pendingByCustomer = new ConcurrentHashMap<>();

  private final Gauge stateGauge;
  private final Gauge inFlightGauge;
  private final Gauge queuedGauge;
  private final Gauge lastTimeToOpenGauge;
  private final Histogram timeToOpen;
  private final Counter rejected;
  private final Counter sent;
  private final Counter duplicates;
  private final Map<String, Counter> callCounters = new LinkedHashMap<>();
  private final Map<String, Histogram> latency = new LinkedHashMap<>();
  private final Map<BreakerState, Map<BreakerState, Counter>> transitions =
      new EnumMap<>(BreakerState.class);

  public AdapterMetrics(String provider, int poolSize) {
    this.provider = provider;
    outcomes.put(SUCCESS, new LongAdder());
    for (FailureKind k : FailureKind.values()) {
      outcomes.put(k.name(), new LongAdder());
    }
    for (String outcome : outcomes.keySet()) {
      callCounters.put(outcome, counter("of_adapter.calls").withTag("outcome", outcome));
      latency.put(
          outcome,
          Kamon.histogram("of_adapter.call.latency", MeasurementUnit.time().nanoseconds())
              .withTag("provider", provider)
              .withTag("outcome", outcome));
    }
    for (BreakerState from : BreakerState.values()) {
      Map<BreakerState, Counter> to = new EnumMap<>(BreakerState.class);
      for (BreakerState t : BreakerState.values()) {
        to.put(
            t,
            counter("of_adapter.breaker.transitions")
                .withTag("from", from.name())
                .withTag("to", t.name()));
      }
      transitions.put(from, to);
    }
    stateGauge = gauge("of_adapter.breaker.state");
    inFlightGauge = gauge("of_adapter.pool.in_flight");
    queuedGauge = gauge("of_adapter.pool.queued");
    lastTimeToOpenGauge = gauge("of_adapter.breaker.last_time_to_open");
    gauge("of_adapter.pool.size").update(poolSize);
    timeToOpen =
        Kamon.histogram("of_adapter.breaker.time_to_open", MeasurementUnit.time().milliseconds())
            .withTag("provider", provider);
    rejected = counter("of_adapter.bulkhead.rejected");
    sent = counter("of_adapter.provider.calls");
    duplicates = counter("of_adapter.duplicate_calls");
    stateGauge.update(0);
  }

  private Counter counter(String name) {
    return Kamon.counter(name).withTag("provider", provider);
  }

  private Gauge gauge(String name) {
    return Kamon.gauge(name).withTag("provider", provider);
  }

  /** One call's end, by outcome ({@link #SUCCESS} or a {@link FailureKind} name). */
  public void recordOutcome(String outcome, Duration took) {
    outcomes.get(outcome).increment();
    callCounters.get(outcome).increment();
    latency.get(outcome).record(Math.max(0, took.toNanos()));
    if (FailureKind.BULKHEAD_REJECTED.name().equals(outcome)) {
      rejected.increment();
    }
  }

  public void recordTransition(Transition t) {
    transitions.get(t.from()).get(t.to()).increment();
    stateGauge.update(
        switch (t.to()) {
          case CLOSED -> 0;
          case HALF_OPEN -> 1;
          case OPEN -> 2;
        });
  }

  public void recordTimeToOpen(long millis) {
    lastTimeToOpenMs.set(millis);
    timeToOpen.record(Math.max(0, millis));
    lastTimeToOpenGauge.update(millis);
  }

  /** A request handed to the connection pool (it will reach the provider). */
  public void sent() {
    providerCalls.incrementAndGet();
    sent.increment();
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    inFlightGauge.update(now);
  }

  /**
   * A call was asked for {@code customerId}: pending until {@link #settled}. Counts a duplicate
   * when an earlier call for the same customer is still pending (what per-key coalescing prevents).
   */
  public void asked(String customerId) {
    Integer before = pendingByCustomer.merge(customerId, 1, Integer::sum);
    if (before > 1) {
      duplicateCalls.incrementAndGet();
      duplicates.increment();
    }
  }

  /** The call asked for {@code customerId} has completed (exactly once per {@link #asked}). */
  public void settled(String customerId) {
    pendingByCustomer.computeIfPresent(customerId, (k, n) -> n <= 1 ? null : n - 1);
  }

  /** Calls asked while another call for the same customer was pending, since start. */
  public long duplicateCalls() {
    return duplicateCalls.get();
  }

  /** The pool is done with a request (answered, failed or its connection closed). */
  public void released() {
    inFlightGauge.update(inFlight.decrementAndGet());
  }

  public void queued(int depth) {
    queued.set(depth);
    queuedGauge.update(depth);
  }

  /** The adapter actor was restarted by its supervisor. */
  public void restarted() {
    restarts.incrementAndGet();
  }

  public long restarts() {
    return restarts.get();
  }

  public Map<String, Long> outcomes() {
    Map<String, Long> copy = new LinkedHashMap<>();
    outcomes.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }

  public long outcome(String outcome) {
    return outcomes.get(outcome).sum();
  }

  public int inFlight() {
    return inFlight.get();
  }

  public int maxInFlight() {
    return maxInFlight.get();
  }

  public int queued() {
    return queued.get();
  }

  public long rejected() {
    return outcome(FailureKind.BULKHEAD_REJECTED.name());
  }

  public long providerCalls() {
    return providerCalls.get();
  }

  public long lastTimeToOpenMs() {
    return lastTimeToOpenMs.get();
  }
}
