package solventa.ops.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.ops.analysis.Fixture.step;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Finding;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.vocabulary.ProviderState;

/**
 * The sensitivity table's re-judging: each verdict judged again with the steps a reading changes
 * replaced by their counterparts measured under it, for every outcome a cell can give (a flip, no
 * flip, unchanged by construction, not measured for each reason), and never a step under another
 * reading in the verdicts as judged.
 */
class SensitivityTest {

  private static final String TAIL = CardReading.TAIL_P95.tag();
  private static final String RECOVERY = CardReading.RECOVERY_HEALTHY.tag();

  private static Analysis analyse(String profile, boolean complete, List<Fixture> steps) {
    return Analysis.of(
        steps.stream().map(Fixture::build).toList(),
        Map.of(),
        ExperimentProfile.named(profile),
        Map.of(),
        Actuarial.DECLARED,
        complete);
  }

  private static List<Fixture> healthyABC() {
    return new ArrayList<>(
        List.of(
            step(BenchArm.A, ProviderState.HEALTHY),
            step(BenchArm.B, ProviderState.HEALTHY),
            step(BenchArm.C, ProviderState.HEALTHY)));
  }

  private static Sensitivity.Cell cell(Analysis a, String id, String reading) {
    return a.sensitivity().rows().stream()
        .filter(r -> r.id().equals(id))
        .findFirst()
        .orElseThrow()
        .cells()
        .get(reading);
  }

  /** A's healthy p95 misses with the heavier tail: HD-01.1 flips from supported to refuted. */
  @Test
  void aVerdictFlipsWhenACounterpartMissesUnderTheReading() {
    List<Fixture> steps = healthyABC();
    steps.add(
        step(BenchArm.A, ProviderState.HEALTHY).latency(260, 320).under(CardReading.TAIL_P95));
    steps.add(step(BenchArm.B, ProviderState.HEALTHY).under(CardReading.TAIL_P95));
    steps.add(step(BenchArm.C, ProviderState.HEALTHY).under(CardReading.TAIL_P95));
    Analysis a = analyse("full", true, steps);

    assertThat(a.verdicts().get("HD-01.1").verdict()).isEqualTo(Verdict.SUPPORTED);
    Sensitivity.Cell c = cell(a, "HD-01.1", TAIL);
    assertThat(c.outcome()).isEqualTo(Sensitivity.REJUDGED);
    assertThat(c.verdict()).isEqualTo(Verdict.REFUTED);
    assertThat(c.flips()).isTrue();
    assertThat(c.replaced()).containsExactly("A R1 healthy", "B R1 healthy", "C R1 healthy");
    assertThat(c.kept()).isEmpty();
    assertThat(a.sensitivity().flips())
        .contains(
            "HD-01.1 flips with the tail read as p95: supported as judged, refuted re-judged");
    assertThat(c.text()).startsWith("refuted (flips) — A R1 healthy, B R1 healthy");
  }

  /**
   * Counterparts that meet leave HD-01.1 supported; a changed step of another run without a
   * counterpart stays, and the cell names it.
   */
  @Test
  void aVerdictThatHoldsUnderTheReadingDoesNotFlip() {
    List<Fixture> steps = healthyABC();
    steps.add(step(BenchArm.A, ProviderState.HEALTHY).run("R2"));
    steps.add(step(BenchArm.B, ProviderState.HEALTHY).run("R2"));
    steps.add(step(BenchArm.C, ProviderState.HEALTHY).run("R2"));
    for (BenchArm arm : List.of(BenchArm.A, BenchArm.B, BenchArm.C)) {
      steps.add(step(arm, ProviderState.HEALTHY).latency(210, 300).under(CardReading.TAIL_P95));
    }
    Analysis a = analyse("full", true, steps);

    Sensitivity.Cell c = cell(a, "HD-01.1", TAIL);
    assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(c.flips()).isFalse();
    assertThat(c.kept()).containsExactly("A R2 healthy", "B R2 healthy", "C R2 healthy");
    assertThat(c.text())
        .endsWith(
            "A R2 healthy, B R2 healthy, C R2 healthy kept as measured" + " under today's reading");
    assertThat(a.sensitivity().flips()).isEmpty();
  }

