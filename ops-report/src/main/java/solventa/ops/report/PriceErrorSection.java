package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.PairedPriceError;
import solventa.ops.analysis.figures.PriceError;
import solventa.ops.analysis.figures.PricePairs;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;
import solventa.ops.results.StepRecording;
import solventa.vocabulary.ProviderState;

/**
 * The price error of DEFAULT quotes, a cost of every design that falls back, from the premiums the
 * request logs recorded: first every DEFAULT quote against the same customer's own premium, per
 * design's walk step of a failing state (every run) and line, with the coverage of the pairing
 * ({@link PricePairs}); then, per design's down step and line, the population estimate, the line's
 * DEFAULT premium against the premiums of the other customers answered on their own profile ({@link
 * PriceError}), which also speaks for the customers never priced on their own profile. Without
 * premiums, why it is not measured.
 */
final class PriceErrorSection extends ReportSection {
  /** Why the price error is missing when no step's request log carried a premium. */
  static final String NOT_RECORDED =
      "not measured: the request logs carry no premium (recorded before the lab kept each answer's"
          + " premium)";

  /** A line whose DEFAULT answers none could be paired. */
  static final String NONE_PAIRED =
      "none paired: no DEFAULT answer's customer was priced on their own profile in the run";

  PriceErrorSection(ReportSection report) {
    super(report);
  }

  /** The designs' price-error tables, or why they are missing. */
  void table(List<BenchArm> designs) {
    List<List<String>> population = populationRows(designs);
    PricePairs pairs = e.pricePairs();
    h(3, "Price error of DEFAULT quotes");
    if (pairs == null && population.isEmpty()) {
      p(
          "Price error of fallback quotes: "
              + NOT_RECORDED
              + ", or no down step had a DEFAULT answer beside answers on the customers' own"
              + " profiles.");
      return;
    }
    if (pairs != null) {
      pairedTable(pairs, pairedRows(designs, pairs));
    }
    if (population.isEmpty() && StepRecording.bySegment(e.environment())) {
      p(
          "Population estimate: not computed, since each customer is quoted on their own insured"
              + " object: a line has no one DEFAULT premium to set against the other customers'."
              + " The pairs above, with the price probe, speak for the DEFAULT quotes themselves.");
    } else if (population.isEmpty()) {
      p(
          "Population estimate: no down step had a DEFAULT answer beside answers on the customers'"
              + " own profiles.");
    } else {
      populationTable(population);
    }
    if (pairs == null) {
      p("Each DEFAULT quote against the same customer's own premium: " + NOT_RECORDED + ".");
    }
  }

  /** Per design, run and failing state, per line: the paired price error and its coverage. */
  private List<List<String>> pairedRows(List<BenchArm> designs, PricePairs pairs) {
    List<List<String>> rows = new ArrayList<>();
    for (BenchArm arm : designs) {
      for (String run : r.runs()) {
        for (ProviderState state : ProviderState.values()) {
          StepResult s =
              state == ProviderState.HEALTHY ? null : r.walk(run, arm, state).orElse(null);
          if (s == null) {
            continue;
          }
          for (Map.Entry<String, PairedPriceError> e : pairs.of(s.spec().id()).entrySet()) {
            PairedPriceError pe = e.getValue();
            List<String> row = new ArrayList<>();
            row.add(arm.label() + " · " + StateNames.label(state) + " · " + run);
            row.add(e.getKey());
            row.add(
                String.format(
                    Locale.ROOT,
                    "%d of %d (%.1f %%)",
                    pe.pairedAnswers(),
                    pe.defaultAnswers(),
                    pe.answersCoveredPct()));
            row.add(pe.pairedCustomers() + " of " + pe.defaultCustomers());
            row.addAll(figures(pe));
            rows.add(row);
          }
        }
      }
    }
    return rows;
  }

