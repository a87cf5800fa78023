package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.time.Duration;
import java.util.Locale;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.refresh-admission.*} and {@code quote.refresh-ahead.*}: how a profile entity paces
 * its background refreshes, validated on construction (a bad value refuses the start, naming the
 * key and the value). Both are off by default, so the card's four arms run unchanged.
 *
 * @param admissionRate background refreshes (a miss whose customer has a value to serve) admitted
 *     per second on this node, through one Resilience4j rate limiter; 0 = no limit. A refresh over
 *     the limit is not called: the request is answered STALE at once
 * @param admissionJitter a customer whose refresh was deferred tries again on its first request
 *     after a delay drawn uniformly in [0, this], so that deferred customers do not all come back
 *     in the same instant; at most {@code quote.refresh-after}
 * @param aheadBeta the XFetch factor of the probabilistic early refresh: a request answered CACHED
 *     also starts a background call when {@code now - delta * beta * ln(rand) >= expiry}; 0 = off.
 *     1 is the paper's optimum; above 1 refreshes earlier
 * @param aheadSeed the seed of each entity's random source (mixed with its customer id), so a run
 *     draws the same numbers again
 */
public record RefreshSettings(
    double admissionRate, Duration admissionJitter, double aheadBeta, long aheadSeed) {
  public static final String RATE = "quote.refresh-admission.rate";
  public static final String JITTER = "quote.refresh-admission.jitter";
  public static final String BETA = "quote.refresh-ahead.beta";
  public static final String SEED = "quote.refresh-ahead.seed";

  /**
   * The highest rate accepted: Resilience4j refreshes one permit per {@code 1 / rate}, and a period
   * under 100 µs would be shorter than the limiter's own bookkeeping.
   */
  public static final double MAX_RATE = 10_000;

  /** The largest beta accepted: beyond it nearly every cached answer would call the provider. */
  public static final double MAX_BETA = 100;

  /** Both mechanisms off: the card's arms. */
  public static final RefreshSettings OFF = new RefreshSettings(0, Duration.ofSeconds(1), 0, 0);

  public RefreshSettings {
    if (!Double.isFinite(admissionRate) || admissionRate < 0 || admissionRate > MAX_RATE) {
      throw new InvalidQuoteSettings(
          RATE,
          String.valueOf(admissionRate),
          "must be off, 0 (no limit) or a rate of refreshes per second up to " + MAX_RATE);
    }
    if (admissionJitter == null || admissionJitter.isNegative()) {
      throw new InvalidQuoteSettings(
          JITTER,
          admissionJitter == null ? "null" : admissionJitter.toMillis() + "ms",
          "must be zero or positive");
    }
    if (!Double.isFinite(aheadBeta) || aheadBeta < 0 || aheadBeta > MAX_BETA) {
      throw new InvalidQuoteSettings(
          BETA,
          String.valueOf(aheadBeta),
          "must be 0 (off) or a positive factor up to " + MAX_BETA);
    }
  }

  /** Whether background refreshes go through the rate limiter. */
  public boolean admissionLimited() {
    return admissionRate > 0;
  }

  /** Whether a cached answer may start an early refresh. */
  public boolean refreshAhead() {
    return aheadBeta > 0;
  }

  /**
   * Reads both namespaces; the jitter must also not exceed {@code refreshAfter}: a customer
   * deferred longer than its value's whole refresh interval would be deferred, not retried.
   */
  public static RefreshSettings fromConfig(Config root, Duration refreshAfter) {
    RefreshSettings s =
        new RefreshSettings(
            rate(root), DurationSettings.read(root, JITTER), number(root, BETA), seed(root));
    if (s.admissionJitter().compareTo(refreshAfter) > 0) {
      throw new InvalidQuoteSettings(
          JITTER,
          s.admissionJitter().toMillis() + "ms",
          "must not exceed quote.refresh-after (" + refreshAfter.toMillis() + "ms)");
    }
    return s;
  }

  private static double rate(Config root) {
    String text = root.getValue(RATE).unwrapped().toString().trim().toLowerCase(Locale.ROOT);
    return text.equals("off") ? 0 : number(root, RATE);
  }

  private static double number(Config root, String key) {
    try {
      return root.getDouble(key);
    } catch (ConfigException.WrongType | ConfigException.BadValue e) {
      throw new InvalidQuoteSettings(key, root.getValue(key).render(), "not a number");
    }
  }

  private static long seed(Config root) {
    String text = root.getValue(SEED).unwrapped().toString().trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new InvalidQuoteSettings(SEED, root.getValue(SEED).render(), "not a whole number");
    }
  }
}
