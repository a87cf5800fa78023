package solventa.ops.lab;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import solventa.lab.LabPaths;
import solventa.ops.protocol.BenchArm;

/**
 * The live lab's commands ({@code bin/lab up|state|status|down}) as picocli definitions: their
 * options, their help and their checks, in one place for {@link LiveLab} and the front door ({@code
 * solventa.ops.Main}). picocli reads the command line; each option's value is then checked here and
 * refused naming the option and the value ({@link LiveLab.Options}).
 */
public final class LiveLabCommands {
  private LiveLabCommands() {}

  /** Every live-lab command, each with its own instance. */
  public static List<Object> all() {
    return List.of(new Up(), new Supervise(), new State(), new Status(), new Down());
  }

  /**
   * The options of one live-lab command line ({@code up --nodes 3}, {@code state slow}, …), parsed
   * by picocli and checked.
   *
   * @throws CommandLine.ParameterException for an unknown command or option, or a missing value
   * @throws IllegalArgumentException for a value out of its range, naming the option and the value
   */
  static LiveLab.Options parse(String[] args) {
    CommandLine cl = new CommandLine(new Root());
    all().forEach(cl::addSubcommand);
    CommandLine.ParseResult pr = cl.parseArgs(args);
    if (!pr.hasSubcommand()) {
      throw new IllegalArgumentException("a command is needed");
    }
    return ((LiveCommand) pr.subcommand().commandSpec().userObject()).options();
  }

  @Command(name = "bin/lab")
  static final class Root {}

  /** A live-lab command: builds its {@link LiveLab.Options} and runs it. */
  abstract static class LiveCommand implements Callable<Integer> {
    @Option(names = "--dir", hidden = true, description = "the lab's folder (tests)")
    String dir;

    /** Where the command prints (the front door sets it; System.out by default). */
    PrintStream out = System.out;

    abstract LiveLab.Options options();

    @Override
    public Integer call() {
      return LiveLab.execute(options(), out);
    }

    Path dirPath() {
      return dir == null ? LabPaths.workDir("up") : Path.of(dir).toAbsolutePath();
    }

    LiveLab.Options of(String command, String argument, Node n, boolean watch, int every, int f) {
      return of(command, argument, n, watch, every, f, false);
    }

    LiveLab.Options of(
        String command, String argument, Node n, boolean watch, int every, int f, boolean json) {
      return new LiveLab.Options(
          command,
          argument,
          n.nodes,
          n.arm,
          n.policy,
          n.refreshAfterSec,
          n.warmupQuotes,
          dirPath(),
          n.maxHours,
          n.seed,
          watch,
          every,
          f,
          json);
    }
  }

  /** The nodes' settings of {@code up} (and of the supervisor it starts), checked. */
  record Node(
      int nodes,
      BenchArm arm,
      String policy,
      int refreshAfterSec,
      int warmupQuotes,
      int maxHours,
      long seed) {
    static final Node DEFAULT =
        new Node(
            3,
            BenchArm.C,
            "count",
            LiveLab.CARD_SETTINGS.refreshAfterSec(),
            LiveLab.CARD_SETTINGS.nodeWarmupQuotes(),
            8,
            EmbeddedLab.DOUBLE_SEED);
  }

  /** {@code up}'s options; {@code supervise} takes the same. */
  abstract static class NodeOptions extends LiveCommand {
    @Option(names = "--nodes", paramLabel = "N", description = "quote nodes, 1..9; default 3")
    String nodes = "3";

    @Option(
        names = "--arm",
        paramLabel = "ARM",
        description = "A, B, B+CB, C or C'; default C (C, C' and B+CB run with a breaker)")
    String arm;

    @Option(
        names = "--variant",
        paramLabel = "NAME",
        description =
            "B+CB, C@80ms, C@160ms, C+RA, C+CR or C+SD: a design variant instead of an arm"
                + " (C@80ms and C@160ms: C with another budget; C+RA: C with refresh-ahead; C+CR:"
                + " C with careful recovery; C+SD: C with a default per risk segment); their"
                + " settings: docs/operations.md")
    String variant;

    @Option(
        names = "--policy",
        paramLabel = "P",
        description = "the breaker's opening policy, count or rate; default count")
    String policy = "count";

    @Option(
        names = "--refresh-after",
        paramLabel = "S",
        description =
            "T, seconds before a known customer's profile is refreshed (quote.refresh-after),"
                + " 1..86399, under the nodes' 24 h max-staleness; default the card's 60")
    String refreshAfter = Integer.toString(Node.DEFAULT.refreshAfterSec());

