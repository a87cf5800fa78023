package solventa.ops.analysis.hypotheses;

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
 * unresponsive, C calls the provider for every answer it cannot serve fresh: at first its misses (a
 * share 1 − h, h the walk's hit rate), then also every value that ages past T, the lab's refresh
 * period, so the share that calls is m(t) = 1 − h·(1 − t/T) at t seconds after the change (the
 * aging model of clause (b)), 1 from T on, and the calls sent by τ are r·∫m. Each fails at the hard
 * timeout T_h; a policy that needs F failures opens T_h after its F-th call, and every call sent
 * until then is sacrificed, never more than those of W. A rate policy also needs the F calls inside
 * its sliding window: where the F-th call comes after the window's length, it opens once the
 * window's calls (r·w·m at the window's middle) reach F, and never when even m = 1 cannot fill it.
 * The share over W is that ÷ (r·W); the predicted break point is the lowest whole rate with a share
 * below 1 %. The pool: with the provider slow (refreshes still succeed, so nothing ages), about
 * r·(1 − h)·L calls are in flight (L the slow profile's median), so it fills from pool size ÷ ((1 −
 * h)·L) req/s.
 *
 * @param hitRate h, the walk's hit rate when the provider fails
 * @param refreshAfterSec T, the lab's refresh period ({@code quote.refresh-after})
 * @param hardTimeoutSec T_h, the adapter's hard timeout
 * @param windowSec W, the exposure window
 * @param slowMedianSec L, the slow provider's median latency
 * @param poolSize the adapter's pool (its most connections)
 */
public record BreakpointPrediction(
    double hitRate,
    int refreshAfterSec,
    double hardTimeoutSec,
    int windowSec,
    double slowMedianSec,
    int poolSize) {

  private static final String PROVIDER = "of-adapter.providers.ofb.";

  /** The rates the prediction scans for a break point, 1 to this, req/s. */
  static final int SCAN_LIMIT = 10_000;

  /** The prediction from {@code p} and the code's own settings (timeout, pool, slow profile). */
  public static BreakpointPrediction of(ExperimentProfile p) {
    Config c = ConfigFactory.parseResources("reference.conf").resolve();
    return new BreakpointPrediction(
        p.designHitRate(),
        p.refreshAfterSec(),
        c.getDuration(PROVIDER + "timeout", TimeUnit.MILLISECONDS) / 1000.0,
        p.exposureWindowSec(),
        LatencyProfile.SLOW.medianMs() / 1000.0,
        c.getInt(PROVIDER + "pool.max-connections"));
  }

  /** The miss share before anything ages, 1 − h. */
  public double missShare() {
    return 1 - hitRate;
  }

  /**
   * The provider calls C sends in the first {@code tau} seconds after the change at {@code rate}.
   */
  public double callsBy(int rate, double tau) {
    double t = refreshAfterSec;
    double aging = Math.min(tau, t);
    double calls = missShare() * aging + hitRate * aging * aging / (2 * t);
    return rate * (calls + Math.max(0, tau - t));
  }

  /** When the {@code f}-th call is sent, seconds after the change. */
  double fthCallSec(int rate, int f) {
    double atT = callsBy(rate, refreshAfterSec);
    if (f > atT) {
      return refreshAfterSec + (f - atT) / rate;
    }
    double a = rate * hitRate / (2.0 * refreshAfterSec);
    double b = rate * missShare();
    return a == 0 ? f / b : (-b + Math.sqrt(b * b + 4 * a * f)) / (2 * a);
  }

  /** When {@code s} opens at {@code rate}, seconds after the change; null if not within W. */
  public Double opensSec(BreakerSetting s, int rate) {
    int f = s.failuresNeeded();
    double fth = fthCallSec(rate, f);
    if (s.family().equals(BreakerSetting.RATE) && fth > s.ratePolicy().windowSec()) {
      double w = s.ratePolicy().windowSec();
      double need = f / (rate * w);
      if (need > 1 || hitRate <= 0) {
        return null;
      }
      fth = w / 2 + refreshAfterSec * Math.max(0, 1 - (1 - need) / hitRate);
    }
    double opens = fth + hardTimeoutSec;
    return opens < windowSec ? opens : null;
  }

  /** The sacrificed requests predicted in W at {@code rate} under {@code s}. */
  public double sacrificed(BreakerSetting s, int rate) {
    Double opens = opensSec(s, rate);
    return callsBy(rate, opens == null ? windowSec : opens);
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
    return rate * missShare() * slowMedianSec;
  }

  /** The lowest whole rate at which the pool is predicted full. */
  public int poolBreakRate() {
    return (int) Math.ceil(poolSize / (missShare() * slowMedianSec));
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

  /** "22 req/s (5 failures to open, h = 96.0 % aging over T = 60 s, …)". */
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
        "%d failures to open%s, hit rate h = %.1f %% aging over T = %d s (the share that calls the"
            + " provider m(t) = 1 − h·(1 − t/T)), hard timeout %.1f s, W = %d s",
        s.failuresNeeded(),
        window,
        hitRate * 100,
        refreshAfterSec,
        hardTimeoutSec,
        windowSec);
  }

  /** The parameters the pool's prediction rests on, in words. */
  public String poolParameters() {
    return String.format(
        Locale.ROOT,
        "pool of %d, misses 1 − h = %.1f %% (nothing ages while refreshes succeed), the slow"
            + " provider's median L = %.1f s",
        poolSize,
        missShare() * 100,
        slowMedianSec);
  }

  /** Whether the pool's predicted break rate is within the bisected range. */
  public boolean poolFillsInRange() {
    return poolBreakRate() <= BreakpointPlan.HIGHEST_RATE;
  }
}
