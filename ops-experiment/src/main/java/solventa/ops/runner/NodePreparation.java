package solventa.ops.runner;

import static solventa.ops.runner.ProtocolRunner.NEVER_SEEN_BASE;
import static solventa.ops.runner.ProtocolRunner.POPULATION_BASE;
import static solventa.ops.runner.ProtocolRunner.PROBE_KEY_BASE;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.adapter.model.BreakerState;
import solventa.gatling.KeyFeeder;
import solventa.gatling.KeyPopulation;
import solventa.gatling.SweepKeySet;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.lab.NodeProcess;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.runner.ProtocolRunner.Population;
import solventa.vocabulary.ProviderState;

/**
 * Prepares a node for its steps: the known customers of each step (populations allocated upwards
 * from {@link ProtocolRunner#POPULATION_BASE}, steady-state ages, a sweep's key set), their seeding
 * through the node's runner-only seed route, the warm-up quotes and load a new node gets, and the
 * probes that wait its breaker closed. The runner decides when; this class owns the key ranges.
 */
final class NodePreparation {
  /**
   * A sweep step's margin ({@link SweepKeySet}): its fresh customers are seeded last, at most
   * {@link #SWEEP_MAX_HIT_POOL} of them, and must stay fresh from their seeding to the step's end;
   * this covers the seconds between the two ends (seeding them, Gatling's start).
   */
  static final int SWEEP_MARGIN_SEC = 4;

  /** A sweep step's fresh customers: at most four seed batches, written in about a second. */
  static final int SWEEP_MAX_HIT_POOL = 4 * NodePreparation.SEED_BATCH;

  /**
   * The node's {@code quote.max-staleness} (quote.conf's 24 h; the runner does not set it): a sweep
   * step's expired customers must stay younger, so arm C answers them STALE.
   */
  static final int NODE_MAX_STALENESS_SEC = 24 * 3600;

  /**
   * A sweep step's key set: its target, the walk's rate, its whole duration, the profile's T and
   * never-seen share, the runner's margin and hit pool, the node's max-staleness.
   */
  static SweepKeySet sweepKeys(ExperimentProfile p, StepSpec spec) {
    return SweepKeySet.builder()
        .hitRate(spec.hitRate())
        .ratePerSec(spec.rate())
        .durationSec(spec.durationSec())
        .refreshAfterSec(p.refreshAfterSec())
        .neverSeenShare(p.neverSeenShare())
        .marginSec(SWEEP_MARGIN_SEC)
        .maxStalenessSec(NODE_MAX_STALENESS_SEC)
        .maxHitPool(SWEEP_MAX_HIT_POOL)
        .build();
  }

  private static final Logger log = LoggerFactory.getLogger(NodePreparation.class);

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

  private final ExperimentProfile profile;
  private final Path out;
  private final long seed;
  private final EmbeddedLab lab;
  private final FreshKeys fresh;
  private final StepRecorder recorder;

  NodePreparation(
      ExperimentProfile profile,
      Path out,
      long seed,
      EmbeddedLab lab,
      FreshKeys fresh,
      StepRecorder recorder) {
    this.profile = profile;
    this.out = out;
    this.seed = seed;
    this.lab = lab;
    this.fresh = fresh;
    this.recorder = recorder;
  }

  /** A new node: its populations and never-seen customers start again from their bases. */
  void reset() {
    nextPopulation = POPULATION_BASE;
    fresh.reset();
  }

  private int nextPopulation = POPULATION_BASE;
  private int probeCounter;

