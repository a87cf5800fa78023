package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.results.Records;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * The default per risk segment beside the line's: C's and C+SD's DEFAULT quotes per line and per
 * segment, labelled as an implementation check; absent when the run did not record segments.
 */
class SegmentDefaultSectionTest {
  private static PairedPriceError paired(long n, double bias, double median) {
    return PairedPriceError.builder()
        .defaultAnswers(n)
        .defaultCustomers((int) n)
        .pairedAnswers(n)
        .pairedCustomers((int) n)
        .biasPct(bias)
        .medianAbsPct(median)
        .p95AbsPct(median * 2)
        .biasCi(new Interval(bias - 1, bias + 1))
        .medianAbsCi(new Interval(median - 1, median + 1))
        .p95AbsCi(new Interval(median, median * 3))
        .build();
  }

  private static List<Report.Block> report(List<StepResult> steps, PricePairs pairs) {
    return Report.build(Records.of("explore").steps(steps).build().withPricePairs(pairs));
  }

  @Test
  void cAndTheSegmentDefaultAreShownPerLineAndSegment() {
    StepResult c = Fixture.step(BenchArm.C, ProviderState.DOWN).build();
    StepResult sd = Fixture.step(BenchArm.C_SD, ProviderState.DOWN).build();
    List<StepResult> steps = new ArrayList<>(List.of(c, sd));
    PricePairs pairs =
        new PricePairs(
            2,
            100,
            0,
            List.of(),
            Map.of(
                c.spec().id(), Map.of("auto", paired(10, -2.0, 6.0)),
                sd.spec().id(), Map.of("auto", paired(12, 0.5, 2.0))),
            null,
            Map.of(
                c.spec().id(),
                    new java.util.TreeMap<>(
                        Map.of(
                            "auto vehicleYear (-inf,2010)", paired(4, -6.0, 6.0),
                            "auto vehicleYear [2024,+inf)", paired(6, 4.0, 4.0))),
                sd.spec().id(),
                    new java.util.TreeMap<>(
                        Map.of("auto vehicleYear (-inf,2010)", paired(12, 0.5, 2.0)))));
    List<Report.Block> blocks = report(steps, pairs);
    int at = heading(blocks, "Default per risk segment");
    assertThat(((Report.Para) blocks.get(at + 1)).text())
        .contains("C+SD on the segment's")
        .contains("an implementation check of the mechanism, not a finding about a real book");
    List<List<String>> rows = ((Report.Table) blocks.get(at + 2)).rows();
    assertThat(rows)
        .extracting(r -> r.get(0) + " | " + r.get(1) + " | " + r.get(2) + " | " + r.get(4))
        .containsExactly(
            "C · down · R1 | auto, every segment | 10 of 10 (100.0 %) | 6.0 [5.0, 7.0]",
            "C · down · R1 | auto vehicleYear (-inf,2010) | 4 of 4 (100.0 %) | 6.0 [5.0, 7.0]",
            "C · down · R1 | auto vehicleYear [2024,+inf) | 6 of 6 (100.0 %) | 4.0 [3.0, 5.0]",
            "C+SD · down · R1 | auto, every segment | 12 of 12 (100.0 %) | 2.0 [1.0, 3.0]",
            "C+SD · down · R1 | auto vehicleYear (-inf,2010) | 12 of 12 (100.0 %) | 2.0 [1.0, 3.0]");
  }

  @Test
  void withoutSegmentsRecordedThereIsNoSection() {
    StepResult c = Fixture.step(BenchArm.C, ProviderState.DOWN).build();
    PricePairs pairs =
        new PricePairs(
            1, 10, 0, List.of(), Map.of(c.spec().id(), Map.of("auto", paired(3, 1, 1))), null);
    assertThat(report(List.of(c), pairs))
        .noneMatch(
            b -> b instanceof Report.Heading h && h.text().equals("Default per risk segment"));
  }

  @Test
  void withoutAVariantWalkedCsFiguresAreShownAndSaidSo() {
    StepResult c = Fixture.step(BenchArm.C, ProviderState.DOWN).build();
    PricePairs pairs =
        new PricePairs(
            1,
            10,
            0,
            List.of(),
            Map.of(c.spec().id(), Map.of("home", paired(3, 1, 1))),
            null,
            Map.of(c.spec().id(), Map.of("home constructionType wood", paired(3, 1, 1))));
    List<Report.Block> blocks = report(List.of(c), pairs);
    int at = heading(blocks, "Default per risk segment");
    assertThat(((Report.Para) blocks.get(at + 2)).text())
        .startsWith("No design with a default per segment was walked in this profile");
    assertThat(((Report.Table) blocks.get(at + 3)).rows()).hasSize(2);
  }

  private static int heading(List<Report.Block> blocks, String text) {
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h && h.text().equals(text)) {
        return i;
      }
    }
    throw new AssertionError("no heading " + text);
  }
}
