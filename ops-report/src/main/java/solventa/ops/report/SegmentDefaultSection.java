package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExplorePlan;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.ProviderState;

/**
 * The default per risk segment (the card's mitigation 3) beside the default per line: every DEFAULT
 * quote against the same customer's own premium, per risk segment of the insured object, in C's
 * failing walk steps (one default per line) and in the walk steps of each variant that prices a
 * DEFAULT on its segment's default. Shown, never judged; what it buys is decided by how strongly
 * the lab's world ties a customer's profile to their segment, so the section says so.
 */
final class SegmentDefaultSection extends ReportSection {
  SegmentDefaultSection(ReportSection report) {
    super(report);
  }

  /** The designs compared: C and every walked variant with a default per segment. */
  static List<BenchArm> compared() {
    List<BenchArm> out = new ArrayList<>();
    out.add(BenchArm.C);
    for (BenchArm a : BenchArm.values()) {
      if (a.settings().containsKey(ExplorePlan.SEGMENT_DEFAULT)) {
        out.add(a);
      }
    }
    return out;
  }

  /** The section, when the run recorded its DEFAULT answers by segment and a variant was walked. */
  void table() {
    PricePairs pairs = e.pricePairs();
    if (pairs == null || pairs.segments() == null) {
      return;
    }
    List<List<String>> rows = rows(pairs);
    boolean variantWalked =
        rows.stream().anyMatch(row -> !row.get(0).startsWith(BenchArm.C.label() + " · "));
    h(3, "Default per risk segment");
    p(
        "The card's mitigation 3: a DEFAULT quote priced on the default profile of its insured"
            + " object's risk segment (the band or category the rule book rates the object by) rather"
            + " than on the line's one default. Per design's failing walk step and segment, every"
            + " DEFAULT quote against the same customer's own premium, as above: C prices on the"
            + " line's default, "
            + String.join(", ", compared().stream().skip(1).map(BenchArm::label).toList())
            + " on the segment's. What the segment default buys is decided by how strongly a"
            + " customer's profile follows their segment in the lab's world (the provider double's"
            + " declared income per segment, which the rule book's segment defaults are calibrated"
            + " on): an implementation check of the mechanism, not a finding about a real book,"
            + " whose correlation only its own data can give.");
    if (!variantWalked) {
      p(
          "No design with a default per segment was walked in this profile (explore walks one):"
              + " C's figures per segment show how far the line's default lies from each"
              + " segment's customers.");
    }
    if (rows.isEmpty()) {
      p("No failing walk step of these designs had a DEFAULT answer.");
      return;
    }
    blocks.add(
        new Table(
            List.of(
                "Design · state · run",
                "Line or segment",
                "DEFAULT answers paired",
                "Bias %",
                "Median |error| %",
                "p95 |error| %"),
            rows));
  }

  private List<List<String>> rows(PricePairs pairs) {
    List<List<String>> rows = new ArrayList<>();
    for (BenchArm arm : compared()) {
      for (String run : r.runs()) {
        for (ProviderState state : ProviderState.values()) {
          StepResult s =
              state == ProviderState.HEALTHY ? null : r.walk(run, arm, state).orElse(null);
          if (s == null || !pairs.segments().containsKey(s.spec().id())) {
            continue;
          }
          String design = arm.label() + " · " + StateNames.label(state) + " · " + run;
          Map<String, PairedPriceError> segments = pairs.segments().get(s.spec().id());
          for (Map.Entry<String, PairedPriceError> line : pairs.of(s.spec().id()).entrySet()) {
            rows.add(row(design, line.getKey() + ", every segment", line.getValue()));
            for (Map.Entry<String, PairedPriceError> e : segments.entrySet()) {
              if (e.getKey().startsWith(line.getKey() + " ")) {
                rows.add(row(design, e.getKey(), e.getValue()));
              }
            }
          }
        }
      }
    }
    return rows;
  }

  private static List<String> row(String design, String group, PairedPriceError pe) {
    List<String> row = new ArrayList<>();
    row.add(design);
    row.add(group);
    row.add(
        String.format(
            Locale.ROOT,
            "%d of %d (%.1f %%)",
            pe.pairedAnswers(),
            pe.defaultAnswers(),
            pe.answersCoveredPct()));
    row.addAll(PriceErrorSection.figures(pe));
    return row;
  }
}
