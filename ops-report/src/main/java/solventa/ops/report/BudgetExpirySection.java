package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.BudgetExpiry;
import solventa.ops.analysis.figures.BudgetSettings;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.protocol.StateNames;
import solventa.ops.report.Report.Table;

/**
 * "Budget expiry (arm C, C')": per run, for each failing walk step of C and C', how late the
 * answers whose budget ran out came past the budget and the rating cost ({@link BudgetExpiry}),
 * beside the standard stack's target (p99 ≤ 5 ms). A figure with its target, not a hypothesis
 * verdict.
 */
final class BudgetExpirySection extends ReportSection {
  static final String HEADING = "Budget expiry (arm C, C')";

  static final List<String> HEADERS =
      List.of(
          "step",
          "arm",
          "state",
          "fallback answers",
          "sooner than budget + rating (excluded)",
          "budget expiries n",
          "late p50 (ms)",
          "late p95 (ms)",
          "late p99 (ms)",
          "late max (ms)",
          "at-once fallbacks − rating, p50 / p99 (ms)",
          "p99 ≤ " + target() + " ms");

  BudgetExpirySection(ReportSection report) {
    super(report);
  }

  /** The section: what is measured against which settings, then one table per run. */
  void table() {
    h(2, HEADING);
    BudgetSettings cfg = BudgetSettings.of(e.environment());
    p(
        "Arms C and C' wait at most the budget (quote.budget = "
            + ms(cfg.budgetMs())
            + ") for the provider, then price the quote on its fallback, which waits the rating"
            + " cost (rating.cost = "
            + ms(cfg.ratingCostMs())
            + "); both "
            + cfg.source()
            + ". **Late** = the answer's latency at the generator − budget − rating cost, over the"
            + " budget expiries: the fallback answers (STALE or DEFAULT) that took at least budget"
            + " + rating cost, sent from the provider's change to the step's end. The request log"
            + " does not say why an answer fell back; an answer under an open breaker, or on a"
            + " call that failed before the budget ran out, comes sooner than budget + rating cost"
            + " and is counted apart. The generator's latency includes the loopback HTTP hop (the"
            + " node keeps no latency per origin), so the figure bounds the node's own lateness"
            + " from above; the at-once fallbacks (shorter than the budget: under an open breaker"
            + " or on a call that failed fast) take the same pricing and HTTP path without the"
            + " wait, and their latency − rating cost, beside it, is that path's own share of the"
            + " lateness. Inputs: each step's request log (steps/<step>/requests.csv: an answer's"
            + " send time, latency and origin) and the two settings. Target: p99 ≤ "
            + target()
            + " ms in the degraded step; not a hypothesis verdict.");
    if (r.runs().isEmpty()) {
      p("— (no run was made)");
      return;
    }
    for (String run : r.runs()) {
      if (r.runs().size() > 1) {
        h(3, "Run " + run);
      }
      List<BudgetExpiry> rows = BudgetExpiry.of(r, run, cfg);
      if (rows.isEmpty()) {
        p("— (arms C and C' walked no failing provider state in run " + run + ")");
      } else {
        blocks.add(new Table(HEADERS, rows.stream().map(BudgetExpirySection::row).toList()));
      }
    }
  }

  /**
   * One line for the threats when any step's lateness p99 exceeds the target: how many steps, and
   * the worst; empty when none does.
   */
  List<String> threats() {
    BudgetSettings cfg = BudgetSettings.of(e.environment());
    List<BudgetExpiry> all = new ArrayList<>();
    for (String run : r.runs()) {
      all.addAll(BudgetExpiry.of(r, run, cfg));
    }
    List<BudgetExpiry> over =
        all.stream().filter(b -> Boolean.FALSE.equals(b.withinTarget())).toList();
    if (over.isEmpty()) {
      return List.of();
    }
    BudgetExpiry worst =
        over.stream().max(java.util.Comparator.comparingDouble(b -> b.late().p99())).get();
    long measured = all.stream().filter(b -> b.withinTarget() != null).count();
    return List.of(
        "Budget expiry: the answers whose budget ran out came more than "
            + target()
            + " ms late at p99 (the standard stack's target) in "
            + over.size()
            + " of "
            + measured
            + " steps with budget expiries, worst "
            + worst.step()
            + " at "
            + ms(worst.late().p99())
            + " ms (n = "
            + worst.late().count()
            + "); measured at the generator, so the loopback HTTP hop is included (see "
            + HEADING
            + ").");
  }

  static List<String> row(BudgetExpiry b) {
    Latency l = b.late();
    String why = b.missing();
    return List.of(
        b.step(),
        b.arm().label(),
        StateNames.label(b.state()),
        b.fallbacks() == null ? cell(null, why) : Long.toString(b.fallbacks()),
        b.sooner() == null ? cell(null, why) : Long.toString(b.sooner()),
        Long.toString(l.count()),
        cell(ms(l.p50()), why),
        cell(ms(l.p95()), why),
        cell(ms(l.p99()), why),
        cell(ms(l.max()), why),
        b.atOnce().count() == 0
            ? "— (no fallback answer shorter than the budget)"
            : ms(b.atOnce().p50())
                + " / "
                + ms(b.atOnce().p99())
                + " (n "
                + b.atOnce().count()
                + ")",
        yesNo(b.withinTarget(), why));
  }

  private static String ms(Long v) {
    return v == null ? "— (unknown)" : v + " ms";
  }

  private static String target() {
    return String.format(Locale.ROOT, "%.0f", BudgetExpiry.TARGET_MS);
  }
}
