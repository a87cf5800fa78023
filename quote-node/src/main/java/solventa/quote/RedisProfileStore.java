package solventa.quote;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import solventa.quote.internal.ProfileCodec;
import solventa.signals.CanonicalProfile;

/**
 * {@link ProfileStore} on Redis through Lettuce's async API: one shared connection, keys {@code
 * <key-prefix><customerId>}, values in {@link ProfileCodec}'s JSON, no TTL (the server's {@code
 * allkeys-lru} evicts; expiry is the entity's refresh policy, not Redis').
 *
 * <p>While Redis is unreachable, commands fail at once instead of queueing (so an entity's recovery
 * never waits for a dead server) and the connection reconnects in the background every 500 ms at
 * most; each command also has {@code quote.redis.timeout}. The connection is opened at start-up
 * (blocking, once): a node does not start without Redis, but survives losing it later.
 */
public final class RedisProfileStore implements ProfileStore {
  private final ClientResources resources;
  private final RedisClient client;
  private final StatefulRedisConnection<String, String> connection;
  private final RedisAsyncCommands<String, String> commands;
  private final String keyPrefix;

  private RedisProfileStore(QuoteSettings.Redis settings) {
    this.keyPrefix = settings.keyPrefix();
    this.resources =
        ClientResources.builder()
            .reconnectDelay(
                Delay.exponential(
                    Duration.ofMillis(20),
                    Duration.ofMillis(500),
                    2,
                    java.util.concurrent.TimeUnit.MILLISECONDS))
            .build();
    this.client = RedisClient.create(resources, RedisURI.create(settings.uri()));
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .timeoutOptions(TimeoutOptions.enabled(settings.timeout()))
            .build());
    StatefulRedisConnection<String, String> c;
    try {
      c = client.connect();
    } catch (RuntimeException e) {
      client.shutdown();
      resources.shutdown();
      throw new IllegalStateException(
          "cannot connect to Redis at quote.redis.uri = " + settings.uri() + ": " + e.getMessage(),
          e);
    }
    this.connection = c;
    this.commands = c.async();
  }

  /** Connects (blocking, at start-up only). */
  public static RedisProfileStore connect(QuoteSettings.Redis settings) {
    return new RedisProfileStore(settings);
  }

  /** The Redis key of a customer's profile. */
  public String key(String customerId) {
    return keyPrefix + customerId;
  }

  @Override
  public CompletionStage<Optional<CanonicalProfile>> load(String customerId) {
    return commands
        .get(key(customerId))
        .thenApply(v -> v == null ? Optional.<CanonicalProfile>empty() : decodeOrEmpty(v));
  }

  @Override
  public CompletionStage<Void> save(CanonicalProfile profile) {
    return commands
        .set(key(profile.customerId()), ProfileCodec.encode(profile))
        .thenApply(ok -> null);
  }

  // A corrupt value is treated as absent: the next refresh overwrites it.
  private static Optional<CanonicalProfile> decodeOrEmpty(String v) {
    try {
      return Optional.of(ProfileCodec.decode(v));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown();
    resources.shutdown();
  }
}
