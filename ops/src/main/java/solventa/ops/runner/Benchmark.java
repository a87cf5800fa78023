package solventa.ops.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.gatling.Acceptance;
import solventa.ops.analysis.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.report.Report;
import solventa.ops.results.ResultsFolder;
import solventa.providerdouble.control.ProviderState;
import solventa.quote.stats.StatsSnapshot;

/**
 * The quote node's load benchmark (issues 6 and 12). Open-model load from Gatling in the runner's
 * JVM, never the node's; every figure names where it comes from.
 *
 * <ol>
 *   <li><b>Rate sweep</b>: arm C, healthy provider, 96 % hit-rate target; the rate rises until p99
 *       exceeds 475 ms, errors exceed 1 % or the generator cannot reach its target. Per rate: the
 *       generator's and the node's latency, what the node adds above the calibrated rating cost,
 *       and the node's CPU per quote, cores used and quotes per second per core, from the node's
 *       own process CPU time ({@code process.cpuNanos} of its stats) over the measured window.
 *   <li><b>Arm A</b> at 200 req/s, healthy provider: one provider call per quote; the node's p95
 *       beside the provider's p95 (as the adapter timed it) plus the rating cost, CPU per provider
 *       call, bulkhead rejections and pool occupancy.
 *   <li><b>First seconds after start</b>: a new node (its own start-up warm-up done, Redis holding
 *       the warm set), measured from its first request at {@link Plan#coldRate} req/s.
 * </ol>
 */
public final class Benchmark {
  /** The calibrated rating cost the node is configured with (rating.cost). */
  static final double RATING_COST_MS = 60;

  /** What one benchmark run does: the full one and a short one to check the bench itself. */
  public record Plan(
      String name,
      int settleRate,
      int settleSec,
      int[] rates,
      int warmupSec,
      int measureSec,
      int armARate,
      int coldRate,
      int coldSec) {
    public static final Plan FULL =
        new Plan(
            "full", 800, 90, new int[] {200, 400, 600, 800, 1000, 1200, 1400}, 3, 17, 200, 400, 20);
    public static final Plan QUICK =
        new Plan("quick", 400, 10, new int[] {200, 800, 1200}, 2, 8, 200, 400, 20);
  }

  /** One measured row: the step and the node's own counters over its window. */
  record Row(String kind, StepResult step, NodeCost cost) {}

  /**
   * The node's own process counters over a window.
   *
   * @param cpuMs process CPU time (user + system, all threads), null if the node does not report it
   * @param windowSec the window's length (load time, without the generator's shutdown)
   * @param quotes quotes the node answered in the window (its own counters, errors included)
   * @param providerCalls requests the adapter sent to the provider in the window
   * @param threadsStarted threads the node's JVM started in the window
   * @param providerP95 the provider's p95 as the adapter timed successful calls, ms
   * @param hitP50 the node's p50 over cache hits (CACHED answers) only, ms
   * @param hitP99 the node's p99 over cache hits only, ms
   * @param jitMs the JIT compilers' compilation time in the window (the JVM's own accumulated
   *     count), null if the node does not report it
   * @param contextSwitches the node process's context switches in the window (its threads' own
   *     counters, {@link ContextSwitches}), null where they could not be read
   */
  record NodeCost(
      Double cpuMs,
      double windowSec,
      long quotes,
      long providerCalls,
      Long threadsStarted,
      Double providerP95,
      Double hitP50,
      Double hitP99,
      Double jitMs,
      Long contextSwitches) {
    Double cpuPerQuote() {
      return cpuMs == null || quotes == 0 ? null : cpuMs / quotes;
    }

    Double switchesPerQuote() {
      return contextSwitches == null || quotes == 0 ? null : (double) contextSwitches / quotes;
    }

    Double cpuPerProviderCall() {
      return cpuMs == null || providerCalls == 0 ? null : cpuMs / providerCalls;
    }

    Double cores() {
      return cpuMs == null || windowSec <= 0 ? null : cpuMs / 1000.0 / windowSec;
    }

    static NodeCost between(ProtocolRunner.WindowStats w, double windowSec) {
      StatsSnapshot.Process a = w.atStart().process();
      StatsSnapshot.Process b = w.atEnd().process();
      boolean both = a != null && b != null;
      Long cpuNanos = both ? delta(a.cpuNanos(), b.cpuNanos()) : null;
      Long threads = both ? b.threadsStarted() - a.threadsStarted() : null;
      Long jit = both ? delta(a.jitMillis(), b.jitMillis()) : null;
      StatsSnapshot end = w.atEnd();
      StatsSnapshot.Percentiles pl = end.providerLatency();
      StatsSnapshot.Percentiles hits = end.cachedLatency();
      boolean anyHit = hits != null && !hits.isEmpty();
      return new NodeCost(
          cpuNanos == null ? null : cpuNanos / 1e6,
          windowSec,
          end.quotes() == null ? 0 : end.quotes().total(),
          end.providerCalls(),
          threads,
          pl != null && !pl.isEmpty() ? pl.p95() : null,
          anyHit ? hits.p50() : null,
          anyHit ? hits.p99() : null,
          jit == null ? null : jit.doubleValue(),
          delta(w.switchesAtStart(), w.switchesAtEnd()));
    }

    // a counter's growth over the window, null when either end did not report it
    private static Long delta(Long atStart, Long atEnd) {
      return atStart == null || atEnd == null ? null : atEnd - atStart;
    }
  }

