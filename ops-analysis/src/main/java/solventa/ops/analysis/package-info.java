/**
 * The analysis of an experiment ({@code Analysis}): the sanity checks, every verdict, and the
 * sensitivity of the verdicts to the card's readings ({@code Sensitivity}). The top of the
 * analysis's layers, it may import all of them: {@code figures} imports none of the others, {@code
 * hypotheses} only the figures, {@code recommendation} the figures and the hypotheses.
 */
package solventa.ops.analysis;
