package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.recommendation.Recommendation;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/** The answer first: its sentence, its grid and the console's closing lines. */
class SummaryTest {

  private static ExperimentRecord record(List<StepResult> steps) {
    ExperimentRecord e = Records.of("quick").steps(steps).build();
    return e.analysed(Analysis.of(steps, Map.of(), ExperimentProfile.named("quick")));
  }

  private static List<StepResult> bMissesCMeets() {
    List<StepResult> steps = new ArrayList<>();
    for (ProviderState st : Recommendation.REQUIRED_STATES) {
      boolean healthy = st == ProviderState.HEALTHY;
      steps.add(
          healthy
              ? Fixture.step(BenchArm.B, st).latency(64, 66).build()
              : Fixture.step(BenchArm.B, st).latency(700, 705).errors(20).build());
      steps.add(
          healthy
              ? Fixture.step(BenchArm.C, st).latency(64, 66).fallback(4.0).build()
              : Fixture.step(BenchArm.C, st).latency(64, 66).aging(0.96, 20, 2_000).build());
    }
    // C's recovery: the pool far from full, no duplicate call once the provider is healthy again
    steps.add(
        Fixture.step(BenchArm.C, ProviderState.RECOVERY)
            .latency(63, 190)
            .fallback(4.1)
            .recoveryPhases(ExperimentProfile.named("quick").recoveryWindowSec(), 11, 11, 0)
            .build());
    return steps;
  }

  @Test
  void theAnswerNamesHd01sVerdictAsProvisionalAndTheRecommendation() {
    ExperimentRecord e = record(bMissesCMeets());
    Summary s = Summary.of(e);
    String hd01 = e.verdicts().get("HD-01").verdict();
    assertThat(s.answer())
        .startsWith("HD-01 is " + hd01 + " (provisional: 1 run; the card requires 3); ")
        .contains("recommended: arm C");
    assertThat(s.consoleLines()).hasSize(2);
    assertThat(s.consoleLines().get(0)).isEqualTo("answer: " + s.answer());
    assertThat(s.consoleLines().get(1)).startsWith("verdicts: ").contains("HD-01 " + hd01);
  }

  @Test
  void aRefutedHd01NamesTheClausesThatRefutedIt() {
    List<StepResult> steps = new ArrayList<>();
    for (ProviderState st : Recommendation.REQUIRED_STATES) {
      steps.add(
          st == ProviderState.HEALTHY
              ? Fixture.step(BenchArm.C, st).latency(64, 66).measured(88).build()
              : Fixture.step(BenchArm.C, st).latency(64, 66).aging(0.88, 20, 2_000).build());
    }
    // quick's lab second stands for 4 320 s of a daily source: an outage of 4 h outlasts it
    ExperimentRecord e =
        Records.of("quick")
            .steps(steps)
            .build()
            .analysed(
                Analysis.of(
                    steps,
                    Map.of(),
                    ExperimentProfile.named("quick"),
                    Map.of(),
                    new Actuarial(86_400, 14_400, 10, 172_800)));
    assertThat(e.verdicts().get("HD-01").verdict()).isEqualTo("refuted");
    assertThat(Summary.of(e).answer())
        .startsWith("HD-01 is refuted (by clause (b) fallback above the ceiling")
        .contains("(provisional: 1 run");
  }

  @Test
  void theGridMarksWhatMetAndWhatMissedAndLeavesOutArmsNotWalked() {
    Summary s = Summary.of(record(bMissesCMeets()));
    assertThat(s.gridHeaders()).first().isEqualTo("arm");
    assertThat(s.gridHeaders()).hasSize(1 + ProviderState.values().length);
    assertThat(s.grid().stream().map(r -> r.get(0))).containsExactly("B", "C");
    List<String> b = s.grid().get(0);
    int healthy = s.gridHeaders().indexOf("healthy");
    int degraded = s.gridHeaders().indexOf("degraded");
    assertThat(healthy).isPositive();
    assertThat(degraded).isPositive();
    assertThat(b.get(healthy)).startsWith("✓ ");
    assertThat(b.get(degraded)).startsWith("✗ ").contains("20.0 % errors");
    assertThat(s.grid().get(1).get(degraded)).startsWith("✓ ");
  }

