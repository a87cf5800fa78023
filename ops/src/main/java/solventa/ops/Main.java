package solventa.ops;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import solventa.lab.LabException;
import solventa.lab.LabPaths;
import solventa.ops.lab.LiveLabCommands;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.runner.Benchmark;
import solventa.ops.runner.ClusterJoinBench;
import solventa.ops.runner.LiveLoad;
import solventa.ops.runner.OverloadBench;
import solventa.ops.runner.PairedBench;

/**
 * The lab's one front door: every {@code bin/lab} command as a picocli definition (its options,
 * their checks and its {@code --help}). {@code bin/lab --help} and {@code bin/lab <command> --help}
 * print {@code bin/lab.usage} without a build; {@code CommandLineUsageTest} keeps that file equal
 * to what these definitions generate.
 */
@Command(
    name = "bin/lab",
    description =
        "The HA-01 latency lab: the experiment card's protocol on an embedded lab, and a live lab to watch. `bin/lab <command> --help` for a command's options.",
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {
      "0:the command completed (experiment, report: the run was judged)",
      "1:it failed, or a sanity check invalidated the run",
      "2:the command line was refused",
      "3:experiment, report with --fail-on: a verdict of that kind or worse"
    })
public final class Main implements Callable<Integer> {
  /** As many as the live lab allows: every node is a JVM on the same 2 cores. */
  static final int MAX_NODES = 9;

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  @Override
  public Integer call() {
    commandLine().usage(System.err);
    return 2;
  }

