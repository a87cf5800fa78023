package solventa.ops.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import solventa.adapter.BreakerState;
import solventa.signals.Origin;

/**
 * What the runner reads from a quote node's management API: the node's counters since its last
 * stats reset ({@code GET /quote/stats}) and the adapter's snapshot inside it.
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

  public static NodeStats parse(JsonNode s) {
    JsonNode q = s.path("quotes");
    JsonNode lat = s.path("internal").isMissingNode() ? s.path("latency") : s.path("internal");
    List<Long> sac = new ArrayList<>();
    s.path("sacrificedAtMs").forEach(n -> sac.add(n.asLong()));
    JsonNode a = s.path("adapter");
    long count = lat.path("count").asLong(0);
    Latency internal =
        count == 0
            ? Latency.EMPTY
            : new Latency(
                count, num(lat, "p50"), num(lat, "p95"), num(lat, "p99"), num(lat, "max"));
    return new NodeStats(
        q.path(Origin.FRESH.name()).asLong(0),
        q.path(Origin.CACHED.name()).asLong(0),
        q.path(Origin.STALE.name()).asLong(0),
        q.path(Origin.DEFAULT.name()).asLong(0),
        q.path("errors").asLong(0),
        s.path("cacheHits").asLong(0),
        s.path("cacheMisses").asLong(0),
        s.path("providerCalls").asLong(0),
        s.path("coalescedWaiters").asLong(0),
        s.path("redisErrors").asLong(0),
        s.path("sacrificed").asLong(0),
        sac,
        internal,
        a.path("state").asText(""),
        transitions(a.path("transitions")),
        a.path("inFlight").asInt(0),
        a.path("maxInFlight").asInt(0),
        a.path("poolSize").asInt(0),
        a.path("rejected").asLong(0));
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

  static List<BreakerTransition> transitions(JsonNode arr) {
    List<BreakerTransition> out = new ArrayList<>();
    for (JsonNode t : arr) {
      JsonNode at = t.path("at");
      long ms =
          at.isNumber()
              ? at.asLong()
              : at.isTextual()
                  ? Instant.parse(at.asText()).toEpochMilli()
                  : t.path("atMs").asLong();
      out.add(
          new BreakerTransition(
              BreakerState.valueOf(t.path("from").asText()),
              BreakerState.valueOf(t.path("to").asText()),
              ms));
    }
    return out;
  }

  private static Double num(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isNumber() ? v.asDouble() : null;
  }
}