  /**
   * The grid shows a falling-back arm's fallback share through the outage (the one fallback figure,
   * rules version 15), and in the states clause (b) judges its outcome: ✗ where the share through
   * an outage of 4 h at h = 88 % is above the ceiling, for B nothing.
   */
  @Test
  void theGridShowsTheFallbackShareAndClauseBWhereItJudges() {
    List<StepResult> steps = new ArrayList<>();
    for (ProviderState st : Recommendation.REQUIRED_STATES) {
      steps.add(
          st == ProviderState.HEALTHY
              ? Fixture.step(BenchArm.C, st).latency(64, 66).measured(88).fallback(4.0).build()
              : Fixture.step(BenchArm.C, st).latency(64, 66).aging(0.88, 20, 2_000).build());
    }
    ExperimentRecord longOutage =
        Records.of("quick")
            .steps(steps)
            .build()
            .analysed(
                Analysis.of(
                    steps,
                    Map.of(),
                    ExperimentProfile.named("quick"),
                    Map.of(),
                    new Actuarial(86_400, 14_400, 10, 172_800)));
    Summary s = Summary.of(longOutage);
    int healthy = s.gridHeaders().indexOf("healthy");
    int degraded = s.gridHeaders().indexOf("degraded");
    List<String> c = s.grid().get(0);
    assertThat(c.get(0)).isEqualTo("C");
    assertThat(c.get(healthy)).doesNotContain("fallback").doesNotContain("clause (b)");
    assertThat(c.get(degraded)).contains(", fallback through D ").endsWith("; ✗ clause (b)");
    Summary mixed = Summary.of(record(bMissesCMeets()));
    assertThat(mixed.grid().get(0).get(degraded)).doesNotContain("fallback");
  }

  /** Three plain sentences: what held, what missed and where, and at what cost. */
  @Test
  void thePlainSummarySaysWhatHeldWhatMissedAndAtWhatCost() {
    Summary s = Summary.of(record(bMissesCMeets()));
    assertThat(s.plain())
        .startsWith(
            "Arm C (walked healthy, degraded, unresponsive, down and recovery only) kept p95 ≤ 225"
                + " ms")
        .contains("Missed them: B (walked healthy, degraded, unresponsive and down only) when")
        .contains("The cost: up to ")
        .contains("of arm C's quotes through the first 3600 s of an outage were priced on a")
        .contains(
            "an outage of 3600 s of a source refreshed every 86400 s against a ceiling of 10 %");
    assertThat(s.plain().split("\\. ")).hasSize(3);
    assertThat(Summary.and(List.of("a", "b", "c"))).isEqualTo("a, b and c");
    assertThat(Summary.and(List.of("a"))).isEqualTo("a");
  }

  @Test
  void aCellCountsTheRunsThatMissed() {
    List<StepResult> two =
        List.of(
            Fixture.step(BenchArm.C, ProviderState.DEGRADED).latency(64, 66).build(),
            Fixture.step(BenchArm.C, ProviderState.DEGRADED).latency(300, 700).errors(2).build());
    assertThat(Summary.cell(two)).startsWith("✗ ").endsWith("(1 of 2 runs)");
    assertThat(Summary.cell(two.subList(0, 1))).startsWith("✓ ");
    assertThat(Summary.cell(List.of())).isEqualTo("—");
  }

  @Test
  void theReportOpensWithTheAnswerBeforeTheVerdicts() {
    List<Report.Block> blocks = Report.build(record(bMissesCMeets()));
    int answer = -1;
    int verdicts = -1;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h) {
        if (h.text().equals("Answer")) {
          answer = i;
        } else if (h.text().equals("Verdicts") && verdicts < 0) {
          verdicts = i;
        }
      }
    }
    assertThat(answer).isPositive().isLessThan(verdicts);
    // the decision card first: its words, at most 80, then one row per design
    String card = ((Report.Para) blocks.get(answer + 1)).text();
    assertThat(card).startsWith("**Recommended: C.** It met p95 ≤ 225 ms");
    assertThat(card.split("\\s+")).hasSizeLessThanOrEqualTo(DecisionSection.MAX_WORDS);
    Report.Table designs = (Report.Table) blocks.get(answer + 2);
    assertThat(designs.headers()).isEqualTo(DecisionSection.HEADERS);
    assertThat(designs.rows()).anySatisfy(r -> assertThat(r.get(0)).isEqualTo("C (recommended)"));
    assertThat(((Report.Para) blocks.get(answer + 3)).text()).startsWith("**HD-01 is ");
    // then the plain summary, before the walk's table
    assertThat(((Report.Para) blocks.get(answer + 4)).text()).startsWith("Arm C (walked ");
    assertThat(blocks.get(answer + 6)).isInstanceOf(Report.Table.class);
  }
}
