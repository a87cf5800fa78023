package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import solventa.quote.stats.StatsSnapshot;

/** The benchmark's CPU figures come from the node's own process counters over the window. */
class BenchmarkTest {
  /** A node's stats with only the given fields, read as the runner reads the node's. */
  private static StatsSnapshot stats(String json) throws Exception {
    return StatsSnapshot.parse(json);
  }

  @Test
  void cpuPerQuoteCoresAndPerProviderCallComeFromTheNodesCountersOverTheWindow() throws Exception {
    StatsSnapshot start =
        stats("{\"process\":{\"cpuNanos\":1000000000,\"threadsStarted\":90,\"jitMillis\":400}}");
    StatsSnapshot end =
        stats(
            "{\"quotes\":{\"FRESH\":100,\"CACHED\":3800,\"STALE\":0,\"DEFAULT\":90,\"errors\":10},"
                + "\"providerCalls\":200,"
                + "\"providerLatency\":{\"count\":190,\"p95\":150.5},"
                + "\"cachedLatency\":{\"count\":3800,\"p50\":61.2,\"p99\":64.9},"
                + "\"process\":{\"cpuNanos\":3000000000,\"threadsStarted\":92,\"jitMillis\":425}}");
    Benchmark.NodeCost c =
        Benchmark.NodeCost.between(new ProtocolRunner.WindowStats(start, end, 5_000L, 25_000L), 10);
    assertThat(c.quotes()).isEqualTo(4000);
    assertThat(c.contextSwitches()).isEqualTo(20_000);
    assertThat(c.switchesPerQuote()).isCloseTo(5.0, within(1e-9));
    assertThat(c.cpuMs()).isCloseTo(2000, within(1e-9));
    assertThat(c.cpuPerQuote()).isCloseTo(0.5, within(1e-9));
    assertThat(c.cores()).isCloseTo(0.2, within(1e-9));
    assertThat(c.cpuPerProviderCall()).isCloseTo(10, within(1e-9));
    assertThat(c.threadsStarted()).isEqualTo(2);
    assertThat(c.providerP95()).isEqualTo(150.5);
    assertThat(c.hitP50()).isEqualTo(61.2);
    assertThat(c.hitP99()).isEqualTo(64.9);
    assertThat(c.jitMs()).isEqualTo(25.0);
  }

  @Test
  void aNodeThatDoesNotReportCpuGivesNoCpuFigures() throws Exception {
    StatsSnapshot start = stats("{}");
    StatsSnapshot end = stats("{\"quotes\":{\"CACHED\":10},\"providerLatency\":{\"count\":0}}");
    Benchmark.NodeCost c =
        Benchmark.NodeCost.between(new ProtocolRunner.WindowStats(start, end, null, 900L), 10);
    assertThat(c.cpuPerQuote()).isNull();
    assertThat(c.switchesPerQuote()).as("switches unread at the start are missing").isNull();
    assertThat(c.cores()).isNull();
    assertThat(c.threadsStarted()).isNull();
    assertThat(c.providerP95()).isNull();
    assertThat(c.hitP99()).isNull();
    assertThat(c.jitMs()).as("an unreported JIT time is missing, not 0").isNull();
  }

  @Test
  void theWakeCostSectionGivesTheMeasuredFiguresOrSaysTheyAreMissing() {
    String measured = Benchmark.wakeCost(new WakeCost(1000, 41.25, 22.5, 3.0, 1000));
    assertThat(measured).contains("**41.3 µs**").contains("**22.5 µs**").contains("1000 times");
    String missing = Benchmark.wakeCost(new WakeCost(1000, null, null, null, 1000));
    assertThat(missing).contains("missing").doesNotContain("µs**");
  }
}
