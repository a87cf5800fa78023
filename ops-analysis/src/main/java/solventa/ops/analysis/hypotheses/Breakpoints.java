package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.RateBisection.Point;
import solventa.ops.analysis.hypotheses.RateBisection.Side;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;

/**
 * The break-point steps of one series ({@link BreakpointPlan}) as the rate bisection's points: a
 * policy's trials at each rate pooled ({@link PooledTrials}), above the break point when the pooled
 * share's interval lies below 1 %, below it when above 1 %, undecided otherwise; the pool's trials
 * at each rate, above the break point when any read the pool full or saw a rejection, below it when
 * every one was read and none did. Pure: the runner and the report read the same answer.
 */
public final class Breakpoints {
  private Breakpoints() {}

  /** The bisection's settings in {@code p}: the profile's bound, none outside breakpoints. */
  public static RateBisection.Settings settings(ExperimentProfile p) {
    return new RateBisection.Settings(
        BreakpointPlan.LOWEST_RATE,
        BreakpointPlan.HIGHEST_RATE,
        BreakpointPlan.RESOLUTION,
        p.name().equals(BreakpointPlan.PROFILE) ? BreakpointPlan.MAX_STEPS : 0,
        BreakpointPlan.MAX_TRIALS);
  }

  /** The words of {@code series}' question. */
  public static RateBisection.Question question(ExperimentProfile p, String series) {
    if (series.equals(BreakpointPlan.POOL)) {
      return new RateBisection.Question(
          "the adapter's pool (provider slow)", "exhausted", "room left");
    }
    return new RateBisection.Question(
        p.breakerSetting(series).label(), "keeps below 1 %", "misses 1 %");
  }

  /** {@code series}' steps among {@code steps}, in the order they ran. */
  public static List<StepResult> of(String series, List<StepResult> steps) {
    return steps.stream().filter(s -> series.equals(BreakpointPlan.series(s.spec()))).toList();
  }

  /** The answer over {@code series}' steps (any others among {@code steps} are ignored). */
  public static RateBisection.Answer answer(
      ExperimentProfile p, String series, List<StepResult> steps) {
    List<StepResult> mine = of(series, steps);
    int done = (int) mine.stream().filter(s -> s.spec().bisection()).count();
    return RateBisection.next(points(series, mine), question(p, series), settings(p), done);
  }

  /** The series' steps grouped by rate, lowest first, each rate judged by all its trials. */
  public static List<Point> points(String series, List<StepResult> mine) {
    Map<Integer, List<StepResult>> byRate = new LinkedHashMap<>();
    mine.stream()
        .sorted((a, b) -> Integer.compare(a.spec().rate(), b.spec().rate()))
        .forEach(s -> byRate.computeIfAbsent(s.spec().rate(), k -> new ArrayList<>()).add(s));
    List<Point> out = new ArrayList<>();
    byRate.forEach(
        (rate, trials) ->
            out.add(
                series.equals(BreakpointPlan.POOL) ? pool(rate, trials) : policy(rate, trials)));
    return out;
  }

  static Point policy(int rate, List<StepResult> trials) {
    PooledTrials pooled = PooledTrials.of(trials);
    Side side =
        switch (pooled.call()) {
          case HOLDS -> Side.ABOVE;
          case FAILS -> Side.BELOW;
          default -> Side.UNDECIDED;
        };
    String shown =
        pooled.any()
            ? String.format(
                Locale.ROOT,
                "%d of %d sent in W, %s %s",
                pooled.sacrificed(),
                pooled.requests(),
                Evidence.pct(pooled.pct()),
                pooled.interval().pct())
            : "— (" + pooled.nonePooled() + ")";
    return new Point(rate, side, trials.size(), shown);
  }

  static Point pool(int rate, List<StepResult> trials) {
    boolean exhausted = false;
    List<String> read = new ArrayList<>();
    List<String> unread = new ArrayList<>();
    for (StepResult s : trials) {
      String why = Evidence.unusable(s, s.spec().id());
      if (why == null && (s.poolMaxInFlight() == null || s.poolSize() == null)) {
        why = s.spec().id() + ": the pool was not read";
      }
      if (why == null && s.rejections() == null) {
        why = s.spec().id() + ": the rejections were not read";
      }
      if (why != null) {
        unread.add(why);
        continue;
      }
      exhausted |= s.poolMaxInFlight() >= s.poolSize() || s.rejections() > 0;
      read.add(
          s.poolMaxInFlight()
              + " of "
              + s.poolSize()
              + " in flight, "
              + s.rejections()
              + " rejected");
    }
    Side side = exhausted ? Side.ABOVE : read.isEmpty() ? Side.UNDECIDED : Side.BELOW;
    List<String> shown = new ArrayList<>(read);
    unread.forEach(u -> shown.add("— (" + u + ")"));
    return new Point(rate, side, trials.size(), String.join("; ", shown));
  }
}
