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
import solventa.ops.runner.LiveLoad;

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
      "3:experiment, report with --fail-on: a verdict of that kind or worse; compare with --fail-on worse: a figure got worse"
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
    cl.addSubcommand("compare", new CompareCommand());
    cl.addSubcommand("bench", new BenchCommand());
    cl.addSubcommand("faults", new FaultsCommand());
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
    @Parameters(
        index = "0",
        paramLabel = "PROFILE",
        description = "smoke, quick, full, explore or breakpoints")
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
      System.out.println("        " + report.resolveSibling("summary.json"));
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
      solventa.ops.analysis.hypotheses.Actuarial inputs =
          solventa.ops.analysis.hypotheses.Actuarial.DECLARED.with(assume);
      ReportCommand.Reanalysis re = ReportCommand.reanalyze(dir.toAbsolutePath(), inputs);
      Path report = re.report();
      System.out.println(re.describe());
      System.out.println(
          "verdicts recomputed with rules version "
              + solventa.ops.analysis.hypotheses.VerdictRules.RULES_VERSION
              + " (docs/verdict-rules.md), actuarial inputs "
              + inputs.describe());
      System.out.println("report: " + report);
      System.out.println("        " + report.resolveSibling("summary.json"));
      return printAnswer(report, gate);
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

  /** The fault matrix's groups, as --only takes them (MainTest keeps it equal to the matrix's). */
  static final String FAULT_GROUPS = "provider, partners, store, cluster, edge, abuse, contract";

  /** {@code results/<name>-<timestamp>} under the lab's root. */
  static Path resultsDir(String name) {
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
    System.out.println("decision: " + solventa.ops.report.DecisionCard.sentences(e));
    int code = Outcome.of(e, gate);
    String why = Outcome.explain(e, code, gate);
    if (why != null) {
      System.out.println(why);
    }
    return code;
  }
}
