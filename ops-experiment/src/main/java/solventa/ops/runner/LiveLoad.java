package solventa.ops.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import solventa.gatling.KeyPopulation;
import solventa.gatling.RequestRecord;
import solventa.gatling.StepHooks;
import solventa.gatling.StepParameters;
import solventa.lab.LabException;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.lab.Http;
import solventa.ops.lab.LiveLab;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;

/**
 * {@code bin/lab load --rate R [--hit-rate H] [--for S]}: open-model load at the live lab's nodes
 * ({@code bin/lab up}), from the experiment's own generator (the arm's Gatling simulation, in this
 * JVM), with one line per second: the rate answered, p50/p95/p99 at the generator, errors, the
 * cached and fallback shares, and each node's breaker. The known customers are sized for H at the
 * lab's T as in the experiment ({@link KeyPopulation}) but not seeded: they are stored as they
 * come, so the hit rate reaches H after about T seconds (the "cached" column shows it). Gatling's
 * own output goes to {@code <lab>/load/<run>/gatling.log}; the run's request log beside it.
 */
public final class LiveLoad {
  /** The command's options, parsed and checked by picocli; a value out of range is refused. */
  @Command(
      name = "load",
      description =
          "Open-model load at the live lab's nodes (bin/lab up): one line per second, then a summary. The known customers are sized so H of the answers are cached once every customer has been stored (about T seconds, the lab's refresh-after).")
  public static final class Options implements java.util.concurrent.Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    /** The front door's {@code bin/lab load}: checks the options, then loads the live lab. */
    @Override
    public Integer call() {
      check(spec.commandLine());
      try {
        return load(this, LiveLab.running(dir()), System.out);
      } catch (LabException | IOException e) {
        System.out.println("lab error: " + e.getMessage());
        return 1;
      }
    }

    @Option(
        names = "--rate",
        required = true,
        paramLabel = "R",
        description = "arrivals per second, 1..2000")
    int rate;

    @Option(
        names = "--hit-rate",
        paramLabel = "H",
        description = "the cached share to size the customers for, in (0, 1); default 0.96")
    double hitRate = 0.96;

    @Option(names = "--for", paramLabel = "S", description = "seconds of load, 1..3600; default 60")
    int forSec = 60;

    @Option(
        names = "--seed",
        paramLabel = "N",
        description = "the seed of the customers drawn for each arrival; default 42")
    long seed = 42;

    @Option(names = "--dir", hidden = true, description = "the live lab's folder (tests)")
    Path dir;

    /** The options of {@code args}, or a ParameterException naming the option and its value. */
    static Options parse(String... args) {
      Options o = new Options();
      CommandLine cl = new CommandLine(o).setCommandName("bin/lab load");
      cl.parseArgs(args);
      o.check(cl);
      return o;
    }

    private void check(CommandLine cl) {
      if (rate < 1 || rate > 2000) {
        throw new ParameterException(cl, "--rate must be 1..2000, was " + rate);
      }
      if (!(hitRate > 0 && hitRate < 1)) {
        throw new ParameterException(cl, "--hit-rate must be a share in (0, 1), was " + hitRate);
      }
      if (forSec < 1 || forSec > 3600) {
        throw new ParameterException(cl, "--for must be 1..3600, was " + forSec);
      }
    }

    int rate() {
      return rate;
    }

    double hitRate() {
      return hitRate;
    }

    int forSec() {
      return forSec;
    }

