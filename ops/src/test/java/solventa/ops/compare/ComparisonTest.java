package solventa.ops.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.compare.Difference.Shift;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.statistics.Interval;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * The comparison's own logic on hand-made steps: which steps pair, which figures are compared and
 * how a missing one is shown, when a pair is paired, and the rule that calls a figure worse.
 */
class ComparisonTest {
  private static StepSpec.Builder spec(String id, BenchArm arm, ProviderState state) {
    return StepSpec.builder()
        .id(id)
        .kind(StepKind.WALK)
        .run("R1")
        .arm(arm)
        .state(state)
        .hitRate(0.96)
        .rate(100)
        .warmupSec(2)
        .measureSec(5);
  }

  /** A step with 1 000 answers, a p95 of {@code p95} ms and a fallback share of {@code pct}. */
  private static StepResult step(StepSpec s, double p95, Double errorPct, double fallbackPct) {
    return StepResult.builder()
        .spec(s)
        .requests(1_000)
        .endToEnd(new Latency(1_000, p95 - 30, p95, p95 + 40, p95 + 80))
        .errorPct(errorPct)
        .fallbackPct(fallbackPct)
        .missing(errorPct == null ? Map.of("errorPct", "the request log was lost") : Map.of())
        .build();
  }

  private static StepResult step(StepSpec s) {
    return step(s, 150, 0.0, 3.0);
  }

  private static Side side(String name, String profile, long seed, List<StepResult> steps) {
    return new Side(
        name,
        null,
        ExperimentRecord.builder()
            .profile(profile)
            .seed(seed)
            .complete(true)
            .rulesVersion("15")
            .environment(Map.of(Side.RUNNER_SEED, Long.toString(seed)))
            .steps(steps)
            .build());
  }

  private static List<String> rows(Comparison c, String design) {
    return c.designs().stream()
        .filter(d -> d.design().equals(design))
        .findFirst()
        .orElseThrow()
        .rows()
        .stream()
        .map(Comparison.Row::row)
        .toList();
  }

  /**
   * Steps pair by design, state, run, kind and the kind's setting (a sweep's level, a policy's
   * setting and rate, a card reading), trials in the order they ran; the load is not part of the
   * key, and a step without a counterpart is listed, not compared.
   */
  @Test
  void stepsPairByDesignStateRunKindAndSetting() {
    StepSpec walk = spec("R1-walk-C-healthy", BenchArm.C, ProviderState.HEALTHY).build();
    StepSpec h96 =
        spec("sweep-C-h96", BenchArm.C, ProviderState.DEGRADED).kind(StepKind.SWEEP).build();
    StepSpec h90 = h96.toBuilder().id("sweep-C-h90").hitRate(0.9).build();
    StepSpec policy =
        spec("policy-count-r10", BenchArm.C, ProviderState.UNRESPONSIVE)
            .kind(StepKind.POLICY)
            .rate(10)
            .build();
    StepSpec trial2 = policy.toBuilder().id("policy-count-r10-t2").build();
    StepSpec tail = walk.under(CardReading.TAIL_P95, "R1-walk-C-healthy-tail-p95");
    StepSpec prime = spec("R1-walk-Cp-healthy", BenchArm.C_PRIME, ProviderState.HEALTHY).build();
    Side a =
        side(
            "A",
            "quick",
            42,
            List.of(step(walk), step(h96), step(h90), step(policy), step(trial2), step(tail)));
    Side b =
        side(
            "B",
            "full",
            42,
            List.of(
                step(walk.toBuilder().rate(200).measureSec(25).build()),
                step(h96),
                step(policy),
                step(trial2),
                step(prime)));
    Comparison c = Comparison.of(a, b);
    assertThat(rows(c, "C"))
        .containsExactly(
            "healthy · R1",
            "degraded · R1 · sweep h96",
            "unresponsive · R1 · policy count at 10 req/s",
            "unresponsive · R1 · policy count at 10 req/s · trial 2");
    Comparison.Design cDesign = c.designs().get(0);
    assertThat(cDesign.design()).isEqualTo("C");
    assertThat(cDesign.onlyInA()).containsExactly("sweep-C-h90", "R1-walk-C-healthy-tail-p95");
    assertThat(cDesign.onlyInB()).isEmpty();
    Comparison.Design cp = c.designs().get(1);
    assertThat(cp.design()).isEqualTo("C'");
    assertThat(cp.rows()).isEmpty();
    assertThat(cp.onlyInB()).containsExactly("R1-walk-Cp-healthy");
    assertThat(c.pairing())
        .startsWith("unpaired: the folders ran different profiles (quick, full)");
    assertThat(cDesign.rows()).allMatch(r -> !r.paired());
  }

