package solventa.ops.analysis.figures;

import java.util.List;

/**
 * A step's sampler readings taken second by second, in order: each second's breaker (its last
 * reading's), the most calls in flight among its readings, and the provider calls and duplicate
 * calls made in it, as differences of counters the node resets at the window's start.
 */
final class SamplerSeconds {
  /** One second's readings; all null when no reading fell in it. */
  record Second(String breaker, Long calls, Integer inFlight, Long duplicates) {}

  private final List<Sample> samples;
  private Long prevCalls;
  private Long prevDup;
  private int si;

  SamplerSeconds(List<Sample> samples) {
    this.samples = samples;
    // provider calls are a counter the node resets at the window start: a drop means a reset
    prevCalls = samples.isEmpty() ? null : samples.get(0).providerCalls();
    prevDup = samples.isEmpty() ? null : samples.get(0).duplicates();
  }

  /** The readings up to {@code secondEnd} (epoch ms) not taken by an earlier second. */
  Second next(long secondEnd) {
    Sample last = null;
    // the second's most calls in flight, not its last reading: a pool that filled and drained
    // within the second is full in it, and the step's own maximum is the largest of these
    Integer mostInFlight = null;
    while (si < samples.size() && samples.get(si).atMs() <= secondEnd) {
      last = samples.get(si++);
      mostInFlight =
          mostInFlight == null ? last.inFlight() : Math.max(mostInFlight, last.inFlight());
    }
    Long calls = null;
    String breaker = null;
    Integer inFlight = null;
    Long dup = null;
    if (last != null) {
      Long d = last.duplicates();
      if (d != null) {
        dup = prevDup == null ? null : d >= prevDup ? d - prevDup : d;
        prevDup = d;
      }
      breaker = last.breaker();
      inFlight = mostInFlight;
      long now = last.providerCalls();
      calls = now >= prevCalls ? now - prevCalls : now;
      prevCalls = now;
    }
    return new Second(breaker, calls, inFlight, dup);
  }
}
