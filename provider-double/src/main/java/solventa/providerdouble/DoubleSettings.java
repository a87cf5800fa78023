package solventa.providerdouble;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.util.Set;
import solventa.platform.BindAddress;
import solventa.platform.Secret;

/**
 * The double's start-up settings, read once from the HOCON namespace {@code provider-double} and
 * validated on construction: an invalid value refuses to start with a message naming the key and
 * the value.
 *
 * @param host bind address; a loopback address (the lab is loopback only) unless {@code
 *     allowNonLoopback}
 * @param port bind port, 0 for an ephemeral port (tests)
 * @param seed seeds both the latency sequence and the customer data
 * @param universe number of customers, ids {@code c00000000} … {@code c(universe-1)}
 * @param incompleteShare share of customers generated with missing sections or fields
 * @param profile latency profile in force at start
 * @param errors error shares in force at start
 * @param noConsent customers of the universe who have not consented: answered 403 {@code
 *     CONSENTIMENTO_INVALIDO} (the business answer the adapter must not count as a failure)
 * @param adminToken bearer token the admin API's changes (PUT, POST) require; empty: refused; else
 *     a secret by the rule of {@link Secret}
 * @param allowNonLoopback {@code provider-double.allow-non-loopback}: lets {@code host} be another
 *     address (default off; only the compose file turns it on, binding the service's name)
 * @param healthyTail {@code provider-double.healthy-tail}: how the card's healthy "tail up to 200
 *     ms" is read, {@code p99} (default) or {@code p95} ({@link HealthyTail}); the admin API can
 *     change it at run time
 * @param quotaPerSecond {@code provider-double.quota.calls-per-second}: the provider's quota per
 *     client credential, calls a second before it answers 429 (0, the default: none); the admin
 *     API's {@code PUT /admin/quota} changes it at run time
 */
