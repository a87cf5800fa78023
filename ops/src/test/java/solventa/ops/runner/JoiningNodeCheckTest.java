package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;

/**
 * The bench's row of a node that joins under load with an empty Redis (issue 32): its name in the
 * rate table, and the must-show computed from its measurements — met, not met, or missing with its
 * reason.
 */
class JoiningNodeCheckTest {

  // the joining node's step as the bench runs it: 400 req/s, 20 s from the first request
  private static Fixture joinStep() {
    return Fixture.of(
        Benchmark.step("bench-join400", BenchArm.C, Benchmark.JOIN_HIT_RATE, 400, 0, 20));
  }

  // a row whose node spent cpuMs over a 20 s window answering n quotes, its JIT jitMs
  private static Benchmark.Row row(String kind, Fixture f, double cpuMs, double jitMs) {
    return new Benchmark.Row(
        kind, f.build(), new NodeCost(cpuMs, 20, 8000, 300, 0L, null, null, null, jitMs, 1L));
  }

  @Test
  void theRateTableNamesTheRestartedNodeTheJoiningNodeAndTheSweepsRates() {
    Fixture cold = Fixture.of(Benchmark.step("bench-cold400", BenchArm.C, 0.96, 400, 0, 20));
    assertThat(JoiningNodeCheck.label(row("cold", cold, 1, 1)))
        .isEqualTo("400, first 20 s of a new node (Redis holds the warm set)");
    // the fixture's population is 73 customers
    assertThat(JoiningNodeCheck.label(row("join", joinStep(), 1, 1)))
        .isEqualTo(
            "400, first 20 s of a new node, EMPTY Redis (73 warm customers not yet stored, 4 %"
                + " never-seen)");
    Fixture sweep = Fixture.of(Benchmark.step("bench-r800", BenchArm.C, 0.96, 800, 3, 17));
    assertThat(JoiningNodeCheck.label(row("sweep", sweep, 1, 1))).isEqualTo("800");
  }

  @Test
  void metWhenErrorsAndP99AreWithinTheMustShowWithItsFiguresNamed() {
    Benchmark.Row join = row("join", joinStep().errors(0.05).latency(200, 300), 4000, 1500);
    assertThat(JoiningNodeCheck.mustShow(join))
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
    Benchmark.Row join = row("join", joinStep().errors(errors).latency(p99 - 10, p99), 24800, 9000);
    assertThat(JoiningNodeCheck.mustShow(join)).contains(verdict);
  }

  @Test
  void missingWithItsReasonWhenTheGeneratorFellShortOfTheRate() {
    Benchmark.Row join = row("join", joinStep().achieved(300.0).latency(100, 150), 4000, 10);
    assertThat(JoiningNodeCheck.mustShow(join))
        .contains("**missing**: the generator reached 300.0 of 400 req/s")
        .doesNotContain("**met**");
  }

  @Test
  void aNodeWithoutCpuFiguresShowsThemMissingNotZero() {
    Benchmark.Row join =
        new Benchmark.Row(
            "join",
            joinStep().build(),
            new NodeCost(null, 20, 8000, 300, null, null, null, null, null, null));
    assertThat(JoiningNodeCheck.mustShow(join)).contains("node CPU — ms per quote, JIT — ms");
  }

  @Test
  void benchmarkMdSetsTheJoiningRowBesideTheRestartedOneAndGivesTheMustShow() {
    Fixture cold = Fixture.of(Benchmark.step("bench-cold400", BenchArm.C, 0.96, 400, 0, 20));
    Benchmark.Row join = row("join", joinStep().errors(6.5).latency(900, 1800), 24800, 9000);
    String md =
        BenchmarkReport.render(
            Benchmark.Plan.QUICK,
            java.util.Map.of("processors", "2"),
            java.util.Map.of(),
            new WakeCost(1000, 20.0, 20.0, 3.0, 1000),
            List.of(row("cold", cold, 4000, 1000), join));
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
