package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.RATING_COST_MS;
import static solventa.ops.bench.BenchmarkReport.above1;
import static solventa.ops.bench.BenchmarkReport.f0;
import static solventa.ops.bench.BenchmarkReport.f1;
import static solventa.ops.bench.BenchmarkReport.f2;
import static solventa.ops.bench.BenchmarkReport.reached;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.bench.Benchmark.Row;

/**
 * {@code benchmark.md}'s section on cache hits window after window: the sweep's row at {@link
 * StackTargets#HIT_RATE} req/s and every repeated window on the same node, each judged on its own
 * against the standard stack's cache-hit target, then how many windows met it.
 */
final class CacheHitWindowsSection {
  private CacheHitWindowsSection() {}

  /**
   * The standard stack's cache-hit target window after window: the sweep's {@link
   * StackTargets#HIT_RATE} req/s row and every repeated one ({@code hits}), each judged on its own
   * (p50 ≤ {@value StackTargets#HIT_P50_MS} ms and p99 ≤ {@value StackTargets#HIT_P99_MS} ms above
   * the rating cost, the node's histogram of its CACHED answers); a window without the node's hit
   * histogram, or that missed its rate, is listed and not judged. Null when the bench ran no
   * repeated window.
   */
  static String render(List<Row> rows) {
    List<Row> windows = new ArrayList<>();
    for (Row row : rows) {
      boolean sweepAtRate =
          row.kind().equals("sweep") && row.step().spec().rate() == StackTargets.HIT_RATE;
      if (sweepAtRate || row.kind().equals("hits")) {
        windows.add(row);
      }
    }
    if (windows.stream().noneMatch(r -> r.kind().equals("hits"))) {
      return null;
    }
    StringBuilder sb = new StringBuilder(intro());
    List<Double> p50s = new ArrayList<>();
    List<Double> p99s = new ArrayList<>();
    int i = 0;
    for (Row row : windows) {
      String label = row.kind().equals("sweep") ? "the sweep's row" : "repeat " + (++i);
      sb.append(windowRow(row, label, p50s, p99s));
    }
    sb.append('\n');
    return sb.append(verdict(windows.size(), p50s, p99s)).toString();
  }

  /** The section's title, how its figures are read, and its table's head. */
  private static String intro() {
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "## Cache hits at %d req/s, window after window%n%n",
                StackTargets.HIT_RATE));
    sb.append(
        String.format(
            Locale.ROOT,
            "The standard stack's target: cache hits at most %.0f ms above the %.0f ms rating cost at p50 and"
                + " %.0f ms at p99, at %d req/s. The sweep's row, then the same node again after"
                + " the floor, one window after another (each after its unmeasured seconds); cache"
                + " hits only = the node's histogram of its CACHED answers − %.0f ms. The rating"
                + " cost's own realized p99 and the JIT time say where a window's tail came from.%n%n",
            StackTargets.HIT_P50_MS,
            RATING_COST_MS,
            StackTargets.HIT_P99_MS,
            StackTargets.HIT_RATE,
            RATING_COST_MS));
    sb.append(
        "| window | achieved req/s | n | cache hits: node adds above 60 ms, p50 / p99 | rating's"
            + " realized cost, p50 / p99 ms | node CPU ms/quote | JIT ms | p50 ≤ 1 ms | p99 ≤ 5 ms"
            + " |\n");
    sb.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    return sb.toString();
  }

  /**
   * One window's row, judged or with why not; a judged window's p50 and p99 above the rating cost
   * go into {@code p50s} and {@code p99s}.
   */
  private static String windowRow(Row row, String label, List<Double> p50s, List<Double> p99s) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    String why =
        !reached(r)
            ? "not judged: the generator reached " + f1(r.achievedRate()) + " req/s"
            : c.hitP50() == null || c.hitP99() == null
                ? "not judged: the node reported no cache-hit histogram"
                : null;
    String p50Cell;
    String p99Cell;
    if (why == null) {
      double p50 = c.hitP50() - RATING_COST_MS;
      double p99 = c.hitP99() - RATING_COST_MS;
      p50s.add(p50);
      p99s.add(p99);
      p50Cell = StackTargets.within(p50, StackTargets.HIT_P50_MS) ? "met" : "not met";
      p99Cell = StackTargets.within(p99, StackTargets.HIT_P99_MS) ? "met" : "not met";
    } else {
      p50Cell = why;
      p99Cell = "—";
    }
    return String.format(
        Locale.ROOT,
        "| %s | %s | %d | %s / %s | %s / %s | %s | %s | %s | %s |%n",
        label,
        f1(r.achievedRate()),
        r.requests(),
        above1(c.hitP50()),
        above1(c.hitP99()),
        f1(c.ratingP50()),
        f1(c.ratingP99()),
        f2(c.cpuPerQuote()),
        f0(c.jitMs()),
        p50Cell,
        p99Cell);
  }

  /** How many of the {@code windows} were judged and met each target, and the p99s' range. */
  private static String verdict(int windows, List<Double> p50s, List<Double> p99s) {
    StackTargets.Tally p50 = StackTargets.tally(p50s, StackTargets.HIT_P50_MS);
    StackTargets.Tally p99 = StackTargets.tally(p99s, StackTargets.HIT_P99_MS);
    if (p99.n() == 0) {
      return "No window could be judged (reasons in the table).\n";
    }
    return String.format(
        Locale.ROOT,
        "Judged windows: %d of %d. p50 met in **%d of %d**, p99 met in **%d of %d**; the"
            + " p99s above the rating cost ranged %.1f–%.1f ms (median %.1f).%n",
        p99.n(),
        windows,
        p50.met(),
        p50.n(),
        p99.met(),
        p99.n(),
        p99s.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
        p99s.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
        p99.median());
  }
}
