package solventa.ops.analysis;

/** One reading of the node by the sampler during a step. */
public record Sample(long atMs, String breaker, long providerCalls, int inFlight) {}
