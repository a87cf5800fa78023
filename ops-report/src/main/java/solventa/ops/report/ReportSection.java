package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.report.Report.Block;
import solventa.ops.report.Report.Heading;
import solventa.ops.report.Report.Para;
import solventa.ops.results.ExperimentRecord;
import solventa.ops.statistics.Interval;

/**
 * What every part of the report shares: the record and its steps, the list of blocks they add to,
 * and the cell formatting (a value, or "— (why)" when it was not measured). {@link Report} holds
 * the order of the sections; {@link CardTables}, {@link Findings} and {@link Appendix} render
 * theirs.
 */
abstract class ReportSection {
  final ExperimentRecord e;
  final StepResults r;
  final List<Block> blocks;

  /** Whether a relative link of the report leads to a file beside it. */
  final Predicate<String> present;

  ReportSection(ExperimentRecord e, Predicate<String> present) {
    this.e = e;
    this.r = new StepResults(e.steps());
    this.blocks = new ArrayList<>();
    this.present = present;
  }

  /** A part of the same report: it adds to the same blocks. */
  ReportSection(ReportSection report) {
    this.e = report.e;
    this.r = report.r;
    this.blocks = report.blocks;
    this.present = report.present;
  }

  public static String ms(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.0f", v);
  }

  public static String pct(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.2f", v);
  }

  /** A cell: the value, or "— (reason)" when it was not measured. */
  static String cell(String value, String reason) {
    return value != null ? value : "— (" + (reason == null ? "not measured" : reason) + ")";
  }

  static String why(StepResult s, String field) {
    return s.missing().getOrDefault(field, "not measured");
  }

  static String yesNo(Boolean b, String reason) {
    return b == null ? cell(null, reason) : b ? "yes" : "no";
  }

  /** A percentile's cell with its bootstrap interval: "226 [217, 239]" (rules version 5). */
  static String msCell(StepResult s, Double v, Interval ci) {
    if (v == null) {
      return cell(null, why(s, "endToEnd"));
    }
    return ms(v) + (ci == null ? "" : " " + ci.ms());
  }

  /**
   * Whether a walk step meets the thresholds by its intervals (rules version 5): yes, no, "too
   * close to call", or why it cannot be told.
   */
  static String meetsCell(StepResult s) {
    if (s.meets() == null) {
      return cell(null, why(s, "endToEnd"));
    }
    return switch (Call.meets(s)) {
      case HOLDS -> "yes";
      case FAILS -> "no";
      case TOO_CLOSE -> "too close to call";
      case MISSING -> cell(null, "no interval: results written before rules version 5");
    };
  }

  /** Why a cell of the protocol has no step: the profile leaves it out, or the run stopped. */
  String notRun() {
    return e.complete()
        ? "not run in profile " + e.profile()
        : "not run: the experiment stopped before this step";
  }

  ExperimentProfile profileOf() {
    return ExperimentProfile.asRecorded(e.profile(), e.environment());
  }

  /** Measured hit rate beside its target, flagged when more than 1.5 points off. */
  static String hitCell(StepResult s) {
    if (s.hitRatePct() == null) {
      return cell(null, why(s, "endToEnd"));
    }
    String measured = String.format(Locale.ROOT, "%.1f", s.hitRatePct());
    if (s.hitRateTargetPct() == null) {
      return measured + " (" + why(s, "hitRateTargetPct") + ")";
    }
    return measured
        + " / "
        + String.format(Locale.ROOT, "%.0f", s.hitRateTargetPct())
        + (Boolean.TRUE.equals(s.hitRateOff()) ? " ⚠ off by > 1.5 pts" : "");
  }

  void h(int level, String text) {
    blocks.add(new Heading(level, text));
  }

  void p(String text) {
    blocks.add(new Para(text));
  }

  /** What N breakers mean for the breaker figures; empty with one node. */
  String breakersNote() {
    int n = e.nodeCount();
    return n == 1
        ? ""
        : " "
            + n
            + " nodes, so "
            + n
            + " breakers per arm (one per node's adapter): time to open is the"
            + " first breaker's, \"closed after\" waits for the last one, the degraded path starts"
            + " when every breaker has opened, and a breaker column lists each node's state"
            + " (node-1,node-2,…) when they differ.";
  }
}
