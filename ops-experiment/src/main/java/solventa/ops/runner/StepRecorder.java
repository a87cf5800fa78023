package solventa.ops.runner;

import static solventa.ops.runner.NodePreparation.SWEEP_MARGIN_SEC;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.gatling.StepHooks;
import solventa.gatling.StepParameters;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.StepRecording;
import solventa.ops.runner.ProtocolRunner.Population;
import solventa.quote.stats.StatsSnapshot;

/**
 * Records one step: the generator's load (Gatling), the node's stats before, at the window's start
 * and after, the samplers' readings and the breaker's transitions, and hands them to {@link
 * StepAnalyzer} ({@link #loadStep}); the stampede the same way ({@link #stampede}). The runner
 * decides which step and on which node; this class measures it.
 */
final class StepRecorder {
  private static final Logger log = LoggerFactory.getLogger(StepRecorder.class);

  private final ExperimentProfile profile;
  private final Path out;
  private final long seed;
  private final EmbeddedLab lab;
  private final ScheduledExecutorService scheduler;
  private final FreshKeys fresh;

  /** The node's process counters over the last step's window (the bench reads them). */
  private WindowStats lastWindow;

  StepRecorder(
      ExperimentProfile profile,
      Path out,
      long seed,
      EmbeddedLab lab,
      ScheduledExecutorService scheduler,
      FreshKeys fresh) {
    this.profile = profile;
    this.out = out;
    this.seed = seed;
    this.lab = lab;
    this.scheduler = scheduler;
    this.fresh = fresh;
  }

  WindowStats lastWindow() {
    return lastWindow;
  }

  /** What the step's simulation runs: its rate, window and key plan, at the node's API. */
  StepParameters gatlingParameters(
      StepSpec spec, NodeGroup node, Population pop, int freshStart, Path requestLog) {
    StepParameters params =
        StepParameters.builder(String.join(",", node.baseUrls()), spec.arm().nodeArm().label())
            .rate(spec.rate())
            .duration(java.time.Duration.ofSeconds(spec.durationSec()))
            .hitRate(spec.hitRate())
            .population(pop.start(), pop.size())
            .neverSeenShare(profile.neverSeenShare())
            .freshKeyStart(freshStart)
            .seed(spec.seed(seed, profile.name()))
            .requestLog(requestLog.toString())
            .sweep(pop.sweep(), pop.missStart(), pop.missSize())
            .build();
    return spec.journeys() ? params.withJourneys(JOURNEYS) : params;
  }

  /**
   * The quote journeys of C's and C''s recovery steps: a known customer asks for 2 to 5 quotes
   * within 2 s, so concurrent misses on one customer happen when the provider returns.
   */
  static final StepParameters.Journeys JOURNEYS = StepParameters.Journeys.of(2, 5, 2);

  StepResult loadStep(StepSpec spec, NodeGroup node, Population pop) throws IOException {
    return loadStep(spec, node, pop, GatlingStep.QUOTE_SIMULATION);
  }

  /**
   * The step's samplers: the adapter's pool and the double every 250 ms, and each member's own
   * latency per second (its first interval starts now); cancel them when the load ends.
   */
  List<ScheduledFuture<?>> startSampling(StepSpec spec, NodeGroup node, LoadStepReadings into) {
    ScheduledFuture<?> sampler =
        scheduler.scheduleAtFixedRate(
            () -> NodeReadings.sample(node, into.samples, into.memberSamples),
            0,
            250,
            TimeUnit.MILLISECONDS);
    startIntervals(spec, node);
    ScheduledFuture<?> perSecond =
        scheduler.scheduleAtFixedRate(
            () -> NodeReadings.interval(node, into.nodeSeconds, into.memberSeconds),
            1000,
            1000,
            TimeUnit.MILLISECONDS);
    return List.of(sampler, perSecond);
  }

  /** Starts each member's first one-second interval of the node's own latency now. */
  void startIntervals(StepSpec spec, NodeGroup node) {
    for (NodeProcess m : node.members()) {
      try {
        m.interval();
      } catch (IOException e) {
        log.warn("node interval of {}: {}", spec.id(), e.toString());
      }
    }
  }

