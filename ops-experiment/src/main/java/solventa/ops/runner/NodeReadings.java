package solventa.ops.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.ops.analysis.figures.NodeInterval;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.analysis.figures.Sample;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.quote.stats.StatsSnapshot;

/**
 * What the recorder reads from the nodes of a step: their stats snapshots (merged for a cluster),
 * adapter rejections, process counters, per-second latency and the 250 ms samples, each per member
 * and for the group.
 */
final class NodeReadings {
  private static final Logger log = LoggerFactory.getLogger(NodeReadings.class);

  private NodeReadings() {}

  /** A copy of a list the sampler threads append to. */
  static <T> List<T> copy(List<T> shared) {
    synchronized (shared) {
      return new ArrayList<>(shared);
    }
  }

  /**
   * Each member's bulkhead rejections so far, in member order. The adapter counts them since the
   * node started and a stats reset leaves them, so a step's own rejections are the count at its end
   * minus this reading at its start.
   */
  static long[] rejected(List<StatsSnapshot> raws) {
    return raws.stream().mapToLong(j -> NodeStats.of(j).rejected()).toArray();
  }

  /** One list per member, for the readings taken from each. */
  static <T> List<List<T>> perMember(NodeGroup node) {
    List<List<T>> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      out.add(new ArrayList<>());
    }
    return out;
  }

  static void resetStats(NodeGroup node) throws IOException {
    for (NodeProcess m : node.members()) {
      m.resetStats();
    }
  }

  static List<StatsSnapshot> snapshots(NodeGroup node) throws IOException {
    List<StatsSnapshot> out = new ArrayList<>();
    for (NodeProcess m : node.members()) {
      out.add(m.snapshot());
    }
    return out;
  }

  static List<String> names(NodeGroup node) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      out.add(NodeGroup.name(i));
    }
    return out;
  }

  /** The members' stats as one ({@link NodeStats#merge}); one node's as they are. */
  static NodeStats merged(NodeGroup node, List<StatsSnapshot> raws) {
    return NodeStats.merge(names(node), raws.stream().map(NodeStats::of).toList());
  }

  /** {@code 127.0.0.1:PORT} of a member's quote API, as the request log records it. */
  static String authority(NodeProcess m) {
    return java.net.URI.create(m.baseUrl()).getRawAuthority();
  }

  /** Each member's raw material when there are several; none for one node. */
  static List<StepAnalyzer.NodeInputs> memberInputs(
      NodeGroup node,
      List<StatsSnapshot> rawsAtEnd,
      long[] rejectedAtStart,
      List<List<Sample>> samples,
      List<List<NodeInterval>> seconds) {
    if (node.size() == 1) {
      return List.of();
    }
    List<StepAnalyzer.NodeInputs> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      List<Sample> s;
      synchronized (samples) {
        s = List.copyOf(samples.get(i));
      }
      List<NodeInterval> sec;
      synchronized (seconds) {
        sec = List.copyOf(seconds.get(i));
      }
      out.add(
          new StepAnalyzer.NodeInputs(
              NodeGroup.name(i),
              authority(node.members().get(i)),
              NodeStats.of(rawsAtEnd.get(i)),
              rejectedAtStart[i],
              s,
              sec));
    }
    return out;
  }

  /** Each member's own latency over the last second, into its list and the merged one. */
  static void interval(
      NodeGroup node, List<NodeInterval> into, List<List<NodeInterval>> perMember) {
    for (int i = 0; i < node.size(); i++) {
      try {
        StatsSnapshot.Interval j = node.members().get(i).interval();
        NodeInterval n = new NodeInterval(System.currentTimeMillis(), j.count(), j.p99(), j.max());
        synchronized (into) {
          into.add(n);
        }
        synchronized (perMember) {
          perMember.get(i).add(n);
        }
      } catch (IOException | RuntimeException e) {
        log.debug("interval: {}", e.toString());
      }
    }
  }

  /**
   * One reading of every member's adapter: each member's into its list, and the members' as one —
   * provider calls added up, the most in flight on one node (as the pool column), and the breaker
   * state when they agree, else each node's in member order. No merged reading when a member could
   * not be read.
   */
  static void sample(NodeGroup node, List<Sample> into, List<List<Sample>> perMember) {
    List<Sample> each = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      try {
        var b = node.members().get(i).breaker();
        long calls = 0;
        var outcomes = b.path("outcomes");
        var it = outcomes.fields();
        while (it.hasNext()) {
          var e = it.next();
          if (!e.getKey().equals("BREAKER_OPEN") && !e.getKey().equals("BULKHEAD_REJECTED")) {
            calls += e.getValue().asLong();
          }
        }
        Sample s =
            new Sample(
                System.currentTimeMillis(),
                b.path("state").asText(""),
                calls,
                b.path("pool").path("inFlight").asInt(0),
                b.has("duplicateCalls") ? b.path("duplicateCalls").asLong() : null);
        each.add(s);
        synchronized (perMember) {
          perMember.get(i).add(s);
        }
      } catch (IOException | RuntimeException e) {
        log.debug("sample: {}", e.toString());
      }
    }
    if (each.size() != node.size()) {
      return;
    }
    Sample s = each.get(0);
    if (each.size() > 1) {
      List<String> states = each.stream().map(Sample::breaker).toList();
      s =
          new Sample(
              each.get(each.size() - 1).atMs(),
              states.stream().distinct().count() == 1 ? states.get(0) : String.join(",", states),
              each.stream().mapToLong(Sample::providerCalls).sum(),
              each.stream().mapToInt(Sample::inFlight).max().orElse(0),
              each.stream().anyMatch(m -> m.duplicates() == null)
                  ? null
                  : each.stream().mapToLong(Sample::duplicates).sum());
    }
    synchronized (into) {
      into.add(s);
    }
  }
}