  /**
   * The step's known customers, new to this node: a sweep step's key set ({@link SweepKeySet}), any
   * other step's K of a steady-state population ({@link KeyPopulation}).
   */
  Population newPopulation(StepSpec spec) {
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
  Population steadyPopulation(StepSpec spec) {
    int k = population(spec).size();
    return new Population(allocate(k), k, true);
  }

  int allocate(int k) {
    if (nextPopulation + k > NEVER_SEEN_BASE) {
      log.warn("known-customer range exhausted on this node; starting over at {}", POPULATION_BASE);
      nextPopulation = POPULATION_BASE;
    }
    int start = nextPopulation;
    nextPopulation += k;
    return start;
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
  void seed(NodeGroup node, StepSpec spec, Population pop) throws IOException {
    java.util.SplittableRandom random =
        new java.util.SplittableRandom(spec.seed(seed, profile.name()));
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
      double[] seeded = kp.seededAgesSec(random);
      for (int i = 0; i < pop.size(); i++) {
        ages.put(KeyFeeder.customerId(pop.start() + i), Math.round(seeded[i] * 1000));
      }
    }
    fresh.seededAtMs = 0;
    // the seeding's fetches are not measured: a fast provider keeps thousands of them to a second
    // or two (full's T of 600 s seeds up to 13 300 customers a step); the healthy latency is put
    // back after them, before the step's change
    lab.control().setLatency(SEEDING_LATENCY);
    try {
      seedAll(node, ages, firstFresh, spec, pop);
    } finally {
      lab.control().apply(ProviderState.HEALTHY);
    }
  }

  /** The provider's latency while the runner seeds: a few milliseconds. */
  static final solventa.providerdouble.LatencyProfile SEEDING_LATENCY =
      solventa.providerdouble.LatencyProfile.custom(2, 5);

  private void seedAll(
      NodeGroup node, Map<String, Long> ages, String firstFresh, StepSpec spec, Population pop)
      throws IOException {
    List<String> pending = new ArrayList<>(ages.keySet());
    for (int round = 0; round < SEED_ROUNDS && !pending.isEmpty(); round++) {
      if (round > 0) {
        settle(node); // a failed seed fetch may have opened the breaker
        lab.control().setLatency(SEEDING_LATENCY);
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
  void settle(NodeGroup node) throws IOException {
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
  void warmUp(NodeGroup node) {
    int n = WARMUP_REQUESTS;
    for (int from = 0; from < n; from += WARMUP_CONCURRENCY) {
      List<CompletableFuture<Http.Reply>> batch = new ArrayList<>();
      for (int i = from; i < Math.min(n, from + WARMUP_CONCURRENCY); i++) {
        int k = probeKey();
        batch.add(
            node.members()
                .get(i % node.size())
                .quoteAsync(KeyFeeder.customerId(k), KeyFeeder.lineOf(k)));
      }
      CompletableFuture.allOf(batch.toArray(CompletableFuture[]::new)).join();
    }
  }

  /**
   * An unmeasured open-model run at the first step's rate with the provider healthy, so a new node
   * meets its first measured step already serving that load (connection pools sized, JIT warm)
   * rather than ramping up inside it; the sequential warm-up above cannot do that.
   */
  void warmUpLoad(StepSpec first, NodeGroup node) throws IOException {
    StepSpec w =
        first.toBuilder()
            .id(first.id() + "-warmup")
            .state(ProviderState.HEALTHY)
            .warmupSec(0)
            .measureSec(WARMUP_LOAD_SEC)
            .concurrent(0)
            .bisection(false)
            .reading(null)
            .build();
    Path dir = Files.createDirectories(out.resolve("warmup"));
    Population pop = steadyPopulation(w); // unseeded: its customers are fetched as they come
    int freshStart = fresh.next;
    fresh.next += recorder.freshNeeded(w);
    GatlingStep.run(
        GatlingStep.QUOTE_SIMULATION,
        recorder.gatlingParameters(w, node, pop, freshStart, dir.resolve(w.id() + ".csv")),
        w.id(),
        dir.resolve(w.id()),
        false);
  }

  /** Probe customers cycle through the top of the universe, apart from the measured keys. */
  int probeKey() {
    return PROBE_KEY_BASE + (probeCounter++ % PROBE_KEYS);
  }
}
