package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Analysis;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.results.Records;

/**
 * The verdicts the design's arithmetic fixes are listed as implementation checks, on the first
 * screen and in a table of their own, apart from the findings about the design.
 */
class ReportChecksTest {

  @Test
  void theImplementationChecksAreSetApartFromTheFindings() {
    List<StepResult> steps = List.of();
    ExperimentRecord e =
        Records.of("quick")
            .steps(steps)
            .build()
            .analysed(Analysis.of(steps, Map.of(), ExperimentProfile.named("quick")));
    List<Report.Block> blocks = Report.build(e);
    int verdicts = blocks.indexOf(new Report.Heading(2, "Verdicts"));
    int answer = blocks.indexOf(new Report.Heading(2, "Answer"));
    List<Report.Block> firstScreen = blocks.subList(answer, verdicts);
    assertThat(firstScreen)
        .filteredOn(b -> b instanceof Report.Bullets)
        .singleElement()
        .satisfies(
            b ->
                assertThat(((Report.Bullets) b).items())
                    .extracting(s -> s.substring(0, s.indexOf(' ')))
                    .containsExactly(
                        "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7",
                        "HD-01.8"));
    List<Report.Table> tables =
        blocks.subList(verdicts, blocks.size()).stream()
            .filter(b -> b instanceof Report.Table)
            .map(b -> (Report.Table) b)
            .limit(2)
            .toList();
    assertThat(tables.get(0).rows()).extracting(r -> r.get(0)).containsExactly("HD-01");
    assertThat(tables.get(1).headers()).contains("Why it holds by construction");
    assertThat(tables.get(1).rows())
        .extracting(r -> r.get(0))
        .containsExactly(
            "HD-01.1", "HD-01.2", "HD-01.3", "HD-01.4", "HD-01.5", "HD-01.6", "HD-01.7", "HD-01.8");
    assertThat(blocks)
        .contains(new Report.Heading(3, "HD-01.7 — inconclusive (implementation check)"));
  }
}
