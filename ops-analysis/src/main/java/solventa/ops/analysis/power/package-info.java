/**
 * The rules' operating characteristics: each verdict rule simulated at the protocol's own sample
 * sizes, with the analysis's own estimators and comparisons, at true values around its bound, so
 * the probability of each verdict is known before a run is judged ({@code
 * OperatingCharacteristics}). It reads the figures and the hypotheses (the rules it simulates) and
 * is read by the report; the hypotheses do not import it.
 */
package solventa.ops.analysis.power;