    @Option(
        names = "--warmup-quotes",
        paramLabel = "Q",
        description =
            "synthetic quotes each node answers before it reports ready (quote.warmup.quotes),"
                + " 0..100000; default 6000, the experiment's")
    String warmupQuotes = Integer.toString(Node.DEFAULT.warmupQuotes());

    @Option(
        names = "--seed",
        paramLabel = "N",
        description = "the seed of the double's latency and customer data; default 42")
    long seed = 42;

    @Option(
        names = "--max-hours",
        paramLabel = "H",
        hidden = true,
        description = "the supervisor stops the lab after H hours, 1..72; default 8")
    String maxHours = "8";

    Node node() {
      if (!policy.equals("count") && !policy.equals("rate")) {
        throw new IllegalArgumentException("--policy must be count or rate, was " + policy);
      }
      if (arm != null && variant != null) {
        throw new IllegalArgumentException("give --arm or --variant, not both");
      }
      BenchArm chosen = variant != null ? BenchArm.variant(variant) : armNamed(arm);
      return new Node(
          intIn(nodes, "--nodes", 1, 9),
          chosen,
          policy,
          intIn(refreshAfter, "--refresh-after", 1, 86_399),
          intIn(warmupQuotes, "--warmup-quotes", 0, 100_000),
          intIn(maxHours, "--max-hours", 1, 72),
          seed);
    }
  }

  private static BenchArm armNamed(String label) {
    if (label == null) {
      return Node.DEFAULT.arm();
    }
    try {
      return BenchArm.ofLabel(label);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--arm must be A, B, B+CB, C or C', was " + label);
    }
  }

  @Command(
      name = "up",
      description =
          "Starts Redis, PostgreSQL, Toxiproxy, the provider double and an N-node quote cluster on 127.0.0.1, prints every endpoint and returns; the lab keeps running in the background (a supervisor JVM) until `bin/lab down`.")
  static final class Up extends NodeOptions {
    @Override
    LiveLab.Options options() {
      return of("up", null, node(), false, 2, 3600);
    }
  }

  @Command(name = "supervise", hidden = true, description = "the supervisor `up` starts")
  static final class Supervise extends NodeOptions {
    @Override
    LiveLab.Options options() {
      return of("supervise", null, node(), false, 2, 3600);
    }
  }

  @Command(
      name = "state",
      description =
          "Switches the provider state live (Toxiproxy toxics and the double's latency profile).")
  static final class State extends LiveCommand {
    @Parameters(
        index = "0",
        paramLabel = "STATE",
        description = "healthy, slow, degraded, unresponsive, down or recovery")
    String state;

    @Override
    LiveLab.Options options() {
      return of("state", state, Node.DEFAULT, false, 2, 3600);
    }
  }

  @Command(
      name = "status",
      description =
          "Members, shard distribution, breaker state and pool per node; arms C, C' and B+CB run with a breaker, A and B without one.")
  static final class Status extends LiveCommand {
    @Option(names = "--watch", description = "print the status again every S seconds")
    boolean watch;

    @Option(names = "--every", paramLabel = "S", description = "with --watch: 1..60; default 2")
    String every = "2";

    @Option(
        names = "--for",
        paramLabel = "S",
        description = "with --watch: stop after S seconds, 1..86400; default 3600")
    String forSec = "3600";

    @Option(
        names = "--json",
        description = "the same status as one JSON document, for scripts (not with --watch)")
    boolean json;

    @Override
    LiveLab.Options options() {
      if (json && watch) {
        throw new IllegalArgumentException("--json prints the status once: not with --watch");
      }
      return of(
          "status",
          null,
          Node.DEFAULT,
          watch,
          intIn(every, "--every", 1, 60),
          intIn(forSec, "--for", 1, 86_400),
          json);
    }
  }

  @Command(
      name = "down",
      description = "Stops everything `up` started and checks that nothing is left running.")
  static final class Down extends LiveCommand {
    @Override
    LiveLab.Options options() {
      return of("down", null, Node.DEFAULT, false, 2, 3600);
    }
  }

  /** {@code v} as an int in {@code min..max}, or a refusal naming the option and the value. */
  static int intIn(String v, String option, int min, int max) {
    try {
      int n = Integer.parseInt(v);
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " must be " + min + ".." + max + ", was " + v);
  }
}
