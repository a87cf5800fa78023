package solventa.ops.analysis.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.Fixture;
import solventa.ops.protocol.BenchArm;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

class SanityTest {
  static final String BODY =
      "{\"quoteId\":\"q-0001\",\"premium\":{\"amount\":\"1.00\"},\"profile\":{\"origin\":\"%s\",\"ageMs\":%d}}";

  @Test
  void sameSchemaAndNearlySameSizePasses() {
    Map<String, String> probes = new LinkedHashMap<>();
    probes.put("A", "200 " + String.format(BODY, "FRESH", 0));
    probes.put("C", "200 " + String.format(BODY, "CACHED", 1234));
    SanityCheck c = Sanity.contract("R1", probes);
    assertThat(c.passed()).as(c.detail()).isTrue();
  }

  /**
   * A quick run's C probe answered DEFAULT (its first provider call outlasted the budget): seven
   * missing signals made its body 125 bytes longer than the others'. The list is data, not
   * contract.
   */
  @Test
  void theMissingSignalsListIsDataNotContract() {
    String fresh =
        "{\"quoteId\":\"q-1\",\"premium\":{\"amount\":514.34},"
            + "\"profile\":{\"origin\":\"FRESH\",\"ageMs\":1,\"missingSignals\":[]}}";
    String fallback =
        "{\"quoteId\":\"q-2\",\"premium\":{\"amount\":494.80},"
            + "\"profile\":{\"origin\":\"DEFAULT\",\"ageMs\":0,\"missingSignals\":"
            + "[\"AVAILABLE_BALANCE\",\"BLOCKED_BALANCE\",\"INVESTED_BALANCE\",\"MONTHLY_INCOME\","
            + "\"PATRIMONY\",\"PRODUCTS_HELD\",\"RELATIONSHIP_MONTHS\"]}}";
    Map<String, String> probes = new LinkedHashMap<>();
    probes.put("A", "200 " + fresh);
    probes.put("C", "200 " + fallback);
    SanityCheck c = Sanity.contract("R1", probes);
    assertThat(c.passed()).as(c.detail()).isTrue();
    // a longer envelope still fails: a field's value is contract, not data
    probes.put("B", "200 " + fresh.replace("q-1", "q-1-" + "x".repeat(40)));
    assertThat(Sanity.contract("R1", probes).detail()).contains("sizes differ by");
  }

  @Test
  void aDifferentSchemaOrAnErrorInvalidatesTheRun() {
    Map<String, String> probes = new LinkedHashMap<>();
    probes.put("A", "200 " + String.format(BODY, "FRESH", 0));
    probes.put("B", "200 {\"quoteId\":\"q-0001\",\"extra\":true}");
    probes.put("C", "503 {\"title\":\"down\"}");
    SanityCheck c = Sanity.contract("R1", probes);
    assertThat(c.passed()).isFalse();
    assertThat(c.detail()).contains("B's schema differs from A's").contains("C answered 503");
  }

  static final long T0 = 5_000_000L;

  /**
   * A synthetic generator at {@code rate} req/s for {@code seconds}: every send is planned at T0 +
   * i/rate and happens {@code lag(i)} ms late; {@code keep} drops requests it never sent.
   */
  static List<RequestRecord> generator(
      int rate, int seconds, java.util.function.IntUnaryOperator lag, double keep) {
    List<RequestRecord> out = new ArrayList<>();
    int n = rate * seconds;
    for (int i = 0; i < n; i++) {
      if ((i * 7919 % 1000) / 1000.0 >= keep) {
        continue;
      }
      long planned = T0 + Math.round(i * 1000.0 / rate);
      out.add(
          new RequestRecord(
              planned + lag.applyAsInt(i), 40, 200, Origin.CACHED, 5, "known", "c1", ""));
    }
    return out;
  }

  static StepResult analyze(ProviderState state, List<RequestRecord> rs, List<NodeInterval> node) {
    return StepInputs.of(StepInputs.spec(state, 100, 0, 10), T0)
        .requests(rs)
        .nodeSeconds(node)
        .analyze();
  }

