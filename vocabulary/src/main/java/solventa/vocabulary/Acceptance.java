package solventa.vocabulary;

import java.util.Locale;

/**
 * The acceptance thresholds of the experiment card (EC-LAT-01/02 on the service side) and the error
 * ceiling under which a step "meets" them: the one place the bench (the simulations' assertions,
 * the runner's analysis, verdicts and report) reads them from.
 */
public final class Acceptance {
  /** EC-LAT-01: p95 of the service-side latency, in ms. */
  public static final int P95_MS = 225;

  /** EC-LAT-02: p99 of the service-side latency, in ms. */
  public static final int P99_MS = 475;

  /** The most errors, in percent of requests, a step may have and still meet the thresholds. */
  public static final double MAX_ERROR_PCT = 1.0;

  private Acceptance() {}

  /** "p95 ≤ 225 ms, p99 ≤ 475 ms, errors ≤ 1 %". */
  public static String describe() {
    return p95() + ", " + p99() + ", " + errors();
  }

  /** "p95 ≤ 225 ms". */
  public static String p95() {
    return "p95 ≤ " + P95_MS + " ms";
  }

  /** "p99 ≤ 475 ms". */
  public static String p99() {
    return "p99 ≤ " + P99_MS + " ms";
  }

  /** "errors ≤ 1 %". */
  public static String errors() {
    return String.format(Locale.ROOT, "errors ≤ %.0f %%", MAX_ERROR_PCT);
  }
}
