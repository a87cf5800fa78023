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
 *   <li><b>Framework floor</b>: on the sweep's node, bare {@code GET /health} requests at issue
 *       12's target rate, so the node's CPU per quote can be read beside what its HTTP server, IO
 *       and loop cost per request before any quote work ({@link #floor}).
 *   <li><b>Arm A</b> at 200 req/s, healthy provider, on its own new node after an unmeasured phase
 *       of arm A at that rate (its JIT): one provider call per quote; the node's p95 beside the
 *       provider's p95 (as the adapter timed it) plus the rating cost, CPU per provider call,
 *       bulkhead rejections and pool occupancy.
 *   <li><b>First seconds after start</b>: a new node (its own start-up warm-up done, Redis holding
 *       the warm set), measured from its first request at {@link Plan#coldRate} req/s.
 * </ol>
 */
public final class Benchmark {
  /** The calibrated rating cost the node is configured with (rating.cost). */
  static final double RATING_COST_MS = 60;

  /**
   * What one benchmark run does: the full one and a short one to check the bench itself. Arm A's
   * new node serves arm A for {@code armASettleSec} before its row, unmeasured. The framework floor
   * runs bare requests at {@code floorRate} on the sweep's node, {@code floorWarmupSec} unmeasured
   * (the bare route's code is cold until then), then {@code measureSec}.
   */
  public record Plan(
      String name,
      int settleRate,
      int settleSec,
      int[] rates,
      int warmupSec,
      int measureSec,
      int armARate,
      int armASettleSec,
      int coldRate,
      int coldSec,
      int floorRate,
      int floorWarmupSec) {
    public static final Plan FULL =
        new Plan(
            "full",
            800,
            90,
            new int[] {200, 400, 600, 800, 1000, 1200, 1400},
            3,
            17,
            200,
            60,
            400,
            20,
            CPU_TARGET_RATE,
            8);
    public static final Plan QUICK =
        new Plan(
            "quick",
            400,
            10,
            new int[] {200, 800, 1200},
            2,
            8,
            200,
            10,
            400,
            20,
            CPU_TARGET_RATE,
            4);
  }

  /** Issue 12's CPU target: at most this much node CPU per quote at {@link #CPU_TARGET_RATE}. */
  static final double CPU_TARGET_MS = 0.4;

  /** The rate of issue 12's CPU target, req/s; the framework floor is measured at it. */
  static final int CPU_TARGET_RATE = 800;

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
    /**
     * The same window with {@code n} answers instead of the node's quote count: the floor's bare
     * requests, which the node does not count, as the generator counted them in the window.
     */
    NodeCost answering(long n) {
      return new NodeCost(
          cpuMs,
          windowSec,
          n,
          providerCalls,
          threadsStarted,
          providerP95,
          hitP50,
          hitP99,
          jitMs,
          contextSwitches);
    }

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
    Map<String, String> facts = MachineFacts.describe();
    console.printf("bench: machine: %s%n", MachineFacts.line(facts));
    console.printf(
        "bench: a thread wake-up here costs %s µs of CPU (timed), %s µs woken by another thread%n",
        f1(wake.timedWakeMicros()), f1(wake.wokenMicros()));
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")));
    ExperimentProfile p = ExperimentProfile.named("quick");
    List<Row> rows = new ArrayList<>();
    Map<String, String> stack = new LinkedHashMap<>();
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
        stack.putAll(lab.nodeStack());
        console.printf("bench: node stack: %s%n", stack);
        for (int rate : plan.rates()) {
          console.printf("bench: arm C at %d req/s%n", rate);
          Row r =
              measure(runner, "sweep", spec("bench-r" + rate, BenchArm.C, 0.96, rate, plan), false);
          rows.add(r);
          if (!holds(r.step())) {
            break;
          }
        }
        console.printf(
            "bench: the framework's floor, bare GET %s at %d req/s%n",
            solventa.gatling.FloorSimulation.PATH, plan.floorRate());
        rows.add(
            measureFloor(
                runner,
                step(
                    "bench-floor" + plan.floorRate(),
                    BenchArm.C,
                    0.96,
                    plan.floorRate(),
                    plan.floorWarmupSec(),
                    plan.measureSec())));
        // arm A's node is a new one: its provider path is JIT-compiled here, not in the row
        console.printf(
            "bench: arm A's node, %d s at %d req/s first (not a row)%n",
            plan.armASettleSec(), plan.armARate());
        rows.add(
            measure(
                runner,
                "settleA",
                step(
                    "bench-a-settle" + plan.armARate(),
                    BenchArm.A,
                    0.96,
                    plan.armARate(),
                    0,
                    plan.armASettleSec()),
                false));
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
    Files.writeString(md, render(plan, facts, stack, wake, rows), StandardCharsets.UTF_8);
    List<Map<String, Object>> json = new ArrayList<>();
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("kind", "machine");
    machine.putAll(facts);
    machine.put("wakeCost", wake);
    json.add(machine);
    Map<String, Object> nodeStack = new LinkedHashMap<>();
    nodeStack.put("kind", "stack");
    nodeStack.putAll(stack);
    json.add(nodeStack);
    for (Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", r.kind());
      m.put("step", r.step());
      m.put("cost", r.cost());
      // the floor's answers are bare requests, not quotes
      String per = r.kind().equals("floor") ? "Request" : "Quote";
      m.put("cpuMsPer" + per, r.cost().cpuPerQuote());
      m.put("cpuMsPerProviderCall", r.cost().cpuPerProviderCall());
      m.put("contextSwitchesPer" + per, r.cost().switchesPerQuote());
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
    return new Row(kind, r, NodeCost.between(runner.lastWindow(), windowSec(r)));
  }

  // the floor's step: its node counts no quotes, so its answers are the generator's in the window
  static Row measureFloor(ProtocolRunner runner, StepSpec spec) throws IOException {
    StepResult r = runner.runFloor(spec);
    return new Row(
        "floor", r, NodeCost.between(runner.lastWindow(), windowSec(r)).answering(r.requests()));
  }

  // the measured window's length, s
  private static double windowSec(StepResult r) {
    return Math.max(0, (r.endMs() - r.windowStartMs()) / 1000.0);
  }

  static boolean holds(StepResult r) {
    return r.endToEnd().p99() != null
        && r.endToEnd().p99() <= Acceptance.P99_MS
        && r.errorPct() != null
        && r.errorPct() <= Acceptance.MAX_ERROR_PCT
        && reached(r);
  }

  static String render(
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
      if (row.kind().equals("floor")) {
        sb.append('\n').append(floor(row, rows));
      }
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

  /**
   * The framework floor's section: its row, then what it leaves of a quote's CPU at the same rate
   * (the sweep's row) and of issue 12's target, each computed or missing with its reason.
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
    if (rate == CPU_TARGET_RATE) {
      double left = CPU_TARGET_MS - f;
      sb.append(
          left > 0
              ? String.format(
                  Locale.ROOT,
                  " Issue 12's target, %.1f ms per quote at %d req/s, leaves %.2f ms above this"
                      + " floor for that path.",
                  CPU_TARGET_MS,
                  CPU_TARGET_RATE,
                  left)
              : String.format(
                  Locale.ROOT,
                  " The floor alone is at or above issue 12's target, %.1f ms per quote at %d"
                      + " req/s.",
                  CPU_TARGET_MS,
                  CPU_TARGET_RATE));
    }
    return sb.append('\n').toString();
  }

  // why the floor cannot be set beside the quote's CPU, or null when it can
  private static String floorMissing(Row floor, Row quote) {
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
  private static boolean reached(StepResult r) {
    return r.achievedRate() != null
        && r.achievedRate() >= ProtocolRunner.MIN_ACHIEVED_SHARE * r.spec().rate();
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
    return phase(
        "Before the first row the node served the sweep's mix",
        row,
        "quote",
        row.cost().cpuPerQuote());
  }

  // an unmeasured phase: what the node did in it, its JIT time and its CPU per unit of work
  private static String phase(String served, Row row, String per, Double cpu) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    return String.format(
        Locale.ROOT,
        "%s for %d s at %d req/s (achieved %s, %d requests, errors %s %%), not a row: its JIT"
            + " compiled %s ms in that phase, at %s ms of node CPU per %s.%n%n",
        served,
        r.spec().durationSec(),
        r.spec().rate(),
        f1(r.achievedRate()),
        r.requests(),
        Report.pct(r.errorPct()),
        c.jitMs() == null ? "— (not reported)" : String.format(Locale.ROOT, "%.0f", c.jitMs()),
        f2(cpu),
        per);
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

  private static Double perCore(StepResult r, NodeCost c) {
    Double cores = c.cores();
    return r.achievedRate() == null || cores == null || cores <= 0
        ? null
        : r.achievedRate() / cores;
  }

  private static String f0(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v);
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
