package solventa.ops.protocol;

import java.util.Locale;

/**
 * One breaker setting a policy step measures: its family ({@code count} or {@code rate}) and the
 * number that sets how soon it opens — the count policy's N consecutive failures, or the rate
 * policy's minimum calls (its threshold and window are the profile's). A policy step names it in
 * {@link StepSpec#policy()}: {@code count} and {@code rate} are the protocol's own settings (the
 * profile's N and rate policy), {@code count-n2} and {@code rate-m4} a setting of the low-traffic
 * grid (the card's open question (b): does a count threshold open in time at low traffic?).
 *
 * @param family {@code count} or {@code rate}
 * @param value the count policy's N, or the rate policy's minimum calls
 * @param ratePolicy the rate policy's window and threshold (its minimum calls is {@code value})
 * @param protocol whether this is the protocol's own setting (not a grid point)
 */
public record BreakerSetting(
    String family, int value, ExperimentProfile.RatePolicy ratePolicy, boolean protocol) {

  public static final String COUNT = "count";
  public static final String RATE = "rate";

  public BreakerSetting {
    if (!COUNT.equals(family) && !RATE.equals(family)) {
      throw new IllegalArgumentException("a breaker family is count or rate, got: " + family);
    }
    if (value < 1) {
      throw new IllegalArgumentException("a breaker setting's value is at least 1, got: " + value);
    }
  }

  /**
   * The setting a step's policy names: {@code count} / {@code rate} are the protocol's ({@code
   * countN}, {@code rate}); {@code count-nN} / {@code rate-mM} a grid point.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static BreakerSetting parse(String policy, int countN, ExperimentProfile.RatePolicy rate) {
    if (COUNT.equals(policy)) {
      return new BreakerSetting(COUNT, countN, rate, true);
    }
    if (RATE.equals(policy)) {
      return new BreakerSetting(RATE, rate.minCalls(), rate, true);
    }
    String[] parts = policy == null ? new String[0] : policy.split("-", 2);
    if (parts.length == 2 && parts[1].length() > 1) {
      char tag = parts[1].charAt(0);
      String digits = parts[1].substring(1);
      if (digits.chars().allMatch(Character::isDigit) && digits.length() <= 4) {
        int v = Integer.parseInt(digits);
        if (COUNT.equals(parts[0]) && tag == 'n') {
          return new BreakerSetting(COUNT, v, rate, v == countN);
        }
        if (RATE.equals(parts[0]) && tag == 'm') {
          return new BreakerSetting(RATE, v, rate, v == rate.minCalls());
        }
      }
    }
    throw new IllegalArgumentException(
        "a policy is count, rate, count-n<N> or rate-m<min calls>, got: " + policy);
  }

  /** Its step policy string as a grid point: {@code count-n2}, {@code rate-m4}. */
  public String gridPolicy() {
    return family + (COUNT.equals(family) ? "-n" : "-m") + value;
  }

  /**
   * The failures the breaker counts before it can open when every call fails from an empty window
   * (the policy steps start from one, the provider turned unresponsive): the count policy N; the
   * rate policy its minimum calls (each of them a failure, so the rate is 100 %, above any
   * threshold, once the window holds that many).
   */
  public int failuresNeeded() {
    return value;
  }

  /** How the report names it: "count N=2", "rate ≥ 50 % of ≥ 4 calls over 30 s". */
  public String label() {
    if (COUNT.equals(family)) {
      return "count N=" + value;
    }
    return String.format(
        Locale.ROOT,
        "rate ≥ %.0f %% of ≥ %d calls over %d s",
        ratePolicy.thresholdPct(),
        value,
        ratePolicy.windowSec());
  }

  /**
   * The query of the node's {@code POST /of-adapter/providers/<name>/breaker} that sets it (a
   * fresh, closed breaker with an empty window).
   */
  public String query() {
    if (COUNT.equals(family)) {
      return "policy=count&consecutive-failures=" + value;
    }
    return String.format(
        Locale.ROOT,
        "policy=rate&minimum-calls=%d&failure-rate-threshold=%s&window=%d",
        value,
        ratePolicy.thresholdPct() == Math.rint(ratePolicy.thresholdPct())
            ? Long.toString((long) ratePolicy.thresholdPct())
            : Double.toString(ratePolicy.thresholdPct()),
        ratePolicy.windowSec());
  }
}
