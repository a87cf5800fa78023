package solventa.ops.analysis.figures;

import static solventa.ops.analysis.figures.StepMembers.mostInFlight;

import java.util.Map;
import solventa.ops.analysis.figures.StepAnalyzer.Inputs;

/** The node's provider calls and cache misses, and the adapter's pool as the sampler saw it. */
record StepAdapter(
    Long calls,
    Long misses,
    Double perMiss,
    Integer maxInFlight,
    Integer poolSize,
    Long rejections) {
  static StepAdapter of(Inputs in, Map<String, String> missing) {
    NodeStats end = in.atEnd();
    Long calls = end == null ? null : end.providerCalls();
    Long misses = end == null ? null : end.cacheMisses();
    Double perMiss = null;
    if (end == null) {
      missing.put("providerCallsPerMiss", "node stats unavailable");
    } else if (!in.spec().arm().caches()) {
      missing.put("providerCallsPerMiss", "arm A has no cache, so no misses");
    } else if (misses == 0) {
      missing.put("providerCallsPerMiss", "no cache miss in the window");
    } else {
      perMiss = calls / (double) misses;
    }
    // per step: the adapter's own maximum is since the node started, so the sampler's readings
    Integer maxInFlight = mostInFlight(in, in.samples());
    if (maxInFlight == null) {
      missing.put("poolMaxInFlight", "the sampler read no adapter snapshot during the step");
    }
    return new StepAdapter(
        calls,
        misses,
        perMiss,
        maxInFlight,
        end == null ? null : end.poolSize(),
        end == null ? null : end.rejected() - in.rejectedAtStart());
  }
}
