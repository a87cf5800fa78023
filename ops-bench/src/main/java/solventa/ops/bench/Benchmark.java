package solventa.ops.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.report.Report;
import solventa.ops.results.ResultsFolder;
import solventa.ops.runner.LoadSteps;
import solventa.ops.runner.MachineFacts;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * The quote node's load benchmark. Open-model load from Gatling in the runner's JVM, never the
 * node's; every figure names where it comes from.
 *
 * <ol>
 *   <li><b>Rate sweep</b>: arm C, healthy provider, 96 % hit-rate target; the rate rises until p99
 *       exceeds 475 ms, errors exceed 1 % or the generator cannot reach its target. Per rate: the
 *       generator's and the node's latency, what the node adds above the calibrated rating cost,
 *       and the node's CPU per quote, cores used and quotes per second per core, from the node's
 *       own process CPU time ({@code process.cpuNanos} of its stats) over the measured window.
 *   <li><b>Framework floor</b>: on the sweep's node, bare {@code GET /health} requests at the CPU
 *       target's rate, so the node's CPU per quote can be read beside what its HTTP server, IO and
 *       loop cost per request before any quote work ({@link #floor}).
 *   <li><b>Cache hits, window after window</b>: the same node at {@link StackTargets#HIT_RATE}
 *       req/s for {@link Plan#hitWindows} windows, against the standard stack's cache-hit target
 *       ({@code BenchmarkReport.hitWindows}).
 *   <li><b>Arm A</b> at 200 req/s, healthy provider, on its own new node after an unmeasured phase
 *       of arm A at that rate (its JIT): one provider call per quote; the node's p95 beside the
 *       provider's p95 (as the adapter timed it) plus the rating cost, CPU per provider call,
 *       bulkhead rejections and pool occupancy.
 *   <li><b>First seconds after start</b>: a new node (its own start-up warm-up done, Redis holding
 *       the warm set), measured from its first request at {@link Plan#coldRate} req/s.
 *   <li><b>A node that joins under load with an empty Redis</b>: the same, but Redis holds none of
 *       its warm customers and {@link #EMPTY_NEVER_SEEN_SHARE} of the requests go to never-seen
 *       ones ({@link BenchRows#emptyRedis}).
 * </ol>
 */
public final class Benchmark {
  /** The calibrated rating cost the node is configured with (rating.cost). */
  static final double RATING_COST_MS = 60;

  /**
   * What one benchmark run does: the full one and a short one to check the bench itself. Arm A's
   * new node serves arm A for {@code armASettleSec} before its row, unmeasured. The framework floor
   * runs bare requests at {@code floorRate} on the sweep's node, {@code floorWarmupSec} unmeasured
   * (the bare route's code is cold until then), then {@code measureSec}. After the floor the same
   * node serves {@link StackTargets#HIT_RATE} req/s for {@code hitWindows} more windows, each
   * measured as a sweep row, so the cache-hit target is judged window after window, not on one.
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
      int floorWarmupSec,
      int hitWindows) {
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
            8,
            5);
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
            4,
            2);
  }

  /**
   * The CPU target, a third of the card's Python stack's: at most this much node CPU per quote at
   * {@link #CPU_TARGET_RATE}.
   */
  static final double CPU_TARGET_MS = 0.4;

  /** The rate of the CPU target, req/s; the framework floor is measured at it. */
  static final int CPU_TARGET_RATE = 800;

  /**
   * The empty-Redis row (a node that joins under load, the normal case in an autoscaling group):
   * the share of requests for never-seen customers, and the overall hit-rate target its warm
   * customers are sized for (about 300 of them at 400 req/s and the quick profile's T of 20 s,
   * {@code KeyPopulation}); Redis stores none of them.
   */
  static final double EMPTY_NEVER_SEEN_SHARE = 0.04;

  static final double EMPTY_HIT_RATE = 0.925;

  /** The target for the empty-Redis node: at most this share of errors, % (and p99). */
  static final double EMPTY_MAX_ERROR_PCT = 0.1;

  /** One measured row: the step and the node's own counters over its window. */
  record Row(String kind, StepResult step, NodeCost cost) {}

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
        BenchmarkReport.f1(wake.timedWakeMicros()), BenchmarkReport.f1(wake.wokenMicros()));
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")));
    ExperimentProfile p = ExperimentProfile.named("quick");
    List<Row> rows = new ArrayList<>();
    Map<String, String> stack = new LinkedHashMap<>();
    try {
      lab.start();
      LoadSteps runner = LoadSteps.unrecorded(p, out, seed, lab);
      // the empty-Redis row: its own runner, for its own never-seen share
      LoadSteps empty =
          LoadSteps.unrecorded(p.withNeverSeenShare(EMPTY_NEVER_SEEN_SHARE), out, seed, lab);
      try {
        rows.addAll(BenchRows.all(runner, lab, plan, console, stack));
        rows.add(BenchRows.emptyRedis(empty, plan, console));
      } finally {
        runner.close();
        empty.close();
      }
    } finally {
      lab.close();
    }
    Path md = out.resolve("benchmark.md");
    Files.writeString(
        md, BenchmarkReport.render(plan, facts, stack, wake, rows), StandardCharsets.UTF_8);
    writeJson(out, facts, wake, stack, rows);
    return md;
  }

  /** {@code benchmark.json}: the machine, the node's stack and every row with its cost. */
  static void writeJson(
      Path out, Map<String, String> facts, WakeCost wake, Map<String, String> stack, List<Row> rows)
      throws IOException {
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
      if (r.kind().equals("cold") || r.kind().equals("coldEmpty")) {
        m.put("redisHoldsWarmSet", r.kind().equals("cold"));
      }
      json.add(m);
    }
    ResultsFolder.JSON.writeValue(out.resolve("benchmark.json").toFile(), json);
  }

  static StepSpec spec(String id, BenchArm arm, double hitRate, int rate, Plan plan) {
    return step(id, arm, hitRate, rate, plan.warmupSec(), plan.measureSec());
  }

  // a bench step: provider healthy, count policy, no fault
  static StepSpec step(
      String id, BenchArm arm, double hitRate, int rate, int warmupSec, int measureSec) {
    return StepSpec.builder()
        .id(id)
        .kind(StepKind.BENCH)
        .run("B1")
        .arm(arm)
        .state(ProviderState.HEALTHY)
        .hitRate(hitRate)
        .rate(rate)
        .warmupSec(warmupSec)
        .measureSec(measureSec)
        .build();
  }

  static Row measure(LoadSteps runner, String kind, StepSpec spec, boolean newNode)
      throws IOException {
    StepResult r = newNode ? runner.runOnNewNode(spec, true) : runner.runStep(spec);
    return new Row(kind, r, NodeCost.between(runner.lastWindow().orElseThrow(), windowSec(r)));
  }

  // the floor's step: its node counts no quotes, so its answers are the generator's in the window
  static Row measureFloor(LoadSteps runner, StepSpec spec) throws IOException {
    StepResult r = runner.runFloor(spec);
    return new Row(
        "floor",
        r,
        NodeCost.between(runner.lastWindow().orElseThrow(), windowSec(r)).answering(r.requests()));
  }

  // the measured window's length, s
  static double windowSec(StepResult r) {
    return Math.max(0, (r.endMs() - r.windowStartMs()) / 1000.0);
  }

  static boolean holds(StepResult r) {
    return r.endToEnd().p99() != null
        && r.endToEnd().p99() <= Acceptance.P99_MS
        && r.errorPct() != null
        && r.errorPct() <= Acceptance.MAX_ERROR_PCT
        && BenchmarkReport.reached(r);
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
        BenchmarkReport.f1(w.timedWakeMicros()),
        BenchmarkReport.f1(w.wokenMicros()),
        BenchmarkReport.f1(w.wakerMicros()),
        w.partnerWakes());
  }

  // the unmeasured steady-state phase before the sweep: what the node did in it, so a reader can
  // see the JIT settled there
  static String settled(Row row) {
    return phase(
        "Before the first row the node served the sweep's mix",
        row,
        "quote",
        row.cost().cpuPerQuote());
  }

  // an unmeasured phase: what the node did in it, its JIT time and its CPU per unit of work
  static String phase(String served, Row row, String per, Double cpu) {
    StepResult r = row.step();
    NodeCost c = row.cost();
    return String.format(
        Locale.ROOT,
        "%s for %d s at %d req/s (achieved %s, %d requests, errors %s %%), not a row: its JIT"
            + " compiled %s ms in that phase, at %s ms of node CPU per %s.%n%n",
        served,
        r.spec().durationSec(),
        r.spec().rate(),
        BenchmarkReport.f1(r.achievedRate()),
        r.requests(),
        Report.pct(r.errorPct()),
        c.jitMs() == null ? "— (not reported)" : String.format(Locale.ROOT, "%.0f", c.jitMs()),
        BenchmarkReport.f2(cpu),
        per);
  }
}
