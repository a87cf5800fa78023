/**
 * The card's hypotheses and their verdicts by the rules of {@code docs/verdict-rules.md}: one class
 * per hypothesis, the rules' parameters ({@code VerdictRules}), the verdict and its evidence, a
 * figure compared with its threshold by its interval ({@code Call}), the design's own arithmetic
 * and the actuarial inputs they are judged with, and the searches and predictions that judge by the
 * same rules (the hit-rate and rate bisections, the break points, clause (b)'s minimum hit rate).
 * It reads a step's figures ({@code figures}) and imports neither the Recommendation nor the
 * analysis that runs it.
 */
package solventa.ops.analysis.hypotheses;
