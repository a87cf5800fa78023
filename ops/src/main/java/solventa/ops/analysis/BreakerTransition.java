package solventa.ops.analysis;

/** A breaker transition as the adapter reported it (epoch ms). */
public record BreakerTransition(String from, String to, long atMs) {}
