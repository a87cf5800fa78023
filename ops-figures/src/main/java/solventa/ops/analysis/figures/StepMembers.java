package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.List;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepAnalyzer.Inputs;
import solventa.ops.analysis.figures.StepAnalyzer.NodeInputs;

/**
 * A step's readings of its node group's members: the adapter's calls in flight, each member's worst
 * second, and each member's own figures when the step ran on several nodes.
 */
final class StepMembers {
  private StepMembers() {}

  /** The most adapter calls in flight among {@code samples} read during the step. */
  static Integer mostInFlight(Inputs in, List<Sample> samples) {
    return samples.stream()
        .filter(x -> x.atMs() >= in.startMs() && x.atMs() <= in.endMs() + 1_000)
        .map(Sample::inFlight)
        .max(Integer::compare)
        .orElse(null);
  }

  /** The highest per-second p99 among {@code seconds} read in the window. */
  static Double worstSecondP99(Inputs in, List<NodeInterval> seconds) {
    return seconds.stream()
        .filter(x -> x.atMs() > in.windowStartMs() && x.atMs() <= in.endMs() + 1_000)
        .map(NodeInterval::p99Ms)
        .filter(java.util.Objects::nonNull)
        .max(Double::compare)
        .orElse(null);
  }

  /** Each member's own figures when the step ran on several nodes; empty with one. */
  static List<NodeFigures> nodeFigures(
      Inputs in, List<RequestRecord> window, List<BreakerTransition> transitions) {
    List<NodeFigures> out = new ArrayList<>();
    for (NodeInputs n : in.nodes()) {
      NodeStats st = n.atEnd();
      out.add(
          new NodeFigures(
              n.node(),
              window.stream().filter(r -> r.node().equals(n.authority())).count(),
              st == null ? null : st.quotes(),
              st == null ? Latency.EMPTY : st.internal(),
              worstSecondP99(in, n.seconds()),
              mostInFlight(in, n.samples()),
              st == null ? null : st.poolSize(),
              st == null ? null : st.rejected() - n.rejectedAtStart(),
              st == null ? null : st.providerCalls(),
              transitions.stream().filter(t -> n.node().equals(t.node())).toList()));
    }
    return out;
  }
}