  /** A sweep step's fresh customers must not be older than its margin when its load starts. */
  void checkSweepMargin(StepSpec spec, Population pop, long changeMs) {
    if (!pop.sweep() || fresh.seededAtMs <= 0) {
      return;
    }
    long since = changeMs - fresh.seededAtMs;
    if (since > SWEEP_MARGIN_SEC * 1000L) {
      log.warn(
          "{}: its fresh customers were seeded {} ms before the load, more than the"
              + " margin of {} s: the last of them may expire inside the step",
          spec.id(),
          since,
          SWEEP_MARGIN_SEC);
    } else {
      log.info("{}: fresh customers seeded {} ms before the load", spec.id(), since);
    }
  }

  /**
   * At the end of the step's warm-up slice: the node's stats there (the window's start), its
   * process counters, and a stats reset so that the node's own percentiles cover the window only.
   */
  ScheduledFuture<?> windowStart(StepSpec spec, NodeGroup node, LoadStepReadings into) {
    return scheduler.schedule(
        () -> {
          try {
            List<StatsSnapshot> raws = NodeReadings.snapshots(node);
            into.atWindow.set(NodeReadings.merged(node, raws));
            into.rawAtWindow.set(raws.get(0));
            into.switchesAtWindow.set(switches(node));
            NodeReadings.resetStats(node);
          } catch (IOException e) {
            log.warn("window-start stats of {}: {}", spec.id(), e.toString());
          }
        },
        spec.warmupSec(),
        TimeUnit.SECONDS);
  }

  /**
   * A policy step's breaker setting on every member: a fresh closed breaker, its window empty, so
   * the failures it needs before it can open are its setting's (seeding's successes through the
   * adapter are not in it). A node that refuses it fails the step.
   */
  private void setBreaker(StepSpec spec, NodeGroup node) throws IOException {
    BreakerSetting setting = profile.breakerSetting(spec.policy());
    node.setBreaker(setting);
    log.info("{}: breaker set to {} (empty window)", spec.id(), setting.label());
  }

  /** Waits (bounded) for the window-start readings, if the step had a warm-up slice. */
  static void awaitWindowStart(StepSpec spec, ScheduledFuture<?> task) {
    if (task == null) {
      return;
    }
    try {
      task.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("window-start task of {}: {}", spec.id(), e.toString());
    }
  }

