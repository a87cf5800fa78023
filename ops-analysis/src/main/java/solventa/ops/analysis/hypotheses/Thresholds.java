package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.figures.OutageCurve;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Crossing;
import solventa.vocabulary.ProviderState;

/**
 * The two production facts the lab cannot know, measured as thresholds with their intervals for one
 * design (rules version 15): the minimum production hit rate h_min at which its fallback share
 * through the outage D stays within the ceiling c, and the longest outage D* that stays within c at
 * the seeded hit rate. A verdict on a production fact would be decided by the hit rate the lab
 * seeds; a threshold says what the answer depends on, and the Recommendation states it as its
 * condition.
 *
 * <ul>
 *   <li><b>h_min</b>: every usable step of the design in {@value #LEVEL_STATE_NAME} at a seeded hit
 *       rate (its walk's, at the design point, and its outage steps at the levels around it, over
 *       every run); the least-squares line of the share through D (each answer of the first D, 0 or
 *       1) on the seeded hit rate, solved for c ({@link Crossing}, with its parametric bootstrap
 *       interval). It needs two levels or more; a crossing outside the levels measured is marked
 *       extrapolated.
 *   <li><b>D*</b>: the design's walk steps of a failing state at the design point, pooled over the
 *       runs; the least-squares line of an answer's fallback (0 or 1) on its time into the outage,
 *       over every answer of the steps' outage curves, whose mean over the first D is the share
 *       through D; solved for c. A D* beyond what the steps measured is marked extrapolated.
 * </ul>
 *
 * Beside each, the aging model's own figure (an implementation check, no interval): h_min = (1 −
 * c)/(1 − D/(2 T_source)) and D* = 2 T_source·(1 − (1 − c)/h).
 *
 * @param arm the design's label
 * @param hMin the minimum hit rate
 * @param dStar the longest outage in each failing state judged
 */
public record Thresholds(String arm, HMin hMin, List<DStar> dStar) {

  /** The state whose outage steps are run at several hit rates. */
  public static final ProviderState LEVEL_STATE = ProviderState.UNRESPONSIVE;

  static final String LEVEL_STATE_NAME = "unresponsive";

  /** Why a threshold could not be measured. */
  public enum Why {
    /** Fewer than two seeded hit-rate levels with a usable step. */
    TOO_FEW_LEVELS,
    /** No usable step with an outage curve. */
    NO_STEP,
    /** The share does not move with the variable: the line is flat. */
    FLAT
  }

  /**
   * One usable step at one seeded hit rate.
   *
   * @param seededPct its seeded hit rate, percent
   * @param answers answers through D
   * @param fallbacks fallback answers among them
   */
  public record Level(String stepId, String run, double seededPct, long answers, long fallbacks) {}

  /**
   * The minimum hit rate.
   *
   * @param levels the steps it was measured on
   * @param pct h_min, percent (null when not measured)
   * @param low its interval's lower end (null when open or not measured)
   * @param high its upper end (null when open or not measured)
   * @param extrapolated whether it lies outside the levels measured
   * @param modelPct the aging model's minimum, percent (null when none: D ≥ 2 T_source or above 100
   *     %)
   * @param why why it was not measured (null when it was)
   */
  public record HMin(
      ProviderState state,
      List<Level> levels,
      Double pct,
      Double low,
      Double high,
      boolean extrapolated,
      Double modelPct,
      Why why) {}

  /**
   * The longest outage at the seeded hit rate, in seconds of T_source.
   *
   * @param sec D* (null when not measured)
   * @param low its interval's lower end (null when open or not measured)
   * @param high its upper end (null when open or not measured)
   * @param measuredSec how far the steps measured, seconds of T_source
   * @param extrapolated whether D* lies beyond what was measured
   * @param modelSec the aging model's D* at the steps' h (null without h)
   * @param answers the answers the line was fitted to
   */
  public record DStar(
      ProviderState state,
      Double sec,
      Double low,
      Double high,
      double measuredSec,
      boolean extrapolated,
      Double modelSec,
      long answers,
      Why why) {}

  /** {@code arm}'s thresholds from {@code r}, for the failing {@code states}. */
  public static Thresholds of(
      StepResults r, BenchArm arm, List<ProviderState> states, int labTSec, Actuarial a) {
    List<DStar> ds = new ArrayList<>();
    for (ProviderState st : states) {
      ds.add(dStar(r, arm, st, labTSec, a));
    }
    return new Thresholds(arm.label(), hMin(r, arm, labTSec, a), List.copyOf(ds));
  }

