package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.windowSec;

import solventa.ops.runner.ContextSwitches;
import solventa.ops.runner.WindowStats;
import solventa.quote.stats.StatsSnapshot;

/**
 * The node's own process counters over a window.
 *
 * @param cpuMs process CPU time (user + system, all threads), null if the node does not report it
 * @param windowSec the window's length (load time, without the generator's shutdown)
 * @param quotes quotes the node answered in the window (its own counters, errors included)
 * @param providerCalls requests the adapter sent to the provider in the window
 * @param threadsStarted threads the node's JVM started in the window
 * @param providerP95 the provider's p95 as the adapter timed successful calls, ms
 * @param hitP50 the node's p50 over cache hits (CACHED answers) only, ms
 * @param hitP99 the node's p99 over cache hits only, ms
 * @param jitMs the JIT compilers' compilation time in the window (the JVM's own accumulated count),
 *     null if the node does not report it
 * @param contextSwitches the node process's context switches in the window (its threads' own
 *     counters, {@link ContextSwitches}), null where they could not be read
 * @param ratingP50 rating's cost as the quotes of the window realized it, p50 ms (the calibrated
 *     cost, its timer's lateness and the hop back), null where the node does not report it or
 *     priced nothing
 * @param ratingP99 the same, p99 ms
 */
record NodeCost(
    Double cpuMs,
    double windowSec,
    long quotes,
    long providerCalls,
    Long threadsStarted,
    Double providerP95,
    Double hitP50,
    Double hitP99,
    Double jitMs,
    Long contextSwitches,
    Double ratingP50,
    Double ratingP99) {
  /**
   * The same window with {@code n} answers instead of the node's quote count: the floor's bare
   * requests, which the node does not count, as the generator counted them in the window.
   */
  NodeCost answering(long n) {
    return toBuilder().quotes(n).build();
  }

  /** A window's counters, each named as it is set; what is not set is 0, or null (unread). */
  static Builder builder() {
    return new Builder();
  }

  /** A builder holding this window's counters. */
  Builder toBuilder() {
    return builder()
        .cpuMs(cpuMs)
        .windowSec(windowSec)
        .quotes(quotes)
        .providerCalls(providerCalls)
        .threadsStarted(threadsStarted)
        .providerP95(providerP95)
        .hitP50(hitP50)
        .hitP99(hitP99)
        .jitMs(jitMs)
        .contextSwitches(contextSwitches)
        .ratingP50(ratingP50)
        .ratingP99(ratingP99);
  }

  /** The counters of a window, named as they are set ({@link #builder}). */
  static final class Builder {
    private Double cpuMs;
    private double windowSec;
    private long quotes;
    private long providerCalls;
    private Long threadsStarted;
    private Double providerP95;
    private Double hitP50;
    private Double hitP99;
    private Double jitMs;
    private Long contextSwitches;
    private Double ratingP50;
    private Double ratingP99;

    private Builder() {}

    Builder cpuMs(Double v) {
      this.cpuMs = v;
      return this;
    }

    Builder windowSec(double v) {
      this.windowSec = v;
      return this;
    }

    Builder quotes(long v) {
      this.quotes = v;
      return this;
    }

    Builder providerCalls(long v) {
      this.providerCalls = v;
      return this;
    }

    Builder threadsStarted(Long v) {
      this.threadsStarted = v;
      return this;
    }

    Builder providerP95(Double v) {
      this.providerP95 = v;
      return this;
    }

    Builder hitP50(Double v) {
      this.hitP50 = v;
      return this;
    }

    Builder hitP99(Double v) {
      this.hitP99 = v;
      return this;
    }

    Builder jitMs(Double v) {
      this.jitMs = v;
      return this;
    }

    Builder contextSwitches(Long v) {
      this.contextSwitches = v;
      return this;
    }

    Builder ratingP50(Double v) {
      this.ratingP50 = v;
      return this;
    }

    Builder ratingP99(Double v) {
      this.ratingP99 = v;
      return this;
    }

    NodeCost build() {
      return new NodeCost(
          cpuMs,
          windowSec,
          quotes,
          providerCalls,
          threadsStarted,
          providerP95,
          hitP50,
          hitP99,
          jitMs,
          contextSwitches,
          ratingP50,
          ratingP99);
    }
  }

  Double cpuPerQuote() {
    return cpuMs == null || quotes == 0 ? null : cpuMs / quotes;
  }

  Double switchesPerQuote() {
    return contextSwitches == null || quotes == 0 ? null : (double) contextSwitches / quotes;
  }

  Double cpuPerProviderCall() {
    return cpuMs == null || providerCalls == 0 ? null : cpuMs / providerCalls;
  }

  Double cores() {
    return cpuMs == null || windowSec <= 0 ? null : cpuMs / 1000.0 / windowSec;
  }

  static NodeCost between(WindowStats w, double windowSec) {
    StatsSnapshot.Process a = w.atStart().process();
    StatsSnapshot.Process b = w.atEnd().process();
    boolean both = a != null && b != null;
    Long cpuNanos = both ? delta(a.cpuNanos(), b.cpuNanos()) : null;
    Long threads = both ? b.threadsStarted() - a.threadsStarted() : null;
    Long jit = both ? delta(a.jitMillis(), b.jitMillis()) : null;
    StatsSnapshot end = w.atEnd();
    StatsSnapshot.Percentiles pl = end.providerLatency();
    StatsSnapshot.Percentiles hits = end.cachedLatency();
    boolean anyHit = hits != null && !hits.isEmpty();
    StatsSnapshot.Percentiles rating = end.ratingCost();
    boolean anyRating = rating != null && !rating.isEmpty();
    return builder()
        .cpuMs(cpuNanos == null ? null : cpuNanos / 1e6)
        .windowSec(windowSec)
        .quotes(end.quotes() == null ? 0 : end.quotes().total())
        .providerCalls(end.providerCalls())
        .threadsStarted(threads)
        .providerP95(pl != null && !pl.isEmpty() ? pl.p95() : null)
        .hitP50(anyHit ? hits.p50() : null)
        .hitP99(anyHit ? hits.p99() : null)
        .jitMs(jit == null ? null : jit.doubleValue())
        .contextSwitches(delta(w.switchesAtStart(), w.switchesAtEnd()))
        .ratingP50(anyRating ? rating.p50() : null)
        .ratingP99(anyRating ? rating.p99() : null)
        .build();
  }

  // a counter's growth over the window, null when either end did not report it
  private static Long delta(Long atStart, Long atEnd) {
    return atStart == null || atEnd == null ? null : atEnd - atStart;
  }
}
