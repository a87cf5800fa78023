package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.Acceptance;

/**
 * A figure compared with its threshold by its 95 % interval (rules version 5): it {@code HOLDS}
 * when the comparison holds at both ends of the interval, {@code FAILS} when it fails at both ends,
 * is {@code TOO_CLOSE} to call when the interval contains the threshold, and {@code MISSING} when
 * the figure or its interval was not computed (the check names why).
 */
public enum Call {
  HOLDS,
  FAILS,
  TOO_CLOSE,
  MISSING;

  public static Call of(Interval ci, DoublePredicate ok) {
    if (ci == null) {
      return MISSING;
    }
    boolean low = ok.test(ci.low());
    boolean high = ok.test(ci.high());
    return low && high ? HOLDS : !low && !high ? FAILS : TOO_CLOSE;
  }

  /**
   * "Meets the thresholds" of a step by the intervals of its p95, p99 and error share (rules
   * version 5), as card table 1 shows it beside the verdicts.
   */
  public static Call meets(StepResult s) {
    return all(Check.meets(s));
  }

  /**
   * Several comparisons that must all hold: it fails when one fails, holds when all hold, and is
   * undecided ({@code TOO_CLOSE}, or {@code MISSING} when no comparison is too close) otherwise.
   */
  static Call all(List<Check> checks) {
    List<Call> calls = checks.stream().map(Check::call).toList();
    if (calls.contains(FAILS)) {
      return FAILS;
    }
    if (calls.contains(TOO_CLOSE)) {
      return TOO_CLOSE;
    }
    return calls.contains(MISSING) ? MISSING : HOLDS;
  }

  /** Why {@code checks} could not decide: each too-close or missing comparison, joined. */
  public static String undecided(String who, List<Check> checks) {
    return String.join(
        "; ",
        checks.stream()
            .filter(c -> c.call() == TOO_CLOSE || c.call() == MISSING)
            .map(c -> c.undecided(who))
            .toList());
  }

  /**
   * One comparison of a step's figure with a threshold.
   *
   * @param shown the figure and its interval as the evidence cites it ("p95 221 ms [217, 224]")
   * @param against the threshold as the rule writes it ("225 ms")
   * @param missing why the interval is missing, or null
   */
  public record Check(String shown, String against, Call call, String missing) {
    String undecided(String who) {
      return call == MISSING
          ? who + " " + shown + ": " + missing
          : "too close to call: " + who + " " + shown + " against " + against;
    }

    /** p95 ≤ {@link Acceptance#P95_MS}. */
    static Check p95(StepResult s) {
      return latency(s, "p95", s.endToEnd().p95(), iv(s, StepIntervals::p95), Acceptance.P95_MS);
    }

    /** p99 ≤ {@link Acceptance#P99_MS}. */
    static Check p99(StepResult s) {
      return latency(s, "p99", s.endToEnd().p99(), iv(s, StepIntervals::p99), Acceptance.P99_MS);
    }

    /** errors ≤ {@link Acceptance#MAX_ERROR_PCT}. */
    static Check errors(StepResult s) {
      return share(
          s,
          "errors",
          "errorPct",
          s.errorPct(),
          iv(s, StepIntervals::errorPct),
          Acceptance.MAX_ERROR_PCT);
    }

    /** The fallback share ≤ the ceiling. */
    static Check fallback(StepResult s, double ceilingPct) {
      return share(
          s,
          "fallback",
          "fallbackPct",
          s.fallbackPct(),
          iv(s, StepIntervals::fallbackPct),
          ceilingPct);
    }

    /** The comparison of {@code s}'s figure with the card's {@code threshold}. */
    public static Check of(Fact.Threshold threshold, StepResult s) {
      return switch (threshold) {
        case P95 -> p95(s);
        case P99 -> p99(s);
        case ERRORS -> errors(s);
      };
    }

    /** "Meets the thresholds": p95, p99 and errors. */
    public static List<Check> meets(StepResult s) {
      return List.of(p95(s), p99(s), errors(s));
    }

    private static Check latency(StepResult s, String name, Double v, Interval ci, double max) {
      String missing = ci == null ? missingWhy(s, name + "Interval") : null;
      String shown = name + " " + Evidence.ms(v) + " " + (ci == null ? "[no interval]" : ci.ms());
      return new Check(
          shown, String.format(Locale.ROOT, "%.0f ms", max), Call.of(ci, x -> x <= max), missing);
    }

    private static Check share(
        StepResult s, String name, String key, Double v, Interval ci, double max) {
      return share(name, v, ci, max, ci == null ? missingWhy(s, key + "Interval") : null);
    }

    /** A share ≤ {@code max} by its interval; {@code missing} says why when there is none. */
    private static Check share(String name, Double v, Interval ci, double max, String missing) {
      String shown = name + " " + Evidence.pct(v) + " " + (ci == null ? "[no interval]" : ci.pct());
      return new Check(
          shown,
          String.format(Locale.ROOT, "%s %%", Evidence.num(max)),
          Call.of(ci, x -> x <= max),
          missing);
    }

    private static Interval iv(
        StepResult s, java.util.function.Function<StepIntervals, Interval> f) {
      return s.intervals() == null ? null : f.apply(s.intervals());
    }

    private static String missingWhy(StepResult s, String key) {
      if (s.intervals() == null) {
        return StepIntervals.BEFORE_VERSION_5;
      }
      return "no interval (" + s.missing().getOrDefault(key, "no reason recorded") + ")";
    }
  }
}
