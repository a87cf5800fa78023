package solventa.ops.analysis;

import solventa.adapter.BreakerState;

/** A breaker transition as the adapter reported it (epoch ms). */
public record BreakerTransition(BreakerState from, BreakerState to, long atMs) {}
