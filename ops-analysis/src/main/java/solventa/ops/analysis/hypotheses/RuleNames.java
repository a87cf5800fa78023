package solventa.ops.analysis.hypotheses;

import java.util.List;

/**
 * The comparisons the verdicts read, by the names their operating characteristics carry (docs
 * /verdict-rules.md, "Operating characteristics"): each hypothesis lists the ones it reads ({@link
 * Hypothesis#rules}), and the simulation of each sits beside the analysis ({@code
 * solventa.ops.analysis.power}).
 */
public final class RuleNames {
  private RuleNames() {}

  public static final String P95 = "p95";
  public static final String P99 = "p99";
  public static final String ERRORS = "errors";
  public static final String FALLBACK_THROUGH_D = "fallback through D";
  public static final String SACRIFICED_HIGH = "sacrificed, high traffic";
  public static final String SACRIFICED_LOW = "sacrificed, low traffic";
  public static final String RECOVERY_TIME = "recovery time";
  public static final String MEDIAN_DIFFERENCE = "difference of medians";

  /** "Meets the thresholds": p95, p99 and the error share. */
  static final List<String> MEETS = List.of(P95, P99, ERRORS);
}
