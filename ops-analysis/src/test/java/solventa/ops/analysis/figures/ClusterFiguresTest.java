package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.BreakerState;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * A step on two nodes: the members' node-side figures merge only where a merge is honest, and the
 * breaker figures follow decision 0016 (first breaker to open, last to close, the degraded path
 * once every breaker has opened).
 */
class ClusterFiguresTest {
  static final long T0 = 1_000_000L;
  static final List<String> NAMES = List.of("node-1", "node-2");

  static NodeStats stats(
      long calls, Latency internal, int poolSize, long rejected, BreakerTransition... t) {
    return NodeStats.builder()
        .fresh(1)
        .cached(2)
        .stale(3)
        .dflt(4)
        .errors(0)
        .cacheHits(5)
        .cacheMisses(6)
        .providerCalls(calls)
        .coalescedWaiters(0)
        .redisErrors(0)
        .sacrificed(1)
        .sacrificedAtMs(List.of(T0 + calls))
        .internal(internal)
        .breaker("CLOSED")
        .transitions(List.of(t))
        .inFlight(1)
        .maxInFlight(9)
        .poolSize(poolSize)
        .rejected(rejected)
        .build();
  }

  @Test
  void countersAddUpThePoolIsOneNodesAndPercentilesDoNotMerge() {
    NodeStats a =
        stats(
            10,
            new Latency(100, 50.0, 90.0, 120.0, 300.0),
            32,
            2,
            new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, T0 + 500));
    NodeStats b =
        stats(
            7,
            new Latency(50, 40.0, 80.0, 100.0, 400.0),
            32,
            1,
            new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, T0 + 200));
    NodeStats m = NodeStats.merge(NAMES, List.of(a, b));
    assertThat(m.providerCalls()).isEqualTo(17);
    assertThat(m.cacheMisses()).isEqualTo(12);
    assertThat(m.quotes()).isEqualTo(20);
    assertThat(m.sacrificedAtMs()).containsExactly(T0 + 7, T0 + 10);
    assertThat(m.rejected()).isEqualTo(3);
    assertThat(m.poolSize()).isEqualTo(32);
    assertThat(m.internal().count()).isEqualTo(150);
    assertThat(m.internal().max()).isEqualTo(400.0);
    assertThat(m.internal().p99()).isNull();
    assertThat(m.transitions())
        .extracting(BreakerTransition::node)
        .containsExactly("node-2", "node-1");
    // one node's stats are its own, untouched
    assertThat(NodeStats.merge(List.of("node-1"), List.of(a))).isSameAs(a);
  }

  static StepResult analyze(
      ProviderState state, List<RequestRecord> rs, BreakerTransition[]... perNode) {
    List<NodeStats> each = new ArrayList<>();
    List<StepAnalyzer.NodeInputs> inputs = new ArrayList<>();
    for (int i = 0; i < perNode.length; i++) {
      NodeStats st = stats(5, new Latency(10, 5.0, 8.0, 9.0, 10.0), 32, 0, perNode[i]);
      each.add(st);
      inputs.add(
          new StepAnalyzer.NodeInputs(
              NAMES.get(i),
              "127.0.0.1:100" + i,
              st,
              0,
              List.of(new Sample(T0 + 100, "CLOSED", 1, 3 + i)),
              List.of(new NodeInterval(T0 + 2_000, 5, 100.0 + i * 1_000, 200.0))));
    }
    List<Sample> merged = List.of(new Sample(T0 + 100, "CLOSED", 2, 4));
    List<NodeInterval> seconds = new ArrayList<>();
    inputs.forEach(n -> seconds.addAll(n.seconds()));
    return StepInputs.of(StepInputs.spec(state, 10, 0, 10), T0)
        .requests(rs)
        .atEnd(NodeStats.merge(NAMES, each))
        .samples(merged)
        .nodeSeconds(seconds)
        .nodes(inputs)
        .analyze();
  }

  /** One breaker's transitions: it opened at {@code at}. */
  static BreakerTransition[] opened(long at) {
    return new BreakerTransition[] {
      new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, at)
    };
  }

  /** A breaker that goes half-open and then closes, ms after the change. */
  static BreakerTransition[] closes(long halfOpen, long closed) {
    return new BreakerTransition[] {
      new BreakerTransition(BreakerState.OPEN, BreakerState.HALF_OPEN, T0 + halfOpen),
      new BreakerTransition(BreakerState.HALF_OPEN, BreakerState.CLOSED, T0 + closed)
    };
  }

  static List<RequestRecord> requests() {
    List<RequestRecord> rs = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rs.add(
          new RequestRecord(
              T0 + i * 100,
              50,
              200,
              Origin.DEFAULT,
              0,
              "known",
              "c" + i,
              "127.0.0.1:100" + (i % 2)));
    }
    return rs;
  }

  @Test
  void theDegradedPathStartsWhenEveryBreakerHasOpened() {
    StepResult r =
        analyze(ProviderState.DEGRADED, requests(), opened(T0 + 1_000), opened(T0 + 6_000));
    assertThat(r.timeToOpenMs()).isEqualTo(1_000); // the first breaker's
    assertThat(r.pathLatenciesMs()).hasSize(40); // requests sent from +6 s on
    assertThat(r.nodes()).extracting(NodeFigures::requests).containsExactly(50L, 50L);
    assertThat(r.nodes()).extracting(NodeFigures::poolMaxInFlight).containsExactly(3, 4);
    assertThat(r.nodes().get(1).transitions())
        .extracting(BreakerTransition::node)
        .containsOnly("node-2");
    assertThat(r.nodeWorstSecondP99Ms()).isEqualTo(1_100.0); // node-2's stall counts
    assertThat(r.internal().p99()).isNull();
    assertThat(r.missing().get("internal")).contains("2 nodes");
  }

  @Test
  void oneBreakerThatNeverOpenedLeavesNoDegradedPath() {
    StepResult r =
        analyze(ProviderState.DEGRADED, requests(), opened(T0 + 1_000), new BreakerTransition[] {});
    assertThat(r.timeToOpenMs()).isEqualTo(1_000);
    assertThat(r.pathLatenciesMs()).isEmpty();
  }

  @Test
  void recoveryClosesWhenTheLastBreakerThatMovedHasClosed() {
    StepResult r =
        analyze(ProviderState.RECOVERY, requests(), closes(1_000, 1_500), closes(2_000, 4_000));
    assertThat(r.closedAfterMs()).isEqualTo(4_000);

    StepResult open =
        analyze(
            ProviderState.RECOVERY,
            requests(),
            closes(1_000, 1_500),
            new BreakerTransition[] {
              new BreakerTransition(BreakerState.OPEN, BreakerState.HALF_OPEN, T0 + 2_000)
            });
    assertThat(open.closedAfterMs()).isNull();
    assertThat(open.missing().get("closedAfterMs"))
        .isEqualTo("node-2's breaker did not close during the step");
  }
}
