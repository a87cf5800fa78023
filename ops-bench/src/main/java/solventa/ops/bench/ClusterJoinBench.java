package solventa.ops.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.gatling.StepHooks;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.ResultsFolder;
import solventa.ops.runner.LoadSteps;

/**
 * {@code bin/lab bench --join}: a fourth node joins a 3-node cluster that serves 600 req/s, and the
 * generator's answers are read through the join ({@link JoinFigures}).
 *
 * <p>On the embedded lab: a {@value #NODES}-node cluster of arm C (count policy, provider healthy),
 * prepared as the experiment prepares a node group, then measured once without a join ({@value
 * #BASELINE_SEC} s, the cluster's own figure on this machine). Then one load step of {@value
 * #STEP_SEC} s at {@value #RATE} req/s, 96 % hit-rate target, on the same customers' mix; {@value
 * #LAUNCH_AFTER_SEC} s after its first answer a fourth node starts and joins through the cluster's
 * seed. It reports ready after its own start-up warm-up, and sharding hands it shards once it is
 * Up. The generator keeps to the first three nodes: a load balancer adds a new node only once it is
 * ready, and then with a slow start; what the join itself costs the serving cluster is what this
 * measures.
 *
 * <p>Every loop is bounded: the new node gets {@value #READY_TIMEOUT_SEC} s to report ready, and
 * the step ends on its planned length whatever the node does.
 */
public final class ClusterJoinBench {
  private static final Logger log = LoggerFactory.getLogger(ClusterJoinBench.class);

  /** The serving cluster's size before the join. */
  static final int NODES = 3;

  /** The generator's target, req/s: the rate a node must join under. */
  static final int RATE = 600;

  /** The cluster measured alone first, s. */
  static final int BASELINE_SEC = 20;

  /** Seconds of load before the new node starts. */
  static final int LAUNCH_AFTER_SEC = 20;

  /** How long the new node may take to report ready. */
  static final int READY_TIMEOUT_SEC = 110;

  /** The join step: before, the new node's start, the join window's tail and a margin. */
  static final int STEP_SEC = LAUNCH_AFTER_SEC + READY_TIMEOUT_SEC + JoinFigures.AFTER_READY_SEC;

  private ClusterJoinBench() {}

  public static Path run(Path out, long seed, PrintStream console) throws IOException {
    Files.createDirectories(out);
    ExperimentProfile profile = ExperimentProfile.named("quick");
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")), NODES);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    JoinFigures.Figures figures;
    try {
      lab.start();
      LoadSteps runner = LoadSteps.unrecorded(profile, out, seed, lab);
      try {
        console.printf(
            "join: a %d-node cluster, arm C, %d req/s for %d s (no join)%n",
            NODES, RATE, BASELINE_SEC);
        Benchmark.Row baseline =
            Benchmark.measure(
                runner,
                "join-baseline",
                Benchmark.step("join-baseline", BenchArm.C, 0.96, RATE, 5, BASELINE_SEC),
                false);
        console.printf(
            "join: baseline p99 %s ms, errors %s%n",
            baseline.step().endToEnd().p99(), baseline.step().errorPct());
        console.printf(
            "join: %d req/s for %d s; a fourth node starts %d s in%n",
            RATE, STEP_SEC, LAUNCH_AFTER_SEC);
        figures = joinStep(runner, lab, profile, timer, out);
      } finally {
        runner.close();
      }
    } finally {
      timer.shutdownNow();
      lab.close();
    }
    String md = JoinFigures.render(figures);
    console.print(md);
    return ResultsFolder.saveBench(out, "join", md, figures);
  }

  private static JoinFigures.Figures joinStep(
      LoadSteps runner,
      EmbeddedLab lab,
      ExperimentProfile profile,
      ScheduledExecutorService timer,
      Path out)
      throws IOException {
    StepSpec spec = Benchmark.step("join", BenchArm.C, 0.96, RATE, 0, STEP_SEC);
    AtomicBoolean started = new AtomicBoolean();
    AtomicReference<Long> launchMs = new AtomicReference<>();
    AtomicReference<Long> readyMs = new AtomicReference<>();
    AtomicReference<NodeProcess> joined = new AtomicReference<>();
    // the generator's first answer starts the clock; the watcher only hands it on (Gatling's
    // thread)
    StepHooks.watchNext(
        record -> {
          if (started.compareAndSet(false, true)) {
            timer.schedule(
                () -> launch(lab, profile, timer, launchMs, readyMs, joined),
                LAUNCH_AFTER_SEC,
                TimeUnit.SECONDS);
          }
        });
    StepResult r = runner.runStep(spec);
    NodeProcess node = joined.get();
    int[] shards = node == null ? null : node.hostedShards();
    Path requestLog = out.resolve("steps").resolve(spec.id()).resolve("requests.csv");
    List<RequestRecord> records =
        Files.exists(requestLog) ? RequestLog.read(requestLog) : List.of();
    long first = records.stream().mapToLong(RequestRecord::sendMs).min().orElse(r.endMs());
    long end = first + STEP_SEC * 1000L;
    return JoinFigures.Figures.builder()
        .rate(RATE)
        .nodesBefore(NODES)
        .launchMs(launchMs.get())
        .readyMs(readyMs.get())
        .readyTimeoutSec(READY_TIMEOUT_SEC)
        .shards(shards)
        .windows(JoinFigures.windows(records, launchMs.get(), readyMs.get(), end))
        .seconds(JoinFigures.seconds(records))
        .achievedRate(r.achievedRate())
        .scheduleLagP99Ms(r.scheduleLagP99Ms())
        .build();
  }

  // starts the node, then polls its /ready every 250 ms on the bench's timer, bounded
  private static void launch(
      EmbeddedLab lab,
      ExperimentProfile profile,
      ScheduledExecutorService timer,
      AtomicReference<Long> launchMs,
      AtomicReference<Long> readyMs,
      AtomicReference<NodeProcess> joined) {
    try {
      long at = System.currentTimeMillis();
      NodeProcess node = lab.joinNode(profile, "-joined");
      joined.set(node);
      launchMs.set(at);
      long deadline = at + READY_TIMEOUT_SEC * 1000L;
      timer.schedule(
          new Runnable() {
            @Override
            public void run() {
              if (node.ready()) {
                readyMs.set(System.currentTimeMillis());
              } else if (System.currentTimeMillis() < deadline) {
                timer.schedule(this, 250, TimeUnit.MILLISECONDS);
              }
            }
          },
          250,
          TimeUnit.MILLISECONDS);
    } catch (RuntimeException e) {
      log.warn("the joining node could not be started: {}", e.toString());
    }
  }
}