  private void pairedTable(PricePairs pairs, List<List<String>> rows) {
    p(
        String.format(
            Locale.ROOT,
            "Each DEFAULT quote against the same customer's own premium. A customer's own premium"
                + " does not change in this lab (the provider double's profiles never change, one"
                + " rule book is in force, %s), so every answer on their"
                + " own profile (FRESH, CACHED or STALE), in any step and arm of the run, gives it:"
                + " %d customers have one, from %d request logs; %s.%s Per design's walk step of a"
                + " failing state and line: the DEFAULT answers of the step whose customer has an"
                + " own premium (paired, of all DEFAULT answers; the customers never priced on"
                + " their own profile, such as the never-seen ones, cannot be), and over those"
                + " pairs, error = (DEFAULT premium − own premium) ÷ own premium: its mean (bias;"
                + " negative: the default undercharges) and the median and p95 of its absolute"
                + " value, each with its 95 %% bootstrap interval over the pairs.",
            StepRecording.bySegment(e.environment())
                ? "each customer always carries the same insured object"
                : "one insured object per line",
            pairs.customers(),
            pairs.logs(),
            inconsistency(pairs),
            probe(pairs.probe())));
    if (rows.isEmpty()) {
      p("Paired: no failing walk step of a design had a DEFAULT answer.");
      return;
    }
    blocks.add(
        new Table(
            List.of(
                "Design · state · run",
                "Line",
                "DEFAULT answers paired",
                "Customers paired",
                "Bias %",
                "Median |error| %",
                "p95 |error| %"),
            rows));
  }

  /** What the price probe added to the own premiums, or nothing when the run had none. */
  static String probe(PricePairs.Probe probe) {
    if (probe == null) {
      return "";
    }
    String who =
        probe.quoted() == probe.unpaired()
            ? "the " + probe.unpaired()
            : probe.quoted() + " of the " + probe.unpaired();
    String draw =
        probe.quoted() == probe.unpaired()
            ? ""
            : " (a draw with the run's seed, at most " + PricePairs.PROBE_MAX + ")";
    return " The price probe: after the protocol, "
        + who
        + " customers with a DEFAULT answer in a step's window and no own premium in the run"
        + draw
        + " were quoted once each on arm A, which waits for the provider, with the provider"
        + " healthy; "
        + probe.priced()
        + " were priced on their own profile, and are among those with one above.";
  }

  /**
   * A pairing's bias, median and p95 of |error| cells, each with its interval, or why there are
   * none.
   */
  static List<String> figures(PairedPriceError pe) {
    if (pe.biasPct() == null) {
      return List.of(cell(null, NONE_PAIRED), cell(null, "none paired"), cell(null, "none paired"));
    }
    return List.of(
        signed(pe.biasPct()) + " " + interval(pe.biasCi(), true),
        unsigned(pe.medianAbsPct()) + " " + interval(pe.medianAbsCi(), false),
        unsigned(pe.p95AbsPct()) + " " + interval(pe.p95AbsCi(), false));
  }

  /** Whether every customer's own premiums agreed, or which did not. */
  private static String inconsistency(PricePairs pairs) {
    if (pairs.inconsistent() == 0) {
      return "every customer's own premiums agree to the cent";
    }
    return pairs.inconsistent()
        + " customer(s) with own premiums more than a cent apart are left out ("
        + String.join(", ", pairs.inconsistentCustomers())
        + (pairs.inconsistent() > pairs.inconsistentCustomers().size() ? ", …" : "")
        + "): a profile or the rule book changed during the run, which the lab assumes it does not";
  }

  /** Per design's down step and line: the population estimate. */
  private List<List<String>> populationRows(List<BenchArm> designs) {
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
                  unsigned(pe.medianAbsPct()) + " " + interval(pe.medianAbsCi(), false),
                  unsigned(pe.p95AbsPct()) + " " + interval(pe.p95AbsCi(), false)));
        }
      }
    }
    return rows;
  }

  private void populationTable(List<List<String>> rows) {
    p(
        "The population estimate, which also speaks for the customers never priced on their own"
            + " profile. Per design's down step and line: a DEFAULT quote is priced on the line's"
            + " default profile, one premium per line; the same line's customers answered on their own profile"
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
  static String interval(solventa.ops.statistics.Interval ci, boolean signed) {
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

  private static String unsigned(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
