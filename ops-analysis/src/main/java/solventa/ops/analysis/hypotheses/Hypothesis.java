package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResults;

/** One hypothesis of the card: its statement, and its rule applied to the measurements. */
public interface Hypothesis {

  /**
   * What a rule reads: the step results, the sanity checks, the rules' parameters and the verdicts
   * already computed (HD-01 reads HD-01.4 and HD-01.5).
   */
  record Input(
      StepResults results,
      List<SanityCheck> sanity,
      VerdictRules rules,
      Map<String, Verdict> earlier) {}

  String id();

  String statement();

  Verdict evaluate(Input in);

  /**
   * The comparisons this hypothesis' verdict reads ({@link RuleNames}), whose operating
   * characteristics say whether it can go both ways at a profile's sizes; empty when it reads exact
   * counts and stamped times only.
   */
  List<String> rules();

  /**
   * The arithmetic of the design ({@code d}: the code's and the protocol's own figures) that fixes
   * this hypothesis' outcome before anything is measured, or null when the outcome is a finding:
   * such a verdict is an implementation check.
   */
  default String byConstruction(Design d) {
    return null;
  }
}
