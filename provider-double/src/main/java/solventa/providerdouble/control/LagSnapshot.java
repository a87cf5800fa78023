package solventa.providerdouble.control;

import java.time.Duration;

/**
 * The double's lag since its last reset ({@code GET /admin/lag}): how late responses were handed to
 * the HTTP layer compared with their intended time.
 */
public record LagSnapshot(long count, double p50Ms, double p99Ms, double maxMs) {

  /** Whether there are samples and their p99 is at most {@code maxLagP99}. */
  public boolean keepingUp(Duration maxLagP99) {
    return count > 0 && p99Ms <= maxLagP99.toNanos() / 1_000_000.0;
  }
}
