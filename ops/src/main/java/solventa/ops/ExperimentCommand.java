package solventa.ops;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.lab.LabPaths;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.ResultsFolder;
import solventa.ops.results.StepRecording;
import solventa.ops.runner.MachineFacts;
import solventa.ops.runner.PriceProbe;
import solventa.ops.runner.ProtocolRunner;

/**
 * One experiment end to end: start the embedded lab, walk the profile's protocol, write results and
 * the report, stop everything. Interrupted (Ctrl-C) or failed, it keeps what was measured, marked
 * incomplete, and stops every process it started.
 */
public final class ExperimentCommand {
  private static final Logger log = LoggerFactory.getLogger(ExperimentCommand.class);

  private ExperimentCommand() {}

  /** Runs {@code profile} into {@code out} on one node; returns the Markdown report's path. */
  public static Path run(ExperimentProfile profile, Path out, long seed) throws IOException {
    return run(profile, out, seed, 1);
  }

  /**
   * Runs {@code profile} into {@code out} with each arm on an {@code nodes}-node cluster; returns
   * the Markdown report's path.
   */
  public static Path run(ExperimentProfile profile, Path out, long seed, int nodes)
      throws IOException {
    Files.createDirectories(out);
    Path logs = Files.createDirectories(out.resolve("logs"));
    ResultsFolder store =
        new ResultsFolder(out, profile.name(), seed, environment(profile, seed, nodes), nodes);
    EmbeddedLab lab = new EmbeddedLab(logs, nodes);
    AtomicBoolean finished = new AtomicBoolean();
    ProtocolRunner[] runner = new ProtocolRunner[1];
    Thread onInterrupt =
        new Thread(
            () -> {
              if (!finished.get() && runner[0] != null) {
                try {
                  ReportCommand.publish(
                      store.measured(
                          runner[0].results(),
                          runner[0].contracts(),
                          false,
                          "interrupted (Ctrl-C) before the protocol ended"),
                      out);
                  System.err.println("interrupted: partial results kept in " + out);
                } catch (IOException e) {
                  System.err.println("interrupted: could not write partial results: " + e);
                }
              }
              lab.close();
            },
            "experiment-interrupt");
    Runtime.getRuntime().addShutdownHook(onInterrupt);
    try {
      long started = System.nanoTime();
      lab.start();
      long labStarted = System.nanoTime();
      runner[0] = new ProtocolRunner(profile, out, seed, lab, store);
      List<StepSpec> plan = ProtocolPlan.build(profile);
      try {
        long t0 = System.currentTimeMillis();
        int sweepSec = profile.warmupSec() + profile.measureSec();
        runner[0].run(
            plan,
            (i, steps, mayAdd, r) ->
                Console.step(i, steps, mayAdd, sweepSec, t0, r, ProtocolPlan.STEP_OVERHEAD_SEC));
      } catch (RuntimeException | IOException e) {
        // on Ctrl-C the shutdown hooks stop the lab under the runner's feet: say so, not the
        // symptom
        String reason =
            shuttingDown()
                ? "interrupted (Ctrl-C or termination) before the protocol ended"
                : "failed: " + e.getMessage();
        ReportCommand.publish(
            store.measured(runner[0].results(), runner[0].contracts(), false, reason), out);
        finished.set(true);
        throw e;
      }
      long stepsDone = System.nanoTime();
      priceProbe(lab, profile, out, seed, runner[0].results());
      store.describe(
          wallClock(
              System.getenv(),
              labStarted - started,
              stepsDone - labStarted,
              System.nanoTime() - stepsDone,
              runner[0].results().size() * (long) profile.warmupSec()));
      long analysing = System.nanoTime();
      Path report =
          ReportCommand.publish(
              store.measured(runner[0].results(), runner[0].contracts(), true, null), out);
      finished.set(true);
      System.out.println(
          "analysed and written in " + seconds(System.nanoTime() - analysing) + " s");
      return report;
    } finally {
      finished.set(true);
      lab.close();
      try {
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
      } catch (IllegalStateException shuttingDown) {
        log.debug("shutdown in progress");
      }
    }
  }

