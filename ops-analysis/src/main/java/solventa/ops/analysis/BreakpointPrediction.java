package solventa.ops.analysis;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import solventa.ops.protocol.BreakerSetting;
import solventa.ops.protocol.BreakpointPlan;
import solventa.ops.protocol.ExperimentProfile;
import solventa.providerdouble.LatencyProfile;

/**
 * The break points the settings predict, before any step is measured: a break point decided by a
 * parameter is an implementation check, not a finding. From an empty window with the provider
 * unresponsive, only C's misses (a share m = 1 − the walk's hit rate) call it, each failing at the
 * hard timeout T; a policy that needs F failures opens when the F-th fails, so about F + r·m·T
 * requests are sacrificed (the F, and the misses sent while the F-th waited), never more than the
 * r·m·W misses in W, and a rate policy whose window cannot hold F misses (F ÷ (r·m) longer than its
 * window) never opens: all r·m·W are. The share over W is that ÷ (r·W); the predicted break point
 * is the lowest whole rate with a share below 1 %. The pool: with the provider slow, about r·m·L
 * calls are in flight (L the slow profile's median), so it fills from pool size ÷ (m·L) req/s.
 *
 * @param missShare m, the share of requests that call the provider
 * @param hardTimeoutSec T, the adapter's hard timeout
 * @param windowSec W, the exposure window
 * @param slowMedianSec L, the slow provider's median latency
 * @param poolSize the adapter's pool (its most connections)
 */
public record BreakpointPrediction(
    double missShare, double hardTimeoutSec, int windowSec, double slowMedianSec, int poolSize) {

  private static final String PROVIDER = "of-adapter.providers.ofb.";

  /** The rates the prediction scans for a break point, 1 to this, req/s. */
  static final int SCAN_LIMIT = 10_000;

  /** The prediction from {@code p} and the code's own settings (timeout, pool, slow profile). */
  public static BreakpointPrediction of(ExperimentProfile p) {
    Config c = ConfigFactory.parseResources("reference.conf").resolve();
    return new BreakpointPrediction(
        1 - p.designHitRate(),
        c.getDuration(PROVIDER + "timeout", TimeUnit.MILLISECONDS) / 1000.0,
        p.exposureWindowSec(),
        LatencyProfile.SLOW.medianMs() / 1000.0,
        c.getInt(PROVIDER + "pool.max-connections"));
  }

  /** The sacrificed requests predicted in W at {@code rate} under {@code s}. */
  public double sacrificed(BreakerSetting s, int rate) {
    double failing = rate * missShare;
    double all = failing * windowSec;
    if (s.family().equals(BreakerSetting.RATE)
        && s.failuresNeeded() / failing > s.ratePolicy().windowSec()) {
      return all;
    }
    return Math.min(all, s.failuresNeeded() + failing * hardTimeoutSec);
  }

  /** The predicted sacrificed share at {@code rate}, percent. */
  public double sharePct(BreakerSetting s, int rate) {
    return 100.0 * sacrificed(s, rate) / (rate * (double) windowSec);
  }

  /** The lowest whole rate predicted to keep the share below 1 %; null if none up to the scan. */
  public Integer breakRate(BreakerSetting s) {
    for (int r = 1; r <= SCAN_LIMIT; r++) {
      if (sharePct(s, r) < SacrificedHighTraffic.MAX_SACRIFICED_PCT) {
        return r;
      }
    }
    return null;
  }

  /** The calls predicted in flight at {@code rate} with the provider slow. */
  public double inFlight(int rate) {
    return rate * missShare * slowMedianSec;
  }

  /** The lowest whole rate at which the pool is predicted full. */
  public int poolBreakRate() {
    return (int) Math.ceil(poolSize / (missShare * slowMedianSec));
  }

  /**
   * Whether the measured answer agrees with the predicted break rate: the prediction lies in the
   * bracket (below, above], or on the measured side of a one-sided answer. Null without a bracket
   * or a side to compare.
   */
  public static Boolean agrees(RateBisection.Answer a, Integer predicted) {
    if (predicted == null) {
      return a.above() == null && a.below() != null ? Boolean.TRUE : null;
    }
    if (a.below() == null && a.above() == null) {
      return null;
    }
    boolean aboveBelow = a.below() == null || predicted > a.below();
    boolean belowAbove = a.above() == null || predicted <= a.above();
    return aboveBelow && belowAbove;
  }

  /**
   * The label of a measured answer beside the prediction: an implementation check where the
   * prediction decides it, a departure to explain where it does not.
   */
  public static String label(RateBisection.Answer a, Integer predicted, String parameters) {
    Boolean agrees = agrees(a, predicted);
    if (agrees == null) {
      return "nothing to compare with the prediction";
    }
    return agrees
        ? "an implementation check, not a finding: the prediction from "
            + parameters
            + " decides it"
        : "departs from the prediction from "
            + parameters
            + ": the difference, not the bracket, is what to explain";
  }

  /** "18 req/s (count N=5: F = 5, m = 4 %, T = 0.7 s, W = 30 s)". */
  public String shown(BreakerSetting s) {
    Integer r = breakRate(s);
    return (r == null ? "none up to " + SCAN_LIMIT : r + " req/s") + " (" + parameters(s) + ")";
  }

  /** The parameters a policy's prediction rests on, in words. */
  public String parameters(BreakerSetting s) {
    String window =
        s.family().equals(BreakerSetting.RATE)
            ? String.format(Locale.ROOT, ", its window %d s", s.ratePolicy().windowSec())
            : "";
    return String.format(
        Locale.ROOT,
        "%d failures to open%s, misses m = %.1f %%, hard timeout T = %.1f s, W = %d s",
        s.failuresNeeded(),
        window,
        missShare * 100,
        hardTimeoutSec,
        windowSec);
  }

  /** The parameters the pool's prediction rests on, in words. */
  public String poolParameters() {
    return String.format(
        Locale.ROOT,
        "pool of %d, misses m = %.1f %%, the slow provider's median L = %.1f s",
        poolSize,
        missShare * 100,
        slowMedianSec);
  }

  /** Whether the pool's predicted break rate is within the bisected range. */
  public boolean poolFillsInRange() {
    return poolBreakRate() <= BreakpointPlan.HIGHEST_RATE;
  }
}
