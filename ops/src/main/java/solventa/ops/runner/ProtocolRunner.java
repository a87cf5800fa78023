package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.adapter.BreakerState;
import solventa.gatling.KeyFeeder;
import solventa.gatling.KeyPopulation;
import solventa.gatling.SweepKeySet;
import solventa.ops.analysis.HitRateBisection;
import solventa.ops.analysis.NodeStats;
import solventa.ops.analysis.Sanity;
import solventa.ops.analysis.StepAnalyzer;
import solventa.ops.analysis.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.ResultsFolder;
import solventa.providerdouble.control.ProviderState;
import solventa.quote.stats.StatsSnapshot;

/**
 * Walks the protocol of the experiment card (Protocol) on an {@link EmbeddedLab}: per step it
 * prepares the node (fresh node and warm keys where the protocol starts over), changes the provider
 * state when the load starts, discards the warm-up slice, samples the breaker, and hands the raw
 * material to {@link StepAnalyzer}. Results are written after every step, so an interrupted
 * experiment keeps what it measured. With {@code --nodes N} each "node" is an N-node cluster
 * ({@link NodeGroup}): the load round-robins over its quote APIs, and every node-side reading is
 * taken from each member and merged ({@link NodeStats#merge}), with each member's own figures kept
 * beside.
 */
public final class ProtocolRunner {
  private static final Logger log = LoggerFactory.getLogger(ProtocolRunner.class);

  /** The benchmark's achieved-rate check: the share {@link Sanity} requires of every step. */
  public static final double MIN_ACHIEVED_SHARE = Sanity.MIN_ACHIEVED_SHARE;

  /** Keys above this index are used only to probe the breaker closed between steps. */
  static final int PROBE_KEY_BASE = 95_000;

  /** Each node's known-customer populations are allocated upwards from here, one per step. */
  static final int POPULATION_BASE = 1_000;

  /** Never-seen customers are drawn upwards from here (below the probe keys). */
  static final int NEVER_SEEN_BASE = 60_000;

  /** Customers per seeding request: within the adapter's pool plus its queue (32 + 64). */
  static final int SEED_BATCH = 64;

  /** Seeding rounds: customers whose seed fetch failed are sent again after the breaker closes. */
  static final int SEED_ROUNDS = 3;

  /** Quotes sent to a new node before it is measured. */
  static final int WARMUP_REQUESTS = 300;

  static final int WARMUP_CONCURRENCY = 16;

  /** Seconds of unmeasured load at the first step's rate on every new node. */
  static final int WARMUP_LOAD_SEC = 4;

  static final int PROBE_KEYS = 5_000;

  /**
   * A sweep step's margin ({@link SweepKeySet}): its fresh customers are seeded last, at most
   * {@link #SWEEP_MAX_HIT_POOL} of them, and must stay fresh from their seeding to the step's end;
   * this covers the seconds between the two ends (seeding them, Gatling's start).
   */
  static final int SWEEP_MARGIN_SEC = 4;

  /** A sweep step's fresh customers: at most four seed batches, written in about a second. */
  static final int SWEEP_MAX_HIT_POOL = 4 * SEED_BATCH;

  /**
   * The node's {@code quote.max-staleness} (quote.conf's 24 h; the runner does not set it): a sweep
   * step's expired customers must stay younger, so arm C answers them STALE.
   */
  static final int NODE_MAX_STALENESS_SEC = 24 * 3600;

  private final ExperimentProfile profile;
  private final Path out;
  private final long seed;
  private final EmbeddedLab lab;
  private final ResultsFolder store;
  private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
  private final Map<String, Map<String, String>> contracts = new LinkedHashMap<>();
  private final List<StepResult> results = new ArrayList<>();
  private int nextPopulation = POPULATION_BASE;
  private int probeCounter;
  private NodeGroup prepared;
  private Population lastPopulation;
  private final FreshKeys fresh = new FreshKeys();
  private final StepRecorder recorder;

