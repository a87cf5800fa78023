package solventa.ops.analysis.figures;

import java.util.List;
import java.util.Map;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepAnalyzer.Window;
import solventa.ops.statistics.Bootstrap;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;

/**
 * The 95 % intervals of a step's figures (rules version 5): its p95 and p99 at the generator by
 * bootstrap ({@link Bootstrap#percentiles}), its error, fallback and sacrificed shares by {@link
 * ClopperPearson}, in percent. A null interval was not computed; the step's {@code missing} says
 * why, keyed {@code p95Interval}, {@code p99Interval}, {@code errorPctInterval}, {@code
 * fallbackPctInterval}, {@code sacrificedPctInterval}. A step read from a results.json written
 * before version 5 has no intervals at all ({@link StepResult#intervals()} null).
 */
public record StepIntervals(
    Interval p95, Interval p99, Interval errorPct, Interval fallbackPct, Interval sacrificedPct) {

  /** The reason for a whole step without intervals: results written before rules version 5. */
  public static final String BEFORE_VERSION_5 =
      "no interval stored: the step's figures come from a results.json written before rules"
          + " version 5, without a raw recording to re-analyse";

  /** The intervals of the window's answers and of the sacrificed share, or why each is missing. */
  static StepIntervals of(
      Window w, Long sacrificed, Double sacrificedPct, Map<String, String> missing) {
    List<RequestRecord> window = w.window();
    long n = window.size();
    Interval[] ps =
        Bootstrap.percentiles(
            window.stream().map(r -> Latency.clamp(r.latencyMs())).toList(), 95, 99);
    if (ps == null) {
      missing.put("p95Interval", "no request was sent in the window");
      missing.put("p99Interval", "no request was sent in the window");
      missing.put("errorPctInterval", "no request was sent in the window");
      missing.put("fallbackPctInterval", "no request was sent in the window");
    }
    Interval errors = ClopperPearson.of(window.stream().filter(r -> !r.ok()).count(), n);
    Interval fallback =
        ClopperPearson.of(window.stream().filter(RequestRecord::fallback).count(), n);
    Interval sac = null;
    if (sacrificedPct == null || sacrificed == null) {
      missing.put("sacrificedPctInterval", "no sacrificed share (see sacrificedPct)");
    } else {
      sac = ClopperPearson.of(sacrificed, w.exposure().size());
    }
    return new StepIntervals(
        ps == null ? null : ps[0], ps == null ? null : ps[1], errors, fallback, sac);
  }
}
