package solventa.providerdouble;

import java.util.Locale;
import java.util.Optional;

/**
 * How the card's healthy "tail up to 200 ms" is read. The card names a tail figure without saying
 * which quantile it is; the lab reads it as the p99 ({@link #P99}) and can measure the heavier
 * reading where 200 ms is the p95 ({@link #P95}). Both keep the healthy median of 80 ms: the
 * log-normal's sigma is chosen so that the named quantile is the tail figure, so the p95 reading
 * has sigma {@code ln(200/80) / z95} and a p99 of about 292 ms ({@link LatencyProfile#healthy}).
 *
 * <p>Only the healthy profile is read both ways: it is the one whose tail sits near the service's
 * thresholds; the slow and degraded medians are already beyond the 120 ms budget.
 */
public enum HealthyTail {
  /** "Tail up to 200 ms" is the p99: sigma {@code ln(200/80) / z99}. */
  P99("p99"),
  /** "Tail up to 200 ms" is the p95: sigma {@code ln(200/80) / z95}, a heavier tail. */
  P95("p95");

  private final String configName;

  HealthyTail(String configName) {
    this.configName = configName;
  }

  /** The name configuration and the admin API use: {@code p99} or {@code p95}. */
  public String configName() {
    return configName;
  }

  /** The reading named {@code name} (case-insensitive), or empty. */
  public static Optional<HealthyTail> named(String name) {
    if (name == null) {
      return Optional.empty();
    }
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (HealthyTail t : values()) {
      if (t.configName.equals(n)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /** Like {@link #named} but refuses an unknown name, naming {@code field} and the value. */
  public static HealthyTail require(String field, String name) {
    return named(name)
        .orElseThrow(() -> new InvalidSettingException(field, name, "must be p99 or p95"));
  }
}
