package solventa.ops.analysis.hypotheses;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import solventa.ops.analysis.figures.BudgetSettings;
import solventa.ops.protocol.ExperimentProfile;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.control.ProviderStateControl;
import solventa.vocabulary.Acceptance;

/**
 * The design's own figures, read from the code and the protocol rather than from any measurement:
 * what a verdict that is true by construction follows from (an implementation check, apart from the
 * findings about the design). A hypothesis whose outcome this arithmetic already fixes tests the
 * implementation, not the design.
 *
 * @param budgetMs how long C and C' wait for the provider ({@code quote.budget}); null when unknown
 * @param ratingCostMs the rating engine's calibrated cost ({@code rating.cost}); null when unknown
 * @param hardTimeoutMs the adapter's hard timeout of one provider call
 * @param poolSize the adapter's bulkhead: connections on the wire at once
 * @param healthyMedianMs the provider double's healthy median latency
 * @param degradedMedianMs the double's degraded median latency
 * @param degradedNetworkMs the network latency the degraded state adds on top
 * @param designHitRate the walk's hit rate h
 * @param stampedeConcurrency HD-01.7's concurrent misses on one key
 * @param healthySigma the double's healthy log-normal σ
 * @param walkRate the walk's arrival rate, req/s
 * @param countPolicyN the count policy's consecutive failures
 * @param lowRate the low policy rate, req/s (0 without one)
 * @param exposureWindowSec W
 * @param recoveryWindowSec how long the double stays degraded after a recovery's change
 */
