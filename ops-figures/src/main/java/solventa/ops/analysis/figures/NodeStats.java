package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.List;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.Transition;
import solventa.quote.stats.StatsSnapshot;

/**
 * What the runner reads from a quote node's management API: the node's counters since its last
 * stats reset ({@code GET /quote/stats}, parsed as the node's own {@link StatsSnapshot}) and the
 * adapter's snapshot inside it.
 */
public record NodeStats(
    long fresh,
    long cached,
    long stale,
    long dflt,
    long errors,
    long cacheHits,
    long cacheMisses,
    long providerCalls,
    long coalescedWaiters,
    long redisErrors,
    long sacrificed,
    List<Long> sacrificedAtMs,
    Latency internal,
    String breaker,
    List<BreakerTransition> transitions,
    int inFlight,
    int maxInFlight,
    int poolSize,
    long rejected) {

  /**
   * The runner's reading of one node's stats, as the node wrote them ({@link StatsSnapshot}, the
   * type that serializes {@code GET /quote/stats}). A part the snapshot lacks reads as zero, an
   * empty breaker state and no transitions.
   */
  public static NodeStats of(StatsSnapshot s) {
    StatsSnapshot.Quotes q =
        s.quotes() == null ? new StatsSnapshot.Quotes(0, 0, 0, 0, 0, 0) : s.quotes();
    StatsSnapshot.Percentiles lat = s.latency();
    Latency internal =
        lat == null || lat.isEmpty()
            ? Latency.EMPTY
            : new Latency(lat.count(), lat.p50(), lat.p95(), lat.p99(), lat.max());
    AdapterSnapshot a = s.adapter();
    return builder()
        .fresh(q.fresh())
        .cached(q.cached())
        .stale(q.stale())
        .dflt(q.dflt())
        .errors(q.errors())
        .cacheHits(s.cacheHits())
        .cacheMisses(s.cacheMisses())
        .providerCalls(s.providerCalls())
        .coalescedWaiters(s.coalescedWaiters())
        .redisErrors(s.redisErrors())
        .sacrificed(s.sacrificed())
        .sacrificedAtMs(
            s.sacrificedAtMs() == null ? new ArrayList<>() : new ArrayList<>(s.sacrificedAtMs()))
        .internal(internal)
        .breaker(a == null || a.state() == null ? "" : a.state().name())
        .transitions(a == null ? new ArrayList<>() : transitions(a.transitions()))
        .inFlight(a == null ? 0 : a.inFlight())
        .maxInFlight(a == null ? 0 : a.maxInFlight())
        .poolSize(a == null ? 0 : a.poolSize())
        .rejected(a == null ? 0 : a.rejected())
        .build();
  }

  /**
   * The stats of a cluster's nodes as one: counters and the sacrificed stamps add up, breaker
   * transitions keep the node they came from ({@code names}, in member order) and are ordered by
   * time, in-flight calls add up, the pool size and the highest in-flight are one node's (the
   * largest), and the node's own latency keeps only what merges — the count and the maximum:
   * per-node percentiles do not combine into one, so they stay null. The breaker state lists each
   * node's. One node's stats are returned as they are.
   */
  public static NodeStats merge(List<String> names, List<NodeStats> nodes) {
    if (nodes.size() == 1) {
      return nodes.get(0);
    }
    List<Long> sac = new ArrayList<>();
    List<BreakerTransition> tr = new ArrayList<>();
    List<String> states = new ArrayList<>();
    long count = 0;
    Double max = null;
    for (int i = 0; i < nodes.size(); i++) {
      NodeStats n = nodes.get(i);
      sac.addAll(n.sacrificedAtMs());
      String name = names.get(i);
      n.transitions().forEach(t -> tr.add(t.on(name)));
      states.add(n.breaker());
      count += n.internal().count();
      if (n.internal().max() != null) {
        max = max == null ? n.internal().max() : Math.max(max, n.internal().max());
      }
    }
    sac.sort(null);
    tr.sort(java.util.Comparator.comparingLong(BreakerTransition::atMs));
    return builder()
        .fresh(sum(nodes, NodeStats::fresh))
        .cached(sum(nodes, NodeStats::cached))
        .stale(sum(nodes, NodeStats::stale))
        .dflt(sum(nodes, NodeStats::dflt))
        .errors(sum(nodes, NodeStats::errors))
        .cacheHits(sum(nodes, NodeStats::cacheHits))
        .cacheMisses(sum(nodes, NodeStats::cacheMisses))
        .providerCalls(sum(nodes, NodeStats::providerCalls))
        .coalescedWaiters(sum(nodes, NodeStats::coalescedWaiters))
        .redisErrors(sum(nodes, NodeStats::redisErrors))
        .sacrificed(sum(nodes, NodeStats::sacrificed))
        .sacrificedAtMs(sac)
        .internal(count == 0 ? Latency.EMPTY : new Latency(count, null, null, null, max))
        .breaker(String.join(",", states))
        .transitions(tr)
        .inFlight((int) sum(nodes, NodeStats::inFlight))
        .maxInFlight(nodes.stream().mapToInt(NodeStats::maxInFlight).max().orElse(0))
        .poolSize(nodes.stream().mapToInt(NodeStats::poolSize).max().orElse(0))
        .rejected(sum(nodes, NodeStats::rejected))
        .build();
  }

  /**
   * Stats whose fields are named as they are set; what is not set reads as {@link #of} reads a part
   * the snapshot lacks: zero, no sacrificed stamps, no latency, an empty breaker state and no
   * transitions.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** One node's (or one cluster's) stats, named ({@link #builder}). */
  public static final class Builder {
    private long fresh;
    private long cached;
    private long stale;
    private long dflt;
    private long errors;
    private long cacheHits;
    private long cacheMisses;
    private long providerCalls;
    private long coalescedWaiters;
    private long redisErrors;
    private long sacrificed;
    private List<Long> sacrificedAtMs = List.of();
    private Latency internal = Latency.EMPTY;
    private String breaker = "";
    private List<BreakerTransition> transitions = List.of();
    private int inFlight;
    private int maxInFlight;
    private int poolSize;
    private long rejected;

    private Builder() {}

    public Builder fresh(long v) {
      this.fresh = v;
      return this;
    }

    public Builder cached(long v) {
      this.cached = v;
      return this;
    }

    public Builder stale(long v) {
      this.stale = v;
      return this;
    }

    public Builder dflt(long v) {
      this.dflt = v;
      return this;
    }

    public Builder errors(long v) {
      this.errors = v;
      return this;
    }

    public Builder cacheHits(long v) {
      this.cacheHits = v;
      return this;
    }

    public Builder cacheMisses(long v) {
      this.cacheMisses = v;
      return this;
    }

    public Builder providerCalls(long v) {
      this.providerCalls = v;
      return this;
    }

    public Builder coalescedWaiters(long v) {
      this.coalescedWaiters = v;
      return this;
    }

    public Builder redisErrors(long v) {
      this.redisErrors = v;
      return this;
    }

    public Builder sacrificed(long v) {
      this.sacrificed = v;
      return this;
    }

    public Builder sacrificedAtMs(List<Long> v) {
      this.sacrificedAtMs = v;
      return this;
    }

    public Builder internal(Latency v) {
      this.internal = v;
      return this;
    }

    public Builder breaker(String v) {
      this.breaker = v;
      return this;
    }

    public Builder transitions(List<BreakerTransition> v) {
      this.transitions = v;
      return this;
    }

    public Builder inFlight(int v) {
      this.inFlight = v;
      return this;
    }

    public Builder maxInFlight(int v) {
      this.maxInFlight = v;
      return this;
    }

    public Builder poolSize(int v) {
      this.poolSize = v;
      return this;
    }

    public Builder rejected(long v) {
      this.rejected = v;
      return this;
    }

    public NodeStats build() {
      return new NodeStats(
          fresh,
          cached,
          stale,
          dflt,
          errors,
          cacheHits,
          cacheMisses,
          providerCalls,
          coalescedWaiters,
          redisErrors,
          sacrificed,
          sacrificedAtMs,
          internal,
          breaker,
          transitions,
          inFlight,
          maxInFlight,
          poolSize,
          rejected);
    }
  }

  /** Quotes the node answered since its last reset, whatever their origin. */
  public long quotes() {
    return fresh + cached + stale + dflt;
  }

  private static long sum(List<NodeStats> nodes, java.util.function.ToLongFunction<NodeStats> f) {
    return nodes.stream().mapToLong(f).sum();
  }

  private static List<BreakerTransition> transitions(List<Transition> ts) {
    List<BreakerTransition> out = new ArrayList<>();
    if (ts != null) {
      for (Transition t : ts) {
        out.add(new BreakerTransition(t.from(), t.to(), t.at().toEpochMilli()));
      }
    }
    return out;
  }
}