    Path dir() {
      return dir == null ? null : dir.toAbsolutePath();
    }
  }

  private LiveLoad() {}

  /** Runs the command; the exit code as the result (2: bad options, 1: no lab or a failure). */
  public static int run(String[] args, PrintStream out) {
    Options o;
    try {
      o = Options.parse(args);
    } catch (ParameterException e) {
      out.println("error: " + e.getMessage());
      e.getCommandLine().usage(out);
      return 2;
    }
    try {
      return load(o, LiveLab.running(o.dir()), out);
    } catch (LabException | IOException e) {
      out.println("lab error: " + e.getMessage());
      return 1;
    }
  }

  /** The load's first line: what it sends, at which nodes and arm, and the customers it draws. */
  private static String describe(
      Options o,
      BenchArm arm,
      int nodes,
      KeyPopulation keys,
      int refreshAfterSec,
      double neverSeen) {
    return String.format(
        Locale.ROOT,
        "load: %d req/s for %d s at %d node%s, arm %s (%s), %d known customers (%.0f%% cached"
            + " once stored, after about T = %d s), %.1f%% never-seen",
        o.rate(),
        o.forSec(),
        nodes,
        nodes == 1 ? "" : "s",
        arm.label(),
        arm.breaker() ? "with a breaker" : "no breaker: arms A and B run without one",
        keys.size(),
        100 * keys.expectedHitRate(),
        refreshAfterSec,
        100 * neverSeen);
  }

  private static int load(Options o, JsonNode lab, PrintStream out) throws IOException {
    BenchArm arm = BenchArm.ofLabel(lab.path("arm").asText());
    int refreshAfterSec = lab.path("refreshAfterSec").asInt();
    double neverSeen = ExperimentProfile.named("full").neverSeenShare();
    KeyPopulation keys;
    try {
      keys = new KeyPopulation(o.hitRate(), o.rate(), refreshAfterSec, neverSeen);
    } catch (IllegalArgumentException e) {
      out.println("error: --hit-rate: " + e.getMessage());
      return 2;
    }
    List<String> urls = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<String> management = new ArrayList<>();
    for (JsonNode n : lab.path("nodes")) {
      urls.add(n.path("http").asText());
      names.add(n.path("name").asText());
      management.add(n.path("management").asText());
    }
    Path labDir = Path.of(lab.path("logs").asText()).getParent();
    String runId = "load-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss"));
    Path runDir = Files.createDirectories(labDir.resolve("load").resolve(runId));
    int freshStart = nextFreshKeys(labDir, o);
    StepParameters params =
        StepParameters.builder(String.join(",", urls), arm.nodeArm().label())
            .rate(o.rate())
            .duration(Duration.ofSeconds(o.forSec()))
            .hitRate(o.hitRate())
            .population(ProtocolRunner.POPULATION_BASE, keys.size())
            .neverSeenShare(neverSeen)
            .freshKeyStart(freshStart)
            .seed(o.seed)
            .requestLog(runDir.resolve("requests.csv").toString())
            .build();
    out.println(describe(o, arm, urls.size(), keys, refreshAfterSec, neverSeen));
    out.println("   t " + LoadTally.header() + "  breaker per node");
    ConcurrentLinkedQueue<RequestRecord> seen = new ConcurrentLinkedQueue<>();
    StepHooks.watchNext(seen::add);
    CountDownLatch started = new CountDownLatch(1);
    StepHooks.onNextStart(started::countDown); // second 1 starts with the first arrival
    AtomicBoolean done = new AtomicBoolean();
    LoadTally total = new LoadTally();
    Thread printer =
        new Thread(
            () -> printEverySecond(o, started, seen, done, total, names, management, arm, out),
            "live-load-printer");
    printer.setDaemon(true);
    PrintStream realOut = System.out;
    PrintStream realErr = System.err;
    GatlingStep.Outcome outcome;
    try (PrintStream gatlingLog =
        new PrintStream(
            new FileOutputStream(runDir.resolve("gatling.log").toFile()),
            true,
            StandardCharsets.UTF_8)) {
      System.setOut(gatlingLog);
      System.setErr(gatlingLog);
      printer.start();
      outcome =
          GatlingStep.run(
              GatlingStep.QUOTE_SIMULATION, params, runId, runDir.resolve("gatling"), false);
    } finally {
      System.setOut(realOut);
      System.setErr(realErr);
      done.set(true);
    }
    try {
      printer.join(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    printSummary(out, o, total, params, runDir, outcome);
    return outcome.assertionsPassed() == null ? 1 : 0;
  }

  /** The load's last lines: the whole run's figures, and where its requests and logs are. */
  private static void printSummary(
      PrintStream out,
      Options o,
      LoadTally total,
      StepParameters params,
      Path runDir,
      GatlingStep.Outcome outcome) {
    out.println("  all " + total.line(o.forSec()));
    out.printf(
        Locale.ROOT,
        "done: %d answers in %d s, %d errors; requests in %s, Gatling's output in %s%s%n",
        total.answers(),
        o.forSec(),
        total.errors(),
        params.requestLog(),
        runDir.resolve("gatling.log"),
        outcome.assertionsPassed() == null ? " (Gatling did not finish cleanly: see its log)" : "");
  }

  /**
   * Every second until the run is done (bounded: its duration plus 30 s): the second's figures and
   * each node's breaker.
   */
  private static void printEverySecond(
      Options o,
      CountDownLatch started,
      ConcurrentLinkedQueue<RequestRecord> seen,
      AtomicBoolean done,
      LoadTally total,
      List<String> names,
      List<String> management,
      BenchArm arm,
      PrintStream out) {
    LoadTally second = new LoadTally();
    try {
      if (!started.await(2, TimeUnit.MINUTES)) {
        return; // Gatling never started injecting: its log says why
      }
    } catch (InterruptedException e) {
      return;
    }
    long start = System.nanoTime();
    int maxSeconds = o.forSec() + 30;
    for (int t = 1; t <= maxSeconds; t++) {
      long wake = start + Duration.ofSeconds(t).toNanos();
      while (System.nanoTime() < wake && !done.get()) {
        try {
          Thread.sleep(Math.max(1, (wake - System.nanoTime()) / 1_000_000));
        } catch (InterruptedException e) {
          return;
        }
      }
      boolean last = done.get();
      for (RequestRecord r; (r = seen.poll()) != null; ) {
        second.add(r);
        total.add(r);
      }
      if (second.answers() > 0 || !last) {
        out.printf(
            Locale.ROOT, "%4d %s  %s%n", t, second.line(1), breakers(names, management, arm));
      }
      second.reset();
      if (last) {
        return;
      }
    }
  }

  /** "node-1 CLOSED, node-2 OPEN" from each node's stats; "off" for an arm without a breaker. */
  static String breakers(List<String> names, List<String> management, BenchArm arm) {
    if (!arm.breaker()) {
      return "off (arm " + arm.label() + ")";
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String state;
      try {
        state = NodeStats.of(NodeProcess.snapshot(management.get(i))).breaker();
      } catch (IOException | RuntimeException e) {
        state = "unreachable";
      }
      parts.add(names.get(i) + " " + state);
    }
    return String.join(", ", parts);
  }

  /**
   * The first never-seen customer of this run: each run takes the next block (recorded in {@code
   * <lab>/load/keys.json}), so a customer never-seen in one run is not already stored by another.
   */
  private static int nextFreshKeys(Path labDir, Options o) throws IOException {
    Path f = labDir.resolve("load").resolve("keys.json");
    int next = ProtocolRunner.NEVER_SEEN_BASE;
    if (Files.isRegularFile(f)) {
      next = Http.JSON.readTree(f.toFile()).path("nextFreshKey").asInt(next);
    }
    int needed = (int) Math.ceil(o.rate() * (double) o.forSec() * 0.05) + 50;
    if (next + needed > ProtocolRunner.PROBE_KEY_BASE) {
      next = ProtocolRunner.NEVER_SEEN_BASE; // wrapped: the oldest never-seen ones are reused
    }
    ObjectNode n = Http.JSON.createObjectNode().put("nextFreshKey", next + needed);
    Files.writeString(f, n.toPrettyString(), StandardCharsets.UTF_8);
    return next;
  }
}
