package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * Clause (b) in real units (docs/verdict-rules.md, "Clause (b) in real units"): whether a failure
 * step's fallback share stays within the actuarial ceiling c through the outage D the business
 * rides through, for the source's production refresh policy T_source.
 *
 * <p>Without refreshes the share t seconds into an outage is 1 − h·(1 − t/T), a function of t/T
 * alone, so the lab's time-scaled curve (T = {@code quote.refresh-after}) maps to T_source through
 * t/T. The mapping is trusted only as far as the model agrees with the measured curve: pooled bins
 * of {@value #BIN_T}·T whose Clopper–Pearson interval lies more than {@value #AGREEMENT_PTS} points
 * from the model's band (the model over h's interval) end it. The flip interval is the hull of t* =
 * T·(1 − (1 − c)/h) over h's interval and the measured crossing (from the per-second shares'
 * intervals); D below it holds, above it refutes, inside it is too close to call. h is the measured
 * hit rate of the same arm's healthy step in the same run, so it carries an interval.
 *
 * @param who "C degraded R1"
 * @param outcome the comparison of D with the flip interval, or why it cannot be made
 * @param undecidable why the flip is not decidable (null otherwise)
 * @param hPct h, measured, percent (null when not measured)
 * @param h h's Clopper–Pearson interval, percent
 * @param tStar t* over h's interval, seconds of T_source
 * @param crossing the measured crossing, seconds of T_source (null when the curve never lay wholly
 *     above c in a second of the step)
 * @param flip the hull of the two, seconds of T_source
 * @param agreesUntilSec lab seconds from the change for which the model agrees (the first failing
 *     bin's start, or the last usable bin's end)
 * @param maxGapPts the largest gap between a bin's interval and the model's band
 * @param maxDeviationPts the largest |measured − model| of a bin's point values
 * @param recorded the answers of the first D of the outage as recorded
 */
