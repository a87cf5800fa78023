package solventa.ops;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import solventa.ops.bench.Benchmark;
import solventa.ops.bench.ClusterJoinBench;
import solventa.ops.bench.OverloadBench;
import solventa.ops.bench.PairedBench;

/**
 * {@code bin/lab bench}: its options, their checks (one bench at a time, no option it would ignore)
 * and the bench they choose, the quote node benchmark, the overload, join or paired one.
 */
@Command(
    name = "bench",
    description =
        "The quote node benchmark (arm C rate sweep, arm A, a new node's first seconds): writes benchmark.md; --overload: arm A at 3x and 5x its measured sustainable rate, then its recovery: writes overload.md; --join: a fourth node joins a 3-node cluster serving 600 req/s: writes join.md; --paired: the node against the card's own Python stack, CPU per request in pairs (vegeta, installed into .tools first): writes paired.md.")
final class BenchCommand implements Callable<Integer> {
  @Option(names = "--quick", description = "fewer rates, shorter windows")
  boolean quick;

  @Option(names = "--overload", description = "the overload bench instead")
  boolean overload;

  @Option(names = "--join", description = "the cluster join bench instead")
  boolean join;

  @Option(names = "--paired", description = "the paired comparison instead")
  boolean paired;

  @Option(
      names = "--node-warmup",
      paramLabel = "SEC",
      description =
          "--paired only: the node's unmeasured load before the first round, s (default 90,"
              + " --quick 20; at most 3600): a longer steady state")
  Integer nodeWarmup;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "the results folder; default results/bench-<plan>-<timestamp>")
  Path out;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "the seed of the double's latency and the customers drawn; default 42")
  Long seed;

  @Option(names = "--verbose", description = "print the detail (Gatling, logs) here too")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    Benchmark.Plan plan = quick ? Benchmark.Plan.QUICK : Benchmark.Plan.FULL;
    if (verbose) {
      System.setProperty(Console.VERBOSE, "true");
    }
    String mode = mode();
    PairedBench.Plan pairedPlan = pairedPlan(mode);
    String name = mode.isEmpty() ? "bench-" + (quick ? "QUICK" : "FULL") : "bench-" + mode;
    Path dir = (out == null ? Main.resultsDir(name) : out).toAbsolutePath();
    // as the experiment: progress and the result table here, the detail in dir/logs
    Console.quiet(dir);
    Path file;
    try {
      file =
          switch (mode) {
            case "overload" -> OverloadBench.run(dir, seed(), Benchmark.Plan.QUICK, Console.out());
            case "join" -> ClusterJoinBench.run(dir, seed(), Console.out());
            case "paired" -> PairedBench.run(dir, pairedPlan, Console.out());
            default -> Benchmark.run(dir, seed(), plan, Console.out());
          };
    } finally {
      Console.restore();
    }
    System.out.println((mode.isEmpty() ? "benchmark" : mode) + ": " + file);
    return 0;
  }

  private long seed() {
    return seed == null ? 42 : seed;
  }

  // the paired plan with --node-warmup applied; the option is refused outside --paired and
  // outside 1..3600 s, naming itself and the value
  private PairedBench.Plan pairedPlan(String mode) {
    PairedBench.Plan p = quick ? PairedBench.Plan.QUICK : PairedBench.Plan.FULL;
    if (nodeWarmup == null) {
      return p;
    }
    if (!mode.equals("paired")) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--node-warmup applies to --paired only");
    }
    if (nodeWarmup < 1 || nodeWarmup > 3600) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--node-warmup must be 1..3600 seconds, not " + nodeWarmup);
    }
    return p.withWarmNodeSec(nodeWarmup);
  }

  // which of the other benches, "" for the quote node benchmark; two at once are refused
  private String mode() {
    java.util.List<String> chosen = new java.util.ArrayList<>();
    if (overload) {
      chosen.add("overload");
    }
    if (join) {
      chosen.add("join");
    }
    if (paired) {
      chosen.add("paired");
    }
    if (chosen.size() > 1) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--" + String.join(" and --", chosen) + " are different benches: choose one");
    }
    String mode = chosen.isEmpty() ? "" : chosen.get(0);
    // no option is silently ignored: the overload and join benches have one plan each
    if (quick && (mode.equals("overload") || mode.equals("join"))) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--quick applies to the quote node bench and --paired only, not to --" + mode);
    }
    if (seed != null && mode.equals("paired")) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--seed does not apply to --paired, whose vegeta targets are fixed by the plan");
    }
    return mode;
  }
}
