package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.figures.OutageCurve;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * HD-01's clause (b) for one design in one failing state (rules version 15; the Recommendation
 * reads the same judgement as a condition): the fallback share through the outage D the business
 * rides through, pooled over the runs' walk steps of that design and state (Σ fallbacks ÷ Σ answers
 * over each step's first D mapped to the lab, {@link OutageShare}), compared with the actuarial
 * ceiling c by its Clopper–Pearson interval: within c over the whole interval holds, above it over
 * the whole interval refutes, otherwise too close to call. A step that is not usable is left out
 * and named, as a pooled trial is ({@link PooledTrials}), and the clause then cannot hold (a clause
 * whose step is missing never holds by default), though the others may refute; with none usable, or
 * a usable step that kept no outage curve (recorded before rules version 15 and not re-analysed) or
 * ended before D, the clause cannot be decided there. The rule's practical margin is {@value
 * #MARGIN_PTS} point: its operating characteristic at the protocol's sizes is in
 * docs/verdict-rules.md.
 *
 * @param arm the design's label
 * @param state the failing state
 * @param steps every usable step's share, in run order
 * @param left the steps left out, each with why it cannot decide
 * @param pooled Σ over the usable steps' spans (null with none)
 * @param share the pooled share's interval, percent (null with no answer)
 * @param outcome the comparison with c
 * @param why why it cannot be decided ({@link Outcome#UNDECIDABLE}), else null
 * @param inputs the actuarial inputs it was judged with
 * @param labTSec the lab's T
 */
public record ClauseB(
    String arm,
    ProviderState state,
    List<OutageShare> steps,
    List<Fact.UnusableStep> left,
    OutageCurve.Span pooled,
    Interval share,
    Outcome outcome,
    Why why,
    Actuarial inputs,
    int labTSec) {

  /** The practical margin δ the rule is sized for, in points of fallback share. */
  public static final double MARGIN_PTS = 1.0;

  public enum Outcome {
    HOLDS,
    REFUTES,
    TOO_CLOSE,
    UNDECIDABLE
  }

  /** Why the share through D cannot be compared with c. */
  public enum Why {
    /** No usable walk step of the design in the state. */
    NO_STEP,
    /** A usable step kept no outage curve (recorded before it was kept). */
    NO_CURVE,
    /** A usable step ended before the first D of the outage, mapped to the lab, had passed. */
    SHORTER_THAN_D,
    /**
     * The usable steps hold, but a run's step was left out: a clause whose step is missing never
     * holds by default (a refutation by the usable ones still stands).
     */
    STEP_LEFT_OUT
  }

  /** The figures that decide a pooled share: {@code k} fallbacks of {@code n} against c. */
  public static Outcome compare(long k, long n, double ceilingPct) {
    return switch (Call.of(ClopperPearson.of(k, n), x -> x <= ceilingPct)) {
      case HOLDS -> Outcome.HOLDS;
      case FAILS -> Outcome.REFUTES;
      case TOO_CLOSE -> Outcome.TOO_CLOSE;
      case MISSING -> Outcome.UNDECIDABLE;
    };
  }

  /** {@code arm}'s clause (b) in {@code state} over every run of {@code r}. */
  public static ClauseB judge(
      StepResults r, BenchArm arm, ProviderState state, int labTSec, Actuarial a) {
    List<OutageShare> steps = new ArrayList<>();
    List<Fact.UnusableStep> left = new ArrayList<>();
    for (String run : r.runs()) {
      StepResult s = r.walk(run, arm, state).orElse(null);
      Fact.UnusableStep why = Evidence.unusable(s, new Fact.StepRef(arm.label(), run, state));
      if (why != null) {
        left.add(why);
        continue;
      }
      StepResult healthy = r.walk(run, arm, ProviderState.HEALTHY).orElse(null);
      steps.add(OutageShare.of(s, healthy, labTSec, a));
    }
    return of(arm.label(), state, steps, left, labTSec, a);
  }

  /** The pooled judgement of {@code steps}. */
  static ClauseB of(
      String arm,
      ProviderState state,
      List<OutageShare> steps,
      List<Fact.UnusableStep> left,
      int labTSec,
      Actuarial a) {
    Why why = null;
    if (steps.isEmpty()) {
      why = Why.NO_STEP;
    } else if (steps.stream().anyMatch(s -> s.span() == null)) {
      why = Why.NO_CURVE;
    } else if (steps.stream().anyMatch(s -> !s.coversD())) {
      why = Why.SHORTER_THAN_D;
    }
    OutageCurve.Span pooled =
        steps.stream()
            .map(OutageShare::span)
            .filter(java.util.Objects::nonNull)
            .reduce(OutageCurve.Span::plus)
            .orElse(null);
    Interval share =
        pooled == null || pooled.answers() == 0
            ? null
            : ClopperPearson.of(pooled.fallbacks(), pooled.answers());
    Outcome o =
        why != null || pooled == null || pooled.answers() == 0
            ? Outcome.UNDECIDABLE
            : compare(pooled.fallbacks(), pooled.answers(), a.fallbackCeilingPct());
    if (o == Outcome.UNDECIDABLE && why == null) {
      why = Why.NO_STEP;
    }
    if (o == Outcome.HOLDS && !left.isEmpty()) {
      o = Outcome.UNDECIDABLE;
      why = Why.STEP_LEFT_OUT;
    }
    return new ClauseB(
        arm, state, List.copyOf(steps), List.copyOf(left), pooled, share, o, why, a, labTSec);
  }

  /** The pooled share, percent; null with no answer. */
  public Double pct() {
    return pooled == null ? null : pooled.fallbackPct();
  }

  /**
   * The pooled distance from the aging model over the steps that give h: Σ measured − Σ model (each
   * step's model at its own h, weighted by its answers), points, with an interval from the pooled
   * share's and the model's ends; null when no step gives h.
   */
  public Interval excess() {
    long n = 0;
    double modelLo = 0;
    double modelHi = 0;
    long k = 0;
    for (OutageShare s : steps) {
      if (s.modelPct() == null || s.span() == null || s.span().answers() == 0) {
        continue;
      }
      long m = s.span().answers();
      n += m;
      k += s.span().fallbacks();
      double spanSec = s.labSpanMs() / 1000;
      modelLo += m * OutageShare.modelPct(s.h().high(), spanSec, labTSec);
      modelHi += m * OutageShare.modelPct(s.h().low(), spanSec, labTSec);
    }
    if (n == 0) {
      return null;
    }
    Interval ci = ClopperPearson.of(k, n);
    return new Interval(ci.low() - modelHi / n, ci.high() - modelLo / n);
  }

  /**
   * The pooled measured share minus the pooled model's at each step's h, points; null without h.
   */
  public Double excessPts() {
    long n = 0;
    double model = 0;
    long k = 0;
    for (OutageShare s : steps) {
      if (s.modelPct() == null || s.span() == null || s.span().answers() == 0) {
        continue;
      }
      n += s.span().answers();
      k += s.span().fallbacks();
      model += s.span().answers() * s.modelPct();
    }
    return n == 0 ? null : 100.0 * k / n - model / n;
  }
}