public record DoubleSettings(
    String host,
    int port,
    long seed,
    int universe,
    double incompleteShare,
    LatencyProfile profile,
    ErrorShares errors,
    Set<String> noConsent,
    String adminToken,
    boolean allowNonLoopback,
    HealthyTail healthyTail,
    int quotaPerSecond) {

  /** Customer ids have 8 digits, so the universe can hold at most 10^8 customers. */
  public static final int MAX_UNIVERSE = 100_000_000;

  /** With the healthy tail read as the p99, the card's reading, and no quota (the default). */
  public DoubleSettings(
      String host,
      int port,
      long seed,
      int universe,
      double incompleteShare,
      LatencyProfile profile,
      ErrorShares errors,
      Set<String> noConsent,
      String adminToken,
      boolean allowNonLoopback) {
    this(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        HealthyTail.P99,
        0);
  }

  public DoubleSettings {
    if (host == null || !(BindAddress.isLoopback(host) || allowNonLoopback)) {
      throw new InvalidSettingException(
          "provider-double.host",
          host == null || host.isBlank() ? "<empty>" : host,
          (host == null || host.isBlank()
                  ? "is empty: name the address to bind; "
                  : BindAddress.isWildcard(host)
                      ? "is a wildcard: it listens on every interface of the host; "
                      : "")
              + "must be a loopback address such as 127.0.0.1 unless"
              + " provider-double.allow-non-loopback = on (only where the network is the"
              + " deployment's own; compose binds the service name)");
    }
    if (port < 0 || port > 65535) {
      throw new InvalidSettingException("provider-double.port", port, "must be in 0..65535");
    }
    if (universe < 1 || universe > MAX_UNIVERSE) {
      throw new InvalidSettingException(
          "provider-double.universe", universe, "must be in 1.." + MAX_UNIVERSE);
    }
    if (!(incompleteShare >= 0 && incompleteShare <= 1)) {
      throw new InvalidSettingException(
          "provider-double.incomplete-share", incompleteShare, "must be between 0 and 1");
    }
    if (profile == null) {
      throw new InvalidSettingException("provider-double.profile", null, "must be set");
    }
    if (errors == null) {
      throw new InvalidSettingException("provider-double.errors", null, "must be set");
    }
    if (healthyTail == null) {
      throw new InvalidSettingException("provider-double.healthy-tail", null, "must be p99 or p95");
    }
    Quota.require("provider-double.quota.calls-per-second", quotaPerSecond, quotaPerSecond);
    noConsent = noConsent == null ? Set.of() : Set.copyOf(noConsent);
    adminToken = adminToken == null ? "" : adminToken.trim();
    java.util.Optional<String> weak = Secret.weakness(adminToken);
    if (weak.isPresent()) {
      throw new InvalidSettingException(
          "provider-double.admin-token",
          Secret.redacted(adminToken),
          weak.get() + ", or none to refuse every admin change");
    }
    for (String id : noConsent) {
      if (!CustomerUniverse.wellFormed(id)) {
        throw new InvalidSettingException(
            "provider-double.no-consent", id, "must be customer ids: 'c' followed by 8 digits");
      }
    }
  }

  /** Defaults for an in-process double on an ephemeral port. */
  public static DoubleSettings defaults(long seed) {
    return new DoubleSettings(
        "127.0.0.1",
        0,
        seed,
        100_000,
        0.1,
        LatencyProfile.HEALTHY,
        ErrorShares.NONE,
        Set.of(),
        "",
        false);
  }

  public DoubleSettings withPort(int newPort) {
    return new DoubleSettings(
        host,
        newPort,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  public DoubleSettings withProfile(LatencyProfile newProfile) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        newProfile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  public DoubleSettings withIncompleteShare(double share) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        share,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  public DoubleSettings withUniverse(int newUniverse) {
    return new DoubleSettings(
        host,
        port,
        seed,
        newUniverse,
        incompleteShare,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  public DoubleSettings withNoConsent(Set<String> ids) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        ids,
        adminToken,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  public DoubleSettings withHealthyTail(HealthyTail tail) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        tail,
        quotaPerSecond);
  }

  public DoubleSettings withQuota(int callsPerSecond) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        noConsent,
        adminToken,
        allowNonLoopback,
        healthyTail,
        callsPerSecond);
  }

  public DoubleSettings withAdminToken(String token) {
    return new DoubleSettings(
        host,
        port,
        seed,
        universe,
        incompleteShare,
        profile,
        errors,
        noConsent,
        token,
        allowNonLoopback,
        healthyTail,
        quotaPerSecond);
  }

  /**
   * Reads the {@code provider-double} namespace of a resolved config (see {@code reference.conf}).
   *
   * @throws InvalidSettingException naming the first bad key and its value
   */
  public static DoubleSettings fromConfig(Config root) {
    Config c = root.getConfig("provider-double");
    return new DoubleSettings(
        string(c, "host"),
        integer(c, "port"),
        longValue(c, "seed"),
        integer(c, "universe"),
        number(c, "incomplete-share"),
        profile(c),
        new ErrorShares(
            number(c, "errors.share-429"),
            number(c, "errors.share-504"),
            number(c, "errors.share-529"),
            c.hasPath("errors.retry-after-sec")
                ? integer(c, "errors.retry-after-sec")
                : ErrorShares.DEFAULT_RETRY_AFTER_SEC),
        c.hasPath("no-consent") ? Set.copyOf(c.getStringList("no-consent")) : Set.of(),
        c.hasPath("admin-token") ? string(c, "admin-token") : "",
        c.hasPath("allow-non-loopback") && bool(c, "allow-non-loopback"),
        c.hasPath("healthy-tail")
            ? HealthyTail.require("provider-double.healthy-tail", string(c, "healthy-tail"))
            : HealthyTail.P99,
        c.hasPath("quota.calls-per-second") ? integer(c, "quota.calls-per-second") : 0);
  }

  private static LatencyProfile profile(Config c) {
    String name = string(c, "profile");
    if ("custom".equalsIgnoreCase(name)) {
      double median = number(c, "custom.median-ms");
      double p99 = number(c, "custom.p99-ms");
      try {
        return LatencyProfile.custom(median, p99);
      } catch (InvalidSettingException e) {
        String key = e.field().equals("p99Ms") ? "custom.p99-ms" : "custom.median-ms";
        throw new InvalidSettingException(
            "provider-double." + key, e.field().equals("p99Ms") ? p99 : median, e.getMessage());
      }
    }
    return LatencyProfile.named(name)
        .orElseThrow(
            () ->
                new InvalidSettingException(
                    "provider-double.profile", name, "must be healthy, slow, degraded or custom"));
  }

  private static boolean bool(Config c, String key) {
    try {
      return c.getBoolean(key);
    } catch (ConfigException e) {
      throw bad(c, key, e);
    }
  }

  private static String string(Config c, String key) {
    try {
      return c.getString(key);
    } catch (ConfigException e) {
      throw bad(c, key, e);
    }
  }

  private static int integer(Config c, String key) {
    try {
      return c.getInt(key);
    } catch (ConfigException e) {
      throw bad(c, key, e);
    }
  }

  private static long longValue(Config c, String key) {
    try {
      return c.getLong(key);
    } catch (ConfigException e) {
      throw bad(c, key, e);
    }
  }

  private static double number(Config c, String key) {
    try {
      return c.getDouble(key);
    } catch (ConfigException e) {
      throw bad(c, key, e);
    }
  }

  private static InvalidSettingException bad(Config c, String key, ConfigException e) {
    Object value = c.hasPath(key) ? c.getValue(key).unwrapped() : "<missing>";
    return new InvalidSettingException("provider-double." + key, value, e.getMessage());
  }
}
