package solventa.ops.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.gatling.KeyFeeder;
import solventa.gatling.SweepKeySet;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.HitRateBisection;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.ProtocolPlan;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.protocol.SweepPlan;
import solventa.ops.results.ResultsFolder;
import solventa.vocabulary.ProviderState;

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
public final class ProtocolRunner implements LoadSteps {
  private static final Logger log = LoggerFactory.getLogger(ProtocolRunner.class);

  /** Keys above this index are used only to probe the breaker closed between steps. */
  static final int PROBE_KEY_BASE = 95_000;

  /** Each node's known-customer populations are allocated upwards from here, one per step. */
  static final int POPULATION_BASE = 1_000;

  /** Never-seen customers are drawn upwards from here (below the probe keys). */
  static final int NEVER_SEEN_BASE = 60_000;

  private final ExperimentProfile profile;
  private final Path out;
  private final long seed;
  private final EmbeddedLab lab;
  private final Optional<ResultsFolder> store;
  private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
  private final Map<String, Map<String, String>> contracts = new LinkedHashMap<>();
  private final List<StepResult> results = new ArrayList<>();
  private NodeGroup prepared;
  private Population lastPopulation;
  private final FreshKeys fresh = new FreshKeys();
  private final StepRecorder recorder;
  private final NodePreparation prep;

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

  /** The experiment's runner: every finished step is saved to {@code store}. */
  public ProtocolRunner(
      ExperimentProfile profile, Path out, long seed, EmbeddedLab lab, ResultsFolder store) {
    this(profile, out, seed, lab, Optional.of(store));
  }

  private ProtocolRunner(
      ExperimentProfile profile,
      Path out,
      long seed,
      EmbeddedLab lab,
      Optional<ResultsFolder> store) {
    this.profile = profile;
    this.out = out;
    this.seed = seed;
    this.lab = lab;
    this.store = store;
    this.recorder = new StepRecorder(profile, out, seed, lab, scheduler, fresh);
    this.prep = new NodePreparation(profile, out, seed, lab, fresh, recorder);
  }

  /** A runner that saves nothing ({@link LoadSteps#unrecorded}). */
  static ProtocolRunner unrecorded(
      ExperimentProfile profile, Path out, long seed, EmbeddedLab lab) {
    return new ProtocolRunner(profile, out, seed, lab, Optional.empty());
  }

  public List<StepResult> results() {
    return results;
  }

  public Map<String, Map<String, String>> contracts() {
    return contracts;
  }

