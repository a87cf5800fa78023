package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.List;
import solventa.gatling.RequestRecord;
import solventa.ops.protocol.StepSpec;

/** How far behind its open-model schedule the load generator sent a step's requests. */
final class ScheduleLag {
  private ScheduleLag() {}

  /**
   * The generator's schedule lag p99 over the step: an open model at rate λ plans its i-th send at
   * {@code t0 + i/λ}; the lag of the i-th actual send (by time) is its offset from that plan, less
   * the smallest offset (so a late first send does not hide the rest). Null without requests. The
   * runner passes the requests sent before the planned end of the injection.
   */
  static Double p99(List<RequestRecord> requests, StepSpec spec) {
    if (requests.isEmpty() || spec.rate() <= 0) {
      return null;
    }
    long[] sends = requests.stream().mapToLong(RequestRecord::sendMs).sorted().toArray();
    double interval = 1000.0 / spec.rate();
    double[] offsets = new double[sends.length];
    double min = Double.MAX_VALUE;
    for (int i = 0; i < sends.length; i++) {
      offsets[i] = sends[i] - sends[0] - i * interval;
      min = Math.min(min, offsets[i]);
    }
    List<Long> lags = new ArrayList<>(sends.length);
    for (double o : offsets) {
      lags.add(Math.round(o - min));
    }
    return Latency.of(lags).p99();
  }
}