  /** Worse only when the whole interval of B − A lies above 0; 0 itself is no clear change. */
  @Test
  void theWorseRuleTripsOnlyOnAnIntervalWhollyAboveZero() {
    assertThat(Shift.of(new Interval(1, 3))).isEqualTo(Shift.WORSE);
    assertThat(Shift.of(new Interval(0.01, 0.02))).isEqualTo(Shift.WORSE);
    assertThat(Shift.of(new Interval(0, 3))).isEqualTo(Shift.NO_CLEAR_CHANGE);
    assertThat(Shift.of(new Interval(-1, 1))).isEqualTo(Shift.NO_CLEAR_CHANGE);
    assertThat(Shift.of(new Interval(0, 0))).isEqualTo(Shift.NO_CLEAR_CHANGE);
    assertThat(Shift.of(new Interval(-3, -1))).isEqualTo(Shift.BETTER);
  }

  /**
   * Unpaired, from what results.json holds: a fallback share ten times higher is worse by its
   * interval; a figure one side lacks is named with its reason, never taken as 0; the percentiles
   * have no interval without raw recordings, and so cannot be called worse.
   */
  @Test
  void aClearlyHigherShareIsWorseAndAMissingFigureIsNamedNotZero() {
    StepSpec walk = spec("R1-walk-C-healthy", BenchArm.C, ProviderState.HEALTHY).build();
    Side a = side("A", "quick", 42, List.of(step(walk, 150, 0.0, 3.0)));
    Side b = side("B", "quick", 7, List.of(step(walk, 400, null, 30.0)));
    Comparison c = Comparison.of(a, b);
    Comparison.Row row = c.designs().get(0).rows().get(0);
    assertThat(row.paired()).isFalse();
    assertThat(row.unpairedBecause()).contains("different runner seeds (42, 7)");
    Difference p95 = row.figures().get(0);
    assertThat(p95.figure()).isEqualTo(Figure.P95);
    assertThat(p95.difference()).isEqualTo(250.0);
    assertThat(p95.ci()).isNull();
    assertThat(p95.why()).contains("no raw recording in A");
    assertThat(p95.worse()).isFalse();
    Difference errors = row.figures().get(2);
    assertThat(errors.a()).isEqualTo(0.0);
    assertThat(errors.b()).isNull();
    assertThat(errors.difference()).isNull();
    assertThat(errors.why()).isEqualTo("B: the request log was lost");
    assertThat(errors.cell()).isEqualTo("0.00 → —: — (B: the request log was lost)");
    Difference fallback = row.figures().get(3);
    assertThat(fallback.difference()).isCloseTo(27.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(fallback.ci().low()).isGreaterThan(20);
    assertThat(fallback.shift()).isEqualTo(Shift.WORSE);
    assertThat(fallback.cell()).startsWith("3.00 → 30.00: +27.00 [").endsWith("] **worse**");
    assertThat(row.figures().get(4).cell()).isEqualTo("n/a");
    assertThat(c.worse()).hasSize(1);
    assertThat(c.worse().get(0)).startsWith("C healthy · R1 fallback +27.00 % [");
  }

  /** A recovery 30 s later, its timelines redrawn: worse by an interval that excludes 0. */
  @Test
  void aLaterRecoveryIsWorse() {
    StepSpec rec = spec("R1-walk-C-recovery", BenchArm.C, ProviderState.RECOVERY).build();
    Side a = side("A", "quick", 42, List.of(recovery(rec, 10)));
    Side b = side("B", "quick", 7, List.of(recovery(rec, 40)));
    Difference d = Comparison.of(a, b).designs().get(0).rows().get(0).figures().get(4);
    assertThat(d.figure()).isEqualTo(Figure.RECOVERY);
    assertThat(d.a()).isEqualTo(15.0);
    assertThat(d.b()).isEqualTo(45.0);
    assertThat(d.ci()).isEqualTo(new Interval(30, 30));
    assertThat(d.shift()).isEqualTo(Shift.WORSE);
    // the same step on both sides: redrawn independently, the interval holds 0
    Side again = side("B", "quick", 7, List.of(recovery(rec, 10)));
    Difference same = Comparison.of(a, again).designs().get(0).rows().get(0).figures().get(4);
    assertThat(same.difference()).isZero();
    assertThat(same.ci().contains(0)).isTrue();
  }

  /** 60 s at 100 answers a second, half of them fallbacks until second {@code until}, then none. */
  private static StepResult recovery(StepSpec s, int until) {
    List<TimelinePoint> tl = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      tl.add(
          TimelinePoint.builder()
              .second(i)
              .requests(100)
              .fallbackShare(i < until ? 50.0 : 0.0)
              .build());
    }
    return step(s).toBuilder()
        .timeline(tl)
        .startMs(1_000_000)
        .changeMs(1_000_000)
        .recoveryMs((until + 5) * 1000L)
        .build();
  }

