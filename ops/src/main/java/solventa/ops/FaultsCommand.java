package solventa.ops;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/lab faults}: the fault matrix's options and their checks (the groups it runs, the
 * results folder, the seed, whether docs/reliability.md's measured table is rewritten).
 */
@Command(
    name = "faults",
    description =
        "The fault matrix on the embedded lab: the provider's states, one partner flooding new customers against the provider's quota, Redis and PostgreSQL down, slow and evicting, node crashes and a rolling restart of a 3-node cluster, partitions, overload, hostile clients and management abuse, each under load on the code that ships, and the quote API against its OpenAPI document (Schemathesis, installed into .tools first): writes faults.md and faults.json with, per row, what was injected, how long, requests, errors, lost values and the time to recover; --docs rewrites docs/reliability.md's measured table from them.")
final class FaultsCommand implements Callable<Integer> {
  @Option(
      names = "--only",
      split = ",",
      paramLabel = "GROUP",
      description = "run only these groups (comma-separated): " + Main.FAULT_GROUPS)
  java.util.List<String> only = new java.util.ArrayList<>();

  @Option(
      names = "--docs",
      description = "rewrite the measured table of docs/reliability.md from this run")
  boolean docs;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "the results folder; default results/faults-<timestamp>")
  Path out;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "the seed of the double, the load and the hostile corpus; default 42")
  long seed = 42;

  @Option(names = "--verbose", description = "print the detail (logs) here too")
  boolean verbose;

  @Option(
      names = "--soak",
      paramLabel = "LENGTH",
      description =
          "instead of the matrix, a soak of this length (e.g. 30m; from 3m to 2h): the card's 200"
              + " req/s on a 3-node cluster while the provider walks its six states, a minute"
              + " each, Redis restarted a third of the way in and the cluster restarted node by"
              + " node two thirds in; each minute the heap after GC, threads, file descriptors,"
              + " entities, Redis memory and the pool are sampled; exit 1 on a growth that would"
              + " pass its limit within 24 h or a lost value: writes soak.md and soak.json")
  String soak;

  @Override
  public Integer call() throws Exception {
    if (verbose) {
      System.setProperty(Console.VERBOSE, "true");
    }
    for (String g : only) {
      if (!solventa.ops.faults.FaultMatrix.names().contains(g)) {
        throw new CommandLine.ParameterException(
            new CommandLine(this),
            "--only: there is no group '" + g + "'; the groups are " + Main.FAULT_GROUPS);
      }
    }
    if (soak != null) {
      return soak();
    }
    Path dir = (out == null ? Main.resultsDir("faults") : out).toAbsolutePath();
    Path root = Path.of(System.getProperty("lab.root", ".")).toAbsolutePath();
    Console.quiet(dir);
    Path file;
    try {
      file =
          solventa.ops.faults.FaultMatrix.run(
              dir,
              java.util.Set.copyOf(only),
              docs ? root.resolve("docs/reliability.md") : null,
              ExperimentCommand.commit(root),
              seed,
              Console.out());
    } finally {
      Console.restore();
    }
    System.out.println("faults: " + file);
    return 0;
  }

  /** {@code --soak LENGTH}: alone (no --only, no --docs); exit 1 when it fails. */
  private int soak() throws Exception {
    if (!only.isEmpty() || docs) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--soak runs alone: without --only or --docs");
    }
    try {
      solventa.ops.faults.Soak.check(soak);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--soak: " + e.getMessage());
    }
    Path dir = (out == null ? Main.resultsDir("soak") : out).toAbsolutePath();
    Path root = Path.of(System.getProperty("lab.root", ".")).toAbsolutePath();
    Console.quiet(dir);
    boolean holds;
    try {
      holds =
          solventa.ops.faults.Soak.run(
              dir, soak, ExperimentCommand.commit(root), seed, Console.out());
    } catch (IllegalArgumentException e) {
      // the command line was checked above: anything refused now is the run's failure
      throw new IllegalStateException("the soak failed: " + e.getMessage(), e);
    } finally {
      Console.restore();
    }
    System.out.println("soak: " + dir.resolve("soak.md") + (holds ? " (holds)" : " (FAILS)"));
    return holds ? 0 : 1;
  }
}
