package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.BudgetSettings;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;
import solventa.vocabulary.ProviderState;

/**
 * The report's "Budget expiry (arm C, C')": the settings it subtracts and where they came from, a
 * row per failing walk step of C and C', a missing figure with its reason, and the threat line only
 * when a p99 misses the target.
 */
class ReportBudgetExpiryTest {
  static final Map<String, String> RECORDED =
      Map.of(BudgetSettings.BUDGET_KEY, "120 ms", BudgetSettings.RATING_KEY, "60 ms");

  static List<Report.Block> report(long degradedLateMs) {
    List<Long> degraded = new ArrayList<>();
    for (int i = 0; i < 98; i++) {
      degraded.add(183L);
    }
    degraded.add(180 + degradedLateMs); // the slowest two: the p99 of 100
    degraded.add(180 + degradedLateMs);
    degraded.add(62L); // under the open breaker
    List<StepResult> steps =
        List.of(
            Fixture.step(BenchArm.C, ProviderState.DEGRADED).fallbackLatencies(degraded).build(),
            Fixture.step(BenchArm.C, ProviderState.DOWN).fallbackLatencies(List.of(63L)).build(),
            Fixture.step(BenchArm.C_PRIME, ProviderState.DEGRADED)
                .fallbackLatencies(List.of(184L))
                .build());
    ExperimentRecord e = Records.of("quick").environment(RECORDED).steps(steps).build();
    return Report.build(e);
  }

  static int at(List<Report.Block> blocks, String heading) {
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().equals(heading)) {
        return i;
      }
    }
    return -1;
  }

  static List<String> threats(List<Report.Block> blocks) {
    return ((Report.Bullets) blocks.get(at(blocks, "Threats to validity") + 1)).items();
  }

  @Test
  void theSectionNamesItsSettingsAndShowsARowPerFailingStepOfCAndCPrime() {
    List<Report.Block> blocks = report(3);
    int at = at(blocks, BudgetExpirySection.HEADING);
    assertThat(at).isPositive();
    assertThat(((Report.Para) blocks.get(at + 1)).text())
        .contains("quote.budget = 120 ms", "rating.cost = 60 ms", "recorded by the run", "p99 ≤ 5");
    Report.Table t = (Report.Table) blocks.get(at + 2);
    assertThat(t.headers()).isEqualTo(BudgetExpirySection.HEADERS);
    assertThat(t.rows()).hasSize(3);
    assertThat(t.rows().get(0).subList(1, t.headers().size()))
        .containsExactly(
            "C", "degraded", "101", "1", "100", "3", "3", "3", "3", "2 / 2 (n 1)", "yes");
    List<String> down = t.rows().get(1);
    assertThat(down.get(2)).isEqualTo("down");
    assertThat(down.get(5)).isEqualTo("0");
    assertThat(down.get(8)).startsWith("— (no budget expiry");
    assertThat(t.rows().get(2).get(1)).isEqualTo("C'");
    assertThat(threats(blocks)).noneMatch(l -> l.startsWith("Budget expiry"));
  }

  @Test
  void aP99PastTheTargetSaysNoAndAddsOneThreatLine() {
    List<Report.Block> blocks = report(12);
    Report.Table t = (Report.Table) blocks.get(at(blocks, BudgetExpirySection.HEADING) + 2);
    assertThat(t.rows().get(0).get(8)).isEqualTo("12");
    assertThat(t.rows().get(0).get(11)).isEqualTo("no");
    List<String> lines =
        threats(blocks).stream().filter(l -> l.startsWith("Budget expiry")).toList();
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).contains("1 of 2 steps", "12 ms", "n = 100");
  }
}
