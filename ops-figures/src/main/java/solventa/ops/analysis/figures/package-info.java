/**
 * A step's measured figures and how they are computed from its recording: the step result ({@code
 * StepResult}) with its latency, intervals, timeline, node, breaker and price-error figures, the
 * analyzers that build it from the request log, the sampler and the node's stats, the step's sanity
 * checks, and the figures read from several steps (the recovery's phases, the outage cost, the
 * run's paired price errors, the budget expiry and the settings it subtracts). The lowest layer of
 * the analysis: it imports none of its other packages ({@code hypotheses}, {@code recommendation},
 * the analysis itself), and it is a module of its own (ops-figures) beneath ops-analysis, so the
 * build enforces it.
 */
package solventa.ops.analysis.figures;
