package solventa.ops;

import java.util.List;
import java.util.Map;

/**
 * Everything measured in one step. A null number was not measured; {@link #missing()} says why,
 * keyed by the field's name. Times are epoch ms; percentiles in ms; shares in percent.
 *
 * @param changeMs when the provider state was applied (the start of sacrificed/time-to-open)
 * @param windowStartMs start of the steady-state window (after the discarded warm-up slice)
 * @param endToEnd latency at the load generator over the window, all answers (errors included)
 * @param internal the node's own histogram over the window
 * @param coldPath answers whose profile was not a cache hit (FRESH, STALE, DEFAULT)
 * @param fallbackPath answers priced on STALE or DEFAULT
 * @param sacrificed quotes whose resolution met a provider failure under a closed breaker, from the
 *     change until the breaker opened (or the step ended)
 * @param sacrificedPct sacrificed ÷ requests sent from the change to the end of the step
 * @param recoveryMs for RECOVERY steps: from the change until the per-second fallback share fell
 *     below 5 % and stayed there
 * @param closedAfterMs for RECOVERY steps: from the change until the breaker closed
 */
public record StepResult(
    StepSpec spec,
    long startMs,
    long changeMs,
    long windowStartMs,
    long endMs,
    long requests,
    long requestsSinceChange,
    Double achievedRate,
    Latency endToEnd,
    Latency internal,
    Latency coldPath,
    Latency fallbackPath,
    Double errorPct,
    Double fallbackPct,
    Double stalePct,
    Double defaultPct,
    Double ageP50,
    Double ageP95,
    Long sacrificed,
    Double sacrificedPct,
    Long timeToOpenMs,
    Long providerCalls,
    Long cacheMisses,
    Double providerCallsPerMiss,
    Integer poolMaxInFlight,
    Integer poolSize,
    Long rejections,
    Double doubleLagP99,
    Long recoveryMs,
    Long closedAfterMs,
    Boolean assertionsPassed,
    String gatlingReport,
    List<BreakerTransition> transitions,
    List<TimelinePoint> timeline,
    Map<String, String> missing) {

  /** SPEC's thresholds on the service side (EC-LAT-01/02), and the error ceiling for "meets". */
  public static final double P95_MS = 225;

  public static final double P99_MS = 475;
  public static final double MAX_ERROR_PCT = 1.0;

  /**
   * Whether the step meets the latency requirements: p95 ≤ 225 ms and p99 ≤ 475 ms at the
   * generator, with at most 1 % errors (a fast error is not a met requirement). Null when the
   * latency was not measured.
   */
  public Boolean meets() {
    if (endToEnd.p95() == null || endToEnd.p99() == null || errorPct == null) {
      return null;
    }
    return endToEnd.p95() <= P95_MS && endToEnd.p99() <= P99_MS && errorPct <= MAX_ERROR_PCT;
  }
}
