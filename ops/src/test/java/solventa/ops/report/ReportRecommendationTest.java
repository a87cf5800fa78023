package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.Recommendation;
import solventa.ops.analysis.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.ExperimentRecord;
import solventa.providerdouble.control.ProviderState;

/** The report's Recommendation section: the sentence, the rule, and every design's standing. */
class ReportRecommendationTest {

  @Test
  void theSectionStatesTheDecisionAndEveryDesignsStandingWithItsCost() {
    List<StepResult> steps = new ArrayList<>();
    for (ProviderState st : Recommendation.REQUIRED_STATES) {
      steps.add(Fixture.step(BenchArm.B, st).latency(700, 705).errors(20).build());
      // C's failure steps age from h = 96 % (2 000 answers a second): the flip comes after the
      // declared hour's outage, and the share recorded over its first lab second is 6.4 %
      steps.add(
          st == ProviderState.HEALTHY
              ? Fixture.step(BenchArm.C, st).latency(64, 66).fallback(4.0).build()
              : Fixture.step(BenchArm.C, st).latency(64, 66).aging(0.96, 20, 2_000).build());
    }
    ExperimentRecord e =
        ExperimentRecord.measured("quick", 1, "t0", "t1", true, null, Map.of(), steps, Map.of(), 1);
    List<Report.Block> blocks = Report.build(e);

    int at = -1;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().equals("Recommendation")) {
        at = i;
      }
    }
    assertThat(at).as("a Recommendation heading").isPositive();
    assertThat(((Report.Para) blocks.get(at + 1)).text())
        .isEqualTo(
            "**Recommended: arm C, the simplest design that meets the latency requirements in every"
                + " required state of every run, at a cost of at most 6.4 % of quotes priced on a"
                + " fallback and 0.0 % errors in the failure states.**");
    assertThat(((Report.Para) blocks.get(at + 2)).text())
        .contains("A, B, B+CB, C, C'", "fallback-ceiling-pct=10 (c)", "outage-s=3600 (D)");
    Report.Table t = (Report.Table) blocks.get(at + 3);
    assertThat(t.rows().stream().map(r -> r.get(0))).containsExactly("A", "B", "B+CB", "C", "C'");
    assertThat(t.rows().get(1).subList(1, 3)).containsExactly("misses", "— (misses)");
    assertThat(t.rows().get(3).subList(1, 3)).containsExactly("qualifies", "6.40");
    assertThat(t.rows().get(0).get(5)).contains("A R1 healthy was not run");
  }
}
