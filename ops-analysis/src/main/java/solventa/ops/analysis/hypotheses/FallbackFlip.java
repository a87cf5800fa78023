package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;

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
 * @param reason why the flip is not decidable (null otherwise)
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
    String reason,
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
  static final int MIN_BIN_ANSWERS = 50;

  /** The largest gap, in points, between a bin's interval and the model's band that agrees. */
  static final double AGREEMENT_PTS = 5;

  public enum Outcome {
    HOLDS,
    REFUTES,
    TOO_CLOSE,
    UNDECIDABLE
  }

  /**
   * The answers sent in the first D of the outage, mapped to the lab (D·T/T_source seconds, at
   * least one): STALE with an age (mapped to T_source) at most A, STALE older than A (both null
   * when the step did not record STALE ages), DEFAULT, out of {@code answers}, over {@code
   * seconds}.
   */
  public record Recorded(
      long answers, long stale, Long staleWithinA, Long staleBeyondA, long dflt, int seconds) {
    Double pct(Long k) {
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
    String unusable = Evidence.unusable(healthy, who + "'s healthy step (h)");
    if (unusable != null || healthy.hitRatePct() == null || healthy.endToEnd().count() == 0) {
      return undecidable(
          who,
          unusable != null ? unusable : "h not measured in the healthy step",
          null,
          null,
          rec,
          labT,
          a);
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
          who,
          "no " + agreement.bin() + " s bin of the step has " + MIN_BIN_ANSWERS + " answers",
          hPct,
          hCi,
          rec,
          labT,
          a);
    }
    double agrees = agreement.agrees();
    Interval crossing = crossing(tl, c, scale);
    Interval flip =
        crossing == null
            ? null
            : new Interval(
                Math.min(tStar.low(), crossing.low()), Math.max(tStar.high(), crossing.high()));
    String why = whyUndecidable(crossing, flip, agrees, scale, labT, c, tl.size());
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
  private static String whyUndecidable(
      Interval crossing,
      Interval flip,
      double agrees,
      double scale,
      int labT,
      double c,
      int stepSeconds) {
    if (crossing == null) {
      return String.format(
          Locale.ROOT,
          "the measured share never lay wholly above %s %% in a second of the step's %d s: the"
              + " flip lies beyond what was measured",
          Evidence.num(c),
          stepSeconds);
    } else if (flip.high() > agrees * scale) {
      return String.format(
          Locale.ROOT,
          "the aging model agrees with the measured curve only for %.0f s (%.2f T) after the"
              + " change, and the flip ends at %.1f s (%.2f T): the mapping to T_source is not"
              + " allowed there",
          agrees,
          agrees / labT,
          flip.high() / scale,
          flip.high() / scale / labT);
    }
    return null;
  }

  /** D against the flip interval, or undecidable when there is a reason it cannot be compared. */
  private static Outcome outcome(String why, double outageSec, Interval flip) {
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
      String who, String why, Double hPct, Interval h, Recorded rec, int labT, Actuarial a) {
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

  /** The comparison in words: "holds", "refutes", "too close to call", "not decidable: why". */
  public String outcomeText() {
    return switch (outcome) {
      case HOLDS -> "holds";
      case REFUTES -> "refutes";
      case TOO_CLOSE -> "too close to call";
      case UNDECIDABLE -> "not decidable: " + reason;
    };
  }

  /** The figures the judgement rests on, one clause of evidence. */
  public String figures() {
    StringBuilder sb = new StringBuilder();
    if (hPct != null) {
      sb.append(
          String.format(Locale.ROOT, "h %s %s (its healthy step)", Evidence.pct(hPct), h.pct()));
    }
    if (tStar != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "; t* %s, measured crossing %s, flip %s of T_source = %s s (× %s of the lab's T ="
                  + " %d s)",
              span(tStar),
              crossing == null ? "— (not within the step)" : span(crossing),
              flip == null ? "—" : span(flip),
              Actuarial.num(inputs.sourceRefreshSec()),
              Actuarial.num(inputs.sourceRefreshSec() / labTSec),
              labTSec));
    }
    if (agreesUntilSec != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "; the model agrees within %.0f points for %.0f s (%.2f T; largest gap %.1f, largest"
                  + " deviation %.1f points)",
              AGREEMENT_PTS,
              agreesUntilSec,
              agreesUntilSec / labTSec,
              maxGapPts,
              maxDeviationPts));
    }
    sb.append(sb.length() == 0 ? "" : "; ").append(recordedText());
    return sb.toString();
  }

  /** "over the first 3600 s of the outage (the lab's 3 s): STALE ≤ A …, STALE > A …, DEFAULT …". */
  public String recordedText() {
    Recorded r = recorded;
    return String.format(
        Locale.ROOT,
        "as recorded over the first %s s of the outage (the lab's first %d s, %d answers): STALE ≤"
            + " A %s, STALE > A %s, DEFAULT %s",
        Actuarial.num(inputs.outageSec()),
        r.seconds(),
        r.answers(),
        Evidence.pct(r.pct(r.staleWithinA())),
        Evidence.pct(r.pct(r.staleBeyondA())),
        Evidence.pct(r.pct(r.dflt())));
  }

  /** The fallback share recorded over the first D of the outage, percent (null with no answer). */
  public Double recordedFallbackPct() {
    Recorded r = recorded;
    return r.pct(r.stale() + r.dflt());
  }
}
