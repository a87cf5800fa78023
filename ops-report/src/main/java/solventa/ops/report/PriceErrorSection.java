package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.PriceError;
import solventa.ops.analysis.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;
import solventa.vocabulary.ProviderState;

/**
 * The price error of DEFAULT quotes, a cost of every design that falls back: per design's down walk
 * step (every run) and per line, the DEFAULT premium against the premiums of the same line's
 * customers answered on their own profile ({@link PriceError}), from the premiums the request logs
 * recorded; without them, why it is not measured.
 */
final class PriceErrorSection extends ReportSection {
  /** Why the price error is missing when no step's request log carried a premium. */
  static final String NOT_RECORDED =
      "not measured: the request logs carry no premium (recorded before the lab kept each answer's"
          + " premium)";

  PriceErrorSection(ReportSection report) {
    super(report);
  }

  /** The design's price-error rows, or empty. */
  void table(List<BenchArm> designs) {
    List<List<String>> rows = new ArrayList<>();
    for (BenchArm arm : designs) {
      for (String run : r.runs()) {
        StepResult s = r.walk(run, arm, ProviderState.DOWN).orElse(null);
        if (s == null || s.priceError() == null) {
          continue;
        }
        for (Map.Entry<String, PriceError> e : s.priceError().entrySet()) {
          PriceError pe = e.getValue();
          rows.add(
              List.of(
                  arm.label() + " · " + StateNames.label(ProviderState.DOWN) + " · " + run,
                  e.getKey(),
                  String.format(Locale.ROOT, "%.2f", pe.defaultPremium()),
                  Long.toString(pe.defaultAnswers()),
                  Integer.toString(pe.customers()),
                  signed(pe.biasPct()) + " " + interval(pe.biasCi(), true),
                  String.format(Locale.ROOT, "%.1f", pe.medianAbsPct())
                      + " "
                      + interval(pe.medianAbsCi(), false),
                  String.format(Locale.ROOT, "%.1f", pe.p95AbsPct())
                      + " "
                      + interval(pe.p95AbsCi(), false)));
        }
      }
    }
    h(3, "Price error of DEFAULT quotes");
    if (rows.isEmpty()) {
      p(
          "Price error of fallback quotes: "
              + NOT_RECORDED
              + ", or no down step had a DEFAULT answer beside answers on the customers' own"
              + " profiles.");
      return;
    }
    p(
        "Per design's down step and line: a DEFAULT quote is priced on the line's default profile,"
            + " one premium per line; the same line's customers answered on their own profile"
            + " (FRESH, CACHED, STALE: the double's profiles do not change over time, so a STALE"
            + " quote's premium is the fresh one and its price error zero by construction) give"
            + " what each would have paid. Error = (DEFAULT premium − own premium) ÷ own premium,"
            + " over the distinct customers compared: its mean (bias; negative: the default"
            + " undercharges) and the median and p95 of its absolute value. The customers priced on"
            + " a DEFAULT come from the same universe, so these estimate what a DEFAULT quote's"
            + " price is off by; each figure with its 95 % bootstrap interval over the customers"
            + " compared.");
    blocks.add(
        new Table(
            List.of(
                "Design · state · run",
                "Line",
                "DEFAULT premium",
                "DEFAULT answers",
                "Customers compared",
                "Bias %",
                "Median |error| %",
                "p95 |error| %"),
            rows));
  }

  /** A 95 % interval as "[low, high]", signed or not; "[no interval]" when there is none. */
  static String interval(solventa.ops.analysis.Interval ci, boolean signed) {
    if (ci == null) {
      return "[no interval]";
    }
    return signed
        ? "[" + signed(ci.low()) + ", " + signed(ci.high()) + "]"
        : String.format(Locale.ROOT, "[%.1f, %.1f]", ci.low(), ci.high());
  }

  private static String signed(double v) {
    return String.format(Locale.ROOT, "%+.1f", v);
  }
}