  /**
   * The price probe after the protocol ({@link PriceProbe}); a failure is logged and the report
   * published without it (it then pairs only what the steps priced).
   */
  private static void priceProbe(
      EmbeddedLab lab, ExperimentProfile profile, Path out, long seed, List<StepResult> steps) {
    try {
      System.out.println(PriceProbe.run(lab, profile, out, seed, steps).describe());
    } catch (IOException | RuntimeException e) {
      log.warn("price probe failed; the report pairs only what the steps priced", e);
      System.out.println("price probe failed (" + e.getMessage() + "): see the log");
    }
  }

  /** True once the JVM has begun to shut down (no hook can be added any more). */
  static boolean shuttingDown() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  /**
   * The checkout's commit ({@code git rev-parse HEAD}), marked when tracked files had uncommitted
   * changes, or why it could not be read.
   */
  static String commit(Path root) {
    String head = git(root, "rev-parse", "HEAD");
    if (head == null || head.isBlank()) {
      return "— (not read: no git checkout at " + root + ", or git is missing)";
    }
    String dirty = git(root, "status", "--porcelain", "--untracked-files=no");
    return head.trim()
        + (dirty == null
            ? " (whether it had uncommitted changes could not be read)"
            : dirty.isBlank() ? "" : " with uncommitted changes to tracked files");
  }

  private static String git(Path root, String... args) {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return null;
      }
      return new String(out, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * Where the run's time went, by phase: setup and build as {@code bin/lab} measured them (its
   * {@code LAB_SETUP_SEC} and {@code LAB_BUILD_SEC}; absent when the runner was started otherwise),
   * the lab's start, the steps (their warm-up slices named apart) and the price probe. The analysis
   * and the report, which come after results.json is written, are timed on the console.
   */
  static Map<String, String> wallClock(
      Map<String, String> env, long labNanos, long stepsNanos, long probeNanos, long warmupSec) {
    Map<String, String> m = new LinkedHashMap<>();
    String setup = env.get("LAB_SETUP_SEC");
    String build = env.get("LAB_BUILD_SEC");
    m.put(
        "wall clock: setup",
        setup != null && setup.matches("\\d{1,6}")
            ? setup + " s"
            : "not measured: not run by bin/lab");
    m.put(
        "wall clock: build",
        build != null && build.matches("\\d{1,6}")
            ? build + " s"
            : "not measured: not run by bin/lab");
    m.put("wall clock: lab start", seconds(labNanos) + " s");
    m.put(
        "wall clock: steps",
        seconds(stepsNanos)
            + " s, of which the steps' warm-up slices "
            + warmupSec
            + " s (each step's settle, seeding and re-runs in the rest)");
    m.put("wall clock: price probe", seconds(probeNanos) + " s");
    return m;
  }

  private static long seconds(long nanos) {
    return Math.round(nanos / 1e9);
  }

  static Map<String, String> environment(ExperimentProfile profile, long seed) {
    return environment(profile, seed, 1);
  }

  static Map<String, String> environment(ExperimentProfile profile, long seed, int nodes) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put(
        "command",
        "./bin/lab experiment " + profile.name() + " --seed " + seed + " --nodes " + nodes);
    env.put("commit", commit(LabPaths.root()));
    env.put("profile", profile.toString());
    env.put("runner seed (key sequences)", Long.toString(seed));
    env.put("provider double seed (latencies, customers)", Long.toString(EmbeddedLab.DOUBLE_SEED));
    env.putAll(MachineFacts.describe());
    env.put("quote nodes", NodeGroup.describe(nodes));
    env.put(StepRecording.INSURED_OBJECTS, StepRecording.OBJECTS_BY_SEGMENT);
    env.put("quote node JVM", "-Xms/-Xmx " + NodeProcess.HEAP + ", ActiveProcessorCount 2");
    env.put("provider double JVM", "-Xms/-Xmx 256m, ActiveProcessorCount 1");
    env.put("runner + Gatling JVM heap", Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB");
    Properties versions = new Properties();
    try (InputStream in =
        ExperimentCommand.class.getResourceAsStream("/ha01-versions.properties")) {
      if (in != null) {
        versions.load(in);
      }
    } catch (IOException e) {
      log.warn("versions: {}", e.toString());
    }
    versions.stringPropertyNames().stream()
        .sorted()
        .forEach(k -> env.put(k, versions.getProperty(k)));
    return env;
  }
}