  private Benchmark() {}

  public static Path run(Path out, long seed, Plan plan, java.io.PrintStream console)
      throws IOException {
    Files.createDirectories(out);
    // before the lab starts, while the machine is quiet: the unit the context switches are paid in
    WakeCost wake = WakeCost.measure(WAKE_ROUNDS);
    console.printf(
        "bench: a thread wake-up here costs %s µs of CPU (timed), %s µs woken by another thread%n",
        f1(wake.timedWakeMicros()), f1(wake.wokenMicros()));
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")));
    ExperimentProfile p = ExperimentProfile.named("quick");
    List<Row> rows = new ArrayList<>();
    try {
      lab.start();
      ProtocolRunner runner = new ProtocolRunner(p, out, seed, lab, null);
      try {
        // decision 0028: the warm rows measure a node whose JIT has settled, not its first minutes
        console.printf(
            "bench: steady state first, %d s at %d req/s (not a row)%n",
            plan.settleSec(), plan.settleRate());
        rows.add(
            measure(
                runner,
                "settle",
                step(
                    "bench-settle" + plan.settleRate(),
                    BenchArm.C,
                    0.96,
                    plan.settleRate(),
                    0,
                    plan.settleSec()),
                false));
        for (int rate : plan.rates()) {
          console.printf("bench: arm C at %d req/s%n", rate);
          Row r =
              measure(runner, "sweep", spec("bench-r" + rate, BenchArm.C, 0.96, rate, plan), false);
          rows.add(r);
          if (!holds(r.step())) {
            break;
          }
        }
        console.printf("bench: arm A at %d req/s%n", plan.armARate());
        rows.add(
            measure(
                runner,
                "armA",
                // the walk's 96 % population: arm A calls the provider whatever the key
                spec("bench-a" + plan.armARate(), BenchArm.A, 0.96, plan.armARate(), plan),
                false));
        console.printf(
            "bench: a new node, first %d s at %d req/s%n", plan.coldSec(), plan.coldRate());
        StepSpec cold =
            step(
                "bench-cold" + plan.coldRate(),
                BenchArm.C,
                0.96,
                plan.coldRate(),
                0,
                plan.coldSec());
        rows.add(measure(runner, "cold", cold, true));
      } finally {
        runner.close();
      }
    } finally {
      lab.close();
    }
    Path md = out.resolve("benchmark.md");
    Files.writeString(md, render(plan, wake, rows), StandardCharsets.UTF_8);
    List<Map<String, Object>> json = new ArrayList<>();
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("kind", "machine");
    machine.put("wakeCost", wake);
    json.add(machine);
    for (Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", r.kind());
      m.put("step", r.step());
      m.put("cost", r.cost());
      m.put("cpuMsPerQuote", r.cost().cpuPerQuote());
      m.put("cpuMsPerProviderCall", r.cost().cpuPerProviderCall());
      m.put("contextSwitchesPerQuote", r.cost().switchesPerQuote());
      m.put("cores", r.cost().cores());
      json.add(m);
    }
    ResultsFolder.JSON.writeValue(out.resolve("benchmark.json").toFile(), json);
    return md;
  }

  static StepSpec spec(String id, BenchArm arm, double hitRate, int rate, Plan plan) {
    return step(id, arm, hitRate, rate, plan.warmupSec(), plan.measureSec());
  }

  // a bench step: provider healthy, count policy, no fault
  static StepSpec step(
      String id, BenchArm arm, double hitRate, int rate, int warmupSec, int measureSec) {
    return new StepSpec(
        id,
        StepKind.BENCH,
        "B1",
        arm,
        ProviderState.HEALTHY,
        hitRate,
        rate,
        "count",
        warmupSec,
        measureSec,
        0);
  }

  static Row measure(ProtocolRunner runner, String kind, StepSpec spec, boolean newNode)
      throws IOException {
    StepResult r = newNode ? runner.runOnNewNode(spec) : runner.runStep(spec);
    double windowSec = Math.max(0, (r.endMs() - r.windowStartMs()) / 1000.0);
    return new Row(kind, r, NodeCost.between(runner.lastWindow(), windowSec));
  }

  static boolean holds(StepResult r) {
    return r.endToEnd().p99() != null
        && r.endToEnd().p99() <= Acceptance.P99_MS
        && r.errorPct() != null
        && r.errorPct() <= Acceptance.MAX_ERROR_PCT
        && r.achievedRate() != null
        && r.achievedRate() >= ProtocolRunner.MIN_ACHIEVED_SHARE * r.spec().rate();
  }

