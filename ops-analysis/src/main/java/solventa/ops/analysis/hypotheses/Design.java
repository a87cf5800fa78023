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
    int stampedeConcurrency) {

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
        p.stampedeConcurrency());
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