  StepResult loadStep(StepSpec spec, NodeGroup node, Population pop, String simulation)
      throws IOException {
    Path requestLog =
        Files.createDirectories(out.resolve("steps").resolve(spec.id())).resolve("requests.csv");
    int freshStart = fresh.next;
    fresh.next += freshNeeded(spec);
    NodeReadings.resetStats(node);
    lab.control().resetLag();
    LoadStepReadings readings =
        new LoadStepReadings(node, NodeReadings.snapshots(node), switches(node));
    List<ScheduledFuture<?>> sampling = startSampling(spec, node, readings);
    AtomicLong change = new AtomicLong();
    AtomicReference<ScheduledFuture<?>> windowTask = new AtomicReference<>();
    if (spec.setsBreaker()) {
      // from an empty window: no load reaches the node between this and the change
      setBreaker(spec, node);
    }
    long start = System.currentTimeMillis();
    StepHooks.onNextStart(
        () -> {
          change.set(System.currentTimeMillis());
          // a recovery read as healthy holds no degraded window
          lab.control()
              .apply(
                  spec.state(),
                  Duration.ofSeconds(CardReading.recoveryWindowSec(spec.reading(), profile)));
          checkSweepMargin(spec, pop, change.get());
          if (spec.warmupSec() > 0) {
            windowTask.set(windowStart(spec, node, readings));
          }
        });
    GatlingStep.Outcome outcome =
        GatlingStep.run(
            simulation,
            gatlingParameters(spec, node, pop, freshStart, requestLog),
            spec.id(),
            out.resolve("gatling").resolve(spec.id()),
            profile.gatlingReports());
    long end = System.currentTimeMillis();
    sampling.forEach(f -> f.cancel(false));
    awaitWindowStart(spec, windowTask.get());
    List<StatsSnapshot> rawsAtEnd = NodeReadings.snapshots(node);
    Long switchesAtEnd = switches(node);
    NodeStats atEnd = NodeReadings.merged(node, rawsAtEnd);
    lastWindow =
        new WindowStats(
            readings.rawAtWindow.get(),
            rawsAtEnd.get(0),
            readings.switchesAtWindow.get(),
            switchesAtEnd);
    Double lag = lagP99();
    long changeMs = change.get() == 0 ? start : change.get();
    List<RequestRecord> records =
        Files.exists(requestLog) ? RequestLog.read(requestLog) : List.of();
    long firstSend = records.stream().mapToLong(RequestRecord::sendMs).min().orElse(changeMs);
    long windowStart = firstSend + spec.warmupSec() * 1000L;
    // the window is exactly the measured seconds: it ends with the planned injection, so a
    // catch-up burst after a stall cannot inflate the achieved rate
    long loadEnd = firstSend + spec.durationSec() * 1000L;
    StepAnalyzer.Inputs.Readings atEndReadings = readings.atEnd(node, atEnd, rawsAtEnd, lag);
    return analyze(
        new StepAnalyzer.Inputs(
            spec,
            // the step's timeline starts with its load
            new StepAnalyzer.Inputs.Times(changeMs, changeMs, windowStart, loadEnd),
            new StepAnalyzer.Inputs.Load(
                records,
                outcome.assertionsPassed(),
                outcome.report() == null
                    ? null
                    : out.relativize(Path.of(outcome.report())).toString()),
            atEndReadings,
            new StepAnalyzer.Inputs.Known(
                spec.arm().caches() ? pop.known() : null, pop.seeded(), seededHitRate(spec, pop))));
  }

  /**
   * The hit rate a steady population's stratified seeding gives at the step's start ({@link
   * solventa.gatling.KeyPopulation#seededHitRate}); null for a step that was not seeded so (arm A,
   * a sweep's key set, a recovery continuing its outage's customers).
   */
  private Double seededHitRate(StepSpec spec, Population pop) {
    if (!spec.arm().caches() || !pop.seeded() || pop.sweep()) {
      return null;
    }
    return new solventa.gatling.KeyPopulation(
            spec.hitRate(), spec.rate(), profile.refreshAfterSec(), profile.neverSeenShare())
        .seededHitRate();
  }

  /** Every member's raw stats, in member order. */
  // the first member's process context switches (the benchmark's one node), null if unreadable
  static Long switches(NodeGroup node) {
    return ContextSwitches.of(node.first().pid()).orElse(null);
  }

  /** N concurrent misses on one never-seen key, provider slow ({@link StampedeRecorder}). */
  StepResult stampede(StepSpec spec, NodeGroup node) throws IOException {
    return new StampedeRecorder(lab, scheduler, fresh, this).record(spec, node);
  }

  /**
   * Stores the step's raw recording beside its request log ({@link StepRecording}), so {@code
   * bin/lab report} can re-analyse it, then analyses it.
   */
  StepResult analyze(StepAnalyzer.Inputs in) {
    try {
      StepRecording.save(out.resolve("steps").resolve(in.spec().id()), in);
    } catch (IOException e) {
      // the step's result stands; only its re-analysis is lost, and the report says so
      log.warn("raw recording of {} not stored: {}", in.spec().id(), e.toString());
    }
    return StepAnalyzer.analyze(in);
  }

  Double lagP99() {
    try {
      return lab.control().lag().p99Ms();
    } catch (RuntimeException e) {
      log.warn("double lag: {}", e.toString());
      return null;
    }
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms); // the runner's own pacing thread, never a service path
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
  }

  /** Never-seen customers a step may use: its expected share with a generous margin. */
  int freshNeeded(StepSpec spec) {
    return (int) Math.ceil(spec.rate() * spec.durationSec() * profile.neverSeenShare() * 3) + 50;
  }
}
