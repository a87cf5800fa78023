package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.ops.runner.WindowStats;
import solventa.quote.stats.StatsSnapshot;

/**
 * The bench's row of a new node whose Redis is empty: a node that joins under load (issue 32): its
 * name in the rate table, and the must-show computed from its measurements — met, not met, or
 * missing with its reason.
 */
class EmptyRedisCheckTest {

  // the empty-Redis step as the bench runs it: 400 req/s, 20 s from the first request
  private static Fixture emptyStep() {
    return Fixture.of(
        Benchmark.step("bench-cold-empty400", BenchArm.C, Benchmark.EMPTY_HIT_RATE, 400, 0, 20));
  }

  // a row whose node spent cpuMs answering 8000 quotes over a 20 s window, its JIT jitMs: the
  // node's counters at the window's two ends, as the runner reads them
  private static Benchmark.Row row(String kind, Fixture f, double cpuMs, double jitMs) {
    return new Benchmark.Row(kind, f.build(), cost(cpuMs, jitMs));
  }

  private static NodeCost cost(Double cpuMs, Double jitMs) {
    try {
      StatsSnapshot start =
          StatsSnapshot.parse("{\"process\":{\"cpuNanos\":1000000000,\"jitMillis\":100}}");
      StatsSnapshot end =
          StatsSnapshot.parse(
              "{\"quotes\":{\"FRESH\":600,\"CACHED\":7000,\"DEFAULT\":400},"
                  + (cpuMs == null
                      ? "\"process\":{}}"
                      : String.format(
                          java.util.Locale.ROOT,
                          "\"process\":{\"cpuNanos\":%d,\"jitMillis\":%d}}",
                          1_000_000_000L + Math.round(cpuMs * 1e6),
                          100 + Math.round(jitMs))));
      return NodeCost.between(new WindowStats(start, end, null, null), 20);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theRateTableNamesTheRestartedNodeTheEmptyRedisNodeAndTheSweepsRates() {
    Fixture cold = Fixture.of(Benchmark.step("bench-cold400", BenchArm.C, 0.96, 400, 0, 20));
    assertThat(EmptyRedisCheck.label(row("cold", cold, 1, 1)))
        .isEqualTo("400, first 20 s of a new node (Redis holds the warm set)");
    // the fixture's population is 73 customers
    assertThat(EmptyRedisCheck.label(row("coldEmpty", emptyStep(), 1, 1)))
        .isEqualTo(
            "400, first 20 s of a new node, EMPTY Redis (73 warm customers not yet stored, 4 %"
                + " never-seen)");
    Fixture sweep = Fixture.of(Benchmark.step("bench-r800", BenchArm.C, 0.96, 800, 3, 17));
    assertThat(EmptyRedisCheck.label(row("sweep", sweep, 1, 1))).isEqualTo("800");
  }

  @Test
  void metWhenErrorsAndP99AreWithinTheMustShowWithItsFiguresNamed() {
    Benchmark.Row row = row("coldEmpty", emptyStep().errors(0.05).latency(200, 300), 4000, 1500);
    assertThat(EmptyRedisCheck.mustShow(row))
        .contains("its first 20 s at 400 req/s with ≤ 0.1 % errors and e2e p99 ≤ 475 ms")
        .contains("**met** (errors 0.05 %, e2e p99 300 ms, node CPU 0.50 ms per quote, JIT 1500 ms")
        .doesNotContain("not met");
  }

  @ParameterizedTest
  @CsvSource({
    "0.10, 475, '**met** (errors'",
    "0.11, 300, '**not met**, errors (errors'",
    "6.50, 300, '**not met**, errors (errors'",
    "0.00, 476, '**not met**, p99 (errors'",
    "0.00, 1800, '**not met**, p99 (errors'",
    "11.5, 5000, '**not met**, errors and p99 (errors'",
  })
  void eachBoundComesOutEitherWay(double errors, double p99, String verdict) {
    Benchmark.Row row =
        row("coldEmpty", emptyStep().errors(errors).latency(p99 - 10, p99), 24800, 9000);
    assertThat(EmptyRedisCheck.mustShow(row)).contains(verdict);
  }

  @Test
  void missingWithItsReasonWhenTheGeneratorFellShortOfTheRate() {
    Benchmark.Row row = row("coldEmpty", emptyStep().achieved(300.0).latency(100, 150), 4000, 10);
    assertThat(EmptyRedisCheck.mustShow(row))
        .contains("**missing**: the generator reached 300.0 of 400 req/s")
        .doesNotContain("**met**");
  }

  @Test
  void theRunnersChecksOnTheStepAreNamedBesideTheResult() {
    Benchmark.Row flagged = row("coldEmpty", emptyStep().invalid().latency(100, 150), 4000, 10);
    assertThat(EmptyRedisCheck.mustShow(flagged))
        .contains("**met**")
        .contains("The runner's checks flagged the step: attempt 2: generator schedule lag p99");
    Benchmark.Row clean = row("coldEmpty", emptyStep().latency(100, 150), 4000, 10);
    assertThat(EmptyRedisCheck.mustShow(clean)).doesNotContain("flagged");
  }

  @Test
  void aNodeWithoutCpuFiguresShowsThemMissingNotZero() {
    Benchmark.Row empty = new Benchmark.Row("coldEmpty", emptyStep().build(), cost(null, null));
    assertThat(EmptyRedisCheck.mustShow(empty)).contains("node CPU — ms per quote, JIT — ms");
  }

  @Test
  void benchmarkMdSetsTheEmptyRedisRowBesideTheRestartedOneAndGivesTheMustShow() {
    Fixture cold = Fixture.of(Benchmark.step("bench-cold400", BenchArm.C, 0.96, 400, 0, 20));
    Benchmark.Row row = row("coldEmpty", emptyStep().errors(6.5).latency(900, 1800), 24800, 9000);
    String md =
        BenchmarkReport.render(
            Benchmark.Plan.QUICK,
            java.util.Map.of("processors", "2"),
            java.util.Map.of(),
            new WakeCost(1000, 20.0, 20.0, 3.0, 1000),
            List.of(row("cold", cold, 4000, 1000), row));
    assertThat(md)
        .contains("| 400, first 20 s of a new node (Redis holds the warm set) |")
        .contains("| 400, first 20 s of a new node, EMPTY Redis (73 warm customers")
        .contains("| 6.50 | 3.10 |")
        .contains("A node that joins under load with an empty Redis")
        .contains("**not met**, errors and p99 (errors 6.50 %, e2e p99 1800 ms, node CPU 3.10 ms");
    String without =
        BenchmarkReport.render(
            Benchmark.Plan.QUICK,
            java.util.Map.of("processors", "2"),
            java.util.Map.of(),
            new WakeCost(1000, 20.0, 20.0, 3.0, 1000),
            List.of(row("cold", cold, 4000, 1000)));
    assertThat(without).doesNotContain("joins under load");
  }
}
