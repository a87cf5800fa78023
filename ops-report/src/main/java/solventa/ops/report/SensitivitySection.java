package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.Sensitivity;
import solventa.ops.report.Report.Table;
import solventa.ops.results.ExperimentRecord;

/**
 * "Sensitivity to the card's readings": each verdict as judged, and judged again with the card's
 * ambiguous passages read the other way ({@link Sensitivity}); the verdicts that flip are named on
 * the first screen ({@link #headline}).
 */
final class SensitivitySection extends ReportSection {
  static final String HEADING = "Sensitivity to the card's readings";

  SensitivitySection(ReportSection report) {
    super(report);
  }

  void table() {
    h(2, HEADING);
    p(
        "The card leaves two passages open. The provider's healthy \"tail up to 200 ms\" is read"
            + " here as the p99 of its latency; read as the p95, the same 80 ms median has a heavier"
            + " tail (about 292 ms at the p99). The recovery here comes back degraded for the"
            + " profile's window before it is healthy; read the other way, it comes back healthy"
            + " at once. `full` measures a few steps again under each other reading, in its first"
            + " run, each right after its counterpart on the same node; they never enter the"
            + " verdicts or the tables above. Each verdict is judged again by the same rules on the"
            + " steps with every step the reading changes replaced by its counterpart (steps the"
            + " reading does not change, and changed steps without a counterpart, stay as"
            + " measured). A verdict that reads no step a reading changes is unchanged by"
            + " construction; \"flips\" marks a verdict judged again to another outcome.");
    Sensitivity s = e.sensitivity();
    if (s == null) {
      p("— (judged before the sensitivity table existed: `bin/lab report DIR` judges it again)");
      return;
    }
    List<String> headers = new ArrayList<>(List.of("Verdict", "as judged"));
    headers.addAll(s.readings().values());
    List<List<String>> rows = new ArrayList<>();
    for (Sensitivity.Row row : s.rows()) {
      List<String> cells = new ArrayList<>(List.of(row.id(), row.asJudged()));
      for (String tag : s.readings().keySet()) {
        Sensitivity.Cell c = row.cells().get(tag);
        cells.add(c == null ? cell(null, "not judged") : c.text());
      }
      rows.add(List.copyOf(cells));
    }
    blocks.add(new Table(List.copyOf(headers), List.copyOf(rows)));
  }

  private static String link() {
    return "[" + HEADING + "](#" + Report.anchor(HEADING) + ")";
  }

  /** The first screen's line: the verdicts that flip, or why none is known to. */
  static String headline(ExperimentRecord e) {
    Sensitivity s = e.sensitivity();
    String lead = "**Sensitivity to the card's readings:** ";
    if (s == null) {
      return lead + "not judged (judged before the sensitivity table existed).";
    }
    if (s.anyFlip()) {
      return lead + String.join("; ", s.flips()) + " (see " + link() + ").";
    }
    boolean rejudged =
        s.rows().stream()
            .flatMap(r -> r.cells().values().stream())
            .anyMatch(c -> c.outcome().equals(Sensitivity.REJUDGED));
    if (rejudged) {
      return lead + "no verdict flips where a reading was measured (see " + link() + ").";
    }
    String why =
        s.rows().stream()
            .flatMap(r -> r.cells().values().stream())
            .filter(c -> c.outcome().equals(Sensitivity.NOT_MEASURED))
            .map(Sensitivity.Cell::reason)
            .findFirst()
            .orElse("no verdict reads a step the readings change");
    return lead + "not measured: " + why + ".";
  }
}
