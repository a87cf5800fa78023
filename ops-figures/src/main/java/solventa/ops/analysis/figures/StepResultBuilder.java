package solventa.ops.analysis.figures;

import java.util.List;
import java.util.Map;
import solventa.ops.protocol.StepSpec;

/**
 * Builds a {@link StepResult} by name: what the analysis measured of a step, one figure at a time,
 * and a copy of a result with some figures changed ({@link StepResult#toBuilder()}). A figure left
 * unset is not measured (null), as the record reads it; lists default to empty, and a step is valid
 * at its first attempt unless told otherwise.
 */
public final class StepResultBuilder {
  StepSpec spec;
  long startMs;
  long changeMs;
  long windowStartMs;
  long endMs;
  long requests;
  long requestsSinceChange;
  Double achievedRate;
  Latency endToEnd;
  Latency internal;
  Latency coldPath;
  Latency fallbackPath;
  Double errorPct;
  Double fallbackPct;
  Double stalePct;
  Double defaultPct;
  Double ageP50;
  Double ageP95;
  Long sacrificed;
  Double sacrificedPct;
  Long timeToOpenMs;
  Long providerCalls;
  Long cacheMisses;
  Double providerCallsPerMiss;
  Integer poolMaxInFlight;
  Integer poolSize;
  Long rejections;
  Double doubleLagP99;
  Long recoveryMs;
  Long closedAfterMs;
  Boolean assertionsPassed;
  String gatlingReport;
  List<BreakerTransition> transitions = List.of();
  List<TimelinePoint> timeline = List.of();
  Map<String, String> missing = Map.of();
  Double hitRatePct;
  Double hitRateTargetPct;
  Integer populationSize;
  Double scheduleLagP99Ms;
  Double nodeWorstSecondP99Ms;
  List<String> invalidations = List.of();
  boolean valid = true;
  int attempts = 1;
  List<Long> pathLatenciesMs = List.of();
  List<NodeFigures> nodes = List.of();
  List<Long> fallbackLatenciesMs = List.of();
  StepIntervals intervals;
  Map<String, PriceError> priceError = Map.of();
  OutageCurve outage;
  Double seededHitRatePct;

  StepResultBuilder() {}

  public StepResultBuilder spec(StepSpec spec) {
    this.spec = spec;
    return this;
  }

  public StepResultBuilder startMs(long startMs) {
    this.startMs = startMs;
    return this;
  }

  public StepResultBuilder changeMs(long changeMs) {
    this.changeMs = changeMs;
    return this;
  }

  public StepResultBuilder windowStartMs(long windowStartMs) {
    this.windowStartMs = windowStartMs;
    return this;
  }

  public StepResultBuilder endMs(long endMs) {
    this.endMs = endMs;
    return this;
  }

  public StepResultBuilder requests(long requests) {
    this.requests = requests;
    return this;
  }

  public StepResultBuilder requestsSinceChange(long requestsSinceChange) {
    this.requestsSinceChange = requestsSinceChange;
    return this;
  }

  public StepResultBuilder achievedRate(Double achievedRate) {
    this.achievedRate = achievedRate;
    return this;
  }

  public StepResultBuilder endToEnd(Latency endToEnd) {
    this.endToEnd = endToEnd;
    return this;
  }

  public StepResultBuilder internal(Latency internal) {
    this.internal = internal;
    return this;
  }

  public StepResultBuilder coldPath(Latency coldPath) {
    this.coldPath = coldPath;
    return this;
  }

  public StepResultBuilder fallbackPath(Latency fallbackPath) {
    this.fallbackPath = fallbackPath;
    return this;
  }

  public StepResultBuilder errorPct(Double errorPct) {
    this.errorPct = errorPct;
    return this;
  }

  public StepResultBuilder fallbackPct(Double fallbackPct) {
    this.fallbackPct = fallbackPct;
    return this;
  }

  public StepResultBuilder stalePct(Double stalePct) {
    this.stalePct = stalePct;
    return this;
  }

  public StepResultBuilder defaultPct(Double defaultPct) {
    this.defaultPct = defaultPct;
    return this;
  }

  public StepResultBuilder ageP50(Double ageP50) {
    this.ageP50 = ageP50;
    return this;
  }

  public StepResultBuilder ageP95(Double ageP95) {
    this.ageP95 = ageP95;
    return this;
  }

  public StepResultBuilder sacrificed(Long sacrificed) {
    this.sacrificed = sacrificed;
    return this;
  }

  public StepResultBuilder sacrificedPct(Double sacrificedPct) {
    this.sacrificedPct = sacrificedPct;
    return this;
  }

  public StepResultBuilder timeToOpenMs(Long timeToOpenMs) {
    this.timeToOpenMs = timeToOpenMs;
    return this;
  }

  public StepResultBuilder providerCalls(Long providerCalls) {
    this.providerCalls = providerCalls;
    return this;
  }

  public StepResultBuilder cacheMisses(Long cacheMisses) {
    this.cacheMisses = cacheMisses;
    return this;
  }

