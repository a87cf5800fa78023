package solventa.ops.runner;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import solventa.gatling.KeyFeeder;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.NodeStats;
import solventa.ops.analysis.figures.Sample;
import solventa.ops.analysis.figures.StepAnalyzer;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.lab.Http;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.StepSpec;
import solventa.quote.stats.StatsSnapshot;
import solventa.vocabulary.ProviderState;

/**
 * Records the stampede step for {@link StepRecorder}: the provider slow, N concurrent quotes for
 * one never-seen customer round the node's members, the adapter sampled every 20 ms, each answer's
 * origin and age read from its body; the burst is then stored and analysed as every step is.
 */
final class StampedeRecorder {
  private final EmbeddedLab lab;
  private final ScheduledExecutorService scheduler;
  private final FreshKeys fresh;
  private final StepRecorder recorder;

  StampedeRecorder(
      EmbeddedLab lab, ScheduledExecutorService scheduler, FreshKeys fresh, StepRecorder recorder) {
    this.lab = lab;
    this.scheduler = scheduler;
    this.fresh = fresh;
    this.recorder = recorder;
  }

  /** N concurrent misses on one never-seen key, provider slow (calls overlap but succeed). */
  StepResult record(StepSpec spec, NodeGroup node) throws IOException {
    lab.control().apply(ProviderState.SLOW);
    StepRecorder.sleep(200);
    NodeReadings.resetStats(node);
    lab.control().resetLag();
    // the adapter's rejection counter survives a stats reset: without this reading the stampede
    // reported every rejection since the node started (HD-01.7's "21 rejected" were sweep h50's)
    long[] rejectedAtStart = NodeReadings.rejected(NodeReadings.snapshots(node));
    int key = fresh.next++;
    long start = System.currentTimeMillis();
    List<Sample> samples = new ArrayList<>();
    List<List<Sample>> memberSamples = NodeReadings.perMember(node);
    ScheduledFuture<?> sampler =
        scheduler.scheduleAtFixedRate(
            () -> NodeReadings.sample(node, samples, memberSamples), 0, 20, TimeUnit.MILLISECONDS);
    List<CompletableFuture<Http.Reply>> calls = new ArrayList<>();
    List<Long> sends = new ArrayList<>();
    for (int i = 0; i < spec.concurrent(); i++) {
      sends.add(System.currentTimeMillis());
      // round the members, as the load does: the key's one entity lives on one of them
      calls.add(
          node.members()
              .get(i % node.size())
              .quoteAsync(KeyFeeder.customerId(key), KeyFeeder.lineOf(key)));
    }
    CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
    StepRecorder.sleep(
        1_500); // let every background call of arm C reach its end (≤ 700 ms hard timeout)
    sampler.cancel(false);
    long end = System.currentTimeMillis();
    List<StatsSnapshot> rawsAtEnd = NodeReadings.snapshots(node);
    NodeStats atEnd = NodeReadings.merged(node, rawsAtEnd);
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      records.add(
          QuoteReplies.record(
              calls.get(i).join(),
              sends.get(i),
              KeyFeeder.customerId(key),
              NodeReadings.authority(node.members().get(i % node.size())),
              "new"));
    }
    List<Sample> snapshot;
    synchronized (samples) {
      snapshot = new ArrayList<>(samples);
    }
    return recorder.analyze(
        new StepAnalyzer.Inputs(
            spec,
            // a burst, not a window: no warm-up slice, no assertion, no known customers
            new StepAnalyzer.Inputs.Times(start, start, start, end),
            new StepAnalyzer.Inputs.Load(records, null, null),
            new StepAnalyzer.Inputs.Readings(
                null,
                atEnd,
                java.util.Arrays.stream(rejectedAtStart).sum(),
                snapshot,
                List.of(),
                recorder.lagP99(),
                NodeReadings.memberInputs(
                    node, rawsAtEnd, rejectedAtStart, memberSamples, NodeReadings.perMember(node))),
            new StepAnalyzer.Inputs.Known(null, false)));
  }
}