  /** Every command, in the order {@code bin/lab --help} lists them. */
  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.addSubcommand("experiment", new Experiment());
    cl.addSubcommand("report", new Reanalysis());
    cl.addSubcommand("bench", new Bench());
    cl.addSubcommand("faults", new Faults());
    cl.addSubcommand("test", new Tests());
    LiveLabCommands.all().forEach(cl::addSubcommand);
    cl.addSubcommand("load", new LiveLoad.Options());
    return cl;
  }

  /**
   * {@code bin/lab.usage}: the root's help and each visible command's, as these definitions
   * generate them, each after a line {@code == <name>} ({@code bin/lab} prints one without a
   * build).
   */
  static String usageFile() {
    CommandLine cl = commandLine();
    StringBuilder sb = new StringBuilder();
    sb.append("== bin/lab\n").append(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!sub.getCommandSpec().usageMessage().hidden()) {
                sb.append("== ")
                    .append(name)
                    .append('\n')
                    .append(sub.getUsageMessage(CommandLine.Help.Ansi.OFF));
              }
            });
    return sb.toString();
  }

  /** Runs one command line; the exit code as the result (2: refused, 1: failed). */
  static int run(String[] args) {
    CommandLine cl = commandLine();
    cl.setParameterExceptionHandler(
        (e, a) -> {
          PrintStream err = System.err;
          err.println("error: " + e.getMessage());
          e.getCommandLine().usage(err);
          return 2;
        });
    cl.setExecutionExceptionHandler(
        (e, c, parsed) -> {
          if (e instanceof IllegalArgumentException) {
            System.err.println("error: " + e.getMessage());
            c.usage(System.err);
            return 2;
          }
          if (e instanceof LabException) {
            System.err.println("lab error: " + e.getMessage());
            return 1;
          }
          if (ExperimentCommand.shuttingDown()) {
            System.err.println("interrupted: the partial results are kept, marked incomplete");
          } else {
            // the whole chain: a reflective wrapper alone (Gatling starting a simulation) names
            // nothing
            org.slf4j.LoggerFactory.getLogger(Main.class).error("experiment failed", e);
            System.err.println("experiment failed: " + causes(e));
          }
          return 1;
        });
    return cl.execute(args);
  }

  @Command(
      name = "experiment",
      description =
          "Starts the embedded lab on loopback, walks the protocol of the profile and writes results.json, steps.csv and report.md/report.html into DIR: one line per step on the console, the detail in DIR/logs.",
      exitCodeListHeading = "Exit codes:%n",
      exitCodeList = {
        "0:the run completed and was judged",
        "1:it failed, or a sanity check invalidated it",
        "2:the command line was refused",
        "3:--fail-on: a verdict of that kind or worse came out"
      })
  static final class Experiment implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROFILE", description = "smoke, quick, full or explore")
    String profile;

    @Option(
        names = "--out",
        paramLabel = "DIR",
        description = "the results folder; default results/<profile>-<timestamp>")
    Path out;

    @Option(names = "--seed", paramLabel = "N", description = "the run's seed; default 42")
    long seed = 42;

    @Option(
        names = "--nodes",
        paramLabel = "N",
        description = "quote nodes per arm, 1..9, the load spread over them; default 1")
    String nodes = "1";

    @Option(names = "--verbose", description = "print the detail (Gatling, logs) here too")
    boolean verbose;

    @picocli.CommandLine.Mixin Outcome.FailOnOption failOn = new Outcome.FailOnOption();

    @Override
    public Integer call() throws Exception {
      Outcome.FailOn gate = failOn.gate();
      ExperimentProfile p = ExperimentProfile.named(profile);
      int n = nodes(nodes);
      if (verbose) {
        System.setProperty(Console.VERBOSE, "true");
      }
      Path dir = (out == null ? resultsDir(p.name()) : out).toAbsolutePath();
      Console.quiet(dir);
      Path report;
      try {
        report = ExperimentCommand.run(p, dir, seed, n);
      } finally {
        Console.restore();
      }
      System.out.println("report: " + report);
      System.out.println("        " + report.resolveSibling("report.html"));
      return printAnswer(report, gate);
    }
  }

  @Command(
      name = "report",
      description =
          "Re-analysis: recomputes every step from its raw recording, the sanity checks, the verdicts and the report of a results folder, without running anything.",
      exitCodeListHeading = "Exit codes:%n",
      exitCodeList = {
        "0:the results were judged",
        "1:it failed, or a sanity check invalidated the run",
        "2:the command line was refused",
        "3:--fail-on: a verdict of that kind or worse came out"
      })
  static final class Reanalysis implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "a results folder")
    Path dir;

    @Option(
        names = "--assume",
        paramLabel = "KEY=VALUE",
        description =
            "judge with this actuarial input instead of the declared one (repeatable): source-refresh-s (the source's refresh policy, s), outage-s (the outage to ride through, s), fallback-ceiling-pct, max-stale-age-s (docs/verdict-rules.md)")
    java.util.List<String> assume = new java.util.ArrayList<>();

    @picocli.CommandLine.Mixin Outcome.FailOnOption failOn = new Outcome.FailOnOption();

    @Override
    public Integer call() throws Exception {
      Outcome.FailOn gate = failOn.gate();
      // refused before any work: an unknown key or a bad value names itself
      solventa.ops.analysis.Actuarial inputs =
          solventa.ops.analysis.Actuarial.DECLARED.with(assume);
      ReportCommand.Reanalysis re = ReportCommand.reanalyze(dir.toAbsolutePath(), inputs);
      Path report = re.report();
      System.out.println(re.describe());
      System.out.println(
          "verdicts recomputed with rules version "
              + solventa.ops.analysis.VerdictRules.RULES_VERSION
              + " (docs/verdict-rules.md), actuarial inputs "
              + inputs.describe());
      System.out.println("report: " + report);
      return printAnswer(report, gate);
    }
  }

  @Command(
      name = "bench",
      description =
          "The quote node benchmark (arm C rate sweep, arm A, a new node's first seconds): writes benchmark.md; --overload: arm A at 3x and 5x its measured sustainable rate, then its recovery: writes overload.md; --join: a fourth node joins a 3-node cluster serving 600 req/s: writes join.md; --paired: the node against the card's own Python stack, CPU per request in pairs (vegeta, installed into .tools first): writes paired.md.")
  static final class Bench implements Callable<Integer> {
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
      Path dir = (out == null ? resultsDir(name) : out).toAbsolutePath();
      // as the experiment: progress and the result table here, the detail in dir/logs
      Console.quiet(dir);
      Path file;
      try {
        file =
            switch (mode) {
              case "overload" ->
                  OverloadBench.run(dir, seed(), Benchmark.Plan.QUICK, Console.out());
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

  /** Only its help is Java's: {@code bin/lab test} runs Maven. */
  @Command(
      name = "test",
      description =
          "Runs every test (unit and integration, against real servers) with `mvn verify`, as CI does; extra arguments go to Maven.")
  static final class Tests implements Callable<Integer> {
    @Parameters(paramLabel = "MVN_ARG", arity = "0..*", description = "passed to Maven")
    java.util.List<String> mavenArgs;

    @Override
    public Integer call() {
      System.err.println("bin/lab test runs Maven (mvn verify); this JVM runs no tests");
      return 2;
    }
  }

  /** An exception and its causes, outermost first, separated by " ← caused by ". */
  static String causes(Throwable e) {
    StringBuilder sb = new StringBuilder(String.valueOf(e));
    java.util.Set<Throwable> seen =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    seen.add(e);
    for (Throwable c = e.getCause(); c != null && seen.add(c); c = c.getCause()) {
      sb.append(" ← caused by ").append(c);
    }
    return sb.toString();
  }

  /** {@code results/<name>-<timestamp>} under the lab's root. */
  @Command(
      name = "faults",
      description =
          "The fault matrix on the embedded lab: the provider's states, Redis and PostgreSQL down, slow and evicting, node crashes and a rolling restart of a 3-node cluster, partitions, overload, hostile clients and management abuse, each under load on the code that ships: writes faults.md and faults.json with, per row, what was injected, how long, requests, errors, lost values and the time to recover; --docs rewrites docs/reliability.md's measured table from them.")
  static final class Faults implements Callable<Integer> {
    @Option(
        names = "--only",
        split = ",",
        paramLabel = "GROUP",
        description = "run only these groups (comma-separated): " + FAULT_GROUPS)
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

    @Override
    public Integer call() throws Exception {
      if (verbose) {
        System.setProperty(Console.VERBOSE, "true");
      }
      for (String g : only) {
        if (!solventa.ops.faults.FaultMatrix.names().contains(g)) {
          throw new CommandLine.ParameterException(
              new CommandLine(this),
              "--only: there is no group '" + g + "'; the groups are " + FAULT_GROUPS);
        }
      }
      Path dir = (out == null ? resultsDir("faults") : out).toAbsolutePath();
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
  }

  /** The fault matrix's groups, as --only takes them (MainTest keeps it equal to the matrix's). */
  static final String FAULT_GROUPS = "provider, store, cluster, edge, abuse";

  private static Path resultsDir(String name) {
    return LabPaths.root()
        .resolve("results")
        .resolve(
            name
                + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
  }

  /** The experiment's cluster size: 1..{@value #MAX_NODES} quote nodes per arm. */
  static int nodes(String v) {
    try {
      int n = Integer.parseInt(v);
      if (n >= 1 && n <= MAX_NODES) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("--nodes must be 1.." + MAX_NODES + ", was " + v);
  }

  /** The report's answer and verdicts, as the console's last two lines (see Summary). */
  /**
   * Prints the answer and the verdicts; returns the exit code of the judged run ({@link Outcome}).
   */
  private static int printAnswer(Path report, Outcome.FailOn gate) throws java.io.IOException {
    solventa.ops.results.ExperimentRecord e =
        solventa.ops.results.ResultsFolder.load(report.getParent());
    solventa.ops.report.Summary.of(e).consoleLines().forEach(System.out::println);
    int code = Outcome.of(e, gate);
    String why = Outcome.explain(e, code, gate);
    if (why != null) {
      System.out.println(why);
    }
    return code;
  }
}
