package solventa.rating;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.time.Duration;
import java.util.Objects;
import solventa.platform.InvalidSetting;
import solventa.rating.model.DefaultProfileMode;

/**
 * The {@code rating { … }} namespace, parsed once and validated on construction: an invalid value
 * refuses to start with a message naming the key and the value (the password is never echoed).
 *
 * @param jdbcUrl PostgreSQL JDBC URL of the rule book ({@code rating.jdbc-url})
 * @param user database user ({@code rating.user})
 * @param password database password ({@code rating.password}), may be empty
 * @param cost calibrated fixed cost of one pricing ({@code rating.cost}), 0 ≤ cost ≤ 10 s
 * @param connectAttempts connection attempts at start-up ({@code rating.connect-attempts}), ≥ 1
 * @param connectBackoff wait after the first failed attempt ({@code rating.connect-backoff}), > 0
 * @param defaultProfile which default profile prices a DEFAULT quote ({@code
 *     rating.default-profile}): {@code line} (the line's one profile) or {@code segment} (the
 *     profile of the insured object's risk segment)
 */
public record RatingSettings(
    String jdbcUrl,
    String user,
    String password,
    Duration cost,
    int connectAttempts,
    Duration connectBackoff,
    DefaultProfileMode defaultProfile) {

  /** Upper bound on the cost: anything longer is a typo (60s for 60ms), not a calibration. */
  static final Duration MAX_COST = Duration.ofSeconds(10);

  /** Backoff doubles after each failed attempt up to this cap. */
  public static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

  public RatingSettings {
    require(
        jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:"),
        "rating.jdbc-url",
        jdbcUrl,
        "must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db)");
    require(user != null && !user.isBlank(), "rating.user", user, "must not be blank");
    Objects.requireNonNull(password, "rating.password must not be null");
    require(
        cost != null && !cost.isNegative() && cost.compareTo(MAX_COST) <= 0,
        "rating.cost",
        cost,
        "must be between 0ms and " + MAX_COST.toMillis() + "ms");
    require(connectAttempts >= 1, "rating.connect-attempts", connectAttempts, "must be >= 1");
    require(
        connectBackoff != null && !connectBackoff.isNegative() && !connectBackoff.isZero(),
        "rating.connect-backoff",
        connectBackoff,
        "must be > 0");
    Objects.requireNonNull(defaultProfile, "rating.default-profile must not be null");
  }

  /** Reads {@code rating { … }} from a resolved root config (reference.conf supplies defaults). */
  public static RatingSettings fromConfig(Config root) {
    try {
      Config c = root.getConfig("rating");
      return new RatingSettings(
          c.getString("jdbc-url"),
          c.getString("user"),
          c.getString("password"),
          c.getDuration("cost"),
          c.getInt("connect-attempts"),
          c.getDuration("connect-backoff"),
          defaultProfile(c.getString("default-profile")));
    } catch (ConfigException e) {
      // Typesafe's message already names the key, origin and offending value.
      throw new IllegalArgumentException("invalid rating configuration: " + e.getMessage(), e);
    }
  }

  /** Same settings with another cost (tests and calibration runs). */
  public RatingSettings withCost(Duration newCost) {
    return new RatingSettings(
        jdbcUrl, user, password, newCost, connectAttempts, connectBackoff, defaultProfile);
  }

  /** Same settings with another default-profile mode (tests and experiment arms). */
  public RatingSettings withDefaultProfile(DefaultProfileMode mode) {
    return new RatingSettings(jdbcUrl, user, password, cost, connectAttempts, connectBackoff, mode);
  }

  /**
   * The mode a {@code rating.default-profile} value names. Exact and lower-case, as documented: a
   * value the engine does not know must not fall back to the line mode quietly, or an arm meant to
   * run on segment defaults would run on the line's without anyone seeing it.
   */
  private static DefaultProfileMode defaultProfile(String value) {
    for (DefaultProfileMode mode : DefaultProfileMode.values()) {
      if (mode.setting().equals(value)) {
        return mode;
      }
    }
    require(false, "rating.default-profile", value, "must be line or segment");
    throw new AssertionError("unreachable");
  }

  @Override
  public String toString() {
    return "RatingSettings[jdbcUrl="
        + jdbcUrl
        + ", user="
        + user
        + ", password=***, cost="
        + cost
        + ", connectAttempts="
        + connectAttempts
        + ", connectBackoff="
        + connectBackoff
        + ", defaultProfile="
        + defaultProfile.setting()
        + "]";
  }

  private static void require(boolean ok, String key, Object value, String rule) {
    if (!ok) {
      Object shown = value instanceof Duration d ? d.toMillis() + "ms" : value;
      throw new InvalidSetting(key, shown, rule);
    }
  }
}
