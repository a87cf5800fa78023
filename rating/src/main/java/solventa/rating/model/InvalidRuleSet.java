package solventa.rating.model;

/**
 * The rule book in PostgreSQL breaks a rule that pricing relies on (a negative factor, overlapping
 * or gapped bands, a line without a default profile, …). The engine refuses to start: pricing on a
 * broken rule set would be silently wrong for every quote.
 */
public final class InvalidRuleSet extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String rule;

  public InvalidRuleSet(String rule, String message) {
    super("invalid rule set, rule " + rule + ": " + message);
    this.rule = rule;
  }

  /**
   * The rule that failed, as {@code version/table/line[/key]}, e.g. {@code
   * 2026.1/signal_band_factor/auto/MONTHLY_INCOME}.
   */
  public String rule() {
    return rule;
  }
}
