package solventa.ops.analysis.figures;

import java.util.List;
import solventa.gatling.RequestRecord;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.ProviderState;

/**
 * One step's raw material ({@link StepAnalyzer.Inputs}) for the analysis tests, with plausible
 * defaults so that each test sets only what it checks: a walk step of arm C at 96 % hits whose load
 * and provider change start at {@code t0}, its window after the warm-up, its end after the measured
 * seconds; no requests, no node stats, no samples, the double's lag 3 ms, Gatling's assertions
 * passed, no per-second node readings, an unseeded step, one node.
 */
final class StepInputs {
  private final StepSpec spec;
  private final long t0;
  private List<RequestRecord> requests = List.of();
  private NodeStats atEnd;
  private long rejectedAtStart;
  private List<Sample> samples = List.of();
  private List<NodeInterval> nodeSeconds = List.of();
  private Integer populationSize;
  private boolean seeded;
  private List<StepAnalyzer.NodeInputs> nodes = List.of();

  private StepInputs(StepSpec spec, long t0) {
    this.spec = spec;
    this.t0 = t0;
  }

  /** A walk step of arm C in {@code state}: 96 % hits, {@code rate} req/s, count policy. */
  static StepSpec spec(ProviderState state, int rate, int warmupSec, int measureSec) {
    return StepSpec.builder()
        .id("s")
        .kind(StepKind.WALK)
        .run("R1")
        .arm(BenchArm.C)
        .state(state)
        .hitRate(0.96)
        .rate(rate)
        .warmupSec(warmupSec)
        .measureSec(measureSec)
        .build();
  }

  static StepInputs of(StepSpec spec, long t0) {
    return new StepInputs(spec, t0);
  }

  StepInputs requests(List<RequestRecord> requests) {
    this.requests = requests;
    return this;
  }

  /** The node's stats at the step's end (merged, with several nodes). */
  StepInputs atEnd(NodeStats atEnd) {
    this.atEnd = atEnd;
    return this;
  }

  /** The adapter's bulkhead rejections counted before the step (its counter outlives resets). */
  StepInputs rejectedAtStart(long rejected) {
    this.rejectedAtStart = rejected;
    return this;
  }

  /** The sampler's readings of the breaker and pool. */
  StepInputs samples(List<Sample> samples) {
    this.samples = samples;
    return this;
  }

  /** The node's own latency, second by second. */
  StepInputs nodeSeconds(List<NodeInterval> nodeSeconds) {
    this.nodeSeconds = nodeSeconds;
    return this;
  }

  /** {@code size} known customers, seeded with steady-state ages before the step. */
  StepInputs seededPopulation(int size) {
    this.populationSize = size;
    this.seeded = true;
    return this;
  }

  /** Each cluster member's own raw material (a step on several nodes). */
  StepInputs nodes(List<StepAnalyzer.NodeInputs> nodes) {
    this.nodes = nodes;
    return this;
  }

  StepAnalyzer.Inputs build() {
    long windowStart = t0 + spec.warmupSec() * 1000L;
    return new StepAnalyzer.Inputs(
        spec,
        new StepAnalyzer.Inputs.Times(t0, t0, windowStart, t0 + spec.durationSec() * 1000L),
        new StepAnalyzer.Inputs.Load(requests, true, null),
        new StepAnalyzer.Inputs.Readings(
            null, atEnd, rejectedAtStart, samples, nodeSeconds, 3.0, nodes),
        new StepAnalyzer.Inputs.Known(populationSize, seeded));
  }

  StepResult analyze() {
    return StepAnalyzer.analyze(build());
  }
}