  @Test
  void aPunctualGeneratorPasses() {
    StepResult r = analyze(ProviderState.HEALTHY, generator(100, 10, i -> 0, 1.0), List.of());
    assertThat(r.scheduleLagP99Ms()).isLessThanOrEqualTo(1.0);
    assertThat(r.invalidations()).isEmpty();
    assertThat(r.valid()).isTrue();
  }

  @Test
  void aLaggingGeneratorInvalidatesTheStep() {
    // stalls for the first 300 ms of every second, then catches up: every send is still made
    StepResult r =
        analyze(
            ProviderState.HEALTHY,
            generator(100, 10, i -> (i % 100) < 30 ? 300 - (i % 100) * 10 : 0, 1.0),
            List.of());
    assertThat(r.scheduleLagP99Ms()).isGreaterThan(Sanity.MAX_SCHEDULE_LAG_P99_MS);
    assertThat(r.valid()).isFalse();
    assertThat(r.invalidations()).anyMatch(x -> x.contains("schedule lag p99"));
  }

  @Test
  void aGeneratorBelowNinetyEightPercentOfItsRateInvalidatesTheStep() {
    StepResult r = analyze(ProviderState.HEALTHY, generator(100, 10, i -> 0, 0.95), List.of());
    assertThat(r.achievedRate()).isLessThan(98.0);
    assertThat(r.invalidations()).anyMatch(x -> x.contains("generator achieved"));
  }

  @Test
  void aNodeStallWithAHealthyProviderInvalidatesTheStepButNotWithADegradedOne() {
    List<NodeInterval> stall =
        List.of(
            new NodeInterval(T0 + 1_000, 100, 1_700.0, 1_900.0),
            new NodeInterval(T0 + 2_000, 100, 30.0, 60.0));
    StepResult healthy = analyze(ProviderState.HEALTHY, generator(100, 10, i -> 0, 1.0), stall);
    assertThat(healthy.invalidations()).anyMatch(x -> x.contains("node stall"));
    StepResult degraded = analyze(ProviderState.DEGRADED, generator(100, 10, i -> 0, 1.0), stall);
    assertThat(degraded.invalidations()).isEmpty();
  }

  /**
   * The sweep's hit rate is its controlled variable: more than 1.5 points off its target
   * invalidates a sweep step (and the runner re-runs it); a walk step's is not, it shows the drain.
   */
  @Test
  void aSweepStepOffItsHitRateTargetIsInvalidAWalkStepIsNot() {
    StepResult off = Fixture.sweep(BenchArm.C, 0.90).measured(88.4).build();
    assertThat(Sanity.invalidations(off))
        .containsExactly(
            "sweep hit rate off target: measured 88.4 % CACHED against the target 90 %, more than"
                + " 1.5 points apart");
    assertThat(Sanity.invalidations(Fixture.sweep(BenchArm.C, 0.90).measured(88.6).build()))
        .isEmpty();
    assertThat(Sanity.invalidations(Fixture.sweep(BenchArm.B, 0.50).measured(51.6).build()))
        .hasSize(1);
    StepResult drained =
        Fixture.step(BenchArm.C, ProviderState.DEGRADED).measured(56.7).build(); // target 96
    assertThat(drained.hitRateOff()).isTrue();
    assertThat(Sanity.invalidations(drained)).isEmpty();
  }

  @Test
  void aRunWithAStepStillInvalidAfterItsReRunIsInvalidated() {
    StepResult bad =
        analyze(ProviderState.HEALTHY, generator(100, 10, i -> 0, 0.9), List.of())
            .withInvalidations(List.of("attempt 1: x", "attempt 2: y"), false, 2);
    List<SanityCheck> checks = Sanity.check(new StepResults(List.of(bad)), Map.of());
    assertThat(checks).anyMatch(c -> !c.passed() && c.detail().contains("attempt 2: y"));
  }
}