  static String render(Plan plan, WakeCost wake, List<Row> rows) {
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
    sb.append(wakeCost(wake));
    for (Row row : rows) {
      if (row.kind().equals("settle")) {
        sb.append(settled(row));
      }
    }
    sb.append("## Arm C, healthy provider, 96 % hit-rate target\n\n");
    sb.append(
        "| target req/s | achieved req/s | n | e2e p50 / p99 ms | node p50 / p99 ms | node adds above"
            + " the 60 ms rating cost, p50 / p99 ms | cache hits only: node adds above 60 ms, p50 /"
            + " p99 ms | errors % | node CPU ms/quote | node context switches per quote | cores |"
            + " quotes/s per core | threads started | JIT ms | holds "
            + Acceptance.p99()
            + " |\n");
    sb.append(
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    Integer sustained = null;
    Double bestPerCore = null;
    for (Row row : rows) {
      if (!row.kind().equals("sweep") && !row.kind().equals("cold")) {
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
              "| %s | %s | %d | %s / %s | %s / %s | %s / %s | %s / %s | %s | %s | %s | %s | %s | %s"
                  + " | %s | %s |%n",
              row.kind().equals("cold")
                  ? r.spec().rate() + ", first " + r.spec().durationSec() + " s of a new node"
                  : String.valueOf(r.spec().rate()),
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
              Report.pct(r.errorPct()),
              f2(c.cpuPerQuote()),
              f1(c.switchesPerQuote()),
              f2(c.cores()),
              perCore == null ? "—" : String.format(Locale.ROOT, "%.0f", perCore),
              c.threadsStarted() == null ? "—" : String.valueOf(c.threadsStarted()),
              c.jitMs() == null ? "—" : String.format(Locale.ROOT, "%.0f", c.jitMs()),
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
      if (row.kind().equals("armA")) {
        sb.append('\n').append(renderArmA(row));
      }
    }
    return sb.toString();
  }

  /** Rounds of each kind {@link WakeCost} measures (about 2 s). */
  static final int WAKE_ROUNDS = 1000;

  // what a thread wake-up costs on this machine, and how to read the switches column with it
  static String wakeCost(WakeCost w) {
    if (w.timedWakeMicros() == null) {
      return "This JVM has no thread CPU clock: the cost of a thread wake-up on this machine is"
          + " missing.\n\n";
    }
    return String.format(
        Locale.ROOT,
        "This machine, measured in the runner's JVM before the lab started (%d wakes of each kind,"
            + " the threads' own CPU clocks): a thread that parks for 1 ms and wakes by its timer"
            + " spends **%s µs** of CPU per wake; a parked thread woken by another spends **%s µs**,"
            + " and the waker's unpark %s µs (the partner woke %d times). A node's context"
            + " switches per quote times these costs is roughly the part of its CPU per quote that"
            + " goes to threads sleeping and waking rather than to quotes.%n%n",
        w.rounds(),
        f1(w.timedWakeMicros()),
        f1(w.wokenMicros()),
        f1(w.wakerMicros()),
        w.partnerWakes());
  }

  // the unmeasured steady-state phase before the sweep: what the node did in it, so a reader can
  // see the JIT settled there (decision 0028)
  static String settled(Row row) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    return String.format(
        Locale.ROOT,
        "Before the first row the node served the sweep's mix for %d s at %d req/s (achieved %s,"
            + " %d requests, errors %s %%), not a row: its JIT compiled %s ms in that phase, at"
            + " %s ms of node CPU per quote.%n%n",
        r.spec().durationSec(),
        r.spec().rate(),
        f1(r.achievedRate()),
        r.requests(),
        Report.pct(r.errorPct()),
        c.jitMs() == null ? "— (not reported)" : String.format(Locale.ROOT, "%.0f", c.jitMs()),
        f2(c.cpuPerQuote()));
  }

  private static String renderArmA(Row row) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    Double p95 = r.internal().p95();
    Double gap =
        p95 == null || c.providerP95() == null ? null : p95 - (c.providerP95() + RATING_COST_MS);
    StringBuilder sb =
        new StringBuilder("## Arm A, healthy provider (one provider call per quote)\n\n");
    sb.append(
        "| target req/s | achieved req/s | n | errors % | e2e p50 / p95 / p99 ms | node p95 ms |"
            + " provider p95 ms (adapter) | node p95 − (provider p95 + 60 ms) | bulkhead rejections"
            + " | pool max in flight / size | node CPU ms/quote | node CPU ms per provider call"
            + " | node context switches per quote |\n");
    sb.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "| %d | %s | %d | %s | %s / %s / %s | %s | %s | %s | %s | %s / %s | %s | %s | %s |%n",
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
            f1(c.switchesPerQuote())));
    return sb.toString();
  }

  private static Double perCore(StepResult r, NodeCost c) {
    Double cores = c.cores();
    return r.achievedRate() == null || cores == null || cores <= 0
        ? null
        : r.achievedRate() / cores;
  }

  private static String f1(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String f2(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static String above1(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v - RATING_COST_MS);
  }

  private static String above(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v - RATING_COST_MS);
  }
}
