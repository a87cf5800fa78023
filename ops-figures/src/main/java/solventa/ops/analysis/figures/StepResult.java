package solventa.ops.analysis.figures;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import solventa.ops.protocol.StepSpec;
import solventa.vocabulary.Acceptance;

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
 * @param requestsSinceChange requests sent in the exposure window [change, change + W)
 * @param sacrificed quotes admitted under a closed breaker (stamped at admission) whose provider
 *     call failed, admitted in the exposure window [change, change + W)
 * @param sacrificedPct sacrificed ÷ requests sent in the exposure window (null when the step ended
 *     before the window did)
 * @param recoveryMs for RECOVERY steps: from the change until the per-second fallback share fell
 *     below 5 % and stayed there
 * @param closedAfterMs for RECOVERY steps: from the change until the breaker closed
 * @param poolMaxInFlight the most adapter calls in flight the sampler read during this step
 * @param hitRatePct the measured hit rate: CACHED answers ÷ requests in the window
 * @param hitRateTargetPct the target the key population was sized for (null for arm A)
 * @param populationSize K, the step's known customers (null for arm A)
 * @param scheduleLagP99Ms the generator's schedule lag p99: actual minus planned send time
 * @param nodeWorstSecondP99Ms the highest per-second p99 of the node's own service time
 * @param invalidations every sanity failure of this step's attempts, with its reason
 * @param valid whether the step's last attempt passed its sanity checks
 * @param attempts 1, or 2 when the step was re-run
 * @param pathLatenciesMs HD-01.3's raw samples: in a healthy step C's answers that were not CACHED
 *     in the window (the cold path); in a degraded step the answers that were not CACHED sent after
 *     the breaker first opened (the degraded path; with several nodes, after every node's breaker
 *     had opened); empty otherwise
 * @param nodes each cluster member's own figures when the step ran on more than one node (empty
 *     with one); the step's other node-side figures are the members' merged: counts add up, pool
 *     and worst second are the largest node's, time to open is the first breaker's and closed after
 *     the last one's
 * @param fallbackLatenciesMs in a walk step of a failing state (slow, degraded, unresponsive,
 *     down), the generator's latency of every fallback answer sent from the change to the step's
 *     end, the raw material of {@link BudgetExpiry}; empty otherwise; null in results written
 *     before it was recorded
 * @param intervals the 95 % intervals of p95, p99 and the shares (rules version 5); null in results
 *     written before it ({@link StepIntervals#BEFORE_VERSION_5})
 * @param priceError the price error of a DEFAULT quote per line ({@link PriceError}); null when the
 *     request log carried no premium (recorded before it did), and then left out of results.json
 * @param outage a failing step's answers from the change on, in bins of a tenth of a second ({@link
 *     OutageCurve}); null in other states and in results recorded before it was kept
 * @param seededHitRatePct the hit rate the step's seeded values give at its start: the share of
 *     requests whose customer was seeded fresh, known exactly from the seeding; null when the step
 *     was not seeded or was recorded before it was kept
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
    Map<String, String> missing,
    Double hitRatePct,
    Double hitRateTargetPct,
    Integer populationSize,
    Double scheduleLagP99Ms,
    Double nodeWorstSecondP99Ms,
    List<String> invalidations,
    boolean valid,
    int attempts,
    List<Long> pathLatenciesMs,
    List<NodeFigures> nodes,
    List<Long> fallbackLatenciesMs,
    StepIntervals intervals,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, PriceError> priceError,
    @JsonInclude(JsonInclude.Include.NON_NULL) OutageCurve outage,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double seededHitRatePct) {

  public StepResult {
    nodes = nodes == null ? List.of() : nodes; // results written before --nodes have none
    // intervals stay null for results written before rules version 5: never defaulted
  }

  /** A step whose measured hit rate misses its target by more than this many points is flagged. */
  public static final double HIT_RATE_TOLERANCE_PTS = 1.5;

  /** True when the measured hit rate is more than 1.5 points off the target; null if unknown. */
  public Boolean hitRateOff() {
    if (hitRatePct == null || hitRateTargetPct == null) {
      return null;
    }
    return Math.abs(hitRatePct - hitRateTargetPct) > HIT_RATE_TOLERANCE_PTS;
  }

  /** A builder of a step result, every figure unset (not measured). */
  public static StepResultBuilder builder() {
    return new StepResultBuilder();
  }

  /** A builder holding every figure of this result, to change some of them. */
  public StepResultBuilder toBuilder() {
    StepResultBuilder b = new StepResultBuilder();
    b.spec = spec();
    b.startMs = startMs();
    b.changeMs = changeMs();
    b.windowStartMs = windowStartMs();
    b.endMs = endMs();
    b.requests = requests();
    b.requestsSinceChange = requestsSinceChange();
    b.achievedRate = achievedRate();
    b.endToEnd = endToEnd();
    b.internal = internal();
    b.coldPath = coldPath();
    b.fallbackPath = fallbackPath();
    b.errorPct = errorPct();
    b.fallbackPct = fallbackPct();
    b.stalePct = stalePct();
    b.defaultPct = defaultPct();
    b.ageP50 = ageP50();
    b.ageP95 = ageP95();
    b.sacrificed = sacrificed();
    b.sacrificedPct = sacrificedPct();
    b.timeToOpenMs = timeToOpenMs();
    b.providerCalls = providerCalls();
    b.cacheMisses = cacheMisses();
    b.providerCallsPerMiss = providerCallsPerMiss();
    b.poolMaxInFlight = poolMaxInFlight();
    b.poolSize = poolSize();
    b.rejections = rejections();
    b.doubleLagP99 = doubleLagP99();
    b.recoveryMs = recoveryMs();
    b.closedAfterMs = closedAfterMs();
    b.assertionsPassed = assertionsPassed();
    b.gatlingReport = gatlingReport();
    b.transitions = transitions();
    b.timeline = timeline();
    b.missing = missing();
    b.hitRatePct = hitRatePct();
    b.hitRateTargetPct = hitRateTargetPct();
    b.populationSize = populationSize();
    b.scheduleLagP99Ms = scheduleLagP99Ms();
    b.nodeWorstSecondP99Ms = nodeWorstSecondP99Ms();
    b.invalidations = invalidations();
    b.valid = valid();
    b.attempts = attempts();
    b.pathLatenciesMs = pathLatenciesMs();
    b.nodes = nodes();
    b.fallbackLatenciesMs = fallbackLatenciesMs();
    b.intervals = intervals();
    b.priceError = priceError();
    b.outage = outage();
    b.seededHitRatePct = seededHitRatePct();
    return b;
  }

  /** This result with the invalidations of all its attempts. */
  public StepResult withInvalidations(List<String> all, boolean nowValid, int attemptCount) {
    return toBuilder()
        .invalidations(List.copyOf(all))
        .valid(nowValid)
        .attempts(attemptCount)
        .build();
  }

  /**
   * This result as the step {@code counterpart} measured it: the sensitivity table's re-judging
   * puts a step measured under another card reading in its counterpart's place.
   */
  public StepResult as(StepSpec counterpart) {
    return toBuilder().spec(counterpart).build();
  }

  /**
   * Whether the step meets the latency requirements ({@link Acceptance}): p95 and p99 at the
   * generator within the thresholds, with at most 1 % errors (a fast error is not a met
   * requirement). Null when the latency was not measured.
   */
  public Boolean meets() {
    if (endToEnd.p95() == null || endToEnd.p99() == null || errorPct == null) {
      return null;
    }
    return endToEnd.p95() <= Acceptance.P95_MS
        && endToEnd.p99() <= Acceptance.P99_MS
        && errorPct <= Acceptance.MAX_ERROR_PCT;
  }
}
