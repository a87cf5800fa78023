package solventa.ops.report;

import java.util.List;
import java.util.Optional;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.report.Report.Table;

/**
 * Card table 5, concurrent misses on one key, C vs C': a row per arm, and per run when the stampede
 * was measured in more than one (rules version 12: every run of {@code full}).
 */
final class StampedeSection extends ReportSection {
  StampedeSection(ReportSection report) {
    super(report);
  }

  void table() {
    h(2, "Concurrent misses on one key, C vs C' (card table 5)");
    List<List<String>> rows = new java.util.ArrayList<>();
    List<String> runs = r.runsOf(solventa.ops.protocol.StepKind.STAMPEDE);
    for (String run : runs.size() > 1 ? runs : List.of("")) {
      for (BenchArm arm : BenchArm.fallingBack()) {
        stampedeRow(rows, arm, run);
      }
    }
    blocks.add(
        new Table(
            List.of("Arm", "Provider calls per concurrent miss", "Pool saturation observed"),
            rows));
  }

  /** One arm's stampede row, of {@code run} ("" when only one run measured it). */
  private void stampedeRow(List<List<String>> rows, BenchArm arm, String run) {
    Optional<StepResult> s = run.isEmpty() ? r.stampede(arm) : r.stampede(run, arm);
    rows.add(
        List.of(
            arm.label()
                + (arm.coalesces() ? " (con coalescencia)" : " (sin coalescencia)")
                + (run.isEmpty() ? "" : " · " + run),
            s.map(
                    x ->
                        x.providerCalls() == null
                            ? cell(null, why(x, "providerCalls"))
                            : x.providerCalls()
                                + " calls for "
                                + x.spec().concurrent()
                                + " concurrent misses")
                .orElse(cell(null, notRun())),
            s.map(
                    x ->
                        x.poolMaxInFlight() == null
                            ? cell(null, why(x, "poolMaxInFlight"))
                            : "max in-flight "
                                + x.poolMaxInFlight()
                                + " of pool "
                                + x.poolSize()
                                + ", "
                                + x.rejections()
                                + " rejected by the bulkhead")
                .orElse(cell(null, notRun()))));
  }
}
