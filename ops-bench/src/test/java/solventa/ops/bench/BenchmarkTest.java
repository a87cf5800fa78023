package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.ops.runner.WindowStats;
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
                + "\"ratingCost\":{\"count\":3990,\"p50\":60.6,\"p99\":61.8},"
                + "\"process\":{\"cpuNanos\":3000000000,\"threadsStarted\":92,\"jitMillis\":425}}");
    NodeCost c = NodeCost.between(new WindowStats(start, end, 5_000L, 25_000L), 10);
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
    assertThat(c.ratingP50()).isEqualTo(60.6);
    assertThat(c.ratingP99()).isEqualTo(61.8);
    assertThat(c.jitMs()).isEqualTo(25.0);
  }

  @Test
  void aNodeThatDoesNotReportCpuGivesNoCpuFigures() throws Exception {
    StatsSnapshot start = stats("{}");
    StatsSnapshot end = stats("{\"quotes\":{\"CACHED\":10},\"providerLatency\":{\"count\":0}}");
    NodeCost c = NodeCost.between(new WindowStats(start, end, null, 900L), 10);
    assertThat(c.cpuPerQuote()).isNull();
    assertThat(c.switchesPerQuote()).as("switches unread at the start are missing").isNull();
    assertThat(c.cores()).isNull();
    assertThat(c.threadsStarted()).isNull();
    assertThat(c.providerP95()).isNull();
    assertThat(c.hitP99()).isNull();
    assertThat(c.ratingP50()).as("a node that does not report rating's cost: missing").isNull();
    assertThat(c.jitMs()).as("an unreported JIT time is missing, not 0").isNull();
  }

  @Test
  void theWakeCostSectionGivesTheMeasuredFiguresOrSaysTheyAreMissing() {
    String measured = Benchmark.wakeCost(new WakeCost(1000, 41.25, 22.5, 3.0, 1000));
    assertThat(measured).contains("**41.3 µs**").contains("**22.5 µs**").contains("1000 times");
    String missing = Benchmark.wakeCost(new WakeCost(1000, null, null, null, 1000));
    assertThat(missing).contains("missing").doesNotContain("µs**");
  }

  // a row whose node spent cpuMs over a 10 s window answering n requests
  private static Benchmark.Row row(
      String kind, solventa.ops.analysis.Fixture f, double cpuMs, long n) {
    return new Benchmark.Row(
        kind,
        f.build(),
        NodeCost.builder()
            .cpuMs(cpuMs)
            .windowSec(10)
            .quotes(n)
            .providerCalls(0)
            .threadsStarted(0L)
            .jitMs(0.0)
            .contextSwitches(5L * n)
            .ratingP50(60.6)
            .ratingP99(61.9)
            .build());
  }

  private static solventa.ops.analysis.Fixture at(int rate) {
    solventa.ops.protocol.StepSpec spec =
        Benchmark.step("bench-r" + rate, solventa.ops.protocol.BenchArm.C, 0.96, rate, 3, 17);
    return solventa.ops.analysis.Fixture.of(spec);
  }

  @Test
  void theFloorAnswersCountFromTheGeneratorNotFromTheNodesQuotes() throws Exception {
    StatsSnapshot start = stats("{\"process\":{\"cpuNanos\":1000000000,\"threadsStarted\":5}}");
    StatsSnapshot end = stats("{\"process\":{\"cpuNanos\":4000000000,\"threadsStarted\":5}}");
    NodeCost node = NodeCost.between(new WindowStats(start, end, 0L, 40_000L), 10);
    assertThat(node.cpuPerQuote()).as("the node counted no quote").isNull();
    NodeCost floor = node.answering(8000);
    assertThat(floor.cpuPerQuote()).isCloseTo(0.375, within(1e-9));
    assertThat(floor.switchesPerQuote()).isCloseTo(5.0, within(1e-9));
    assertThat(floor.cores()).isCloseTo(0.3, within(1e-9));
  }

  @Test
  void theFloorIsSetBesideTheQuoteAtItsRateAndAgainstTheTarget() {
    Benchmark.Row floor = row("floor", at(800), 2400, 8000);
    List<Benchmark.Row> rows =
        List.of(row("sweep", at(400), 2000, 4000), row("sweep", at(800), 4560, 8000), floor);
    String s = BenchmarkReport.floor(floor, rows);
    assertThat(s)
        .contains("| 800 | 800.0 | 1000 |")
        .contains("| 0.30 | 5.0 |")
        .contains("a quote cost the node **0.57 ms**")
        .contains("a bare request **0.30 ms**, 53 % of it")
        .contains("the other **0.27 ms**")
        .contains("leaves 0.10 ms above this floor");
  }

  @Test
  void theFloorSectionJudgesIssue32sTargetForTheQuotePath() {
    Benchmark.Row floor = row("floor", at(800), 2400, 8000);
    assertThat(BenchmarkReport.floor(floor, List.of(row("sweep", at(800), 3600, 8000), floor)))
        .contains("the other **0.15 ms**")
        .contains("at most 0.15 ms above this floor: **met**");
    assertThat(BenchmarkReport.floor(floor, List.of(row("sweep", at(800), 4560, 8000), floor)))
        .contains("at most 0.15 ms above this floor: **not met**");
  }

  // a 200 req/s window whose cache hits took p50 / p99 ms (null: not reported)
  private static Benchmark.Row hits(String kind, Double p50, Double p99, Double achieved) {
    return new Benchmark.Row(
        kind,
        at(200).achieved(achieved).build(),
        NodeCost.builder()
            .cpuMs(1000.0)
            .windowSec(17)
            .quotes(3400)
            .providerCalls(0)
            .threadsStarted(0L)
            .hitP50(p50)
            .hitP99(p99)
            .jitMs(12.0)
            .contextSwitches(40_000L)
            .ratingP50(60.6)
            .ratingP99(61.9)
            .build());
  }

  @Test
  void cacheHitWindowsAreEachJudgedAgainstTheTarget() {
    assertThat(BenchmarkReport.hitWindows(List.of(hits("sweep", 60.8, 72.0, null))))
        .as("no repeated window: no section")
        .isNull();
    String s =
        BenchmarkReport.hitWindows(
            List.of(
                row("sweep", at(800), 4560, 8000),
                hits("sweep", 60.8, 72.0, null),
                hits("hits", 60.7, 63.9, null),
                hits("hits", 61.2, 64.5, null),
                hits("hits", null, null, null),
                hits("hits", 60.6, 62.0, 150.0)));
    assertThat(s)
        .contains("## Cache hits at 200 req/s, window after window")
        .contains("| the sweep's row | 200.0 | ")
        .contains("| 0.8 / 12.0 | 60.6 / 61.9 | 0.29 | 12 | met | not met |")
        .contains("| repeat 1 | ")
        .contains("| 0.7 / 3.9 | 60.6 / 61.9 | 0.29 | 12 | met | met |")
        .contains("| 1.2 / 4.5 | 60.6 / 61.9 | 0.29 | 12 | not met | met |")
        .contains("not judged: the node reported no cache-hit histogram")
        .contains("not judged: the generator reached 150.0 req/s")
        .contains("Judged windows: 3 of 5. p50 met in **2 of 3**, p99 met in **2 of 3**")
        .contains("ranged 3.9–12.0 ms (median 4.5)");
    String none = BenchmarkReport.hitWindows(List.of(hits("hits", null, null, null)));
    assertThat(none).contains("No window could be judged");
  }

  @Test
  void theReportNamesTheMachineItsFiguresBelongTo() {
    Benchmark.Row floor = row("floor", at(800), 2400, 8000);
    String md =
        BenchmarkReport.render(
            Benchmark.Plan.FULL,
            java.util.Map.of("cpu", "AMD EPYC", "processors", "2"),
            java.util.Map.of("scheduler", "LightArrayRevolverScheduler, tick 1 ms"),
            new WakeCost(1000, 24.7, 5.0, 3.0, 1000),
            List.of(row("sweep", at(800), 4560, 8000), floor));
    assertThat(md)
        .contains("Machine: cpu AMD EPYC; processors 2. A figure below belongs to")
        .contains("- scheduler: LightArrayRevolverScheduler, tick 1 ms")
        .contains("| 60.6 / 61.9 |");
  }

  @Test
  void aFloorAtOrAboveTheTargetSaysSo() {
    Benchmark.Row floor = row("floor", at(800), 3600, 8000);
    String s = BenchmarkReport.floor(floor, List.of(row("sweep", at(800), 4560, 8000), floor));
    assertThat(s)
        .contains("a bare request **0.45 ms**")
        .contains("The floor alone is at or above the CPU target")
        .doesNotContain("leaves");
  }

  @Test
  void theFloorsShareIsMissingWithItsReasonWhenEitherSideCannotBeRead() {
    Benchmark.Row floor = row("floor", at(800), 2400, 8000);
    assertThat(BenchmarkReport.floor(floor, List.of(row("sweep", at(400), 2000, 4000), floor)))
        .contains("missing: the sweep has no 800 req/s row (it stopped before that rate)")
        .doesNotContain("a quote cost");
    Benchmark.Row slow = row("floor", at(800).achieved(500.0), 2400, 8000);
    assertThat(BenchmarkReport.floor(slow, List.of(row("sweep", at(800), 4560, 8000), slow)))
        .contains("missing: the generator reached 500.0 of the floor's 800 req/s");
    Benchmark.Row failing = row("floor", at(800).errors(3), 2400, 8000);
    assertThat(BenchmarkReport.floor(failing, List.of(row("sweep", at(800), 4560, 8000), failing)))
        .contains("missing: the floor's bare requests failed at 3.00 %");
    Benchmark.Row noCpu =
        new Benchmark.Row(
            "floor",
            at(800).build(),
            NodeCost.builder().windowSec(10).quotes(8000).providerCalls(0).build());
    assertThat(BenchmarkReport.floor(noCpu, List.of(row("sweep", at(800), 4560, 8000), noCpu)))
        .contains("missing: the node reported no CPU time for the floor's window")
        .contains("| — | — | — | — |");
    Benchmark.Row quoteSlow = row("sweep", at(800).achieved(600.0), 4560, 8000);
    assertThat(BenchmarkReport.floor(floor, List.of(quoteSlow, floor)))
        .contains("missing: the sweep's 800 req/s row reached 600.0 req/s");
  }

  // an arm-A row of kind {@code kind}: step {@code id} at 200 req/s, with the node's counters
  // {@code c}
  private static Benchmark.Row armA(
      String kind, String id, int warmupSec, int measureSec, NodeCost c) {
    solventa.ops.protocol.StepSpec spec =
        Benchmark.step(id, solventa.ops.protocol.BenchArm.A, 0.96, 200, warmupSec, measureSec);
    return new Benchmark.Row(kind, solventa.ops.analysis.Fixture.of(spec).build(), c);
  }

  @Test
  void armAsSectionSaysWhatItsNodeDidBeforeTheRowAndTheRowsJitTime() {
    Benchmark.Row settle =
        armA(
            "settleA",
            "bench-a-settle200",
            0,
            60,
            NodeCost.builder()
                .cpuMs(36000.0)
                .windowSec(60)
                .quotes(12000)
                .providerCalls(12000)
                .threadsStarted(9L)
                .providerP95(150.0)
                .jitMs(9000.0)
                .contextSwitches(1L)
                .build());
    Benchmark.Row row =
        armA(
            "armA",
            "bench-a200",
            3,
            17,
            NodeCost.builder()
                .cpuMs(6800.0)
                .windowSec(17)
                .quotes(3400)
                .providerCalls(3400)
                .threadsStarted(4L)
                .providerP95(150.0)
                .jitMs(425.0)
                .contextSwitches(57800L)
                .build());
    String s = BenchmarkReport.renderArmA(settle, row);
    assertThat(s)
        .contains("Before the row arm A's new node served arm A for 60 s at 200 req/s")
        .contains(
            "its JIT compiled 9000 ms in that phase, at 3.00 ms of node CPU per provider call")
        .contains("| 2.00 | 2.00 | 17.0 | 425 |");
    assertThat(BenchmarkReport.renderArmA(null, row)).doesNotContain("Before the row");
  }
}
