package solventa.quote.profile;

import com.typesafe.config.Config;
import java.time.Duration;
import solventa.adapter.model.FailureKind;
import solventa.quote.settings.DurationSettings;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.unknown-customers}: how a profile entity treats a customer the provider does not
 * know, validated on construction (a bad value refuses the start, naming the key and the value).
 *
 * <p>Every id of the provider's format reaches an entity and, once, the provider. A client that
 * repeats quotes for an id the provider does not know would otherwise cost one provider call each;
 * a client that sends many such ids would fill the node with entities that wait the default idle
 * timeout for nothing. So the entity remembers the provider's answer for a while and leaves early.
 *
 * @param ttl how long an entity answers "unknown customer" from memory after the provider said so
 *     ({@link FailureKind#UNKNOWN_CUSTOMER} or {@link FailureKind#NOT_FOUND}); after it, the next
 *     quote asks the provider again, since a customer may be onboarded at any moment
 * @param idleTimeout an entity whose last provider answer was a business answer (unknown, no
 *     consent) asks its shard to passivate it after this long without a quote, instead of
 *     sharding's default idle timeout
 */
public record UnknownCustomers(Duration ttl, Duration idleTimeout) {
  public static final String TTL = "quote.unknown-customers.ttl";
  public static final String IDLE_TIMEOUT = "quote.unknown-customers.idle-timeout";

  /** Sharding's idle timeout for every entity, which {@link #idleTimeout} must undercut. */
  static final String DEFAULT_IDLE =
      "pekko.cluster.sharding.passivation.default-idle-strategy.idle-entity.timeout";

  public UnknownCustomers {
    DurationSettings.requirePositive(TTL, ttl);
    DurationSettings.requirePositive(IDLE_TIMEOUT, idleTimeout);
  }

  /** Whether the provider's answer says it does not know the customer: what is remembered. */
  public static boolean isUnknown(FailureKind kind) {
    return kind == FailureKind.UNKNOWN_CUSTOMER || kind == FailureKind.NOT_FOUND;
  }

  /**
   * Reads {@code quote.unknown-customers.*}; the idle timeout must also be shorter than sharding's
   * default idle timeout when the configuration sets one, or it would not be early.
   */
  public static UnknownCustomers fromConfig(Config root) {
    UnknownCustomers u =
        new UnknownCustomers(
            DurationSettings.read(root, TTL), DurationSettings.read(root, IDLE_TIMEOUT));
    if (root.hasPath(DEFAULT_IDLE)) {
      Duration shardingIdle = root.getDuration(DEFAULT_IDLE);
      if (u.idleTimeout().compareTo(shardingIdle) >= 0) {
        throw new InvalidQuoteSettings(
            IDLE_TIMEOUT,
            u.idleTimeout().toMillis() + "ms",
            "must be shorter than " + DEFAULT_IDLE + " (" + shardingIdle.toMillis() + "ms)");
      }
    }
    return u;
  }
}
