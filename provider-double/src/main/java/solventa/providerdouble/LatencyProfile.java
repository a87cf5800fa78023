package solventa.providerdouble;

import java.util.Locale;
import java.util.Optional;

/**
 * A log-normal application latency given by its median and its p99 (the experiment card (Provider
 * states) reads "tail up to X" as p99 = X). With {@code mu = ln(median)} and {@code sigma =
 * (ln(p99) - mu) / z99}, a sample is {@code exp(mu + sigma * z)} for a standard normal {@code z}.
 *
 * <p>Invariant: {@code 0 < medianMs < p99Ms}, checked on construction.
 *
 * @param name {@code healthy}, {@code slow}, {@code degraded}, or {@code custom}
 */
public record LatencyProfile(String name, double medianMs, double p99Ms) {

  /** The standard normal's 0.99 quantile. */
  public static final double Z99 = 2.3263478740408408;

  public static final LatencyProfile HEALTHY = new LatencyProfile("healthy", 80, 200);
  public static final LatencyProfile SLOW = new LatencyProfile("slow", 400, 900);
  public static final LatencyProfile DEGRADED = new LatencyProfile("degraded", 800, 2000);

  public LatencyProfile {
    if (name == null || name.isBlank()) {
      throw new InvalidSettingException("profile", name, "must be a non-empty name");
    }
    if (!(medianMs > 0) || Double.isInfinite(medianMs)) {
      throw new InvalidSettingException("medianMs", medianMs, "must be a finite number > 0");
    }
    if (!(p99Ms > medianMs) || Double.isInfinite(p99Ms)) {
      throw new InvalidSettingException(
          "p99Ms", p99Ms, "must be a finite number > medianMs (" + medianMs + ")");
    }
  }

  /** An explicit profile, named {@code custom}. */
  public static LatencyProfile custom(double medianMs, double p99Ms) {
    return new LatencyProfile("custom", medianMs, p99Ms);
  }

  /** One of the named profiles, case-insensitive. */
  public static Optional<LatencyProfile> named(String name) {
    if (name == null) {
      return Optional.empty();
    }
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "healthy" -> Optional.of(HEALTHY);
      case "slow" -> Optional.of(SLOW);
      case "degraded" -> Optional.of(DEGRADED);
      default -> Optional.empty();
    };
  }

  /** Like {@link #named} but rejects an unknown name, naming {@code field}. */
  public static LatencyProfile require(String field, String name) {
    return named(name)
        .orElseThrow(
            () -> new InvalidSettingException(field, name, "must be healthy, slow or degraded"));
  }

  public double mu() {
    return Math.log(medianMs);
  }

  public double sigma() {
    return (Math.log(p99Ms) - mu()) / Z99;
  }

  /** The latency in milliseconds for the standard normal deviate {@code z}. */
  public double millisFor(double z) {
    return Math.exp(mu() + sigma() * z);
  }
}
