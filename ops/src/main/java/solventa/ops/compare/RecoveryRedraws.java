package solventa.ops.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepTimeline;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.statistics.Binomial;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.Interval;

/**
 * The 95 % interval of a difference of recovery times. A recovery time is one reading per step
 * ({@link StepTimeline#recoveryMs}: the end of the second from which every 5 s window of the
 * timeline keeps the fallback share below 5 %), so its interval is a parametric bootstrap of the
 * timeline, as the rules' operating characteristic models the reading: {@value Bootstrap#RESAMPLES}
 * times, every second's fallback count of each step is drawn again from a binomial at that second's
 * measured share ({@link Binomial}), each redrawn timeline is read by the same rule, and the 2.5th
 * and 97.5th percentiles of the differences B − A are kept ({@link Bootstrap#ends}). It holds the
 * counting noise of each second's share, not what else varies from run to run (compare runs on
 * several seeds for that). When more than 2.5 % of either step's redrawn timelines never stay below
 * 5 %, the interval would be open, and none is given. Seeded ({@value Bootstrap#SEED}).
 */
final class RecoveryRedraws {
  static final String METHOD =
      "each second's fallback count redrawn (binomial), the timeline read again by the rule";

  private RecoveryRedraws() {}

  /** The interval, or why there is none. */
  record Result(Interval ci, String why) {}

  /** The interval of {@code b}'s recovery time minus {@code a}'s, in seconds. */
  static Result difference(StepResult a, StepResult b) {
    if (a.timeline() == null || a.timeline().isEmpty()) {
      return new Result(null, "A's results hold no timeline to redraw");
    }
    if (b.timeline() == null || b.timeline().isEmpty()) {
      return new Result(null, "B's results hold no timeline to redraw");
    }
    SplittableRandom random = new SplittableRandom(Bootstrap.SEED);
    double[] d = new double[Bootstrap.RESAMPLES];
    int m = 0;
    int neverA = 0;
    int neverB = 0;
    for (int i = 0; i < Bootstrap.RESAMPLES; i++) {
      Long ra = redraw(a, random);
      Long rb = redraw(b, random);
      neverA += ra == null ? 1 : 0;
      neverB += rb == null ? 1 : 0;
      if (ra != null && rb != null) {
        d[m++] = (rb - ra) / 1000.0;
      }
    }
    double tail = 0.025 * Bootstrap.RESAMPLES;
    if (neverA > tail || neverB > tail) {
      return new Result(
          null,
          String.format(
              Locale.ROOT,
              "the share never stays below 5 %% in %.1f %% of A's and %.1f %% of B's redrawn"
                  + " timelines",
              100.0 * neverA / Bootstrap.RESAMPLES,
              100.0 * neverB / Bootstrap.RESAMPLES));
    }
    return new Result(Bootstrap.ends(Arrays.copyOf(d, m)), null);
  }

  /** The recovery time of {@code s}'s timeline with every second's fallback count drawn again. */
  private static Long redraw(StepResult s, SplittableRandom random) {
    List<TimelinePoint> tl = new ArrayList<>(s.timeline().size());
    for (TimelinePoint p : s.timeline()) {
      Double share = p.fallbackShare();
      TimelinePoint.Builder again =
          TimelinePoint.builder().second(p.second()).requests(p.requests());
      if (share == null || p.requests() == 0) {
        tl.add(again.fallbackShare(share).build());
        continue;
      }
      long k = Binomial.draw(p.requests(), share / 100, random);
      tl.add(again.fallbackShare(100.0 * k / p.requests()).build());
    }
    return StepTimeline.recoveryMs(tl, s.startMs(), s.changeMs());
  }
}
