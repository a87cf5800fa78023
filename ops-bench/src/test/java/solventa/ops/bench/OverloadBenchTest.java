package solventa.ops.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.signals.Origin;

/**
 * The overload bench's pure figures and its page (issue 30: it had no test): the nearest-rank
 * percentile, the recovery time read second by second, and what the page says when a figure is
 * missing.
 */
class OverloadBenchTest {

  /** {@code perSecond} requests a second for {@code seconds} seconds from t0, each as given. */
  private static List<RequestRecord> seconds(
      long t0, int from, int to, int perSecond, long latencyMs, int status) {
    List<RequestRecord> out = new ArrayList<>();
    for (int s = from; s < to; s++) {
      for (int i = 0; i < perSecond; i++) {
        out.add(
            RequestRecord.builder()
                .sendMs(t0 + s * 1000L + i * (1000L / perSecond))
                .latencyMs(latencyMs)
                .status(status)
                .origin(Origin.FRESH)
                .ageMs(0)
                .keyKind("known")
                .customerId("c00000001")
                .node("node-1")
                .build());
      }
    }
    return out;
  }

  @Test
  void percentileIsTheNearestRankAndMissingWithoutValues() {
    long[] v = {50, 10, 40, 20, 30};
    assertThat(OverloadBench.percentile(v, 50)).isEqualTo(30.0);
    assertThat(OverloadBench.percentile(v, 99)).isEqualTo(50.0);
    assertThat(OverloadBench.percentile(v, 1)).isEqualTo(10.0);
    assertThat(OverloadBench.percentile(new long[0], 99)).isNull();
  }

  @Test
  void recoveryStartsAtTheFirstSecondAfterWhichEverySecondHolds() {
    long t0 = 1_000_000;
    List<RequestRecord> run = new ArrayList<>();
    run.addAll(seconds(t0, 0, 3, 20, 900, 200)); // p99 900 ms: over 475
    run.addAll(seconds(t0, 3, 4, 20, 100, 200));
    run.addAll(seconds(t0, 4, 5, 20, 100, 503)); // all errors: a relapse
    run.addAll(seconds(t0, 5, 10, 20, 100, 200));
    assertThat(OverloadBench.recoverySec(run)).isEqualTo(5L);
  }

  @Test
  void noRecoveryWhenTheLastSecondDoesNotHoldOrThereIsNoRun() {
    long t0 = 1_000_000;
    List<RequestRecord> run = new ArrayList<>(seconds(t0, 0, 5, 20, 100, 200));
    run.addAll(seconds(t0, 5, 6, 20, 600, 200));
    assertThat(OverloadBench.recoverySec(run)).isNull();
    assertThat(OverloadBench.recoverySec(List.of())).isNull();
  }

  @Test
  void thePageStatesTheSustainableRateAndRecoveryOrWhyTheyAreMissing() {
    List<OverloadBench.Figures> rows =
        List.of(
            new OverloadBench.Figures(
                "3x", 300, 298.5, 3000, 12.5, 80.0, 300.0, 2.0, 5.0, 12.5, 200L << 20, 375));
    String found = OverloadBench.render(100, rows, 7L, null, 1.5, Benchmark.Plan.QUICK);
    assertThat(found)
        .contains("| 3x | 300 | 298.5 | 3000 | 12.5 | 80 / 300 | 2 / 5 | 12.5 | 375 | 200 |")
        .contains("**100 req/s**")
        .contains("from **7 s** after its first request")
        .contains("1.5 s after the 5× load ended");
    String noRate = OverloadBench.render(null, rows, null, null, null, Benchmark.Plan.QUICK);
    assertThat(noRate)
        .contains("Sustainable rate: **missing**: no probed rate held")
        .doesNotContain("Recovery");
    String noRecovery =
        OverloadBench.render(
            100, rows, null, "the last second missed p99", null, Benchmark.Plan.QUICK);
    assertThat(noRecovery).contains("Recovery: **missing**: the last second missed p99.");
  }
}
