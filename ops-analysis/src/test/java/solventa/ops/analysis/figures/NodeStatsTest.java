package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.adapter.AdapterSnapshot;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.Transition;
import solventa.quote.stats.StatsSnapshot;

/**
 * The runner reads the node's stats with the node's own type: JSON written by {@link
 * StatsSnapshot#toJson()} (what {@code GET /quote/stats} serves) comes back into {@link NodeStats}
 * field by field, so a renamed field fails to compile instead of reading as zero.
 */
class NodeStatsTest {
  static final Instant OPENED = Instant.parse("2026-12-01T10:00:00.250Z");
  static final Instant HALF_OPEN = Instant.parse("2026-12-01T10:00:05.250Z");

  static StatsSnapshot snapshot(StatsSnapshot.Percentiles latency) {
    return new StatsSnapshot(
        "C",
        new StatsSnapshot.Quotes(11, 12, 13, 14, 15, 16),
        21,
        22,
        23,
        24,
        25,
        26,
        27,
        28,
        0,
        31,
        0,
        0,
        0,
        29,
        2,
        Map.of("mailbox-full", 3L),
        30,
        List.of(1_000L, 2_000L),
        latency,
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new StatsSnapshot.Percentiles("ms", 4, 80, 90, 95, 99),
        new StatsSnapshot.Percentiles("ms", 4, 60.3, 60.9, 61.0, 61.1),
        new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0),
        new AdapterSnapshot(
            "ofb",
            "count",
            BreakerState.HALF_OPEN,
            List.of(
                new Transition(BreakerState.CLOSED, BreakerState.OPEN, OPENED),
                new Transition(BreakerState.OPEN, BreakerState.HALF_OPEN, HALF_OPEN)),
            Map.of("SUCCESS", 9L),
            120,
            3,
            17,
            32,
            0,
            5,
            5,
            50,
            10_000,
            10,
            5_000,
            1,
            0L),
        new StatsSnapshot.Process(null, 40, 30, 5_000, 2, 1 << 20, 1234L));
  }

  /** As the runner reads a node: the JSON the node's serializer wrote, parsed by the same type. */
  static NodeStats read(StatsSnapshot written) throws Exception {
    return NodeStats.of(StatsSnapshot.parse(written.toJson()));
  }

  @Test
  void whatTheNodeWritesReachesEveryFieldOfTheRunnersReading() throws Exception {
    NodeStats n = read(snapshot(new StatsSnapshot.Percentiles("ms", 7, 1.5, 2.5, 3.5, 4.5)));
    assertThat(n.fresh()).isEqualTo(11);
    assertThat(n.cached()).isEqualTo(12);
    assertThat(n.stale()).isEqualTo(13);
    assertThat(n.dflt()).isEqualTo(14);
    assertThat(n.errors()).isEqualTo(15);
    assertThat(n.quotes()).isEqualTo(11 + 12 + 13 + 14);
    assertThat(n.cacheHits()).isEqualTo(21);
    assertThat(n.cacheMisses()).isEqualTo(22);
    assertThat(n.providerCalls()).isEqualTo(24);
    assertThat(n.coalescedWaiters()).isEqualTo(27);
    assertThat(n.redisErrors()).isEqualTo(28);
    assertThat(n.sacrificed()).isEqualTo(2);
    assertThat(n.sacrificedAtMs()).containsExactly(1_000L, 2_000L);
    assertThat(n.internal()).isEqualTo(new Latency(7, 1.5, 2.5, 3.5, 4.5));
    assertThat(n.breaker()).isEqualTo("HALF_OPEN");
    assertThat(n.transitions())
        .containsExactly(
            new BreakerTransition(BreakerState.CLOSED, BreakerState.OPEN, OPENED.toEpochMilli()),
            new BreakerTransition(
                BreakerState.OPEN, BreakerState.HALF_OPEN, HALF_OPEN.toEpochMilli()));
    assertThat(n.inFlight()).isEqualTo(3);
    assertThat(n.maxInFlight()).isEqualTo(17);
    assertThat(n.poolSize()).isEqualTo(32);
    assertThat(n.rejected()).isEqualTo(5);
  }

  @Test
  void aNodeThatRecordedNoQuoteHasNoLatencyRatherThanZeros() throws Exception {
    NodeStats n = read(snapshot(new StatsSnapshot.Percentiles("ms", 0, 0, 0, 0, 0)));
    assertThat(n.internal()).isSameAs(Latency.EMPTY);
  }

  @Test
  void theNodesIntervalReadsBackWithItsMissingPercentilesMissing() throws Exception {
    StatsSnapshot.Interval empty =
        StatsSnapshot.Interval.parse(new StatsSnapshot.Interval(0, null, null).toJson());
    assertThat(empty.p99()).isNull();
    assertThat(empty.max()).isNull();
    StatsSnapshot.Interval full =
        StatsSnapshot.Interval.parse(new StatsSnapshot.Interval(12, 3.25, 9.0).toJson());
    assertThat(full.count()).isEqualTo(12);
    assertThat(full.p99()).isEqualTo(3.25);
    assertThat(full.max()).isEqualTo(9.0);
  }
}