public record Design(
    Long budgetMs,
    Long ratingCostMs,
    long hardTimeoutMs,
    int poolSize,
    double healthyMedianMs,
    double degradedMedianMs,
    long degradedNetworkMs,
    double designHitRate,
    int stampedeConcurrency,
    double healthySigma,
    int walkRate,
    int countPolicyN,
    int lowRate,
    int exposureWindowSec,
    int recoveryWindowSec) {

  private static final String PROVIDER = "of-adapter.providers.ofb.";

  /** The figures of the code the analysis ships with, and the run's budget and rating cost. */
  public static Design of(BudgetSettings budget, ExperimentProfile p) {
    Config c = ConfigFactory.parseResources("reference.conf").resolve();
    return new Design(
        budget.budgetMs(),
        budget.ratingCostMs(),
        c.getDuration(PROVIDER + "timeout", TimeUnit.MILLISECONDS),
        c.getInt(PROVIDER + "pool.max-connections"),
        LatencyProfile.HEALTHY.medianMs(),
        LatencyProfile.DEGRADED.medianMs(),
        ProviderStateControl.DEGRADED_NETWORK_LATENCY_MS,
        p.designHitRate(),
        p.stampedeConcurrency(),
        LatencyProfile.HEALTHY.sigma(),
        p.walkRate(),
        p.countPolicyN(),
        p.policyRates().isEmpty() ? 0 : p.policyRates().get(p.policyRates().size() - 1),
        p.exposureWindowSec(),
        p.recoveryWindowSec());
  }

  /**
   * HD-01.1: A waits for every healthy provider call, so its p95 is about the rating's cost plus
   * the double's own healthy p95; B and C answer most quotes from the cache, faster. Null when the
   * rating cost is unknown or the sum is not within the threshold (then it is a finding).
   */
  String healthyAllArms() {
    if (ratingCostMs == null) {
      return null;
    }
    double providerP95 = healthyMedianMs * Math.exp(1.6448536269514722 * healthySigma);
    double aP95 = ratingCostMs + providerP95;
    if (aP95 > Acceptance.P95_MS) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "A waits for every provider call: its healthy p95 is about the rating's %d ms plus the"
            + " double's healthy p95, %.0f·e^(1.645·%.3f) = %.0f ms, so ≈ %.0f ms ≤ %d ms by the"
            + " double's own parameters; B and C answer most quotes from the cache, faster",
        ratingCostMs,
        healthyMedianMs,
        healthySigma,
        providerP95,
        aP95,
        Acceptance.P95_MS);
  }

  /**
   * HD-01.5: at the high rate the count policy opens after its N failures, and the quotes that wait
   * on a failing call before it opens are about the misses of the first seconds: (1 − h)·r per
   * second for the hard timeout and the N calls' arrival, a small share of W's r·W requests.
   */
  String sacrificedHighTraffic() {
    double misses = (1 - designHitRate) * walkRate;
    if (misses <= 0) {
      return null;
    }
    double openSec = hardTimeoutMs / 1000.0 + countPolicyN / misses;
    double sacrificed = misses * openSec;
    double pct = 100 * sacrificed / (walkRate * (double) exposureWindowSec);
    if (pct >= 1) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the count policy opens after its N = %d failures: the misses, (1 − h)·r = %.0f a second,"
            + " bring them within about %.0f ms + N ÷ %.0f = %.1f s, so about %.0f quotes wait on a"
            + " failing call, %.2f %% of W's %d requests, below 1 %% by the settings alone",
        countPolicyN,
        misses,
        (double) hardTimeoutMs,
        misses,
        openSec,
        sacrificed,
        pct,
        walkRate * exposureWindowSec);
  }

  /**
   * HD-01.6: from an empty window every failing call is at least one sacrificed quote, so a
   * setting's share is at least the failures it needs over r·W: the share restates the setting.
   */
  String lowTrafficPolicies() {
    if (lowRate <= 0) {
      return null;
    }
    int inW = lowRate * exposureWindowSec;
    return String.format(
        Locale.ROOT,
        "from an empty breaker window a count setting needs N failures and a rate setting its"
            + " minimum calls before it can open, each failing call at least one sacrificed quote:"
            + " a setting's share is at least its failures ÷ %d (the requests in W at %d req/s),"
            + " 0.33 %% per failure, so whether it keeps below 1 %% is fixed by its setting (fewer"
            + " than %d failures needed)",
        inW,
        lowRate,
        (int) Math.ceil(inW / 100.0));
  }

  /**
   * HD-01.8: the double keeps its degraded latency for the recovery window after the toxics go, so
   * the breaker cannot close, nor the expired customers refresh, before it: the recovery time is
   * that window plus the half-open probes and the refreshes, within 60 s while the window leaves
   * room for them.
   */
  String recovery() {
    if (recoveryWindowSec <= 0 || recoveryWindowSec >= 60) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the provider stays degraded for the recovery window, %d s after the change, so the breaker"
            + " cannot close nor the expired values refresh before it: the time back under 5 %% is"
            + " those %d s plus the half-open probes and the refreshes of the customers that"
            + " expired during the outage, within 60 s while they take under %d s",
        recoveryWindowSec,
        recoveryWindowSec,
        60 - recoveryWindowSec);
  }

  /**
   * HD-01's clauses (a) and (c) as the design's arithmetic fixes them: C answers within the budget
   * plus the rating whatever the provider does; once the provider is healthy again its calls take
   * the healthy median, so the calls in flight are about the misses a second times that median, far
   * under the pool. Null when either figure is unknown.
   */
  String overallClauses() {
    Long cap = cCapMs();
    if (cap == null) {
      return null;
    }
    double inFlight = walkRate * (1 - designHitRate) * healthyMedianMs / 1000;
    return String.format(
        Locale.ROOT,
        "clause (a): C answers within %d + %d = %d ms ≤ %d ms (p95) and ≤ %d ms (p99) whatever"
            + " the provider does; clause (c): once the provider is healthy again a call takes"
            + " about %.0f ms, so the misses, (1 − h)·r = %.0f a second, keep about %.1f calls in"
            + " flight, far under the pool of %d: both are implementation checks, and HD-01"
            + " rests on clause (b) and on the thresholds",
        budgetMs,
        ratingCostMs,
        cap,
        Acceptance.P95_MS,
        Acceptance.P99_MS,
        healthyMedianMs,
        walkRate * (1 - designHitRate),
        inFlight,
        poolSize);
  }

  /** C's longest answer by design: the budget, then the rating; null when either is unknown. */
  public Long cCapMs() {
    return budgetMs == null || ratingCostMs == null ? null : budgetMs + ratingCostMs;
  }

  /**
   * HD-01.2: C answers within the budget plus the rating whatever the provider does, and A and B
   * wait on a miss for a provider whose degraded median exceeds the hard timeout; null when the cap
   * is unknown or above the p95 threshold (then the latency is a finding).
   */
  String degradedOnlyC() {
    Long cap = cCapMs();
    double degraded = degradedMedianMs + degradedNetworkMs;
    double missesPct = 100 * (1 - designHitRate);
    if (cap == null
        || cap > Acceptance.P95_MS
        || degraded <= hardTimeoutMs
        || missesPct / 2 <= 100 - 99) {
      // half the misses at the timeout must be more than the 1 % a p99 may leave out
      return null;
    }
    return String.format(
        Locale.ROOT,
        "C answers within %d + %d = %d ms ≤ %d ms (p95) by design, whatever the provider does; A"
            + " and B wait on a miss for a provider whose degraded median, %.0f + %d = %.0f ms,"
            + " exceeds the %d ms hard timeout, so at least half of their provider calls take %d"
            + " ms > %d ms, and their misses are %.0f %% of the quotes (A: all), more than twice"
            + " the 1 %% a p99 may exceed",
        budgetMs,
        ratingCostMs,
        cap,
        Acceptance.P95_MS,
        degradedMedianMs,
        degradedNetworkMs,
        degraded,
        hardTimeoutMs,
        hardTimeoutMs,
        Acceptance.P99_MS,
        missesPct);
  }

  /**
   * HD-01.3: the cold path waits for a healthy provider call before the same rating, the degraded
   * path answers from the fallback without calling: the difference of medians is the provider's.
   */
  String degradedPathFaster() {
    if (healthyMedianMs <= 0) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the cold path waits for a healthy provider call before the rating, the degraded path"
            + " (breaker open) is the same rating without the call: the difference of medians is"
            + " the healthy provider's median, %.0f ms > 0, by design",
        healthyMedianMs);
  }

  /**
   * HD-01.4: C's p99 cannot pass the threshold at any hit rate when its answers are capped below
   * it, so "below 96 % its p99 degrades" cannot happen.
   */
  String minimumHitRate() {
    Long cap = cCapMs();
    if (cap == null || cap > Acceptance.P99_MS) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "C cannot miss p99 ≤ %d ms at any hit rate: every answer is capped at %d + %d = %d ms (the"
            + " budget, then the rating), so its p99 cannot degrade below 96 %%",
        Acceptance.P99_MS,
        budgetMs,
        ratingCostMs,
        cap);
  }

  /**
   * HD-01.7: without coalescing every concurrent miss makes its own call, so more misses than the
   * pool's connections fill it; with coalescing they share one.
   */
  String coalescing() {
    if (stampedeConcurrency <= poolSize) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "without coalescing C makes one provider call per concurrent miss: %d concurrent misses on"
            + " one key exceed the pool of %d connections, so C fills it; C' shares one call by"
            + " design",
        stampedeConcurrency,
        poolSize);
  }
}