  /**
   * The known customers of one step: indices [start, start + size), seeded or continued. A sweep
   * step's ({@code sweep}) are its fresh customers, and [missStart, missStart + missSize) its
   * expired ones ({@link SweepKeySet}).
   */
  record Population(
      int start, int size, boolean seeded, boolean sweep, int missStart, int missSize) {
    Population(int start, int size, boolean seeded) {
      this(start, size, seeded, false, 0, 0);
    }

    /** Every known customer of the step, fresh and expired. */
    int known() {
      return size + missSize;
    }
  }

  /**
   * The node's raw stats at the start of the last load step's measured window (after its warm-up
   * slice; at the step's start when it has none) and at its end: the benchmark reads the node's
   * process counters (CPU time, threads started) from them, and the first member's context switches
   * at the same two moments (null where they could not be read, see {@link ContextSwitches}).
   */
  record WindowStats(
      StatsSnapshot atStart, StatsSnapshot atEnd, Long switchesAtStart, Long switchesAtEnd) {}

  public ProtocolRunner(
      ExperimentProfile profile, Path out, long seed, EmbeddedLab lab, ResultsFolder store) {
    this.profile = profile;
    this.out = out;
    this.seed = seed;
    this.lab = lab;
    this.store = store;
    this.recorder = new StepRecorder(profile, out, seed, lab, scheduler, fresh);
  }

  public List<StepResult> results() {
    return results;
  }

  public Map<String, Map<String, String>> contracts() {
    return contracts;
  }

  /**
   * Runs {@code plan}, extended by C's bisection steps (decision 0022), telling {@code progress}
   * after every step (the console's line, see {@link #walk}).
   */
  public void run(List<StepSpec> plan, Progress progress) throws IOException {
    for (StepSpec s : plan) {
      if (s.kind() == StepKind.SWEEP) {
        sweepKeys(profile, s); // refuses, before anything runs, a profile whose T is too short
      }
    }
    walk(profile, plan, this::runStep, progress);
    scheduler.shutdownNow();
  }

  /** Runs one step of the walk. */
  interface StepRun {
    StepResult run(StepSpec spec) throws IOException;
  }

  /** Told after step {@code i} of {@code steps}, while up to {@code mayAdd} may still be added. */
  public interface Progress {
    void after(int i, List<StepSpec> steps, int mayAdd, StepResult r);
  }

  /**
   * Runs the steps of {@code plan} in order through {@code exec}; after B's and after C's last
   * sweep step, while {@link #nextBisectionStep} names a rate for that arm, that step is inserted
   * next (same node, before the arm's next steps), at most the profile's bound per arm. Returns the
   * steps as run.
   */
  static List<StepSpec> walk(
      ExperimentProfile p, List<StepSpec> plan, StepRun exec, Progress progress)
      throws IOException {
    List<StepSpec> steps = new ArrayList<>(plan);
    List<StepResult> done = new ArrayList<>();
    Map<BenchArm, Integer> mayAdd = new java.util.EnumMap<>(BenchArm.class);
    for (BenchArm arm : ProtocolPlan.BISECTED_ARMS) {
      mayAdd.put(arm, ProtocolPlan.maxExtraSteps(p, plan, arm));
    }
    for (int i = 0; i < steps.size(); i++) {
      StepResult r = exec.run(steps.get(i));
      done.add(r);
      for (BenchArm arm : ProtocolPlan.BISECTED_ARMS) {
        if (mayAdd.get(arm) > 0 && ProtocolPlan.isLastSweep(steps, i, arm)) {
          Optional<StepSpec> next = nextBisectionStep(p, done, arm);
          if (next.isPresent()) {
            steps.add(i + 1, next.get());
            mayAdd.merge(arm, -1, Integer::sum);
          } else {
            mayAdd.put(arm, 0);
          }
        }
      }
      progress.after(i, steps, mayAdd.values().stream().mapToInt(Integer::intValue).sum(), r);
    }
    return steps;
  }

