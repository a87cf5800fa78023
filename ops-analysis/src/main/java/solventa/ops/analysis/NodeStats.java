package solventa.ops.analysis;

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
    return new NodeStats(
        q.fresh(),
        q.cached(),
        q.stale(),
        q.dflt(),
        q.errors(),
        s.cacheHits(),
        s.cacheMisses(),
        s.providerCalls(),
        s.coalescedWaiters(),
        s.redisErrors(),
        s.sacrificed(),
        s.sacrificedAtMs() == null ? new ArrayList<>() : new ArrayList<>(s.sacrificedAtMs()),
        internal,
        a == null || a.state() == null ? "" : a.state().name(),
        a == null ? new ArrayList<>() : transitions(a.transitions()),
        a == null ? 0 : a.inFlight(),
        a == null ? 0 : a.maxInFlight(),
        a == null ? 0 : a.poolSize(),
        a == null ? 0 : a.rejected());
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
    return new NodeStats(
        sum(nodes, NodeStats::fresh),
        sum(nodes, NodeStats::cached),
        sum(nodes, NodeStats::stale),
        sum(nodes, NodeStats::dflt),
        sum(nodes, NodeStats::errors),
        sum(nodes, NodeStats::cacheHits),
        sum(nodes, NodeStats::cacheMisses),
        sum(nodes, NodeStats::providerCalls),
        sum(nodes, NodeStats::coalescedWaiters),
        sum(nodes, NodeStats::redisErrors),
        sum(nodes, NodeStats::sacrificed),
        sac,
        count == 0 ? Latency.EMPTY : new Latency(count, null, null, null, max),
        String.join(",", states),
        tr,
        (int) sum(nodes, NodeStats::inFlight),
        nodes.stream().mapToInt(NodeStats::maxInFlight).max().orElse(0),
        nodes.stream().mapToInt(NodeStats::poolSize).max().orElse(0),
        sum(nodes, NodeStats::rejected));
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
