package solventa.ops.runner;

import solventa.quote.stats.StatsSnapshot;

/**
 * The node's raw stats at the start of a load step's measured window (after its warm-up slice; at
 * the step's start when it has none) and at its end: the benchmarks read the node's process
 * counters (CPU time, threads started) from them, and the first member's context switches at the
 * same two moments (null where they could not be read, see {@link ContextSwitches}).
 */
public record WindowStats(
    StatsSnapshot atStart, StatsSnapshot atEnd, Long switchesAtStart, Long switchesAtEnd) {}
