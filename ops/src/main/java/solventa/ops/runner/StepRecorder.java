package solventa.ops.runner;

import static solventa.ops.runner.ProtocolRunner.SWEEP_MARGIN_SEC;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.gatling.StepHooks;
import solventa.gatling.StepParameters;
import solventa.ops.analysis.NodeInterval;
import solventa.ops.analysis.NodeStats;
import solventa.ops.analysis.Sample;
import solventa.ops.analysis.StepAnalyzer;
import solventa.ops.analysis.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.StepRecording;
import solventa.ops.runner.ProtocolRunner.Population;
import solventa.ops.runner.ProtocolRunner.WindowStats;
import solventa.providerdouble.control.ProviderState;
import solventa.quote.stats.StatsSnapshot;
import solventa.signals.Origin;

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
    return new StepParameters(
        String.join(",", node.baseUrls()),
        spec.arm().nodeArm().label(),
        spec.rate(),
        java.time.Duration.ofSeconds(spec.durationSec()),
        spec.hitRate(),
        pop.start(),
        pop.size(),
        profile.neverSeenShare(),
        freshStart,
        seed + spec.id().hashCode(),
        requestLog.toString(),
        pop.sweep(),
        pop.missStart(),
        pop.missSize());
  }

  StepResult loadStep(StepSpec spec, NodeGroup node, Population pop) throws IOException {
    return loadStep(spec, node, pop, spec.arm().simulation());
  }

  /**
   * The step's samplers: the adapter's pool and the double every 250 ms, and each member's own
   * latency per second (its first interval starts now); cancel them when the load ends.
   */
  List<ScheduledFuture<?>> startSampling(
      StepSpec spec,
      NodeGroup node,
      List<Sample> samples,
      List<List<Sample>> memberSamples,
      List<NodeInterval> nodeSeconds,
      List<List<NodeInterval>> memberSeconds) {
    ScheduledFuture<?> sampler =
        scheduler.scheduleAtFixedRate(
            () -> sample(node, samples, memberSamples), 0, 250, TimeUnit.MILLISECONDS);
    startIntervals(spec, node);
    ScheduledFuture<?> perSecond =
        scheduler.scheduleAtFixedRate(
            () -> interval(node, nodeSeconds, memberSeconds), 1000, 1000, TimeUnit.MILLISECONDS);
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
  ScheduledFuture<?> windowStart(
      StepSpec spec,
      NodeGroup node,
      AtomicReference<NodeStats> atWindow,
      AtomicReference<StatsSnapshot> rawAtWindow,
      AtomicReference<Long> switchesAtWindow) {
    return scheduler.schedule(
        () -> {
          try {
            List<StatsSnapshot> raws = snapshots(node);
            atWindow.set(merged(node, raws));
            rawAtWindow.set(raws.get(0));
            switchesAtWindow.set(switches(node));
            resetStats(node);
          } catch (IOException e) {
            log.warn("window-start stats of {}: {}", spec.id(), e.toString());
          }
        },
        spec.warmupSec(),
        TimeUnit.SECONDS);
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

  /** A copy of a list the sampler threads append to. */
  static <T> List<T> copy(List<T> shared) {
    synchronized (shared) {
      return new ArrayList<>(shared);
    }
  }

  StepResult loadStep(StepSpec spec, NodeGroup node, Population pop, String simulation)
      throws IOException {
    Path dir = Files.createDirectories(out.resolve("steps").resolve(spec.id()));
    Path requestLog = dir.resolve("requests.csv");
    int freshStart = fresh.next;
    fresh.next += freshNeeded(spec);

    resetStats(node);
    lab.control().resetLag();
    List<StatsSnapshot> rawsAtStart = snapshots(node);
    long[] rejectedAtStart = rejected(rawsAtStart);
    // the benchmark reads one node's process counters: the first member's (one node in a bench)
    AtomicReference<StatsSnapshot> rawAtWindow = new AtomicReference<>(rawsAtStart.get(0));
    AtomicReference<Long> switchesAtWindow = new AtomicReference<>(switches(node));
    List<Sample> samples = new ArrayList<>();
    List<List<Sample>> memberSamples = perMember(node);
    List<NodeInterval> nodeSeconds = new ArrayList<>();
    List<List<NodeInterval>> memberSeconds = perMember(node);
    List<ScheduledFuture<?>> sampling =
        startSampling(spec, node, samples, memberSamples, nodeSeconds, memberSeconds);
    AtomicLong change = new AtomicLong();
    AtomicReference<NodeStats> atWindow = new AtomicReference<>();
    AtomicReference<ScheduledFuture<?>> windowTask = new AtomicReference<>();
    long start = System.currentTimeMillis();
    StepHooks.onNextStart(
        () -> {
          change.set(System.currentTimeMillis());
          lab.control().apply(spec.state(), Duration.ofSeconds(profile.recoveryWindowSec()));
          checkSweepMargin(spec, pop, change.get());
          if (spec.warmupSec() > 0) {
            windowTask.set(windowStart(spec, node, atWindow, rawAtWindow, switchesAtWindow));
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
    List<StatsSnapshot> rawsAtEnd = snapshots(node);
    Long switchesAtEnd = switches(node);
    NodeStats atEnd = merged(node, rawsAtEnd);
    lastWindow =
        new WindowStats(rawAtWindow.get(), rawsAtEnd.get(0), switchesAtWindow.get(), switchesAtEnd);
    Double lag = lagP99();
    long changeMs = change.get() == 0 ? start : change.get();
    List<RequestRecord> records =
        Files.exists(requestLog) ? RequestLog.read(requestLog) : List.of();
    long firstSend = records.stream().mapToLong(RequestRecord::sendMs).min().orElse(changeMs);
    long windowStart = firstSend + spec.warmupSec() * 1000L;
    // the window is exactly the measured seconds: it ends with the planned injection, so a
    // catch-up burst after a stall cannot inflate the achieved rate
    long loadEnd = firstSend + spec.durationSec() * 1000L;
    List<Sample> snapshot = copy(samples);
    List<NodeInterval> seconds = copy(nodeSeconds);
    return analyze(
        new StepAnalyzer.Inputs(
            spec,
            changeMs, // the step's timeline starts with its load
            changeMs,
            windowStart,
            loadEnd,
            records,
            atWindow.get(),
            atEnd,
            java.util.Arrays.stream(rejectedAtStart).sum(),
            snapshot,
            lag,
            outcome.assertionsPassed(),
            outcome.report() == null ? null : out.relativize(Path.of(outcome.report())).toString(),
            seconds,
            spec.arm().caches() ? pop.known() : null,
            pop.seeded(),
            memberInputs(node, rawsAtEnd, rejectedAtStart, memberSamples, memberSeconds)));
  }

  /**
   * Each member's bulkhead rejections so far, in member order. The adapter counts them since the
   * node started and a stats reset leaves them, so a step's own rejections are the count at its end
   * minus this reading at its start.
   */
  static long[] rejected(List<StatsSnapshot> raws) {
    return raws.stream().mapToLong(j -> NodeStats.of(j).rejected()).toArray();
  }

  /** One list per member, for the readings taken from each. */
  static <T> List<List<T>> perMember(NodeGroup node) {
    List<List<T>> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      out.add(new ArrayList<>());
    }
    return out;
  }

  static void resetStats(NodeGroup node) throws IOException {
    for (NodeProcess m : node.members()) {
      m.resetStats();
    }
  }

  /** Every member's raw stats, in member order. */
  // the first member's process context switches (the benchmark's one node), null if unreadable
  static Long switches(NodeGroup node) {
    return ContextSwitches.of(node.first().pid()).orElse(null);
  }

  static List<StatsSnapshot> snapshots(NodeGroup node) throws IOException {
    List<StatsSnapshot> out = new ArrayList<>();
    for (NodeProcess m : node.members()) {
      out.add(m.snapshot());
    }
    return out;
  }

  static List<String> names(NodeGroup node) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      out.add(NodeGroup.name(i));
    }
    return out;
  }

  /** The members' stats as one ({@link NodeStats#merge}); one node's as they are. */
  static NodeStats merged(NodeGroup node, List<StatsSnapshot> raws) {
    return NodeStats.merge(names(node), raws.stream().map(NodeStats::of).toList());
  }

  /** {@code 127.0.0.1:PORT} of a member's quote API, as the request log records it. */
  static String authority(NodeProcess m) {
    return java.net.URI.create(m.baseUrl()).getRawAuthority();
  }

  /** Each member's raw material when there are several; none for one node. */
  private static List<StepAnalyzer.NodeInputs> memberInputs(
      NodeGroup node,
      List<StatsSnapshot> rawsAtEnd,
      long[] rejectedAtStart,
      List<List<Sample>> samples,
      List<List<NodeInterval>> seconds) {
    if (node.size() == 1) {
      return List.of();
    }
    List<StepAnalyzer.NodeInputs> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      List<Sample> s;
      synchronized (samples) {
        s = List.copyOf(samples.get(i));
      }
      List<NodeInterval> sec;
      synchronized (seconds) {
        sec = List.copyOf(seconds.get(i));
      }
      out.add(
          new StepAnalyzer.NodeInputs(
              NodeGroup.name(i),
              authority(node.members().get(i)),
              NodeStats.of(rawsAtEnd.get(i)),
              rejectedAtStart[i],
              s,
              sec));
    }
    return out;
  }

  /** Each member's own latency over the last second, into its list and the merged one. */
  static void interval(
      NodeGroup node, List<NodeInterval> into, List<List<NodeInterval>> perMember) {
    for (int i = 0; i < node.size(); i++) {
      try {
        StatsSnapshot.Interval j = node.members().get(i).interval();
        NodeInterval n = new NodeInterval(System.currentTimeMillis(), j.count(), j.p99(), j.max());
        synchronized (into) {
          into.add(n);
        }
        synchronized (perMember) {
          perMember.get(i).add(n);
        }
      } catch (IOException | RuntimeException e) {
        log.debug("interval: {}", e.toString());
      }
    }
  }

  /** N concurrent misses on one never-seen key, provider slow (calls overlap but succeed). */
  StepResult stampede(StepSpec spec, NodeGroup node) throws IOException {
    lab.control().apply(ProviderState.SLOW);
    sleep(200);
    resetStats(node);
    lab.control().resetLag();
    // the adapter's rejection counter survives a stats reset: without this reading the stampede
    // reported every rejection since the node started (HD-01.7's "21 rejected" were sweep h50's)
    long[] rejectedAtStart = rejected(snapshots(node));
    int key = fresh.next++;
    long start = System.currentTimeMillis();
    List<Sample> samples = new ArrayList<>();
    List<List<Sample>> memberSamples = perMember(node);
    ScheduledFuture<?> sampler =
        scheduler.scheduleAtFixedRate(
            () -> sample(node, samples, memberSamples), 0, 20, TimeUnit.MILLISECONDS);
    List<CompletableFuture<Http.Reply>> calls = new ArrayList<>();
    List<Long> sends = new ArrayList<>();
    for (int i = 0; i < spec.concurrent(); i++) {
      sends.add(System.currentTimeMillis());
      // round the members, as the load does: the key's one entity lives on one of them
      calls.add(
          Http.postAsync(
              node.members().get(i % node.size()).baseUrl() + "/v1/quotes",
              solventa.gatling.QuoteRequests.body(
                  KeyFeeder.customerId(key), KeyFeeder.lineOf(key))));
    }
    CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
    sleep(1_500); // let every background call of arm C reach its end (≤ 700 ms hard timeout)
    sampler.cancel(false);
    long end = System.currentTimeMillis();
    List<StatsSnapshot> rawsAtEnd = snapshots(node);
    NodeStats atEnd = merged(node, rawsAtEnd);
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      Http.Reply r = calls.get(i).join();
      String origin = "";
      long age = -1;
      if (r.status() == 200) {
        var json = Http.JSON.readTree(r.body());
        origin = json.path("profile").path("origin").asText("");
        age = json.path("profile").path("ageMs").asLong(-1);
      }
      records.add(
          new RequestRecord(
              sends.get(i),
              r.latencyMs(),
              r.status(),
              origin.isEmpty() ? null : Origin.valueOf(origin),
              age,
              "new",
              KeyFeeder.customerId(key),
              authority(node.members().get(i % node.size()))));
    }
    List<Sample> snapshot;
    synchronized (samples) {
      snapshot = new ArrayList<>(samples);
    }
    return analyze(
        new StepAnalyzer.Inputs(
            spec,
            start,
            start,
            start,
            end,
            records,
            null,
            atEnd,
            java.util.Arrays.stream(rejectedAtStart).sum(),
            snapshot,
            lagP99(),
            null,
            null,
            List.of(),
            null,
            false,
            memberInputs(node, rawsAtEnd, rejectedAtStart, memberSamples, perMember(node))));
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

  /**
   * One reading of every member's adapter: each member's into its list, and the members' as one —
   * provider calls added up, the most in flight on one node (as the pool column), and the breaker
   * state when they agree, else each node's in member order. No merged reading when a member could
   * not be read.
   */
  static void sample(NodeGroup node, List<Sample> into, List<List<Sample>> perMember) {
    List<Sample> each = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      try {
        var b = node.members().get(i).breaker();
        long calls = 0;
        var outcomes = b.path("outcomes");
        var it = outcomes.fields();
        while (it.hasNext()) {
          var e = it.next();
          if (!e.getKey().equals("BREAKER_OPEN") && !e.getKey().equals("BULKHEAD_REJECTED")) {
            calls += e.getValue().asLong();
          }
        }
        Sample s =
            new Sample(
                System.currentTimeMillis(),
                b.path("state").asText(""),
                calls,
                b.path("pool").path("inFlight").asInt(0));
        each.add(s);
        synchronized (perMember) {
          perMember.get(i).add(s);
        }
      } catch (IOException | RuntimeException e) {
        log.debug("sample: {}", e.toString());
      }
    }
    if (each.size() != node.size()) {
      return;
    }
    Sample s = each.get(0);
    if (each.size() > 1) {
      List<String> states = each.stream().map(Sample::breaker).toList();
      s =
          new Sample(
              each.get(each.size() - 1).atMs(),
              states.stream().distinct().count() == 1 ? states.get(0) : String.join(",", states),
              each.stream().mapToLong(Sample::providerCalls).sum(),
              each.stream().mapToInt(Sample::inFlight).max().orElse(0));
    }
    synchronized (into) {
      into.add(s);
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
