package solventa.ops.runner;

import static solventa.ops.runner.Benchmark.CPU_TARGET_MS;
import static solventa.ops.runner.Benchmark.CPU_TARGET_RATE;
import static solventa.ops.runner.Benchmark.RATING_COST_MS;
import static solventa.ops.runner.Benchmark.holds;
import static solventa.ops.runner.Benchmark.phase;
import static solventa.ops.runner.Benchmark.rows;
import static solventa.ops.runner.Benchmark.settled;
import static solventa.ops.runner.Benchmark.wakeCost;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.gatling.Acceptance;
import solventa.ops.analysis.StepResult;
import solventa.ops.report.Report;
import solventa.ops.runner.Benchmark.Plan;
import solventa.ops.runner.Benchmark.Row;

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
      sb.append(
          String.format(
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
              holds ? "yes" : "no"));
    }
    sb.append('\n')
        .append(
            sustained == null
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
                    + "**.\n");
    for (Row row : rows) {
      if (emptyRedis(row)) {
        sb.append('\n').append(EmptyRedisCheck.mustShow(row));
      }
    }
    return sb.toString();
  }

  private static boolean emptyRedis(Row row) {
    return row.kind().equals("coldEmpty");
  }

  /**
   * The framework floor's section: its row, then what it leaves of a quote's CPU at the same rate
   * (the sweep's row) and of the CPU target, each computed or missing with its reason.
   */
  static String floor(Row floor, List<Row> rows) {
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
    String missing = floorMissing(floor, quote);
    if (missing != null) {
      return sb.append("The floor's share of a quote's CPU is missing: ")
          .append(missing)
          .append(".\n")
          .toString();
    }
    double q = quote.cost().cpuPerQuote();
    double f = c.cpuPerQuote();
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
    return sb.append('\n').toString();
  }

  /**
   * The standard stack's cache-hit target window after window: the sweep's {@link
   * StackTargets#HIT_RATE} req/s row and every repeated one ({@code hits}), each judged on its own
   * (p50 ≤ {@value StackTargets#HIT_P50_MS} ms and p99 ≤ {@value StackTargets#HIT_P99_MS} ms above
   * the rating cost, the node's histogram of its CACHED answers); a window without the node's hit
   * histogram, or that missed its rate, is listed and not judged. Null when the bench ran no
   * repeated window.
   */
  static String hitWindows(List<Row> rows) {
    List<Row> windows = new java.util.ArrayList<>();
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
    List<Double> p50s = new java.util.ArrayList<>();
    List<Double> p99s = new java.util.ArrayList<>();
    int i = 0;
    for (Row row : windows) {
      StepResult r = row.step();
      NodeCost c = row.cost();
      String label = row.kind().equals("sweep") ? "the sweep's row" : "repeat " + (++i);
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
      sb.append(
          String.format(
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
              p99Cell));
    }
    sb.append('\n');
    StackTargets.Tally p50 = StackTargets.tally(p50s, StackTargets.HIT_P50_MS);
    StackTargets.Tally p99 = StackTargets.tally(p99s, StackTargets.HIT_P99_MS);
    if (p99.n() == 0) {
      return sb.append("No window could be judged (reasons in the table).\n").toString();
    }
    return sb.append(
            String.format(
                Locale.ROOT,
                "Judged windows: %d of %d. p50 met in **%d of %d**, p99 met in **%d of %d**; the"
                    + " p99s above the rating cost ranged %.1f–%.1f ms (median %.1f).%n",
                p99.n(),
                windows.size(),
                p50.met(),
                p50.n(),
                p99.met(),
                p99.n(),
                p99s.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                p99s.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                p99.median()))
        .toString();
  }

  // why the floor cannot be set beside the quote's CPU, or null when it can
  static String floorMissing(Row floor, Row quote) {
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

  // the generator reached the step's rate (the share every bench step must reach)
  static boolean reached(StepResult r) {
    return r.achievedRate() != null
        && r.achievedRate() >= ProtocolRunner.MIN_ACHIEVED_SHARE * r.spec().rate();
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