  public StepResultBuilder providerCallsPerMiss(Double providerCallsPerMiss) {
    this.providerCallsPerMiss = providerCallsPerMiss;
    return this;
  }

  public StepResultBuilder poolMaxInFlight(Integer poolMaxInFlight) {
    this.poolMaxInFlight = poolMaxInFlight;
    return this;
  }

  public StepResultBuilder poolSize(Integer poolSize) {
    this.poolSize = poolSize;
    return this;
  }

  public StepResultBuilder rejections(Long rejections) {
    this.rejections = rejections;
    return this;
  }

  public StepResultBuilder doubleLagP99(Double doubleLagP99) {
    this.doubleLagP99 = doubleLagP99;
    return this;
  }

  public StepResultBuilder recoveryMs(Long recoveryMs) {
    this.recoveryMs = recoveryMs;
    return this;
  }

  public StepResultBuilder closedAfterMs(Long closedAfterMs) {
    this.closedAfterMs = closedAfterMs;
    return this;
  }

  public StepResultBuilder assertionsPassed(Boolean assertionsPassed) {
    this.assertionsPassed = assertionsPassed;
    return this;
  }

  public StepResultBuilder gatlingReport(String gatlingReport) {
    this.gatlingReport = gatlingReport;
    return this;
  }

  public StepResultBuilder transitions(List<BreakerTransition> transitions) {
    this.transitions = transitions;
    return this;
  }

  public StepResultBuilder timeline(List<TimelinePoint> timeline) {
    this.timeline = timeline;
    return this;
  }

  public StepResultBuilder missing(Map<String, String> missing) {
    this.missing = missing;
    return this;
  }

  public StepResultBuilder hitRatePct(Double hitRatePct) {
    this.hitRatePct = hitRatePct;
    return this;
  }

  public StepResultBuilder hitRateTargetPct(Double hitRateTargetPct) {
    this.hitRateTargetPct = hitRateTargetPct;
    return this;
  }

  public StepResultBuilder populationSize(Integer populationSize) {
    this.populationSize = populationSize;
    return this;
  }

  public StepResultBuilder scheduleLagP99Ms(Double scheduleLagP99Ms) {
    this.scheduleLagP99Ms = scheduleLagP99Ms;
    return this;
  }

  public StepResultBuilder nodeWorstSecondP99Ms(Double nodeWorstSecondP99Ms) {
    this.nodeWorstSecondP99Ms = nodeWorstSecondP99Ms;
    return this;
  }

  public StepResultBuilder invalidations(List<String> invalidations) {
    this.invalidations = invalidations;
    return this;
  }

  public StepResultBuilder valid(boolean valid) {
    this.valid = valid;
    return this;
  }

  public StepResultBuilder attempts(int attempts) {
    this.attempts = attempts;
    return this;
  }

  public StepResultBuilder pathLatenciesMs(List<Long> pathLatenciesMs) {
    this.pathLatenciesMs = pathLatenciesMs;
    return this;
  }

  public StepResultBuilder nodes(List<NodeFigures> nodes) {
    this.nodes = nodes;
    return this;
  }

  public StepResultBuilder fallbackLatenciesMs(List<Long> fallbackLatenciesMs) {
    this.fallbackLatenciesMs = fallbackLatenciesMs;
    return this;
  }

  public StepResultBuilder intervals(StepIntervals intervals) {
    this.intervals = intervals;
    return this;
  }

  public StepResultBuilder outage(OutageCurve outage) {
    this.outage = outage;
    return this;
  }

  public StepResultBuilder seededHitRatePct(Double seededHitRatePct) {
    this.seededHitRatePct = seededHitRatePct;
    return this;
  }

  public StepResultBuilder priceError(Map<String, PriceError> priceError) {
    this.priceError = priceError;
    return this;
  }

  public StepResult build() {
    return new StepResult(
        spec,
        startMs,
        changeMs,
        windowStartMs,
        endMs,
        requests,
        requestsSinceChange,
        achievedRate,
        endToEnd,
        internal,
        coldPath,
        fallbackPath,
        errorPct,
        fallbackPct,
        stalePct,
        defaultPct,
        ageP50,
        ageP95,
        sacrificed,
        sacrificedPct,
        timeToOpenMs,
        providerCalls,
        cacheMisses,
        providerCallsPerMiss,
        poolMaxInFlight,
        poolSize,
        rejections,
        doubleLagP99,
        recoveryMs,
        closedAfterMs,
        assertionsPassed,
        gatlingReport,
        transitions,
        timeline,
        missing,
        hitRatePct,
        hitRateTargetPct,
        populationSize,
        scheduleLagP99Ms,
        nodeWorstSecondP99Ms,
        invalidations,
        valid,
        attempts,
        pathLatenciesMs,
        nodes,
        fallbackLatenciesMs,
        intervals,
        priceError,
        outage,
        seededHitRatePct);
  }
}
