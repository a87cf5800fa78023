package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerdictsTest {

  /** A walk step with the given latency and shares (all other fields plausible). */
  static StepResult walk(
      Arm arm, State state, double p95, double p99, double errorPct, double fallbackPct) {
    StepSpec spec = new StepSpec("x", StepKind.WALK, "R1", arm, state, 0.96, 100, "count", 2, 6, 0);
    Latency l = new Latency(600, p95 / 2, p95, p99, p99 + 10);
    return new StepResult(
        spec,
        0,
        0,
        0,
        8_000,
        600,
        800,
        100.0,
        l,
        l,
        l,
        l,
        errorPct,
        fallbackPct,
        0.0,
        fallbackPct,
        10.0,
        20.0,
        0L,
        0.0,
        null,
        10L,
        10L,
        1.0,
        5,
        32,
        0L,
        2.0,
        state == State.RECOVERY ? 9_000L : null,
        state == State.RECOVERY ? 8_000L : null,
        true,
        null,
        List.of(),
        List.of(),
        Map.of());
  }

  static List<StepResult> degradedWalk(boolean bMeets) {
    List<StepResult> s = new ArrayList<>();
    s.add(walk(Arm.A, State.DEGRADED, 700, 710, 60, 0));
    s.add(walk(Arm.B, State.DEGRADED, bMeets ? 80 : 700, bMeets ? 120 : 900, 0, 0));
    s.add(walk(Arm.C, State.DEGRADED, 180, 190, 0, 4));
    return s;
  }

  @Test
  void onlyCMeetingWhenDegradedSupportsHd2() {
    Verdict v = Verdicts.hd2(new Results(degradedWalk(false)));
    assertThat(v.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(v.evidence()).anyMatch(l -> l.startsWith("C R1 degraded: p95 180 ms"));
  }

  @Test
  void bMeetingWhenDegradedRefutesHd2() {
    assertThat(Verdicts.hd2(new Results(degradedWalk(true))).verdict()).isEqualTo(Verdict.REFUTED);
  }

  @Test
  void aMissingStepMakesTheVerdictInconclusiveAndSaysWhy() {
    List<StepResult> s = degradedWalk(false);
    s.remove(1);
    Verdict v = Verdicts.hd2(new Results(s));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.evidence()).contains("MISSING: B R1 degraded was not measured");
  }

  @Test
  void hd3ComparesMediansAndRefusesTinySamples() {
    StepResult healthy = walk(Arm.C, State.HEALTHY, 200, 210, 0, 1);
    StepResult degraded = walk(Arm.C, State.DEGRADED, 60, 70, 0, 4);
    assertThat(Verdicts.hd3(new Results(List.of(healthy, degraded))).verdict())
        .isEqualTo(Verdict.SUPPORTED);
    assertThat(
            Verdicts.hd3(new Results(List.of(degraded, walk(Arm.C, State.HEALTHY, 50, 60, 0, 1))))
                .verdict())
        .as("degraded median 30 ms vs healthy cold median 25 ms")
        .isEqualTo(Verdict.REFUTED);
    StepResult tiny =
        new StepResult(
            healthy.spec(),
            0,
            0,
            0,
            1,
            5,
            5,
            5.0,
            healthy.endToEnd(),
            healthy.internal(),
            new Latency(5, 100.0, 150.0, 150.0, 150.0),
            healthy.fallbackPath(),
            0.0,
            0.0,
            0.0,
            0.0,
            1.0,
            1.0,
            0L,
            0.0,
            null,
            1L,
            1L,
            1.0,
            1,
            32,
            0L,
            1.0,
            null,
            null,
            true,
            null,
            List.of(),
            List.of(),
            Map.of());
    Verdict v = Verdicts.hd3(new Results(List.of(tiny, degraded)));
    assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(v.evidence().get(0)).contains("too few answers");
  }

  @Test
  void everyHypothesisGetsAComputedVerdictEvenWithNoData() {
    Map<String, Verdict> all = Verdicts.compute(new Results(List.of()), List.of());
    assertThat(all.keySet())
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8",
            "HD-01");
    assertThat(all.values()).allMatch(v -> v.verdict().equals(Verdict.INCONCLUSIVE));
    assertThat(all.values()).allMatch(v -> !v.evidence().isEmpty());
  }

  @Test
  void aStepWithErrorsAboveOnePercentDoesNotMeetEvenWhenFast() {
    assertThat(walk(Arm.A, State.UNRESPONSIVE, 5, 9, 100, 0).meets()).isFalse();
    assertThat(walk(Arm.C, State.UNRESPONSIVE, 180, 190, 0, 4).meets()).isTrue();
  }
}