  /**
   * {@code arm}'s next bisection or extension step over the results so far ({@link
   * HitRateBisection} with the profile's resolution and bound), or empty, with the reason logged: a
   * warning when a sweep point cannot be judged. Static and pure but for the log, so a test can
   * drive it over recorded results.
   */
  static Optional<StepSpec> nextBisectionStep(
      ExperimentProfile p, List<StepResult> results, BenchArm arm) {
    List<StepResult> sweep =
        results.stream().filter(r -> ProtocolPlan.isSweep(r.spec(), arm)).toList();
    HitRateBisection.Next next =
        HitRateBisection.next(
            sweep, p.bisectionResolutionPts(), p.maxBisectionSteps(), 1 - p.neverSeenShare());
    if (next.hitRate() == null) {
      if (next.reason().startsWith("stopped")) {
        log.warn("HD-01.4 bisection of {} {}", arm.label(), next.reason());
      } else {
        log.info("HD-01.4 bisection of {} done: {}", arm.label(), next.reason());
      }
      return Optional.empty();
    }
    StepSpec step = ProtocolPlan.sweepStep(p, arm, next.hitRate(), true);
    log.info("HD-01.4 bisection of {}: {}; adding {}", arm.label(), next.reason(), step.id());
    return Optional.of(step);
  }

  private StepSpec previous;

  /** Runs one step after the ones already run (the node is reused where the protocol allows). */
  StepResult runStep(StepSpec spec) throws IOException {
    StepResult r = execute(spec, previous);
    List<String> reasons = r.invalidations();
    if (!r.valid() && spec.kind() != StepKind.BENCH) {
      // an invalid step is re-run once; the report lists every invalidation with its reason
      log.warn("step {} invalid ({}); re-running it once", spec.id(), String.join("; ", reasons));
      List<String> first = reasons.stream().map(x -> "attempt 1: " + x).toList();
      StepResult again;
      if (spec.state() == ProviderState.RECOVERY
          && previous != null
          && previous.arm() == spec.arm()) {
        // recovery needs its outage: run the preceding step again, unmeasured, then recover
        StepSpec leadIn =
            new StepSpec(
                previous.id() + "-lead-in",
                previous.kind(),
                previous.run(),
                previous.arm(),
                previous.state(),
                previous.hitRate(),
                previous.rate(),
                previous.policy(),
                previous.warmupSec(),
                previous.measureSec(),
                previous.concurrent());
        execute(leadIn, leadIn);
        again = execute(spec, leadIn);
      } else {
        again = execute(spec, spec);
      }
      List<String> second = again.invalidations().stream().map(x -> "attempt 2: " + x).toList();
      List<String> all = new ArrayList<>(first);
      all.addAll(second);
      r = again.withInvalidations(all, second.isEmpty(), 2);
    }
    return done(spec, r);
  }

  /** Keeps a finished step and saves the measurements so far (not analysed: that is the end's). */
  private StepResult done(StepSpec spec, StepResult r) throws IOException {
    results.add(r);
    if (store != null) {
      store.saveProgress(results, contracts);
    }
    previous = spec;
    return r;
  }

  void close() {
    scheduler.shutdownNow();
  }

  /** Raw node stats around the last load step's window; null before any. */
  WindowStats lastWindow() {
    return recorder.lastWindow();
  }

  /**
   * Runs one load step on a node started for it and measured from its first request: its known
   * customers are seeded in Redis as for any step, but no warm-up or warm-up load by the runner
   * (what a node meets after a restart; its own start-up warm-up, if configured, ran before it
   * reported ready).
   */
  StepResult runOnNewNode(StepSpec spec) throws IOException {
    lab.stopNode();
    NodeGroup node = lab.node(spec.arm(), spec.policy(), profile);
    prepared = node;
    nextPopulation = POPULATION_BASE; // a new node comes with an emptied Redis
    fresh.reset();
    Population pop = newPopulation(spec);
    if (spec.arm().caches()) {
      seed(node, spec, pop); // in Redis only: the new node's entities start from there
    }
    lastPopulation = pop;
    StepResult r = recorder.loadStep(spec, node, pop);
    return done(spec, r);
  }