  /** A step under another reading never enters the verdicts as judged. */
  @Test
  void stepsUnderAnotherReadingNeverEnterTheVerdicts() {
    List<Fixture> steps = new ArrayList<>(List.of(step(BenchArm.B, ProviderState.HEALTHY)));
    steps.add(step(BenchArm.C, ProviderState.HEALTHY));
    steps.add(step(BenchArm.A, ProviderState.HEALTHY).under(CardReading.TAIL_P95));
    Analysis a = analyse("full", true, steps);
    assertThat(a.verdicts().get("HD-01.1").verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(a.verdicts().get("HD-01.1").findings())
        .contains(
            new Finding(
                Finding.Role.UNDECIDED,
                new Fact.UnusableStep(
                    new Fact.StepRef("A", "R1", ProviderState.HEALTHY),
                    Fact.Unfit.NOT_RUN,
                    List.of(),
                    0)));
    assertThat(new StepResults(steps.stream().map(Fixture::build).toList()).steps()).hasSize(2);
  }

  /** A verdict that reads no step the reading changes is unchanged by construction, with why. */
  @Test
  void aVerdictReadingNoChangedStepIsUnchangedByConstruction() {
    Analysis a = analyse("full", true, healthyABC());
    Sensitivity.Cell degraded = cell(a, "HD-01.2", TAIL);
    assertThat(degraded.outcome()).isEqualTo(Sensitivity.UNCHANGED);
    assertThat(degraded.text())
        .isEqualTo(
            "unchanged by construction: reads A, B and C degraded; the reading changes only the"
                + " healthy steps and the recoveries (the double's healthy profile)");
    assertThat(cell(a, "HD-01.1", RECOVERY).outcome()).isEqualTo(Sensitivity.UNCHANGED);
    for (String id : List.of("HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7")) {
      assertThat(cell(a, id, TAIL).outcome()).as(id).isEqualTo(Sensitivity.UNCHANGED);
      assertThat(cell(a, id, RECOVERY).outcome()).as(id).isEqualTo(Sensitivity.UNCHANGED);
    }
    for (String id : List.of("HD-01.8", "HD-01")) {
      assertThat(cell(a, id, RECOVERY).outcome()).as(id).isNotEqualTo(Sensitivity.UNCHANGED);
    }
  }

  /**
   * What "unchanged by construction" claims, checked on a whole plan's steps: making every healthy
   * and recovery step miss badly (what the p95 tail could at worst do, and more) leaves every
   * verdict the table calls unchanged under that reading as it was.
   */
  @Test
  void theVerdictsCalledUnchangedDoNotMoveWhenEveryChangedStepDoes() {
    List<Fixture> asMeasured = new ArrayList<>();
    List<Fixture> worse = new ArrayList<>();
    for (var spec : ProtocolPlan.build(ExperimentProfile.named("full"))) {
      if (spec.reading() != null) {
        continue;
      }
      asMeasured.add(Fixture.of(spec));
      Fixture w = Fixture.of(spec);
      worse.add(CardReading.TAIL_P95.changes(spec) ? w.latency(900, 1500).errors(30) : w);
    }
    Analysis before = analyse("full", true, asMeasured);
    Analysis after = analyse("full", true, worse);
    List<String> unchanged =
        before.sensitivity().rows().stream()
            .filter(r -> r.cells().get(TAIL).outcome().equals(Sensitivity.UNCHANGED))
            .map(Sensitivity.Row::id)
            .toList();
    assertThat(unchanged).containsExactly("HD-01.2", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7");
    for (String id : unchanged) {
      assertThat(after.verdicts().get(id)).as(id).isEqualTo(before.verdicts().get(id));
    }
    assertThat(after.verdicts().get("HD-01.1").verdict()).isEqualTo(Verdict.REFUTED);
  }

  /**
   * Not measured: in quick, in a full run recorded before, one stopped before, or no counterpart.
   */
  @Test
  void aVerdictWhoseChangedStepsHaveNoCounterpartIsNotMeasuredWithTheReason() {
    assertThat(cell(analyse("quick", true, healthyABC()), "HD-01.1", TAIL).text())
        .isEqualTo("not measured: measured in full only");
    assertThat(cell(analyse("full", true, healthyABC()), "HD-01.1", TAIL).text())
        .isEqualTo(
            "not measured: recorded before full measured steps under the card's other readings");
    assertThat(cell(analyse("full", false, healthyABC()), "HD-01.1", TAIL).reason())
        .isEqualTo("the experiment stopped before its steps under the card's other readings");

    List<Fixture> steps = healthyABC();
    steps.add(step(BenchArm.C, ProviderState.RECOVERY));
    steps.add(step(BenchArm.C_PRIME, ProviderState.RECOVERY));
    steps.add(step(BenchArm.A, ProviderState.HEALTHY).under(CardReading.TAIL_P95));
    Analysis a = analyse("full", true, steps);
    assertThat(cell(a, "HD-01.8", TAIL).text())
        .isEqualTo(
            "not measured: none of the steps it reads that the reading changes (C R1 recovery,"
                + " C' R1 recovery) was measured under it; full measures it on A R1 healthy, the"
                + " fewest steps its seven minutes allow");
  }

  /**
   * The recovery read as healthy is judged with no degraded window: C's duplicate calls in second
   * 12 are counted once the provider is healthy, so HD-01.8's control is met under that reading
   * (supported) and not as judged, with its 30 s window (inconclusive): a flip.
   */
  @Test
  void theRecoveryReadAsHealthyIsJudgedWithoutTheDegradedWindow() {
    List<Fixture> steps = new ArrayList<>();
    for (CardReading r : new CardReading[] {null, CardReading.RECOVERY_HEALTHY}) {
      steps.add(recovery(BenchArm.C, 40L).under(r));
      steps.add(recovery(BenchArm.C_PRIME, 0L).under(r));
    }
    Analysis a = analyse("full", true, steps);
    assertThat(a.verdicts().get("HD-01.8").verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    Sensitivity.Cell c = cell(a, "HD-01.8", RECOVERY);
    assertThat(c.verdict()).isEqualTo(Verdict.SUPPORTED);
    assertThat(c.flips()).isTrue();
    assertThat(c.replaced()).containsExactly("C R1 recovery", "C' R1 recovery");
    assertThat(cell(a, "HD-01.8", TAIL).outcome()).isEqualTo(Sensitivity.NOT_MEASURED);
  }

  /**
   * 40 s of recovery: fallback 40 % until second 8, then 1 %; the breaker closed at 8 s; {@code
   * duplicates} duplicate calls, all in second 12.
   */
  private static Fixture recovery(BenchArm arm, long duplicates) {
    List<TimelinePoint> t = new ArrayList<>();
    for (int s = 0; s < 40; s++) {
      t.add(
          TimelinePoint.builder()
              .second(s)
              .requests(100)
              .p95(100.0)
              .p99(150.0)
              .fallbackShare(s < 8 ? 40.0 : 1.0)
              .breaker(s < 8 ? "OPEN" : "CLOSED")
              .providerCalls(8L)
              .inFlight(3)
              .customers(60)
              .nodeP99(40.0)
              .needing(5)
              .duplicates(s == 12 ? duplicates : 0L)
              .build());
    }
    Fixture f = step(arm, ProviderState.RECOVERY);
    f.timeline = t;
    f.stepMs = 40_000;
    f.closedAfterMs = 8_000L;
    f.recoveryMs = 13_000L;
    return f;
  }
}
