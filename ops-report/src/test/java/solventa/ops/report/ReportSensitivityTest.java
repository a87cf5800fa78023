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
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/**
 * The sensitivity table and the first screen's line: a verdict that flips under a reading is named
 * in the Answer, before anything else; with none flipping the Answer says so; the table has a row
 * per verdict and a column per reading.
 */
class ReportSensitivityTest {

  private static ExperimentRecord full(double aP95UnderP95Tail) {
    List<StepResult> steps = new ArrayList<>();
    for (BenchArm arm : List.of(BenchArm.A, BenchArm.B, BenchArm.C)) {
      steps.add(Fixture.step(arm, ProviderState.HEALTHY).build());
      steps.add(
          Fixture.step(arm, ProviderState.HEALTHY)
              .latency(arm == BenchArm.A ? aP95UnderP95Tail : 150, 320)
              .under(CardReading.TAIL_P95)
              .build());
    }
    ExperimentRecord e = Records.of("full").steps(steps).build();
    return e.analysed(
        Analysis.of(
            steps, Map.of(), ExperimentProfile.named("full"), Map.of(), Actuarial.DECLARED, true));
  }

  /** The blocks of the Answer: from its heading to the next level-2 heading. */
  private static List<Report.Block> answer(List<Report.Block> blocks) {
    int from = -1;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.level() == 2) {
        if (h.text().equals("Answer")) {
          from = i;
        } else if (from >= 0) {
          return blocks.subList(from, i);
        }
      }
    }
    throw new AssertionError("no Answer section");
  }

  private static List<String> paras(List<Report.Block> blocks) {
    return blocks.stream()
        .filter(b -> b instanceof Report.Para)
        .map(b -> ((Report.Para) b).text())
        .toList();
  }

  @Test
  void aVerdictThatFlipsIsNamedOnTheFirstScreen() {
    List<Report.Block> blocks = Report.build(full(260));
    assertThat(paras(answer(blocks)))
        .contains(
            "**Sensitivity to the card's readings:** HD-01.1 flips with the tail read as p95:"
                + " supported as judged, refuted re-judged (see [Sensitivity to the card's"
                + " readings](#sensitivity-to-the-cards-readings)).");
    Report.Table table =
        blocks.stream()
            .filter(
                b ->
                    b instanceof Report.Table t
                        && t.headers()
                            .equals(
                                List.of(
                                    "Verdict",
                                    "as judged",
                                    "tail read as p95",
                                    "recovery read as healthy")))
            .map(b -> (Report.Table) b)
            .findFirst()
            .orElseThrow();
    assertThat(table.rows()).hasSize(9);
    assertThat(table.rows().get(0).get(0)).isEqualTo("HD-01.1");
    assertThat(table.rows().get(0).get(2)).startsWith("refuted (flips) — A R1 healthy");
    assertThat(table.rows().get(1).get(2)).startsWith("unchanged by construction: reads A, B");
  }

  /** The console's closing lines gain one naming the flips, only when a verdict flips. */
  @Test
  void theConsoleNamesAFlipInAThirdLine() {
    assertThat(Summary.of(full(260)).consoleLines())
        .hasSize(3)
        .last()
        .isEqualTo(
            "flips under the card's other readings: HD-01.1 flips with the tail read as p95:"
                + " supported as judged, refuted re-judged");
    assertThat(Summary.of(full(150)).consoleLines()).hasSize(2);
  }

  @Test
  void withoutAFlipTheFirstScreenSaysNoVerdictFlips() {
    assertThat(paras(answer(Report.build(full(150)))))
        .anyMatch(
            p ->
                p.startsWith(
                    "**Sensitivity to the card's readings:** no verdict flips where a reading was"
                        + " measured"));
  }
}
