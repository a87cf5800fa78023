package solventa.ops.report;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.OutageShare;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.protocol.StateNames;
import solventa.ops.statistics.Interval;

/**
 * The fallback share through the outage in words ({@link ClauseB}, {@link OutageShare}): its
 * outcome, the figures it rests on, its distance from the aging model, and a design's thresholds
 * ({@link Thresholds}).
 */
final class OutageWords {
  private OutageWords() {}

  /** "C unresponsive (3 runs)". */
  static String who(ClauseB b) {
    int n = b.steps().size();
    return b.arm()
        + " "
        + StateNames.label(b.state())
        + " ("
        + n
        + " run"
        + (n == 1 ? "" : "s")
        + ")";
  }

  /** The comparison in words: "holds", "refutes", "too close to call", "not decidable: why". */
  static String outcome(ClauseB b) {
    return switch (b.outcome()) {
      case HOLDS -> "holds";
      case REFUTES -> "refutes";
      case TOO_CLOSE -> "too close to call";
      case UNDECIDABLE -> "not decidable: " + reason(b);
    };
  }

  /** Why the share could not be compared with c (null when it could). */
  static String reason(ClauseB b) {
    if (b.why() == null) {
      return null;
    }
    return switch (b.why()) {
      case NO_STEP ->
          b.left().isEmpty()
              ? "no walk step of " + b.arm() + " " + StateNames.label(b.state())
              : String.join("; ", b.left().stream().map(EvidenceWords::unusable).toList());
      case NO_CURVE ->
          "a step kept no per-tenth-of-a-second answers from the change (recorded before rules"
              + " version 15)";
      case STEP_LEFT_OUT ->
          "the usable steps hold, but "
              + String.join("; ", b.left().stream().map(EvidenceWords::unusable).toList())
              + ": a clause whose step is missing never holds by default";
      case SHORTER_THAN_D ->
          String.format(
              Locale.ROOT,
              "a step ended %.1f s into the outage, before the first D mapped to the lab (%.1f s)",
              b.steps().stream().mapToLong(OutageShare::curveMs).min().orElse(0) / 1000.0,
              OutageShare.labSpanMs(b.labTSec(), b.inputs()) / 1000);
    };
  }

  /**
   * "fallback through the first 3600 s of the outage 8.10 % [7.66, 8.56] (1 215 of 15 000 answers
   * over the lab's first 25.0 s of each run's step, T = 600 s)".
   */
  static String figures(ClauseB b) {
    Actuarial a = b.inputs();
    if (b.pooled() == null) {
      return "no answer counted";
    }
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "fallback through the first %s s of the outage %s %s (%d of %d answers over the"
                    + " lab's first %.1f s of each step, T = %d s)",
                Actuarial.num(a.outageSec()),
                Evidence.pct(b.pct()),
                b.share() == null ? "[no interval]" : b.share().pct(),
                b.pooled().fallbacks(),
                b.pooled().answers(),
                OutageShare.labSpanMs(b.labTSec(), a) / 1000,
                b.labTSec()));
    Interval ex = b.excess();
    if (ex != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "; %s points %s the aging model's mean at the outage's starting hit rate (%s)",
              signed(b.excessPts()),
              b.excessPts() >= 0 ? "above" : "below",
              "[" + signed(ex.low()) + ", " + signed(ex.high()) + "]"));
    }
    return sb.toString();
  }

  /** One line per step: "R1 8.3 % [7.5, 9.1] (h 95.6 % seeded, model 6.0 %)". */
  static List<String> steps(ClauseB b) {
    return b.steps().stream().map(OutageWords::step).toList();
  }

  static String step(OutageShare s) {
    return String.format(
        Locale.ROOT,
        "%s %s %s (%d answers; h %s %s, model %s)",
        s.run(),
        Evidence.pct(s.pct()),
        s.share() == null ? "[no interval]" : s.share().pct(),
        s.span() == null ? 0 : s.span().answers(),
        Evidence.pct(s.hPct()),
        s.hSeeded() ? "seeded" : "measured in the healthy step",
        Evidence.pct(s.modelPct()));
  }

  /** "+2.5" or "−0.4" points. */
  static String signed(Double v) {
    if (v == null) {
      return "—";
    }
    return (v >= 0 ? "+" : "−") + String.format(Locale.ROOT, "%.2f", Math.abs(v));
  }

  /** "h ≥ 93.4 % [92.8, 94.1]" or why it was not measured. */
  static String hMin(Thresholds.HMin h) {
    if (h.pct() == null) {
      return "h_min not measured: "
          + switch (h.why()) {
            case TOO_FEW_LEVELS ->
                "fewer than two seeded hit rates with a usable "
                    + StateNames.label(h.state())
                    + " step";
            case FLAT -> "the share did not fall as the hit rate rose";
            case NO_STEP -> "no usable step";
          };
    }
    return String.format(
        Locale.ROOT,
        "h ≥ %.1f %% %s%s",
        h.pct(),
        ends(h.low(), h.high(), 1),
        h.extrapolated() ? " (outside the hit rates measured: extrapolated)" : "");
  }

  /** "D ≤ 5 400 s [4 300, 6 900]" or why it was not measured. */
  static String dStar(Thresholds.DStar d) {
    if (d.sec() == null) {
      return "D* not measured: "
          + switch (d.why()) {
            case NO_STEP -> "no usable step with its answers from the change";
            case FLAT ->
                "the share did not rise through the outage: it does not reach the ceiling this"
                    + " way";
            case TOO_FEW_LEVELS -> "too few steps";
          };
    }
    return String.format(
        Locale.ROOT,
        "D ≤ %s s %s%s",
        Actuarial.num(Math.round(d.sec())),
        ends(d.low(), d.high(), 0),
        d.extrapolated()
            ? String.format(
                Locale.ROOT,
                " (beyond the %s s measured: extrapolated along the measured line)",
                Actuarial.num(Math.round(d.measuredSec())))
            : "");
  }

  /** "[92.8, 94.1]", an open end as "…". */
  static String ends(Double low, Double high, int decimals) {
    String f = "%." + decimals + "f";
    return "["
        + (low == null ? "…" : String.format(Locale.ROOT, f, low))
        + ", "
        + (high == null ? "…" : String.format(Locale.ROOT, f, high))
        + "]";
  }
}
