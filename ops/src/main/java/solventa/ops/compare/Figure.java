package solventa.ops.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * The figures a comparison sets side by side, as a step's results hold them: the latency at the
 * load generator (p95, p99, ms), the error and fallback shares of the window's answers (percent)
 * and, for a recovery step, the recovery time (seconds from the provider's change until the
 * fallback share falls below 5 % and stays there, {@link StepResult#recoveryMs}). Lower is better
 * for each.
 */
public enum Figure {
  P95("p95", "ms"),
  P99("p99", "ms"),
  ERRORS("errors", "%"),
  FALLBACK("fallback", "%"),
  RECOVERY("recovery", "s");

  private final String label;
  private final String unit;

  Figure(String label, String unit) {
    this.label = label;
    this.unit = unit;
  }

  /** The figure as compare.md and compare.json name it: "p95", "errors". */
  @JsonValue
  public String label() {
    return label;
  }

  /** "ms", "%" or "s". */
  public String unit() {
    return unit;
  }

  /** Whether the figure applies to {@code s}: the recovery time to recovery steps only. */
  public boolean appliesTo(StepResult s) {
    return this != RECOVERY || s.spec().state() == ProviderState.RECOVERY;
  }

  /** The figure's value in {@code s}, in its unit; null when it was not measured. */
  public Double of(StepResult s) {
    return switch (this) {
      case P95 -> s.endToEnd() == null ? null : s.endToEnd().p95();
      case P99 -> s.endToEnd() == null ? null : s.endToEnd().p99();
      case ERRORS -> s.errorPct();
      case FALLBACK -> s.fallbackPct();
      case RECOVERY -> s.recoveryMs() == null ? null : s.recoveryMs() / 1000.0;
    };
  }

  /** Why the figure is missing from {@code s}: the step's own reason, as its report gives it. */
  public String whyMissing(StepResult s) {
    String field =
        switch (this) {
          case P95, P99 -> "endToEnd";
          case ERRORS -> "errorPct";
          case FALLBACK -> "fallbackPct";
          case RECOVERY -> "recoveryMs";
        };
    String why = s.missing() == null ? null : s.missing().get(field);
    if (why != null) {
      return why;
    }
    return s.requests() == 0 ? "no request was sent in the window" : "not measured";
  }

  /** A value in the figure's unit: "219" ms, "12.30" %, "15" s. */
  public String format(double v) {
    return String.format(Locale.ROOT, unit.equals("%") ? "%.2f" : "%.0f", v);
  }

  /** A difference with its sign: "+2", "-0.40". */
  public String signed(double v) {
    return String.format(Locale.ROOT, unit.equals("%") ? "%+.2f" : "%+.0f", v);
  }

  /** An interval as the reports write it: "[217, 224]", "[0.00, 0.74]". */
  public String format(Interval i) {
    return unit.equals("%") ? i.pct() : i.ms();
  }
}