public record FallbackFlip(
    String who,
    Outcome outcome,
    Undecidable undecidable,
    Double hPct,
    Interval h,
    Interval tStar,
    Interval crossing,
    Interval flip,
    Double agreesUntilSec,
    Double maxGapPts,
    Double maxDeviationPts,
    Recorded recorded,
    int labTSec,
    Actuarial inputs) {

  /** A bin of the agreement check, in units of the lab's T. */
  static final double BIN_T = 0.05;

  /** The fewest answers a bin needs to count in the agreement check. */
  public static final int MIN_BIN_ANSWERS = 50;

  /** The largest gap, in points, between a bin's interval and the model's band that agrees. */
  public static final double AGREEMENT_PTS = 5;

  public enum Outcome {
    HOLDS,
    REFUTES,
    TOO_CLOSE,
    UNDECIDABLE
  }

  /** Why the flip cannot be compared with D. */
  public enum Why {
    /** The same arm's healthy step, which gives h, cannot decide anything. */
    HEALTHY_UNUSABLE,
    /** The healthy step measured no hit rate. */
    H_NOT_MEASURED,
    /** No bin of the agreement check has {@value #MIN_BIN_ANSWERS} answers. */
    NO_BIN,
    /** The measured share never lay wholly above the ceiling in a second of the step. */
    NEVER_ABOVE,
    /** The flip ends after the seconds for which the aging model agrees with the curve. */
    MODEL_DISAGREES
  }

  /**
   * Why the flip cannot be compared with D, and the figures that say so.
   *
   * @param healthy why the healthy step cannot decide ({@link Why#HEALTHY_UNUSABLE}), else null
   * @param binSec the agreement check's bin, lab seconds ({@link Why#NO_BIN})
   * @param stepSeconds the failure step's seconds ({@link Why#NEVER_ABOVE})
   */
  public record Undecidable(Why why, Fact.UnusableStep healthy, int binSec, int stepSeconds) {
    static Undecidable of(Why why) {
      return new Undecidable(why, null, 0, 0);
    }
  }

  /**
   * The answers sent in the first D of the outage, mapped to the lab (D·T/T_source seconds, at
   * least one): STALE with an age (mapped to T_source) at most A, STALE older than A (both null
   * when the step did not record STALE ages), DEFAULT, out of {@code answers}, over {@code
   * seconds}.
   */
  public record Recorded(
      long answers, long stale, Long staleWithinA, Long staleBeyondA, long dflt, int seconds) {
    public Double pct(Long k) {
      return k == null || answers == 0 ? null : 100.0 * k / answers;
    }
  }

  /** t* ÷ T = 1 − (1 − c)/h, clamped to [0, 1]: where the model's share reaches c. */
  static double flipShare(double h, double ceilingPct) {
    if (h <= 0) {
      return 0;
    }
    return Math.max(0, Math.min(1, 1 - (1 - ceilingPct / 100) / h));
  }

  /**
   * Judges {@code failure} with h from {@code healthy} (the same arm's healthy walk step of the
   * same run, null when there is none), the lab's T and the inputs {@code a}.
   */
  public static FallbackFlip judge(
      String who, StepResult failure, StepResult healthy, int labT, Actuarial a) {
    double scale = a.sourceRefreshSec() / labT;
    Recorded rec = recorded(failure, labT, a);
    Fact.UnusableStep unusable =
        Evidence.unusable(
            healthy,
            new Fact.StepRef(
                failure.spec().arm().label(), failure.spec().run(), ProviderState.HEALTHY));
    if (unusable != null) {
      return undecidable(
          who, new Undecidable(Why.HEALTHY_UNUSABLE, unusable, 0, 0), null, null, rec, labT, a);
    }
    if (healthy.hitRatePct() == null || healthy.endToEnd().count() == 0) {
      return undecidable(who, Undecidable.of(Why.H_NOT_MEASURED), null, null, rec, labT, a);
    }
    long n = healthy.endToEnd().count();
    long hits = Math.round(healthy.hitRatePct() * n / 100);
    Interval hCi = ClopperPearson.of(hits, n);
    double hPct = 100.0 * hits / n;
    double c = a.fallbackCeilingPct();
    Interval tStarLab =
        new Interval(labT * flipShare(hCi.low() / 100, c), labT * flipShare(hCi.high() / 100, c));
    Interval tStar = scaled(tStarLab, scale);
    List<TimelinePoint> tl = failure.timeline() == null ? List.of() : failure.timeline();
    Agreement agreement = Agreement.of(tl, labT, hCi, hPct);
    if (!agreement.anyBin()) {
      return undecidable(
          who, new Undecidable(Why.NO_BIN, null, agreement.bin(), 0), hPct, hCi, rec, labT, a);
    }
    double agrees = agreement.agrees();
    Interval crossing = crossing(tl, c, scale);
    Interval flip =
        crossing == null
            ? null
            : new Interval(
                Math.min(tStar.low(), crossing.low()), Math.max(tStar.high(), crossing.high()));
    Undecidable why = whyUndecidable(crossing, flip, agrees, scale, tl.size());
    Outcome o = outcome(why, a.outageSec(), flip);
    return new FallbackFlip(
        who,
        o,
        why,
        hPct,
        hCi,
        tStar,
        crossing,
        flip,
        agrees,
        agreement.maxGap(),
        agreement.maxDev(),
        rec,
        labT,
        a);
  }

  /**
   * The agreement check over bins of {@value FallbackFlip#BIN_T}·T: the bin's width in lab seconds,
   * whether any bin had {@value FallbackFlip#MIN_BIN_ANSWERS} answers, the lab seconds for which
   * the model agrees, and the largest gap and deviation between a bin and the model, in points.
   */
  private record Agreement(int bin, boolean anyBin, double agrees, double maxGap, double maxDev) {
    static Agreement of(List<TimelinePoint> tl, int labT, Interval hCi, double hPct) {
      int bin = Math.max(1, (int) Math.round(BIN_T * labT));
      Double until = null;
      double lastEnd = 0;
      double maxGap = 0;
      double maxDev = 0;
      boolean anyBin = false;
      for (int start = 0; start < Math.min(tl.size(), labT); start += bin) {
        int end = Math.min(Math.min(start + bin, tl.size()), labT);
        long k = 0;
        long m = 0;
        for (TimelinePoint p : tl.subList(start, end)) {
          m += p.requests();
          k += count(p.fallbackShare(), p.requests());
        }
        if (m < MIN_BIN_ANSWERS) {
          continue;
        }
        anyBin = true;
        double u = (start + end) / 2.0 / labT;
        double bandLo = 100 * (1 - hCi.high() / 100 * (1 - u));
        double bandHi = 100 * (1 - hCi.low() / 100 * (1 - u));
        Interval ci = ClopperPearson.of(k, m);
        double gap = Math.max(0, Math.max(ci.low() - bandHi, bandLo - ci.high()));
        maxGap = Math.max(maxGap, gap);
        maxDev = Math.max(maxDev, Math.abs(100.0 * k / m - 100 * (1 - hPct / 100 * (1 - u))));
        if (gap > AGREEMENT_PTS && until == null) {
          until = (double) start;
        }
        if (until == null) {
          lastEnd = end;
        }
      }
      double agrees = until == null ? lastEnd : until;
      return new Agreement(bin, anyBin, agrees, maxGap, maxDev);
    }
  }

  /**
   * The measured crossing in seconds of T_source, from the per-second shares' intervals: from the
   * first second whose interval reaches above c to the end of the first lying wholly above it (null
   * when none does).
   */
  private static Interval crossing(List<TimelinePoint> tl, double c, double scale) {
    Integer earliest = null;
    Integer latest = null;
    for (TimelinePoint p : tl) {
      if (p.requests() == 0) {
        continue;
      }
      Interval ci = ClopperPearson.of(count(p.fallbackShare(), p.requests()), p.requests());
      if (earliest == null && ci.high() > c) {
        earliest = p.second();
      }
      if (ci.low() > c) {
        latest = p.second() + 1;
        break;
      }
    }
    return latest == null ? null : scaled(new Interval(earliest, latest), scale);
  }

  /** Why the flip cannot be compared with D (null when it can). */
  private static Undecidable whyUndecidable(
      Interval crossing, Interval flip, double agrees, double scale, int stepSeconds) {
    if (crossing == null) {
      return new Undecidable(Why.NEVER_ABOVE, null, 0, stepSeconds);
    } else if (flip.high() > agrees * scale) {
      return Undecidable.of(Why.MODEL_DISAGREES);
    }
    return null;
  }

  /** D against the flip interval, or undecidable when there is a reason it cannot be compared. */
  private static Outcome outcome(Undecidable why, double outageSec, Interval flip) {
    if (why != null) {
      return Outcome.UNDECIDABLE;
    } else if (outageSec < flip.low()) {
      return Outcome.HOLDS;
    } else if (outageSec > flip.high()) {
      return Outcome.REFUTES;
    } else {
      return Outcome.TOO_CLOSE;
    }
  }

  private static FallbackFlip undecidable(
      String who, Undecidable why, Double hPct, Interval h, Recorded rec, int labT, Actuarial a) {
    return new FallbackFlip(
        who, Outcome.UNDECIDABLE, why, hPct, h, null, null, null, null, null, null, rec, labT, a);
  }

  private static Interval scaled(Interval i, double k) {
    return new Interval(i.low() * k, i.high() * k);
  }

  /** The first D of the outage in the lab's seconds, as recorded. */
  static Recorded recorded(StepResult s, int labT, Actuarial a) {
    List<TimelinePoint> tl = s.timeline() == null ? List.of() : s.timeline();
    int seconds =
        Math.min(
            tl.size(), Math.max(1, (int) Math.ceil(a.outageSec() * labT / a.sourceRefreshSec())));
    long n = 0;
    long stale = 0;
    long dflt = 0;
    long within = 0;
    long beyond = 0;
    boolean ages = true;
    double maxLabAgeMs = a.maxStaleAgeSec() * labT / a.sourceRefreshSec() * 1000;
    for (TimelinePoint p : tl.subList(0, seconds)) {
      n += p.requests();
      dflt += count(p.defaultPct(), p.requests());
      long k = count(p.stalePct(), p.requests());
      stale += k;
      if (p.staleAgesMs() == null) {
        // a second with STALE answers and no ages was recorded before they were kept
        ages &= k == 0;
        continue;
      }
      for (long age : p.staleAgesMs()) {
        if (age <= maxLabAgeMs) {
          within++;
        } else {
          beyond++;
        }
      }
    }
    return new Recorded(n, stale, ages ? within : null, ages ? beyond : null, dflt, seconds);
  }

  /** A per-second share back to its count (the share was count ÷ requests). */
  private static long count(Double pct, int requests) {
    return pct == null ? 0 : Math.round(pct * requests / 100.0);
  }

  /** The flip in seconds of T_source, "4320–7200 s". */
  public static String span(Interval i) {
    return String.format(Locale.ROOT, "%.0f–%.0f s", i.low(), i.high());
  }

  /** The fallback share recorded over the first D of the outage, percent (null with no answer). */
  public Double recordedFallbackPct() {
    Recorded r = recorded;
    return r.pct(r.stale() + r.dflt());
  }
}