  /**
   * Runs {@code plan}, extended by C's bisection steps (between the sweep's tested rates, to find
   * C's minimum hit rate), telling {@code progress} after every step (the console's line, see
   * {@link #walk}).
   */
  public void run(List<StepSpec> plan, Progress progress) throws IOException {
    for (StepSpec s : plan) {
      if (s.kind() == StepKind.SWEEP) {
        NodePreparation.sweepKeys(
            profile, s); // refuses, before anything runs, a profile whose T is too short
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
   * sweep step of the first run, while {@link #nextBisectionStep} names a rate for that arm, that
   * step is inserted next (same node), at most the profile's bound per arm; after a break-point
   * series' last step, its next ({@link BreakpointSteps}). Returns the steps as run.
   */
  static List<StepSpec> walk(
      ExperimentProfile p, List<StepSpec> plan, StepRun exec, Progress progress)
      throws IOException {
    List<StepSpec> steps = new ArrayList<>(plan);
    List<StepResult> done = new ArrayList<>();
    Map<BenchArm, Integer> mayAdd = new java.util.LinkedHashMap<>();
    for (BenchArm arm : ProtocolPlan.BISECTED_ARMS) {
      mayAdd.put(arm, SweepPlan.maxExtraSteps(p, plan, arm));
    }
    BreakpointSteps breakpoints = new BreakpointSteps(p, plan);
    for (int i = 0; i < steps.size(); i++) {
      StepResult r = exec.run(steps.get(i));
      done.add(r);
      for (BenchArm arm : ProtocolPlan.BISECTED_ARMS) {
        // the first run's sweep is bisected; the later runs repeat its planned rates only
        if (mayAdd.get(arm) > 0
            && SweepPlan.isBisectedSweep(steps.get(i), arm)
            && SweepPlan.isLastSweep(steps, i, arm)) {
          Optional<StepSpec> next = nextBisectionStep(p, done, arm);
          if (next.isPresent()) {
            steps.add(i + 1, next.get());
            mayAdd.merge(arm, -1, Integer::sum);
          } else {
            mayAdd.put(arm, 0);
          }
        }
      }
      Optional<StepSpec> breakpoint = breakpoints.after(steps, i, done);
      if (breakpoint.isPresent()) {
        steps.add(i + 1, breakpoint.get());
      }
      int more = mayAdd.values().stream().mapToInt(Integer::intValue).sum();
      progress.after(i, steps, more + breakpoints.mayAdd(), r);
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
        results.stream().filter(r -> SweepPlan.isBisectedSweep(r.spec(), arm)).toList();
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
    StepSpec step = SweepPlan.sweepStep(p, arm, next.hitRate(), true);
    log.info("HD-01.4 bisection of {}: {}; adding {}", arm.label(), next.reason(), step.id());
    return Optional.of(step);
  }

  private StepSpec previous;

  /** Runs one step after the ones already run (the node is reused where the protocol allows). */
  @Override
  public StepResult runStep(StepSpec spec) throws IOException {
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
            previous.toBuilder()
                .id(previous.id() + "-lead-in")
                .bisection(false)
                .reading(null)
                .build();
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
    if (store.isPresent()) {
      store.get().saveProgress(results, contracts);
    }
    previous = spec;
    return r;
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }

  @Override
  public Optional<WindowStats> lastWindow() {
    return Optional.ofNullable(recorder.lastWindow());
  }

  /**
   * Runs one load step on a new node from its first request, no warm-up by the runner (the node's
   * own ran before it reported ready). {@code seeded}: its known customers are stored in Redis
   * first (a node after a restart); otherwise Redis, emptied for the new node, holds none of them
   * (a node that joins under load with an empty Redis).
   */
  @Override
  public StepResult runOnNewNode(StepSpec spec, boolean seeded) throws IOException {
    lab.stopNode();
    NodeGroup node = lab.node(spec.arm(), spec.nodePolicy(), profile);
    prepared = node;
    prep.reset(); // a new node comes with an emptied Redis
    Population pop = prep.newPopulation(spec);
    if (spec.arm().caches() && seeded) {
      prep.seed(node, spec, pop); // in Redis only: the new node's entities start from there
    }
    lastPopulation = seeded ? pop : new Population(pop.start(), pop.size(), false);
    StepResult r = recorder.loadStep(spec, node, lastPopulation);
    return done(spec, r);
  }

  /**
   * The first node's own description of its stack and the settings C's budget expiry is measured
   * against, into the run's environment, so that every report names what ran.
   */
  private void describeStack() {
    if (store.isPresent()) {
      java.util.Map<String, String> facts = new java.util.LinkedHashMap<>();
      lab.nodeStack()
          .forEach((k, v) -> facts.put(k.startsWith("node stack") ? k : "node stack: " + k, v));
      // the budget and rating cost C's budget-expiry figure subtracts
      facts.putAll(solventa.ops.analysis.figures.BudgetSettings.recorded());
      store.get().describe(facts);
    }
  }

  private StepResult execute(StepSpec spec, StepSpec previous) throws IOException {
    // the healthy tail as the step's reading reads it: the p95 for a step measured under that
    // reading, the p99 again for every other, before any settling sets the healthy profile
    lab.control().setHealthyTail(CardReading.healthyTail(spec.reading()));
    // a fresh node per (run, arm, policy): the sweep, policy and stampede steps of every run
    // reuse the node of the arm's walk (see ProtocolPlan)
    boolean newGroup =
        previous == null
            || previous.arm() != spec.arm()
            || !previous.run().equals(spec.run())
            || !previous.nodePolicy().equals(spec.nodePolicy());
    if (newGroup) {
      lab.stopNode();
    }
    NodeGroup node = lab.node(spec.arm(), spec.nodePolicy(), profile);
    if (node != prepared) {
      describeStack();
      prep.reset(); // a new node comes with an emptied Redis
      lastPopulation = null;
      prep.settle(node);
      prep.warmUp(node);
      prep.settle(node);
      if (spec.kind() == StepKind.WALK) {
        contractProbe(spec, node);
      }
      if (spec.kind() != StepKind.STAMPEDE) {
        prep.warmUpLoad(spec, node);
        prep.settle(node);
      }
      prepared = node;
    }
    if (!newGroup && previous.setsBreaker() && !spec.setsBreaker() && spec.arm().breaker()) {
      // the policy steps set their own breaker at their change: give the node its own back
      node.setBreaker(profile.breakerSetting(spec.nodePolicy()));
    }
    if (spec.kind() == StepKind.STAMPEDE) {
      prep.settle(node);
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
      prep.settle(node); // every other step starts from a healthy provider and a closed breaker
      pop = prep.newPopulation(spec);
      if (spec.arm().caches()) {
        prep.seed(node, spec, pop);
      }
    }
    lastPopulation = pop;
    return recorder.loadStep(spec, node, pop);
  }

  private void contractProbe(StepSpec spec, NodeGroup node) throws IOException {
    Http.Reply r = node.first().quote(KeyFeeder.customerId(1), KeyFeeder.lineOf(1));
    contracts
        .computeIfAbsent(spec.run(), k -> new LinkedHashMap<>())
        .put(spec.arm().label(), r.status() + " " + r.body());
  }

  /**
   * The benchmark's framework floor: {@code spec}'s rate and durations, but bare requests ({@link
   * GatlingStep#FLOOR_SIMULATION}) on the node the previous step ran on, measured exactly as a load
   * step (window, stats, context switches, {@link #lastWindow()}). The node's quote counters stay
   * at 0: the requests are counted from the request log.
   */
  @Override
  public StepResult runFloor(StepSpec spec) throws IOException {
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
