package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.EMPTY_HIT_RATE;
import static solventa.ops.bench.Benchmark.holds;
import static solventa.ops.bench.Benchmark.measure;
import static solventa.ops.bench.Benchmark.measureFloor;
import static solventa.ops.bench.Benchmark.spec;
import static solventa.ops.bench.Benchmark.step;
import static solventa.ops.bench.Benchmark.windowSec;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.bench.Benchmark.Plan;
import solventa.ops.bench.Benchmark.Row;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepSpec;
import solventa.ops.runner.LoadSteps;

/**
 * The quote node benchmark's rows, measured in the order {@link Benchmark} describes: the steady
 * state and the rate sweep, the framework floor and the cache-hit windows on the sweep's node, arm
 * A on its new node, a new node's first seconds, and a new node that joins with an empty Redis.
 */
final class BenchRows {
  private BenchRows() {}

  /** Every row of the bench on one runner, in order; {@code stack} gets the node's stack. */
  static List<Row> all(
      LoadSteps runner, EmbeddedLab lab, Plan plan, PrintStream console, Map<String, String> stack)
      throws IOException {
    List<Row> rows = new ArrayList<>();
    sweep(runner, lab, plan, console, stack, rows);
    floorAndHits(runner, plan, console, rows);
    armAAndColdStart(runner, plan, console, rows);
    return rows;
  }

  /** The unmeasured steady state, the node's stack, then arm C's rates until one does not hold. */
  private static void sweep(
      LoadSteps runner,
      EmbeddedLab lab,
      Plan plan,
      PrintStream console,
      Map<String, String> stack,
      List<Row> rows)
      throws IOException {
    // the warm rows measure a node whose JIT has settled, not its first minutes
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
      Row r = measure(runner, "sweep", spec("bench-r" + rate, BenchArm.C, 0.96, rate, plan), false);
      rows.add(r);
      if (!holds(r.step())) {
        break;
      }
    }
  }

  /** On the sweep's node: the framework's floor, then the repeated cache-hit windows. */
  private static void floorAndHits(LoadSteps runner, Plan plan, PrintStream console, List<Row> rows)
      throws IOException {
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
    // the cache-hit target over repeated windows: the sweep's node, settled by now
    for (int i = 1; i <= plan.hitWindows(); i++) {
      console.printf(
          "bench: cache hits at %d req/s, window %d of %d%n",
          StackTargets.HIT_RATE, i, plan.hitWindows());
      rows.add(
          measure(
              runner,
              "hits",
              spec(
                  "bench-hits" + StackTargets.HIT_RATE + "-" + i,
                  BenchArm.C,
                  0.96,
                  StackTargets.HIT_RATE,
                  plan),
              false));
    }
  }

  /** Arm A on its new node (an unmeasured phase, then its row), then a new node's first seconds. */
  private static void armAAndColdStart(
      LoadSteps runner, Plan plan, PrintStream console, List<Row> rows) throws IOException {
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
    console.printf("bench: a new node, first %d s at %d req/s%n", plan.coldSec(), plan.coldRate());
    StepSpec cold =
        step("bench-cold" + plan.coldRate(), BenchArm.C, 0.96, plan.coldRate(), 0, plan.coldSec());
    rows.add(measure(runner, "cold", cold, true));
  }

  /**
   * The empty-Redis row: a new arm C node, its start-up warm-up done, measured from its first
   * request at {@link Plan#coldRate} for {@link Plan#coldSec}, while Redis (emptied for the new
   * node) holds none of its warm customers; {@code runner}'s profile sets the never-seen share.
   */
  static Row emptyRedis(LoadSteps runner, Plan plan, PrintStream console) throws IOException {
    console.printf(
        "bench: a new node with an EMPTY Redis, first %d s at %d req/s%n",
        plan.coldSec(), plan.coldRate());
    StepSpec spec =
        step(
            "bench-cold-empty" + plan.coldRate(),
            BenchArm.C,
            EMPTY_HIT_RATE,
            plan.coldRate(),
            0,
            plan.coldSec());
    StepResult r = runner.runOnNewNode(spec, false);
    return new Row(
        "coldEmpty", r, NodeCost.between(runner.lastWindow().orElseThrow(), windowSec(r)));
  }
}
