package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.RATING_COST_MS;
import static solventa.ops.bench.Benchmark.holds;
import static solventa.ops.bench.Benchmark.phase;
import static solventa.ops.bench.Benchmark.settled;
import static solventa.ops.bench.Benchmark.wakeCost;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.bench.Benchmark.Plan;
import solventa.ops.bench.Benchmark.Row;
import solventa.ops.report.Report;
import solventa.ops.runner.LoadSteps;
import solventa.ops.runner.MachineFacts;
import solventa.vocabulary.Acceptance;

/**
 * {@code benchmark.md} from the bench's rows: pure figures and their rendering, apart from running
 * the bench ({@link Benchmark}): the rate table, the framework's floor and the quote path above it,
 * arm A's row, the machine and the node's stack.
 */
final class BenchmarkReport {
  private BenchmarkReport() {}

  static String render(
      Plan plan,
      Map<String, String> machine,
      Map<String, String> stack,
      WakeCost wake,
      List<Row> rows) {
    StringBuilder sb = new StringBuilder(header(plan, machine, stack, wake, rows));
    sb.append(rateTable(plan, rows));
    for (Row row : rows) {
      if (row.kind().equals("floor")) {
        sb.append('\n').append(floor(row, rows));
      }
    }
    String hits = hitWindows(rows);
    if (hits != null) {
      sb.append('\n').append(hits);
    }
    Row armASettle = null;
    for (Row row : rows) {
      if (row.kind().equals("settleA")) {
        armASettle = row;
      }
    }
    for (Row row : rows) {
      if (row.kind().equals("armA")) {
        sb.append('\n').append(renderArmA(armASettle, row));
      }
    }
    return sb.toString();
  }

