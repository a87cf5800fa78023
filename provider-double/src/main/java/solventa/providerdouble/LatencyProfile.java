package solventa.providerdouble;

import java.util.Locale;
import java.util.Optional;

/**
 * A log-normal application latency given by its median and its p99 (the experiment card (Provider
 * states) reads "tail up to X" as p99 = X; the healthy tail can be read as the p95 instead, {@link
 * #healthy}). With {@code mu = ln(median)} and {@code sigma = (ln(p99) - mu) / z99}, a sample is
 * {@code exp(mu + sigma * z)} for a standard normal {@code z}.
 *
 * <p>Invariant: {@code 0 < medianMs < p99Ms}, checked on construction.
 *
 * @param name {@code healthy}, {@code slow}, {@code degraded}, or {@code custom}
 */
public record LatencyProfile(String name, double medianMs, double p99Ms) {

  /** The standard normal's 0.99 quantile. */
  public static final double Z99 = 2.3263478740408408;

  /** The standard normal's 0.95 quantile. */
  public static final double Z95 = 1.6448536269514722;

  /** The card's healthy tail figure, "tail up to 200 ms". */
  public static final double HEALTHY_TAIL_MS = 200;

  public static final LatencyProfile HEALTHY = new LatencyProfile("healthy", 80, HEALTHY_TAIL_MS);
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

  /**
   * The healthy profile under a reading of its tail: {@link #HEALTHY} when the tail figure is the
   * p99; when it is the p95, the same median and {@code sigma = ln(200 / 80) / z95}, stated by its
   * p99 {@code 80 * exp(sigma * z99)}, about 292 ms. Its name stays {@code healthy}: it is the same
   * provider state, read another way.
   */
  public static LatencyProfile healthy(HealthyTail tail) {
    if (tail == HealthyTail.P99) {
      return HEALTHY;
    }
    double median = HEALTHY.medianMs();
    double sigma = Math.log(HEALTHY_TAIL_MS / median) / Z95;
    return new LatencyProfile(HEALTHY.name(), median, median * Math.exp(sigma * Z99));
  }

  /**
   * {@code profile} as the healthy tail {@code tail} reads it: a named healthy profile is re-read.
   */
  public static LatencyProfile read(LatencyProfile profile, HealthyTail tail) {
    return profile.name().equals(HEALTHY.name()) ? healthy(tail) : profile;
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
