package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.CPU_TARGET_MS;
import static solventa.ops.bench.Benchmark.CPU_TARGET_RATE;
import static solventa.ops.bench.BenchmarkReport.f0;
import static solventa.ops.bench.BenchmarkReport.f1;
import static solventa.ops.bench.BenchmarkReport.f2;
import static solventa.ops.bench.BenchmarkReport.reached;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.bench.Benchmark.Row;
import solventa.ops.report.Report;
import solventa.vocabulary.Acceptance;

/**
 * {@code benchmark.md}'s section on the framework's floor: the bare requests' row on the sweep's
 * node, and the floor's share of a quote's CPU at the same rate, beside the standard stack's target
 * and the CPU target, or why that share is missing.
 */
final class FrameworkFloorSection {
  private FrameworkFloorSection() {}

  /**
   * The framework floor's section: its row, then what it leaves of a quote's CPU at the same rate
   * (the sweep's row) and of the CPU target, each computed or missing with its reason.
   */
  static String render(Row floor, List<Row> rows) {
    StepResult r = floor.step();
    NodeCost c = floor.cost();
    int rate = r.spec().rate();
    StringBuilder sb =
        new StringBuilder("## The framework's floor: bare requests at " + rate + " req/s\n\n");
    sb.append(
        "The sweep's node, right after the sweep: the same open-model generator at the same rate,"
            + " over the same shared connections, but every request is a bare `GET "
            + solventa.gatling.FloorSimulation.PATH
            + "`, answered at once with a constant body (no body to parse, no entity, no rating,"
            + " no 60 ms cost, no provider call). Its CPU per request is what the node's HTTP"
            + " server, its IO and its loop cost this machine per request before any quote work;"
            + " the runner reads the node's stats during it as in every row.\n\n");
    sb.append(
        "| target req/s | achieved req/s | n | e2e p50 / p99 ms | errors % | node CPU ms/request |"
            + " node context switches per request | cores | JIT ms |\n");
    sb.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "| %d | %s | %d | %s / %s | %s | %s | %s | %s | %s |%n%n",
            rate,
            f1(r.achievedRate()),
            r.requests(),
            Report.ms(r.endToEnd().p50()),
            Report.ms(r.endToEnd().p99()),
            Report.pct(r.errorPct()),
            f2(c.cpuPerQuote()),
            f1(c.switchesPerQuote()),
            f2(c.cores()),
            f0(c.jitMs())));
    Row quote = null;
    for (Row row : rows) {
      if (row.kind().equals("sweep") && row.step().spec().rate() == rate) {
        quote = row;
        break;
      }
    }
    String missing = missing(floor, quote);
    if (missing != null) {
      return sb.append("The floor's share of a quote's CPU is missing: ")
          .append(missing)
          .append(".\n")
          .toString();
    }
    return sb.append(share(rate, quote.cost().cpuPerQuote(), c.cpuPerQuote()))
        .append('\n')
        .toString();
  }

  /**
   * What the floor ({@code f}, ms of CPU per bare request) leaves of a quote's CPU ({@code q}) at
   * {@code rate}, the standard stack's target above the floor and, at the CPU target's rate, what
   * the CPU target leaves above it.
   */
  private static String share(int rate, double q, double f) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "At %d req/s a quote cost the node **%.2f ms** of CPU (the sweep's row) and a bare"
                + " request **%.2f ms**, %.0f %% of it. The quote's own path (its body, the entity,"
                + " rating, the 60 ms cost's timer, the answer's JSON, and the provider calls of"
                + " the never-seen customers) is the other **%.2f ms**.",
            rate,
            q,
            f,
            100 * f / q,
            q - f));
    sb.append(
        String.format(
            Locale.ROOT,
            " The standard stack's target, the quote path at most %.2f ms above this floor: %s.",
            StackTargets.PATH_ABOVE_FLOOR_MS,
            StackTargets.within(q - f, StackTargets.PATH_ABOVE_FLOOR_MS)
                ? "**met**"
                : "**not met**"));
    if (rate == CPU_TARGET_RATE) {
      double left = CPU_TARGET_MS - f;
      sb.append(
          left > 0
              ? String.format(
                  Locale.ROOT,
                  " The CPU target, %.1f ms per quote at %d req/s, leaves %.2f ms above this"
                      + " floor for that path.",
                  CPU_TARGET_MS,
                  CPU_TARGET_RATE,
                  left)
              : String.format(
                  Locale.ROOT,
                  " The floor alone is at or above the CPU target, %.1f ms per quote at %d"
                      + " req/s.",
                  CPU_TARGET_MS,
                  CPU_TARGET_RATE));
    }
    return sb.toString();
  }

  // why the floor cannot be set beside the quote's CPU, or null when it can
  static String missing(Row floor, Row quote) {
    int rate = floor.step().spec().rate();
    if (!reached(floor.step())) {
      return "the generator reached "
          + f1(floor.step().achievedRate())
          + " of the floor's "
          + rate
          + " req/s";
    }
    if (floor.step().errorPct() == null) {
      return "the floor's error share could not be measured";
    }
    if (floor.step().errorPct() > Acceptance.MAX_ERROR_PCT) {
      return "the floor's bare requests failed at " + Report.pct(floor.step().errorPct()) + " %";
    }
    if (floor.cost().cpuPerQuote() == null) {
      return "the node reported no CPU time for the floor's window";
    }
    if (quote == null) {
      return "the sweep has no " + rate + " req/s row (it stopped before that rate)";
    }
    if (!reached(quote.step())) {
      return "the sweep's "
          + rate
          + " req/s row reached "
          + f1(quote.step().achievedRate())
          + " req/s";
    }
    if (quote.cost().cpuPerQuote() == null) {
      return "the node reported no CPU time for the sweep's " + rate + " req/s row";
    }
    return null;
  }
}