  /** The title, how the figures are read, the machine, the node's stack and the settling rows. */
  private static String header(
      Plan plan,
      Map<String, String> machine,
      Map<String, String> stack,
      WakeCost wake,
      List<Row> rows) {
    StringBuilder sb = new StringBuilder("# Quote node benchmark (" + plan.name() + ")\n\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "Per rate: %d s unmeasured, then a %d s window. CPU is the node's own process CPU time"
                + " (user + system) over the window ÷ the quotes it answered in it; cores = CPU"
                + " time ÷ window length; quotes/s per core = achieved rate ÷ cores; JIT ms = the"
                + " JVM's compilation time in the window (near 0 once the JIT has settled).%n%n",
            plan.warmupSec(),
            plan.measureSec()));
    sb.append("Machine: ")
        .append(MachineFacts.line(machine))
        .append(
            ". A figure below belongs to this machine: CPU times and wake-up costs do not carry over"
                + " to another.\n\n");
    sb.append("Node stack (as the node reports it, `GET /quote/stack`):");
    if (stack.isEmpty()) {
      sb.append(" missing (the bench stopped before a node reported it)");
    }
    stack.forEach((k, v) -> sb.append("\n- ").append(k).append(": ").append(v));
    sb.append("\n\n");
    sb.append(wakeCost(wake));
    for (Row row : rows) {
      if (row.kind().equals("settle")) {
        sb.append(settled(row));
      }
    }
    return sb.toString();
  }

  /** Arm C's rate table, and the highest rate that held with its best quotes/s per core. */
  private static String rateTable(Plan plan, List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append("## Arm C, healthy provider, 96 % hit-rate target\n\n");
    sb.append(
        "| target req/s | achieved req/s | n | e2e p50 / p99 ms | node p50 / p99 ms | node adds above"
            + " the 60 ms rating cost, p50 / p99 ms | cache hits only: node adds above 60 ms, p50 /"
            + " p99 ms | rating's realized cost, p50 / p99 ms | errors % | node CPU ms/quote | node context switches per quote | cores |"
            + " quotes/s per core | threads started | JIT ms | holds "
            + Acceptance.p99()
            + " |\n");
    sb.append(
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
            + " --- |\n");
    Integer sustained = null;
    Double bestPerCore = null;
    for (Row row : rows) {
      if (!row.kind().equals("sweep") && !row.kind().equals("cold") && !emptyRedis(row)) {
        continue;
      }
      StepResult r = row.step();
      NodeCost c = row.cost();
      boolean holds = holds(r);
      Double perCore = perCore(r, c);
      if (row.kind().equals("sweep") && holds) {
        sustained = r.spec().rate();
        if (perCore != null && (bestPerCore == null || perCore > bestPerCore)) {
          bestPerCore = perCore;
        }
      }
      sb.append(rateRow(row, perCore, holds));
    }
    sb.append('\n').append(sustainedLine(plan, sustained, bestPerCore));
    for (Row row : rows) {
      if (emptyRedis(row)) {
        sb.append('\n').append(EmptyRedisCheck.mustShow(row));
      }
    }
    return sb.toString();
  }

  /** One row of arm C's rate table. */
  private static String rateRow(Row row, Double perCore, boolean holds) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    return String.format(
        Locale.ROOT,
        "| %s | %s | %d | %s / %s | %s / %s | %s / %s | %s / %s | %s / %s | %s | %s | %s | %s"
            + " | %s | %s | %s | %s |%n",
        EmptyRedisCheck.label(row),
        f1(r.achievedRate()),
        r.requests(),
        Report.ms(r.endToEnd().p50()),
        Report.ms(r.endToEnd().p99()),
        Report.ms(r.internal().p50()),
        Report.ms(r.internal().p99()),
        above(r.internal().p50()),
        above(r.internal().p99()),
        above1(c.hitP50()),
        above1(c.hitP99()),
        f1(c.ratingP50()),
        f1(c.ratingP99()),
        Report.pct(r.errorPct()),
        f2(c.cpuPerQuote()),
        f1(c.switchesPerQuote()),
        f2(c.cores()),
        f0(perCore),
        c.threadsStarted() == null ? "—" : String.valueOf(c.threadsStarted()),
        f0(c.jitMs()),
        holds ? "yes" : "no");
  }

  /** The highest rate that held (null: none did) and the best quotes/s per core among them. */
  private static String sustainedLine(Plan plan, Integer sustained, Double bestPerCore) {
    return sustained == null
        ? "No tested rate held " + Acceptance.p99() + " with ≤ 1 % errors.\n"
        : "Highest tested arrival rate one node sustains with "
            + Acceptance.p99()
            + " and ≤ 1 % errors: **"
            + sustained
            + " req/s**"
            + (sustained == plan.rates()[plan.rates().length - 1]
                ? " (the top of the tested range)"
                : "")
            + "; best quotes/s per core among the rates that held: **"
            + (bestPerCore == null
                ? "— (no CPU figure)"
                : String.format(Locale.ROOT, "%.0f", bestPerCore))
            + "**.\n";
  }

  private static boolean emptyRedis(Row row) {
    return row.kind().equals("coldEmpty");
  }

  /** The framework floor's section ({@link FrameworkFloorSection}). */
  static String floor(Row floor, List<Row> rows) {
    return FrameworkFloorSection.render(floor, rows);
  }

  /**
   * The cache-hit windows' section, null without a repeated window ({@link
   * CacheHitWindowsSection}).
   */
  static String hitWindows(List<Row> rows) {
    return CacheHitWindowsSection.render(rows);
  }

  // the generator reached the step's rate (the share every bench step must reach)
  static boolean reached(StepResult r) {
    return r.achievedRate() != null
        && r.achievedRate() >= LoadSteps.MIN_ACHIEVED_SHARE * r.spec().rate();
  }

  /**
   * Arm A's section: the unmeasured phase on its new node ({@code settle}, null if none ran), then
   * its row.
   */
  static String renderArmA(Row settle, Row row) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    Double p95 = r.internal().p95();
    Double gap =
        p95 == null || c.providerP95() == null ? null : p95 - (c.providerP95() + RATING_COST_MS);
    StringBuilder sb =
        new StringBuilder("## Arm A, healthy provider (one provider call per quote)\n\n");
    if (settle != null) {
      sb.append(
          phase(
              "Before the row arm A's new node served arm A",
              settle,
              "provider call",
              settle.cost().cpuPerProviderCall()));
    }
    sb.append(
        "| target req/s | achieved req/s | n | errors % | e2e p50 / p95 / p99 ms | node p95 ms |"
            + " provider p95 ms (adapter) | node p95 − (provider p95 + 60 ms) | bulkhead rejections"
            + " | pool max in flight / size | node CPU ms/quote | node CPU ms per provider call"
            + " | node context switches per quote | JIT ms |\n");
    sb.append(
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "| %d | %s | %d | %s | %s / %s / %s | %s | %s | %s | %s | %s / %s | %s | %s | %s | %s"
                + " |%n",
            r.spec().rate(),
            f1(r.achievedRate()),
            r.requests(),
            Report.pct(r.errorPct()),
            Report.ms(r.endToEnd().p50()),
            Report.ms(r.endToEnd().p95()),
            Report.ms(r.endToEnd().p99()),
            Report.ms(p95),
            Report.ms(c.providerP95()),
            gap == null ? "—" : String.format(Locale.ROOT, "%+.1f", gap),
            r.rejections() == null ? "—" : String.valueOf(r.rejections()),
            r.poolMaxInFlight() == null ? "—" : String.valueOf(r.poolMaxInFlight()),
            r.poolSize() == null ? "—" : String.valueOf(r.poolSize()),
            f2(c.cpuPerQuote()),
            f2(c.cpuPerProviderCall()),
            f1(c.switchesPerQuote()),
            f0(c.jitMs())));
    return sb.toString();
  }

  static Double perCore(StepResult r, NodeCost c) {
    Double cores = c.cores();
    return r.achievedRate() == null || cores == null || cores <= 0
        ? null
        : r.achievedRate() / cores;
  }

  static String f0(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v);
  }

  static String f1(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
  }

  static String f2(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.2f", v);
  }

  static String above1(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v - RATING_COST_MS);
  }

  static String above(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v - RATING_COST_MS);
  }
}
