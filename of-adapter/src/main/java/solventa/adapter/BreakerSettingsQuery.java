package solventa.adapter;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.InvalidAdapterConfigException;

/**
 * The query parameters of {@code POST /of-adapter/providers/<name>/breaker}, read into the {@link
 * BreakerSettings} they ask for. {@code policy} ({@code count} or {@code rate}) is required; {@code
 * consecutive-failures}, {@code minimum-calls}, {@code failure-rate-threshold}, {@code window}
 * (whole seconds), {@code reset-timeout} (ms) and {@code half-open-probes} are optional, each
 * keeping the current value when absent. The ranges are {@link BreakerSettings}' own; every refusal
 * is an {@link InvalidAdapterConfigException} whose key is the query parameter and whose value is
 * the text sent.
 */
final class BreakerSettingsQuery {
  static final String POLICY = "policy";
  static final String CONSECUTIVE_FAILURES = "consecutive-failures";
  static final String MINIMUM_CALLS = "minimum-calls";
  static final String FAILURE_RATE_THRESHOLD = "failure-rate-threshold";
  static final String WINDOW = "window";
  static final String RESET_TIMEOUT = "reset-timeout";
  static final String HALF_OPEN_PROBES = "half-open-probes";

  /** Longest window and reset timeout a route accepts: one day (a bound on the duration maths). */
  static final long MAX_SECONDS = Duration.ofDays(1).toSeconds();

  private static final List<String> KNOWN =
      List.of(
          POLICY,
          CONSECUTIVE_FAILURES,
          MINIMUM_CALLS,
          FAILURE_RATE_THRESHOLD,
          WINDOW,
          RESET_TIMEOUT,
          HALF_OPEN_PROBES);

  /** BreakerSettings names its keys {@code breaker.<parameter>}. */
  private static final String SETTINGS_PREFIX = "breaker.";

  private BreakerSettingsQuery() {}

  /**
   * The settings {@code query} asks for, the parameters it leaves out taken from {@code current}.
   *
   * @throws InvalidAdapterConfigException naming the first parameter at fault and its value: an
   *     unknown parameter, a missing or unknown policy ({@code none} included), a value that is not
   *     a whole number (a number for the threshold) or is out of range
   */
  static BreakerSettings parse(Map<String, String> query, BreakerSettings current) {
    for (String name : query.keySet()) {
      if (!KNOWN.contains(name)) {
        throw new InvalidAdapterConfigException(
            name, query.get(name), "unknown parameter; use one of " + String.join(", ", KNOWN));
      }
    }
    BreakerPolicy policy = policy(query.get(POLICY));
    int n = integer(query, CONSECUTIVE_FAILURES, current.consecutiveFailures());
    int minimumCalls = integer(query, MINIMUM_CALLS, current.minimumCalls());
    double threshold = number(query, current.failureRateThreshold());
    Duration window = duration(query, WINDOW, current.window(), false);
    Duration resetTimeout = duration(query, RESET_TIMEOUT, current.resetTimeout(), true);
    int probes = integer(query, HALF_OPEN_PROBES, current.halfOpenProbes());
    try {
      return new BreakerSettings(policy, n, threshold, window, minimumCalls, resetTimeout, probes);
    } catch (InvalidAdapterConfigException e) {
      String parameter =
          e.key().startsWith(SETTINGS_PREFIX)
              ? e.key().substring(SETTINGS_PREFIX.length())
              : e.key();
      throw new InvalidAdapterConfigException(
          parameter, query.getOrDefault(parameter, e.value()), e.reason());
    }
  }

  private static BreakerPolicy policy(String raw) {
    if (raw == null) {
      throw new InvalidAdapterConfigException(POLICY, null, "is required: count or rate");
    }
    return switch (raw.trim().toLowerCase(Locale.ROOT)) {
      case "count" -> BreakerPolicy.COUNT;
      case "rate" -> BreakerPolicy.RATE;
      default ->
          throw new InvalidAdapterConfigException(
              POLICY, raw, "must be count or rate (an arm without a breaker keeps none)");
    };
  }

  private static int integer(Map<String, String> query, String name, int current) {
    String raw = query.get(name);
    if (raw == null) {
      return current;
    }
    try {
      return Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      throw new InvalidAdapterConfigException(name, raw, "must be a whole number");
    }
  }

  private static double number(Map<String, String> query, double current) {
    String raw = query.get(FAILURE_RATE_THRESHOLD);
    if (raw == null) {
      return current;
    }
    try {
      return Double.parseDouble(raw.trim());
    } catch (NumberFormatException e) {
      throw new InvalidAdapterConfigException(
          FAILURE_RATE_THRESHOLD, raw, "must be a number (percent)");
    }
  }

  /** Whole seconds, or whole ms when {@code millis}; at most {@link #MAX_SECONDS} seconds. */
  private static Duration duration(
      Map<String, String> query, String name, Duration current, boolean millis) {
    String raw = query.get(name);
    if (raw == null) {
      return current;
    }
    String unit = millis ? "ms" : "seconds";
    long value;
    try {
      value = Long.parseLong(raw.trim());
    } catch (NumberFormatException e) {
      throw new InvalidAdapterConfigException(name, raw, "must be a whole number of " + unit);
    }
    long max = millis ? MAX_SECONDS * 1000 : MAX_SECONDS;
    if (value > max) {
      throw new InvalidAdapterConfigException(name, raw, "must be at most " + max + " " + unit);
    }
    // a value <= 0 passes here: BreakerSettings refuses it, and parse names this parameter
    return millis ? Duration.ofMillis(value) : Duration.ofSeconds(value);
  }
}
