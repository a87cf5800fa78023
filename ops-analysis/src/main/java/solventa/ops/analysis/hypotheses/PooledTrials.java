package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;

/**
 * The trials of one breaker setting at one rate, pooled (rules version 12): the sacrificed share is
 * Σ sacrificed ÷ Σ requests sent in W over the usable trials that have a share, with the
 * Clopper–Pearson interval of that pooled proportion, compared with 1 % as one trial's was (version
 * 11). A trial that is not usable, or has no share, is left out with its reason. One trial at 10
 * req/s holds 300 requests in W, too few for its interval to lie below 1 % even with none
 * sacrificed; the trials measure the same setting from the same empty breaker window, so the
 * question is the setting's share, and pooling narrows its interval.
 *
 * @param pooled the trials pooled, in the order they ran
 * @param left the trials left out, each "step id: reason"
 * @param sacrificed Σ sacrificed over the pooled trials
 * @param requests Σ requests sent in W over the pooled trials
 */
public record PooledTrials(
    List<StepResult> pooled, List<String> left, long sacrificed, long requests) {

  /** Pools {@code trials}: every usable trial with a sacrificed share and its interval. */
  public static PooledTrials of(List<StepResult> trials) {
    List<StepResult> pooled = new ArrayList<>();
    List<String> left = new ArrayList<>();
    long k = 0;
    long n = 0;
    for (StepResult s : trials) {
      String why = Evidence.unusable(s, s == null ? "a trial" : s.spec().id());
      if (why == null && (s.sacrificedPct() == null || s.sacrificed() == null)) {
        why =
            s.spec().id()
                + " has no sacrificed share ("
                + s.missing().getOrDefault("sacrificedPct", "no reason recorded")
                + ")";
      }
      if (why == null && s.intervals() == null) {
        why = s.spec().id() + ": " + StepIntervals.BEFORE_VERSION_5;
      }
      if (why != null) {
        left.add(why);
        continue;
      }
      pooled.add(s);
      k += s.sacrificed();
      n += s.requestsSinceChange();
    }
    return new PooledTrials(List.copyOf(pooled), List.copyOf(left), k, n);
  }

  /** Whether any trial was pooled (with requests in W). */
  public boolean any() {
    return !pooled.isEmpty() && requests > 0;
  }

  /** The pooled share, percent; null with no trial pooled. */
  public Double pct() {
    return any() ? 100.0 * sacrificed / requests : null;
  }

  /** The pooled share's Clopper–Pearson 95 % interval, percent; null with no trial pooled. */
  public Interval interval() {
    return any() ? ClopperPearson.of(sacrificed, requests) : null;
  }

  /** The pooled share compared with 1 % by its interval; MISSING with no trial pooled. */
  public Call call() {
    return Call.of(interval(), x -> x < SacrificedHighTraffic.MAX_SACRIFICED_PCT);
  }

  /** Each pooled trial's time to open, "210 ms, 260 ms" ("n/a" where it did not open). */
  public String timesToOpen() {
    return String.join(
        ", ",
        pooled.stream()
            .map(s -> s.timeToOpenMs() == null ? "n/a" : s.timeToOpenMs() + " ms")
            .toList());
  }

  /** Why nothing was pooled: the trials left out, or none run. */
  public String nonePooled() {
    return left.isEmpty() ? "no trial was run" : "no trial pooled: " + String.join("; ", left);
  }
}
