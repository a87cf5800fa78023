/**
 * The card's decision, the Recommendation: each design judged by its walk and recovery steps, the
 * simplest that qualifies, or the one that came closest. It reads a step's figures ({@code
 * figures}) and the hypotheses' judgements it shares ({@code hypotheses}: the calls, the evidence,
 * the actuarial inputs), and does not import the analysis that runs it.
 */
package solventa.ops.analysis.recommendation;
