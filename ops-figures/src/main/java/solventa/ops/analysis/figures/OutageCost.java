package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * The cost of C's independence over the outage's length (the card: "the freshness of the data a
 * quote is priced with, and the share of quotes resolved on a fallback"), per second of C's
 * degraded, unresponsive and down steps, beside the aging model.
 *
 * <p>The model: a step starts from a steady state where a share h of the quotes find a value
 * younger than T, whose ages are uniform over [0, T); a failing provider refreshes none, so the
 * share still fresh t seconds after the change is h·(1 − t/T) and the fallback share is 1 − h·(1 −
 * t/T), until every value has expired at t = T. The time to the actuarial ceiling c is where the
 * model's fallback share reaches c: t* = T·(1 − (1 − c)/h), 0 when the misses alone exceed it (1 −
 * h ≥ c). The model ignores the refreshes a degraded provider still completes, so it is an upper
 * bound of the fallback share there and exact only when the provider answers nothing.
 *
 * @param step the step's id
 * @param state the provider state of the step
 * @param targetHit h, the hit rate the step's key population was sized for
 * @param refreshAfterSec T
 * @param ceilingPct c, in percent
 * @param seconds one row per second from the change
 * @param tStarSec t* in seconds for this T (0 when the ceiling is exceeded from the start)
 * @param fittedTSec the T a least-squares line through the measured fresh share implies (the line
 *     crosses 0 there), null with fewer than 3 seconds or a flat line
 * @param modelRmsePts the root mean square of measured − model fallback share, in points
 */
public record OutageCost(
    String step,
    ProviderState state,
    double targetHit,
    int refreshAfterSec,
    double ceilingPct,
    List<Second> seconds,
    double tStarSec,
    Double fittedTSec,
    Double modelRmsePts) {

  /** The states whose cost over time the report shows: the provider fails in each. */
  public static final List<ProviderState> OUTAGE_STATES =
      List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE, ProviderState.DOWN);

  /**
   * One second of the step, from the change.
   *
   * @param modelFallbackPct the model's fallback share at the middle of the second
   */
  public record Second(
      int second,
      int requests,
      Double fallbackPct,
      Double stalePct,
      Double defaultPct,
      Double ageP50Ms,
      Double ageP95Ms,
      double modelFallbackPct) {}

  /** t* = T·(1 − (1 − c)/h), clamped to [0, T]: when the model's fallback share reaches c. */
  public static double timeToCeilingSec(double h, double refreshAfterSec, double ceilingPct) {
    if (h <= 0) {
      return 0;
    }
    double t = refreshAfterSec * (1 - (1 - ceilingPct / 100.0) / h);
    return Math.max(0, Math.min(refreshAfterSec, t));
  }

  /** The model's fallback share, in percent, t seconds after the change. */
  public static double modelFallbackPct(double h, double refreshAfterSec, double t) {
    double fresh = h * Math.max(0, 1 - t / refreshAfterSec);
    return 100 * (1 - fresh);
  }

  /** C's outage steps in run {@code run}, in the walk's order; empty when none was walked. */
  public static List<OutageCost> of(
      StepResults r, String run, BenchArm arm, int refreshAfterSec, double ceilingPct) {
    List<OutageCost> out = new ArrayList<>();
    for (ProviderState st : OUTAGE_STATES) {
      Optional<StepResult> s = r.walk(run, arm, st);
      s.map(x -> of(x, refreshAfterSec, ceilingPct)).ifPresent(out::add);
    }
    return out;
  }

  static OutageCost of(StepResult s, int refreshAfterSec, double ceilingPct) {
    double h = s.spec().hitRate();
    List<Second> rows = new ArrayList<>();
    List<double[]> fresh = new ArrayList<>();
    double sq = 0;
    int n = 0;
    for (TimelinePoint t : s.timeline()) {
      double model = modelFallbackPct(h, refreshAfterSec, t.second() + 0.5);
      rows.add(
          new Second(
              t.second(),
              t.requests(),
              t.fallbackShare(),
              t.stalePct(),
              t.defaultPct(),
              t.ageP50Ms(),
              t.ageP95Ms(),
              model));
      if (t.fallbackShare() != null && t.requests() > 0) {
        sq += Math.pow(t.fallbackShare() - model, 2);
        n++;
        if (t.second() + 0.5 < refreshAfterSec) {
          fresh.add(new double[] {t.second() + 0.5, 1 - t.fallbackShare() / 100.0});
        }
      }
    }
    return new OutageCost(
        s.spec().id(),
        s.spec().state(),
        h,
        refreshAfterSec,
        ceilingPct,
        List.copyOf(rows),
        timeToCeilingSec(h, refreshAfterSec, ceilingPct),
        fittedT(fresh),
        n == 0 ? null : Math.sqrt(sq / n));
  }

  /** Least squares fresh = a + b·t; the T it implies is where the line reaches 0 (−a/b). */
  static Double fittedT(List<double[]> pts) {
    if (pts.size() < 3) {
      return null;
    }
    double mx = 0;
    double my = 0;
    for (double[] p : pts) {
      mx += p[0];
      my += p[1];
    }
    mx /= pts.size();
    my /= pts.size();
    double sxy = 0;
    double sxx = 0;
    for (double[] p : pts) {
      sxy += (p[0] - mx) * (p[1] - my);
      sxx += (p[0] - mx) * (p[0] - mx);
    }
    if (sxx == 0 || sxy >= 0) {
      return null; // no decline to extrapolate
    }
    double b = sxy / sxx;
    double a = my - b * mx;
    return a <= 0 ? null : -a / b;
  }
}
