package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;

/**
 * The protocol's declared outage horizon (rules version 6, issue 28): the seconds after the
 * provider's change over which a fallback share is judged against the actuarial ceiling (HD-01's
 * clause (b), the Recommendation), fixed in units of T ({@code quote.refresh-after}) as [{@value
 * #FROM_T}·T, {@value #TO_T}·T). Without refreshes the fallback share depends on t/T only (the
 * aging model of {@link OutageCost}), so a horizon in units of T judges quick (T = 20 s: 2–7 s) and
 * full (T = 60 s: 6–21 s) at the same point of the outage and they agree; both lie inside every
 * failure step of both profiles. The start skips the first tenth of T (the values that expire at
 * once); the end is the shortest failure step of quick (7 s of T = 20 s).
 */
public final class OutageHorizon {
  /** The horizon's start, in units of T. */
  public static final double FROM_T = 0.10;

  /** The horizon's end, in units of T. */
  public static final double TO_T = 0.35;

  private OutageHorizon() {}

  /** The horizon's first second after the change, for T seconds. */
  public static int fromSec(int t) {
    return (int) Math.round(FROM_T * t);
  }

  /** The horizon's end (exclusive), seconds after the change, for T seconds. */
  public static int toSec(int t) {
    return (int) Math.round(TO_T * t);
  }

  /** "2–7 s after the change (0.10–0.35 T, T = 20 s)". */
  public static String describe(int t) {
    return String.format(
        Locale.ROOT,
        "%d–%d s after the change (%.2f–%.2f T, T = %d s)",
        fromSec(t),
        toSec(t),
        FROM_T,
        TO_T,
        t);
  }

  /**
   * The fallback answers of a step over the horizon, from its per-second timeline (whose second 0
   * starts at the change): counts of fallbacks (STALE and DEFAULT apart) and answers, the share and
   * its Clopper–Pearson interval; {@code missing} says why when it cannot be told.
   */
  public record Share(long fallbacks, Long stale, Long dflt, long answers, String missing) {
    public Double pct() {
      return missing != null || answers == 0 ? null : 100.0 * fallbacks / answers;
    }

    public Interval interval() {
      return missing != null || answers == 0 ? null : ClopperPearson.of(fallbacks, answers);
    }

    /** Null also when the step's seconds did not record STALE and DEFAULT apart. */
    public Double stalePct() {
      return missing != null || answers == 0 || stale == null ? null : 100.0 * stale / answers;
    }

    public Double defaultPct() {
      return missing != null || answers == 0 || dflt == null ? null : 100.0 * dflt / answers;
    }
  }

  /** A step's fallback answers over the horizon for T seconds. */
  public static Share of(StepResult s, int t) {
    int from = fromSec(t);
    int to = toSec(t);
    List<TimelinePoint> tl = s.timeline() == null ? List.of() : s.timeline();
    if (tl.size() < to) {
      return new Share(
          0,
          null,
          null,
          0,
          String.format(
              Locale.ROOT,
              "the step's timeline has %d s, the horizon ends %d s after the change",
              tl.size(),
              to));
    }
    long fb = 0;
    long stale = 0;
    long dflt = 0;
    long n = 0;
    boolean split = true; // every second recorded STALE and DEFAULT apart
    for (TimelinePoint p : tl.subList(from, to)) {
      n += p.requests();
      fb += count(p.fallbackShare(), p.requests());
      split &= p.stalePct() != null && p.defaultPct() != null;
      stale += count(p.stalePct(), p.requests());
      dflt += count(p.defaultPct(), p.requests());
    }
    if (n == 0) {
      return new Share(0, null, null, 0, "no answer in the horizon");
    }
    return split ? new Share(fb, stale, dflt, n, null) : new Share(fb, null, null, n, null);
  }

  /** A per-second share back to its count (the share was count ÷ requests). */
  private static long count(Double pct, int requests) {
    return pct == null ? 0 : Math.round(pct * requests / 100.0);
  }
}
