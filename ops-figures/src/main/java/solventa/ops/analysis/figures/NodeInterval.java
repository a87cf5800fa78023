package solventa.ops.analysis.figures;

/**
 * The node's own service times over one interval of about a second, read by the runner from {@code
 * POST /quote/stats/interval}: how many quotes ended in it, their p99 and maximum (ms; null when
 * none ended).
 */
public record NodeInterval(long atMs, long count, Double p99Ms, Double maxMs) {}
