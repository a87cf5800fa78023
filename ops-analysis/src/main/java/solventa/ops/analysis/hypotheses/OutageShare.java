package solventa.ops.analysis.hypotheses;

import solventa.ops.analysis.figures.OutageCurve;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * One failing step's fallback share through the outage (rules version 15): STALE + DEFAULT ÷
 * answers among the requests sent over the first D of the outage mapped to the lab, D·T/T_source
 * from the provider's change, counted over exactly that span ({@link OutageCurve#through}), with
 * its Clopper–Pearson interval. Beside it, the aging model's mean over the same span and how far
 * the step lies from it, as a finding with its interval: without refreshes the share t into the
 * outage is 1 − h·(1 − t/T), whose mean over [0, L) is 1 − h·(1 − L/(2T)) for L ≤ T (1 − h·T/(2L)
 * past T), with h the hit rate at the outage's start: the step's seeded hit rate, exact, or (a step
 * recorded before it was kept) the same arm's healthy step's measured hit rate with its interval.
 *
 * @param stepId the failing step
 * @param run its run
 * @param state its provider state
 * @param span the answers counted ({@code null} when the step kept no outage curve)
 * @param share the fallback share's interval, percent (null with no answer)
 * @param hPct h, percent (null when neither source gives it)
 * @param h h's interval, percent (a point when seeded)
 * @param hSeeded whether h is the step's seeded hit rate (else the healthy step's measured one)
 * @param modelPct the aging model's mean share over the span, at h (null without h)
 * @param excess the measured share minus the model's, points: its interval, from the share's and
 *     h's (null without h or without answers)
 * @param labSpanMs the span D·T/T_source, lab ms
 * @param curveMs how much of the outage the step's curve covers, lab ms (0 without a curve)
 */
public record OutageShare(
    String stepId,
    String run,
    ProviderState state,
    OutageCurve.Span span,
    Interval share,
    Double hPct,
    Interval h,
    boolean hSeeded,
    Double modelPct,
    Interval excess,
    double labSpanMs,
    long curveMs) {

  /** D mapped to the lab: D·T/T_source, in ms. */
  public static double labSpanMs(int labTSec, Actuarial a) {
    return a.outageSec() * labTSec / a.sourceRefreshSec() * 1000;
  }

  /**
   * {@code failure}'s share through the outage, h from its seeding or from {@code healthy} (the
   * same arm's healthy walk step of the same run; null when there is none).
   */
  public static OutageShare of(StepResult failure, StepResult healthy, int labTSec, Actuarial a) {
    double spanMs = labSpanMs(labTSec, a);
    OutageCurve curve = failure.outage();
    OutageCurve.Span span = curve == null ? null : curve.through(spanMs);
    Interval share =
        span == null || span.answers() == 0
            ? null
            : ClopperPearson.of(span.fallbacks(), span.answers());
    Double hPct = null;
    Interval h = null;
    boolean seeded = failure.seededHitRatePct() != null;
    if (seeded) {
      hPct = failure.seededHitRatePct();
      h = new Interval(hPct, hPct);
    } else if (healthy != null
        && healthy.hitRatePct() != null
        && healthy.endToEnd() != null
        && healthy.endToEnd().count() > 0) {
      long n = healthy.endToEnd().count();
      long hits = Math.round(healthy.hitRatePct() * n / 100);
      h = ClopperPearson.of(hits, n);
      hPct = 100.0 * hits / n;
    }
    Double model = hPct == null ? null : modelPct(hPct, spanMs / 1000, labTSec);
    Interval excess =
        model == null || share == null
            ? null
            : new Interval(
                share.low() - modelPct(h.high(), spanMs / 1000, labTSec),
                share.high() - modelPct(h.low(), spanMs / 1000, labTSec));
    return new OutageShare(
        failure.spec().id(),
        failure.spec().run(),
        failure.spec().state(),
        span,
        share,
        hPct,
        h,
        seeded,
        model,
        excess,
        spanMs,
        curve == null ? 0 : curve.lengthMs());
  }

  /**
   * The aging model's mean fallback share over the first {@code spanSec} of an outage that starts
   * at hit rate {@code hPct}, with values fresh for {@code labTSec}: percent.
   */
  public static double modelPct(double hPct, double spanSec, double labTSec) {
    double h = hPct / 100;
    if (spanSec <= 0) {
      return 100 * (1 - h);
    }
    double freshMean =
        spanSec <= labTSec ? h * (1 - spanSec / (2 * labTSec)) : h * labTSec / (2 * spanSec);
    return 100 * (1 - freshMean);
  }

  /** The measured share, percent; null with no answer. */
  public Double pct() {
    return span == null ? null : span.fallbackPct();
  }

  /** The measured share minus the model's, points; null without either. */
  public Double excessPts() {
    return pct() == null || modelPct == null ? null : pct() - modelPct;
  }

  /** Whether the step's curve covers the whole span D·T/T_source. */
  public boolean coversD() {
    return span != null && curveMs + 1e-9 >= labSpanMs;
  }
}