  static HMin hMin(StepResults r, BenchArm arm, int labTSec, Actuarial a) {
    double c = a.fallbackCeilingPct();
    double model = 100 * (1 - c / 100) / (1 - a.outageSec() / (2 * a.sourceRefreshSec()));
    Double modelPct = model > 0 && model <= 100 ? model : null;
    List<Level> levels = new ArrayList<>();
    for (StepResult s : r.outageLevels(arm, LEVEL_STATE)) {
      if (Evidence.unusable(s, s.spec().id()) != null || s.seededHitRatePct() == null) {
        continue;
      }
      OutageShare o = OutageShare.of(s, null, labTSec, a);
      if (!o.coversD() || o.span().answers() == 0) {
        continue;
      }
      levels.add(
          new Level(
              s.spec().id(),
              s.spec().run(),
              s.seededHitRatePct(),
              o.span().answers(),
              o.span().fallbacks()));
    }
    long distinct = levels.stream().mapToDouble(Level::seededPct).distinct().count();
    if (distinct < 2) {
      return new HMin(
          LEVEL_STATE, List.copyOf(levels), null, null, null, false, modelPct, Why.TOO_FEW_LEVELS);
    }
    Crossing.Result x =
        Crossing.of(
            levels.stream()
                .map(l -> new Crossing.Group(l.seededPct() / 100, l.answers(), l.fallbacks()))
                .toList(),
            c / 100);
    if (x.at() == null || x.slope() >= 0) {
      // the share does not fall as the hit rate rises: no minimum to read
      return new HMin(
          LEVEL_STATE, List.copyOf(levels), null, null, null, false, modelPct, Why.FLAT);
    }
    double lo = levels.stream().mapToDouble(Level::seededPct).min().orElseThrow();
    double hi = levels.stream().mapToDouble(Level::seededPct).max().orElseThrow();
    double at = 100 * x.at();
    return new HMin(
        LEVEL_STATE,
        List.copyOf(levels),
        at,
        x.low() == null ? null : 100 * x.low(),
        x.high() == null ? null : 100 * x.high(),
        at < lo || at > hi,
        modelPct,
        null);
  }

  /**
   * Seconds of the outage per group of the line D* is fitted on: each group's share at its middle,
   * weighed by its answers (seven groups a step of 35 s).
   */
  static final int GROUP_SEC = 5;

  static DStar dStar(StepResults r, BenchArm arm, ProviderState state, int labTSec, Actuarial a) {
    double scale = a.sourceRefreshSec() / labTSec;
    List<Crossing.Group> groups = new ArrayList<>();
    long measuredMs = Long.MAX_VALUE;
    double hSum = 0;
    int hs = 0;
    for (String run : r.runs()) {
      StepResult s = r.walk(run, arm, state).orElse(null);
      if (Evidence.unusable(s, s == null ? "" : s.spec().id()) != null || s.outage() == null) {
        continue;
      }
      OutageCurve curve = s.outage();
      measuredMs = Math.min(measuredMs, curve.lengthMs());
      int per = GROUP_SEC * 1000 / curve.binMs();
      for (int from = 0; from < curve.answers().size(); from += per) {
        long n = 0;
        long k = 0;
        int to = Math.min(curve.answers().size(), from + per);
        for (int i = from; i < to; i++) {
          n += curve.answers().get(i);
          k += curve.fallbacks().get(i);
        }
        // the mean of a + b·t over [0, D) is a + b·D/2: a line on 2t crosses c at D*
        double mid = (from + to) / 2.0 * curve.binMs() / 1000;
        groups.add(new Crossing.Group(2 * mid, n, k));
      }
      if (s.seededHitRatePct() != null) {
        hSum += s.seededHitRatePct();
        hs++;
      }
    }
    long answers = groups.stream().mapToLong(Crossing.Group::n).sum();
    if (answers == 0) {
      return new DStar(state, null, null, null, 0, false, null, 0, Why.NO_STEP);
    }
    double measured = measuredMs / 1000.0 * scale;
    Double modelSec = null;
    if (hs > 0) {
      double h = hSum / hs / 100;
      double m = 2 * a.sourceRefreshSec() * (1 - (1 - a.fallbackCeilingPct() / 100) / h);
      modelSec = Math.max(0, m);
    }
    Crossing.Result x = Crossing.of(groups, a.fallbackCeilingPct() / 100);
    if (x.at() == null || x.slope() <= 0) {
      // the share does not rise through the outage: it never reaches c this way
      return new DStar(state, null, null, null, measured, false, modelSec, answers, Why.FLAT);
    }
    // a share above the ceiling from the outage's start crosses it at once: D* is 0
    double at = Math.max(0, x.at()) * scale;
    return new DStar(
        state,
        at,
        x.low() == null ? null : Math.max(0, x.low()) * scale,
        x.high() == null ? null : Math.max(0, x.high()) * scale,
        measured,
        at > measured,
        modelSec,
        answers,
        null);
  }
}
