package solventa.ops.analysis.hypotheses;

import java.util.Locale;
import solventa.ops.statistics.Interval;

/**
 * The card's open question (d) for C, its second half: the lowest hit rate at which clause (b)
 * holds at the actuarial inputs (docs/verdict-rules.md, "Clause (b) in real units"). The aging
 * model puts the share D into the outage at 1 − h·(1 − D/T_source), at most c when h ≥ (1 − c) ÷ (1
 * − D/T_source). That is a function of the declared inputs alone, so it is an implementation check,
 * never a finding, and it has no sampling interval. What a run measures is whether the model may be
 * used at D (it agrees with a failure step's measured curve for at least D mapped to the lab) and
 * where C's measured hit rate, with its interval, stands against the minimum.
 *
 * @param pct the minimum hit rate, percent; null when no hit rate keeps the clause
 * @param reason why none does (null otherwise)
 * @param inputs the actuarial inputs it was computed with
 */
public record ClauseBHitRate(Double pct, String reason, Actuarial inputs) {

  /** Where a measured hit rate stands against the minimum. */
  public enum Standing {
    KEEPS,
    MISSES,
    TOO_CLOSE
  }

  /** The minimum at the inputs {@code a}. */
  public static ClauseBHitRate of(Actuarial a) {
    double exposed = a.outageSec() / a.sourceRefreshSec();
    if (exposed >= 1) {
      return new ClauseBHitRate(
          null,
          "the outage D is at least T_source: every entry has aged past T by its end, whatever"
              + " the hit rate",
          a);
    }
    double h = (1 - a.fallbackCeilingPct() / 100) / (1 - exposed);
    if (h > 1) {
      return new ClauseBHitRate(
          null,
          String.format(
              Locale.ROOT,
              "even a 100 %% hit rate ages to %.1f %% fallback by D, above the ceiling",
              100 * exposed),
          a);
    }
    return new ClauseBHitRate(100 * h, null, a);
  }

  /**
   * Where the hit rate {@code h} (percent, its 95 % interval) stands: its interval wholly at or
   * above the minimum keeps the clause, wholly below misses it, across it is too close to call.
   * Null when there is no minimum.
   */
  public Standing standing(Interval h) {
    if (pct == null) {
      return null;
    }
    if (h.low() >= pct) {
      return Standing.KEEPS;
    }
    return h.high() < pct ? Standing.MISSES : Standing.TOO_CLOSE;
  }

  /**
   * Lab seconds after the change the model must agree for before the minimum is used with a step: D
   * mapped to the lab through t/T.
   */
  public double labSecondsAtD(int labTSec) {
    return inputs.outageSec() * labTSec / inputs.sourceRefreshSec();
  }

  /** Whether {@code f}'s model agreement reaches D mapped to the lab; null when not checked. */
  public Boolean modelHoldsAtD(FallbackFlip f) {
    if (f.agreesUntilSec() == null) {
      return null;
    }
    return f.agreesUntilSec() >= labSecondsAtD(f.labTSec());
  }

  /** "(1 − c) ÷ (1 − D/T_source) at c = 10 %, D = 3600 s, T_source = 86400 s". */
  public String formula() {
    return "(1 − c) ÷ (1 − D/T_source) at c = "
        + Actuarial.num(inputs.fallbackCeilingPct())
        + " %, D = "
        + Actuarial.num(inputs.outageSec())
        + " s, T_source = "
        + Actuarial.num(inputs.sourceRefreshSec())
        + " s";
  }
}
