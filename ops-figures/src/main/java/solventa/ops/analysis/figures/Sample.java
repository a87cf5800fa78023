package solventa.ops.analysis.figures;

/**
 * One reading of the node by the sampler during a step. {@code duplicates} is the adapter's
 * cumulative count of calls asked for a customer while an earlier call for that customer was still
 * pending (HD-01.8, rules version 7); null in results recorded before it was read.
 */
public record Sample(long atMs, String breaker, long providerCalls, int inFlight, Long duplicates) {
  /** A reading without the duplicate count. */
  public Sample(long atMs, String breaker, long providerCalls, int inFlight) {
    this(atMs, breaker, providerCalls, inFlight, null);
  }
}
