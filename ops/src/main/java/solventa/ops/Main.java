package solventa.ops;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import solventa.lab.LabException;
import solventa.lab.LabPaths;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.runner.Benchmark;
import solventa.ops.runner.OverloadBench;

/**
 * The runner's command line.
 *
 * <pre>
 * experiment &lt;smoke|quick|full&gt; [--out DIR] [--seed N] [--nodes N]   run the protocol, write results and report
 * report &lt;results-dir&gt;                                   regenerate verdicts and report from results.json
 * </pre>
 */
public final class Main {
  static final String USAGE =
      String.join(
          "\n",
          "usage: bin/lab experiment <smoke|quick|full> [--out DIR] [--seed N] [--nodes N] [--verbose]",
          "       bin/lab report <results-dir>",
          "       bin/lab load --rate R [--hit-rate H] [--for S]",
          "       bin/lab bench [--quick|--overload] [--out DIR] [--verbose]",
          "  experiment  starts the embedded lab on loopback, walks the protocol of the profile and",
          "              writes results.json, steps.csv and report.md/report.html into DIR",
          "              (default results/<profile>-<timestamp>); one line per step on the console,",
          "              the detail in DIR/logs (--verbose prints it); --nodes N (1..9, default 1)",
          "              runs each arm on an N-node cluster on loopback, the load spread over them",
          "  load        open-model load at the live lab (bin/lab up), one line per second",
          "  report      re-analysis: recomputes sanity checks, verdicts and the report from DIR/results.json",
          "  bench       the quote node benchmark (arm C rate sweep, arm A, a new node's first seconds;"
              + " --quick: fewer rates, shorter windows): writes benchmark.md; --overload: arm A at 3x"
              + " and 5x its measured sustainable rate, then recovery: writes overload.md");

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    if (args.length == 0) {
      System.err.println(USAGE);
      return 2;
    }
    try {
      switch (args[0]) {
        case "experiment" -> {
          if (args.length < 2) {
            throw new IllegalArgumentException("experiment needs a profile");
          }
          ExperimentProfile profile = ExperimentProfile.named(args[1]);
          Path out = null;
          long seed = 42;
          int nodes = 1;
          for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
              case "--out" -> out = Path.of(value(args, ++i, "--out"));
              case "--seed" -> seed = Long.parseLong(value(args, ++i, "--seed"));
              case "--nodes" -> nodes = nodes(value(args, ++i, "--nodes"));
              case "--verbose" -> System.setProperty(Console.VERBOSE, "true");
              default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
          }
          if (out == null) {
            out =
                LabPaths.root()
                    .resolve("results")
                    .resolve(
                        profile.name()
                            + "-"
                            + LocalDateTime.now()
                                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
          }
          Console.quiet(out.toAbsolutePath());
          Path report;
          try {
            report = ExperimentCommand.run(profile, out.toAbsolutePath(), seed, nodes);
          } finally {
            Console.restore();
          }
          System.out.println("report: " + report);
          System.out.println("        " + report.resolveSibling("report.html"));
          printAnswer(report);
          return 0;
        }
        case "bench" -> {
          Path out = null;
          Benchmark.Plan plan = Benchmark.Plan.FULL;
          boolean overload = false;
          for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
              case "--out" -> out = Path.of(value(args, ++i, "--out"));
              case "--quick" -> plan = Benchmark.Plan.QUICK;
              case "--overload" -> overload = true;
              case "--verbose" -> System.setProperty(Console.VERBOSE, "true");
              default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
          }
          if (out == null) {
            out = resultsDir(overload ? "bench-overload" : "bench-" + plan.name());
          }
          out = out.toAbsolutePath();
          // as the experiment: progress and the result table here, the detail in out/logs
          Console.quiet(out);
          Path file;
          try {
            file =
                overload
                    ? OverloadBench.run(out, 42, Benchmark.Plan.QUICK, Console.out())
                    : Benchmark.run(out, 42, plan, Console.out());
          } finally {
            Console.restore();
          }
          System.out.println((overload ? "overload: " : "benchmark: ") + file);
          return 0;
        }
        case "load" -> {
          return solventa.ops.runner.LiveLoad.run(
              java.util.Arrays.copyOfRange(args, 1, args.length), System.out);
        }
        case "report" -> {
          if (args.length != 2) {
            throw new IllegalArgumentException("report needs exactly one results folder");
          }
          ReportCommand.Reanalysis re = ReportCommand.reanalyze(Path.of(args[1]).toAbsolutePath());
          Path report = re.report();
          System.out.println(re.describe());
          System.out.println(
              "verdicts recomputed with rules version "
                  + solventa.ops.analysis.VerdictRules.RULES_VERSION
                  + " (docs/verdict-rules.md)");
          System.out.println("report: " + report);
          printAnswer(report);
          return 0;
        }
        default -> throw new IllegalArgumentException("unknown command " + args[0]);
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.println(USAGE);
      return 2;
    } catch (LabException e) {
      System.err.println("lab error: " + e.getMessage());
      return 1;
    } catch (Exception e) {
      if (ExperimentCommand.shuttingDown()) {
        System.err.println("interrupted: the partial results are kept, marked incomplete");
      } else {
        // the whole chain: a reflective wrapper alone (Gatling starting a simulation) names nothing
        org.slf4j.LoggerFactory.getLogger(Main.class).error("experiment failed", e);
        System.err.println("experiment failed: " + causes(e));
      }
      return 1;
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

  /** As many as the live lab allows: every node is a JVM on the same 2 cores. */
  static final int MAX_NODES = 9;

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  /** The report's answer and verdicts, as the console's last two lines (see Summary). */
  private static void printAnswer(Path report) throws java.io.IOException {
    solventa.ops.report.Summary.of(solventa.ops.results.ResultsFolder.load(report.getParent()))
        .consoleLines()
        .forEach(System.out::println);
  }
}
