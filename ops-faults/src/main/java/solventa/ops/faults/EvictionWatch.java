package solventa.ops.faults;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The keys Redis evicts while it watches: Redis's own keyspace notifications for evictions ({@code
 * notify-keyspace-events} {@code Ee}, the {@code evicted} event on each database's key-event
 * channel), received on a subscription of the lab's Redis; the setting it found is put back on
 * {@link #close}.
 */
final class EvictionWatch implements AutoCloseable {
  static final String CHANNELS = "__keyevent@*__:evicted";

  private final RedisClient client;
  private final StatefulRedisPubSubConnection<String, String> connection;
  private final String setting;
  private final ConcurrentSkipListSet<String> evicted = new ConcurrentSkipListSet<>();

  EvictionWatch(String redisUri) {
    client = RedisClient.create(redisUri);
    client.setOptions(
        ClientOptions.builder()
            .timeoutOptions(TimeoutOptions.enabled(Duration.ofSeconds(5)))
            .build());
    connection = client.connectPubSub();
    setting = connection.sync().configGet("notify-keyspace-events").get("notify-keyspace-events");
    connection.addListener(
        new RedisPubSubAdapter<>() {
          @Override
          public void message(String pattern, String channel, String key) {
            evicted.add(key);
          }
        });
    connection.sync().psubscribe(CHANNELS);
    try (var config = client.connect()) {
      config.sync().configSet("notify-keyspace-events", "Ee");
    }
  }

  /** The customers whose values ({@code prefix} + id) Redis has evicted so far. */
  SortedSet<String> customers(String prefix) {
    SortedSet<String> ids = new TreeSet<>();
    for (String key : evicted) {
      if (key.startsWith(prefix)) {
        ids.add(key.substring(prefix.length()));
      }
    }
    return Collections.unmodifiableSortedSet(ids);
  }

  /** Every key Redis has evicted so far. */
  int keys() {
    return evicted.size();
  }

  @Override
  public void close() {
    try (var config = client.connect()) {
      config.sync().configSet("notify-keyspace-events", setting == null ? "" : setting);
    } finally {
      connection.close();
      client.shutdown();
    }
  }
}