  /** The first node's own description of its stack, into the run's environment (issue 32). */
  private void describeStack() {
    if (store != null) {
      java.util.Map<String, String> facts = new java.util.LinkedHashMap<>();
      lab.nodeStack()
          .forEach((k, v) -> facts.put(k.startsWith("node stack") ? k : "node stack: " + k, v));
      store.describe(facts);
    }
  }

  private StepResult execute(StepSpec spec, StepSpec previous) throws IOException {
    // a fresh node per (run, arm, policy): the sweep, policy and stampede steps of the first run
    // reuse the node of the arm's walk (see ProtocolPlan)
    boolean newGroup =
        previous == null
            || previous.arm() != spec.arm()
            || !previous.run().equals(spec.run())
            || !previous.policy().equals(spec.policy());
    if (newGroup) {
      lab.stopNode();
    }
    NodeGroup node = lab.node(spec.arm(), spec.policy(), profile);
    if (node != prepared) {
      describeStack();
      nextPopulation = POPULATION_BASE; // a new node comes with an emptied Redis
      fresh.reset();
      lastPopulation = null;
      settle(node);
      warmUp(node);
      settle(node);
      if (spec.kind() == StepKind.WALK) {
        contractProbe(spec, node);
      }
      if (spec.kind() != StepKind.STAMPEDE) {
        warmUpLoad(spec, node);
        settle(node);
      }
      prepared = node;
    }
    if (spec.kind() == StepKind.STAMPEDE) {
      settle(node);
      return recorder.stampede(spec, node);
    }
    // recovery continues the outage's customers, whose values aged while the provider was down
    boolean continues =
        spec.state() == ProviderState.RECOVERY
            && previous != null
            && previous != spec
            && previous.arm() == spec.arm()
            && previous.run().equals(spec.run())
            && lastPopulation != null;
    Population pop;
    if (continues) {
      pop = new Population(lastPopulation.start(), lastPopulation.size(), false);
    } else {
      settle(node); // every other step starts from a healthy provider and a closed breaker
      pop = newPopulation(spec);
      if (spec.arm().caches()) {
        seed(node, spec, pop);
      }
    }
    lastPopulation = pop;
    return recorder.loadStep(spec, node, pop);
  }

  /**
   * The step's known customers, new to this node: a sweep step's key set ({@link SweepKeySet}), any
   * other step's K of a steady-state population ({@link KeyPopulation}).
   */
  private Population newPopulation(StepSpec spec) {
    if (spec.kind() != StepKind.SWEEP) {
      return steadyPopulation(spec);
    }
    SweepKeySet ks = sweepKeys(profile, spec);
    int hits = ks.hitPoolSize();
    int misses = ks.missPoolSize();
    int start = allocate(hits + misses);
    return new Population(start, hits, true, true, start + hits, misses);
  }

  /** K known customers of a steady-state population (see {@link KeyPopulation}). */
  private Population steadyPopulation(StepSpec spec) {
    int k = population(spec).size();
    return new Population(allocate(k), k, true);
  }

  private int allocate(int k) {
    if (nextPopulation + k > NEVER_SEEN_BASE) {
      log.warn("known-customer range exhausted on this node; starting over at {}", POPULATION_BASE);
      nextPopulation = POPULATION_BASE;
    }
    int start = nextPopulation;
    nextPopulation += k;
    return start;
  }