  /**
   * The same profile, seed and spec pair, when both sides kept their recordings: request i meets
   * request i, so a step whose every answer is 100 ms slower is worse by exactly 100 ms; steps
   * whose customers do not line up are compared unpaired, and so are steps whose specs differ.
   */
  @Test
  void requestsPairInTheOrderTheyWereSent() {
    StepSpec walk = spec("R1-walk-C-healthy", BenchArm.C, ProviderState.HEALTHY).build();
    StepAnalyzer.Inputs a = inputs(walk, 0, false);
    StepAnalyzer.Inputs slower = inputs(walk, 100, false);
    Differences.Outcome o =
        Differences.of(
            new Differences.Step(step(walk, 160, 0.0, 10.0), a),
            new Differences.Step(step(walk, 260, 0.0, 10.0), slower),
            null);
    assertThat(o.paired()).isTrue();
    Difference p95 = o.figures().get(0);
    assertThat(p95.ci()).isEqualTo(new Interval(100, 100));
    assertThat(p95.worse()).isTrue();
    assertThat(p95.method()).startsWith("paired: 700 request pairs");
    Difference fallback = o.figures().get(3);
    assertThat(fallback.ci()).isEqualTo(new Interval(0, 0));
    assertThat(fallback.method()).startsWith("paired: 7 seconds");
    Differences.Outcome shuffled =
        Differences.of(
            new Differences.Step(step(walk), a),
            new Differences.Step(step(walk), inputs(walk, 0, true)),
            null);
    assertThat(shuffled.paired()).isFalse();
    assertThat(shuffled.unpairedBecause()).startsWith("the key sequences do not line up");
    assertThat(shuffled.figures().get(0).method()).startsWith("unpaired: each side's 700");
    assertThat(Comparison.unpairedSteps(walk, walk.toBuilder().rate(200).measureSec(25).build()))
        .isEqualTo("the steps' specs differ (rate 100 → 200 req/s, window 2+5 s → 2+25 s)");
  }

  /**
   * A step's raw recording: 100 requests a second over 7 s from the start, the window the whole
   * step, every tenth answer a fallback, latencies 60–159 ms plus {@code slower}; customers in one
   * sequence, or each second's reversed ({@code shuffled}).
   */
  private static StepAnalyzer.Inputs inputs(StepSpec s, long slower, boolean shuffled) {
    long start = 1_000_000;
    List<RequestRecord> requests = new ArrayList<>();
    for (int i = 0; i < 700; i++) {
      int customer = shuffled ? (i / 100) * 100 + 99 - i % 100 : i;
      requests.add(
          RequestRecord.builder()
              .sendMs(start + i * 10L)
              .latencyMs(60 + (i * 37) % 100 + slower)
              .status(200)
              .origin(i % 10 == 0 ? Origin.STALE : Origin.CACHED)
              .keyKind("known")
              .customerId("c" + customer)
              .node("127.0.0.1:1")
              .build());
    }
    return new StepAnalyzer.Inputs(
        s,
        new StepAnalyzer.Inputs.Times(start, start, start, start + 7_000),
        new StepAnalyzer.Inputs.Load(requests, null, null),
        new StepAnalyzer.Inputs.Readings(null, null, 0, List.of(), List.of(), null, List.of()),
        new StepAnalyzer.Inputs.Known(null, false));
  }
}
