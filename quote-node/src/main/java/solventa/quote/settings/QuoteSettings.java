package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import solventa.platform.Secret;
import solventa.vocabulary.Arm;

/**
 * The {@code quote} namespace, parsed once and validated on construction: a node with a bad value
 * refuses to start with a message naming the key and the value.
 *
 * @param budget EC-LAT-07: how long arms C/C' wait for the provider before falling back
 * @param refreshAfter when a cached profile is due for refresh (never when it stops being served)
 * @param resolveTimeout the edge's own bound on one resolution; longer than the adapter's 700 ms
 * @param arm the arm this node runs, its traits resolved once: the arm named by {@code quote.arm}
 *     with the overrides of {@code quote.traits.*} and {@code quote.breaker} applied (the
 *     constructor applies {@code breaker} to the arm it is given)
 * @param breaker whether the adapter's circuit breaker guards this node's provider calls
 */
public record QuoteSettings(
    Arm arm,
    Breaker breaker,
    Duration budget,
    Duration refreshAfter,
    Duration resolveTimeout,
    Http http,
    Redis redis,
    Stats stats,
    String traceSalt,
    Duration maxStaleness) {

  /**
   * Where the quote API listens. Its host is checked with the node's other bind addresses when the
   * settings are read ({@link #fromConfig}, {@link #bindAddresses}): loopback only unless {@value
   * #ALLOW_NON_LOOPBACK_KEY} is on.
   */
  public record Http(String host, int port, long maxBody, int maxInFlight) {
    public Http {
      Objects.requireNonNull(host, "quote.http.host");
      if (port < 0 || port > 65535) {
        throw bad("quote.http.port", String.valueOf(port), "must be a TCP port (0..65535)");
      }
      if (maxBody <= 0) {
        throw bad("quote.http.max-body", String.valueOf(maxBody), "must be a positive size");
      }
      if (maxInFlight < 1) {
        throw bad(
            "quote.http.max-in-flight", String.valueOf(maxInFlight), "must be at least 1 quote");
      }
    }
  }

  /**
   * {@code quote.breaker}: the card puts the breaker in C's connector only. {@code by-arm} (the
   * default) keeps the arm's own breaker trait (on for C and C', off for A and B, which wait up to
   * the hard timeout); {@code on} and {@code off} override it, e.g. the B+CB variant of the
   * experiment is B with {@code on}.
   */
  public enum Breaker {
    BY_ARM,
    ON,
    OFF;

    static java.util.Optional<Breaker> parse(String text) {
      return switch (text == null ? "" : text.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "by-arm" -> java.util.Optional.of(BY_ARM);
        case "on" -> java.util.Optional.of(ON);
        case "off" -> java.util.Optional.of(OFF);
        default -> java.util.Optional.empty();
      };
    }

    /** {@code arm} with this setting applied to its breaker trait. */
    public Arm applyTo(Arm arm) {
      return this == BY_ARM ? arm : arm.withTraits(arm.traits().withBreaker(this == ON));
    }
  }

  /** Whether this node's adapter runs with its breaker: the effective arm's breaker trait. */
  public boolean breakerOn() {
    return arm.breaker();
  }

  /**
   * The Redis that backs the profile entities.
   *
   * @param retryAfter delay before a failed write is retried, and before the first retry of a
   *     failed load
   * @param loadRetryMax the longest delay between two load attempts (the backoff doubles from
   *     {@code retryAfter} up to it)
   * @param ttl lifetime of every stored profile (Redis expires it; the next refresh writes anew)
   */
  public record Redis(
      String uri,
      String keyPrefix,
      Duration timeout,
      Duration retryAfter,
      Duration loadRetryMax,
      Duration ttl) {
    public Redis {
      URI parsed;
      try {
        parsed = URI.create(uri);
      } catch (IllegalArgumentException e) {
        throw bad("quote.redis.uri", uri, "not a URI");
      }
      if (!"redis".equals(parsed.getScheme()) || parsed.getHost() == null) {
        throw bad("quote.redis.uri", uri, "must look like redis://127.0.0.1:6379");
      }
      positive("quote.redis.timeout", timeout);
      positive("quote.redis.retry-after", retryAfter);
      positive("quote.redis.load-retry-max", loadRetryMax);
      if (loadRetryMax.compareTo(retryAfter) < 0) {
        throw bad(
            "quote.redis.load-retry-max",
            loadRetryMax.toMillis() + "ms",
            "must be at least quote.redis.retry-after (" + retryAfter.toMillis() + "ms)");
      }
      positive("quote.redis.ttl", ttl);
    }
  }

  /** What the stats route allows and keeps. */
  public record Stats(boolean resetEnabled, int sacrificedCapacity) {
    public Stats {
      if (sacrificedCapacity < 1) {
        throw bad(
            "quote.stats.sacrificed-capacity",
            String.valueOf(sacrificedCapacity),
            "must be at least 1");
      }
    }
  }

  public QuoteSettings {
    Objects.requireNonNull(arm, "arm");
    Objects.requireNonNull(breaker, "breaker");
    // the traits are resolved here, once: everything downstream reads the arm's traits only
    arm = breaker.applyTo(arm);
    positive("quote.budget", budget);
    positive("quote.refresh-after", refreshAfter);
    positive("quote.resolve-timeout", resolveTimeout);
    if (budget.compareTo(resolveTimeout) >= 0) {
      throw bad(
          "quote.budget",
          budget.toMillis() + "ms",
          "must be shorter than quote.resolve-timeout (" + resolveTimeout.toMillis() + "ms)");
    }
    Objects.requireNonNull(http, "http");
    Objects.requireNonNull(redis, "redis");
    Objects.requireNonNull(stats, "stats");
    positive("quote.max-staleness", maxStaleness);
    if (maxStaleness.compareTo(refreshAfter) <= 0) {
      throw bad(
          "quote.max-staleness",
          maxStaleness.toString(),
          "must be longer than quote.refresh-after (" + refreshAfter + ")");
    }
    if (traceSalt != null && Secret.retired(traceSalt)) {
      throw bad(
          "quote.trace.salt",
          "<" + traceSalt.length() + " chars>",
          "is the key's retired default, public in this repository's history: every pseudonym"
              + " under it reverses; set a secret of at least "
              + MIN_TRACE_KEY
              + " characters (env QUOTE_TRACE_SALT)");
    }
    if (traceSalt == null || traceSalt.strip().length() < MIN_TRACE_KEY) {
      throw bad(
          "quote.trace.salt",
          traceSalt == null || traceSalt.isBlank()
              ? "<unset>"
              : "<" + traceSalt.length() + " chars>",
          "must be a secret of at least "
              + MIN_TRACE_KEY
              + " characters (env QUOTE_TRACE_SALT): the actuarial trace's pseudonyms are only as"
              + " strong as their key; the lab runner supplies one");
    }
  }

  /**
   * Shortest trace key accepted. Customer ids are {@code c} + 8 digits: under a known or short key
   * every pseudonym reverses by trying 10^8 ids.
   */
  public static final int MIN_TRACE_KEY = 16;

  /**
   * The token of the node's runner-only routes (stats reset, bench seed): {@code RunnerOnlyGuard}.
   */
  public static final String RUNNER_TOKEN_KEY = "quote.stats.reset-token";

  /**
   * The setting that lets the node bind an address other than loopback (default off): only a
   * deployment whose network is its own turns it on, and then binds the host's own name on that
   * network (the compose file: each service's hostname).
   */
  public static final String ALLOW_NON_LOOPBACK_KEY = "quote.bind.allow-non-loopback";

  /**
   * Every address the node listens on, checked before any port opens ({@link NodeBindAddresses}):
   * loopback only unless {@value #ALLOW_NON_LOOPBACK_KEY} is on; a wildcard or any other address is
   * refused, naming its key and value.
   *
   * @throws InvalidQuoteSettings naming the first address refused
   */
  public static void bindAddresses(Config root) {
    NodeBindAddresses.check(root);
  }

  /** Reads {@code quote.*} from the node's whole configuration. */
  public static QuoteSettings fromConfig(Config root) {
    // where the node listens: refused here, before any port opens
    bindAddresses(root);
    Config q = root.getConfig("quote");
    // the admin tokens of the node's mutating routes: a weak one refuses here, before any port
    // opens; blank stays allowed (those routes then refuse every change)
    adminToken(root, RUNNER_TOKEN_KEY);
    adminToken(root, solventa.adapter.BreakerManagementRoutes.TOKEN_KEY);
    String breakerText = q.getString("breaker");
    Breaker breaker =
        Breaker.parse(breakerText)
            .orElseThrow(() -> bad("quote.breaker", breakerText, "must be one of by-arm, on, off"));
    Arm arm = ArmOverrides.arm(q, breaker);
    return new QuoteSettings(
        arm,
        breaker,
        duration(q, "budget"),
        duration(q, "refresh-after"),
        duration(q, "resolve-timeout"),
        new Http(
            q.getString("http.host"),
            q.getInt("http.port"),
            bytes(q, "http.max-body"),
            integer(q, "http.max-in-flight")),
        new Redis(
            q.getString("redis.uri"),
            q.getString("redis.key-prefix"),
            duration(q, "redis.timeout"),
            duration(q, "redis.retry-after"),
            duration(q, "redis.load-retry-max"),
            duration(q, "redis.ttl")),
        new Stats(q.getBoolean("stats.reset-enabled"), q.getInt("stats.sacrificed-capacity")),
        q.getString("trace.salt"),
        duration(q, "max-staleness"));
  }

  private static void adminToken(Config root, String key) {
    String token = root.hasPath(key) ? root.getString(key) : "";
    Secret.weakness(token)
        .ifPresent(
            why -> {
              throw bad(key, Secret.redacted(token), why);
            });
  }

  private static Duration duration(Config q, String key) {
    try {
      return q.getDuration(key);
    } catch (ConfigException.BadValue | ConfigException.WrongType e) {
      throw bad("quote." + key, q.getValue(key).render(), "not a duration (e.g. 120ms)");
    }
  }

  /**
   * The whole number at {@code key} of {@code root}; refuses anything else, naming the key and the
   * value.
   */
  public static int wholeNumber(Config root, String key) {
    try {
      return root.getInt(key);
    } catch (ConfigException.BadValue | ConfigException.WrongType e) {
      throw bad(key, root.getValue(key).render(), "not a whole number");
    }
  }

  private static int integer(Config q, String key) {
    try {
      return q.getInt(key);
    } catch (ConfigException.BadValue | ConfigException.WrongType e) {
      throw bad("quote." + key, q.getValue(key).render(), "not a whole number");
    }
  }

  private static long bytes(Config q, String key) {
    try {
      return q.getBytes(key);
    } catch (ConfigException.BadValue | ConfigException.WrongType e) {
      throw bad("quote." + key, q.getValue(key).render(), "not a size (e.g. 16k)");
    }
  }

  private static void positive(String key, Duration d) {
    Objects.requireNonNull(d, key);
    if (d.isNegative() || d.isZero()) {
      throw bad(key, d.toMillis() + "ms", "must be positive");
    }
  }

  private static InvalidQuoteSettings bad(String key, String value, String why) {
    return new InvalidQuoteSettings(key, value, why);
  }

  /** A refused configuration; the message names the key and the value. */
  public static final class InvalidQuoteSettings extends solventa.platform.InvalidSetting {
    private static final long serialVersionUID = 1L;

    public InvalidQuoteSettings(String key, String value, String why) {
      super("invalid configuration: " + key + " = " + value + " (" + why + ")", key, value, why);
    }
  }
}