  /**
   * A sweep step's key set: its target, the walk's rate, its whole duration, the profile's T and
   * never-seen share, the runner's margin and hit pool, the node's max-staleness.
   */
  static SweepKeySet sweepKeys(ExperimentProfile p, StepSpec spec) {
    return new SweepKeySet(
        spec.hitRate(),
        spec.rate(),
        spec.durationSec(),
        p.refreshAfterSec(),
        p.neverSeenShare(),
        SWEEP_MARGIN_SEC,
        NODE_MAX_STALENESS_SEC,
        SWEEP_MAX_HIT_POOL);
  }

  KeyPopulation population(StepSpec spec) {
    return new KeyPopulation(
        spec.hitRate(), spec.rate(), profile.refreshAfterSec(), profile.neverSeenShare());
  }

  /**
   * Stores every known customer's profile with a steady-state age ({@link
   * KeyPopulation#steadyStateAgeSec}) through the node's bench-only seed route, so the step starts
   * in steady state. The node has never met these customers: their entities start from Redis.
   */
  private void seed(NodeGroup node, StepSpec spec, Population pop) throws IOException {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed + spec.id().hashCode());
    Map<String, Long> ages = new LinkedHashMap<>();
    String firstFresh = null;
    if (pop.sweep()) {
      // a sweep's expired customers first, its fresh ones last: they must outlast the step
      SweepKeySet ks = sweepKeys(profile, spec);
      for (int i = 0; i < pop.missSize(); i++) {
        ages.put(
            KeyFeeder.customerId(pop.missStart() + i), Math.round(ks.expiredAgeSec(random) * 1000));
      }
      for (int i = 0; i < pop.size(); i++) {
        ages.put(KeyFeeder.customerId(pop.start() + i), Math.round(ks.freshAgeSec(random) * 1000));
      }
      firstFresh = KeyFeeder.customerId(pop.start());
    } else {
      KeyPopulation kp = population(spec);
      for (int i = 0; i < pop.size(); i++) {
        ages.put(
            KeyFeeder.customerId(pop.start() + i), Math.round(kp.steadyStateAgeSec(random) * 1000));
      }
    }
    fresh.seededAtMs = 0;
    List<String> pending = new ArrayList<>(ages.keySet());
    for (int round = 0; round < SEED_ROUNDS && !pending.isEmpty(); round++) {
      if (round > 0) {
        settle(node); // a failed seed fetch may have opened the breaker
      }
      List<String> failed = new ArrayList<>();
      for (int from = 0; from < pending.size(); from += SEED_BATCH) {
        List<String> ids = pending.subList(from, Math.min(pending.size(), from + SEED_BATCH));
        if (firstFresh != null && fresh.seededAtMs == 0 && ids.contains(firstFresh)) {
          fresh.seededAtMs = System.currentTimeMillis();
        }
        // the batches go round the members: each fetches through its own adapter and writes the
        // shared Redis, where the customer's entity, on whichever node owns it, starts from
        NodeProcess via = node.members().get((from / SEED_BATCH) % node.size());
        var answer = via.seed(ids, ids.stream().map(ages::get).toList());
        failed.addAll(answer.failedIds());
      }
      pending = failed;
    }
    if (!pending.isEmpty()) {
      // they start the step unknown (DEFAULT in C, a wait in B): the hit rate column shows it
      log.warn(
          "{} of {} known customers of {} could not be seeded",
          pending.size(),
          pop.size(),
          spec.id());
    }
  }

  /**
   * Provider healthy and every node's breaker closed, driving probe requests through half-open. A
   * probe's entity may live on any node, so each round sends one new probe customer to every node
   * whose breaker is not closed yet.
   */
  private void settle(NodeGroup node) throws IOException {
    lab.control().apply(ProviderState.HEALTHY);
    long deadline = System.currentTimeMillis() + 60_000;
    while (System.currentTimeMillis() < deadline) {
      List<NodeProcess> open = new ArrayList<>();
      for (NodeProcess m : node.members()) {
        if (!BreakerState.CLOSED.name().equals(m.breaker().path("state").asText())) {
          open.add(m);
        }
      }
      if (open.isEmpty()) {
        return;
      }
      for (NodeProcess m : open) {
        int k = probeKey();
        m.quote(KeyFeeder.customerId(k), KeyFeeder.lineOf(k));
      }
      StepRecorder.sleep(300);
    }
    log.warn("a breaker did not close within 60 s with a healthy provider");
  }

  /**
   * Wakes a new node the same way in every arm — JIT, the adapter's connection pool, the provider
   * path — with quotes for never-seen probe customers, {@value #WARMUP_CONCURRENCY} in flight at a
   * time, so every arm meets its first measured step warm whatever its cache.
   */
  private void warmUp(NodeGroup node) {
    int n = WARMUP_REQUESTS;
    for (int from = 0; from < n; from += WARMUP_CONCURRENCY) {
      List<CompletableFuture<Http.Reply>> batch = new ArrayList<>();
      for (int i = from; i < Math.min(n, from + WARMUP_CONCURRENCY); i++) {
        int k = probeKey();
        batch.add(
            Http.postAsync(
                node.members().get(i % node.size()).baseUrl() + "/v1/quotes",
                solventa.gatling.QuoteRequests.body(KeyFeeder.customerId(k), KeyFeeder.lineOf(k))));
      }
      CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)).join();
    }
  }

  /**
   * An unmeasured open-model run at the first step's rate with the provider healthy, so a new node
   * meets its first measured step already serving that load (connection pools sized, JIT warm)
   * rather than ramping up inside it; the sequential warm-up above cannot do that.
   */
  private void warmUpLoad(StepSpec first, NodeGroup node) throws IOException {
    StepSpec w =
        new StepSpec(
            first.id() + "-warmup",
            first.kind(),
            first.run(),
            first.arm(),
            ProviderState.HEALTHY,
            first.hitRate(),
            first.rate(),
            first.policy(),
            0,
            WARMUP_LOAD_SEC,
            0);
    Path dir = Files.createDirectories(out.resolve("warmup"));
    Population pop = steadyPopulation(w); // unseeded: its customers are fetched as they come
    int freshStart = fresh.next;
    fresh.next += recorder.freshNeeded(w);
    GatlingStep.run(
        w.arm().simulation(),
        recorder.gatlingParameters(w, node, pop, freshStart, dir.resolve(w.id() + ".csv")),
        w.id(),
        dir.resolve(w.id()),
        false);
  }

  /** Probe customers cycle through the top of the universe, apart from the measured keys. */
  private int probeKey() {
    return PROBE_KEY_BASE + (probeCounter++ % PROBE_KEYS);
  }

  private void contractProbe(StepSpec spec, NodeGroup node) throws IOException {
    Http.Reply r = node.first().quote(KeyFeeder.customerId(1), KeyFeeder.lineOf(1));
    contracts
        .computeIfAbsent(spec.run(), k -> new LinkedHashMap<>())
        .put(spec.arm().label(), r.status() + " " + r.body());
  }

  /**
   * The benchmark's framework floor (issue 12): {@code spec}'s rate and durations, but bare
   * requests ({@link GatlingStep#FLOOR_SIMULATION}) on the node the previous step ran on, measured
   * exactly as a load step (window, stats, context switches, {@link #lastWindow()}). The node's
   * quote counters stay at 0: the requests are counted from the request log.
   */
  StepResult runFloor(StepSpec spec) throws IOException {
    if (prepared == null) {
      throw new IllegalStateException("the floor runs on the node of an earlier step; none ran");
    }
    // the simulation sends no customer; it is handed the last step's population only because
    // every step's parameters name one
    Population pop =
        lastPopulation != null ? lastPopulation : new Population(POPULATION_BASE, 1, false);
    return done(spec, recorder.loadStep(spec, prepared, pop, GatlingStep.FLOOR_SIMULATION));
  }
}
