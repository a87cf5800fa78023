package solventa.ops.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import solventa.ops.lab.Http;

/**
 * Last known values lost by a fault: for a row's known customers, the profiles Redis holds before
 * the fault ({@link #read}) against those it holds after. A value is lost when it was there before
 * and is missing after, or when the one after is older than the one before (a late write of an
 * older read overwrote a newer value). Read directly from the lab's Redis, never through the
 * Toxiproxy proxy the nodes use, so a fault on the nodes' path does not hide or fake a loss. The
 * store rows count a value lost only when the node's memory has lost it too ({@link HeldValues}).
 */
public final class LostValues implements AutoCloseable {
  /** The quote node's key prefix ({@code quote.redis.key-prefix}). */
  static final String PREFIX = "ofp:";

  private final RedisClient client;
  private final StatefulRedisConnection<String, String> connection;

  public LostValues(String redisUri) {
    client = RedisClient.create(redisUri);
    client.setOptions(
        io.lettuce.core.ClientOptions.builder()
            .timeoutOptions(io.lettuce.core.TimeoutOptions.enabled(Duration.ofSeconds(5)))
            .build());
    connection = client.connect();
  }

  /** Each customer's stored value's fetch time; customers without a value are left out. */
  public Map<String, Instant> read(List<String> customers) {
    Map<String, Instant> present = new HashMap<>();
    for (int from = 0; from < customers.size(); from += 500) {
      List<String> keys =
          customers.subList(from, Math.min(customers.size(), from + 500)).stream()
              .map(c -> PREFIX + c)
              .toList();
      for (KeyValue<String, String> kv : connection.sync().mget(keys.toArray(String[]::new))) {
        if (kv.hasValue()) {
          present.put(kv.getKey().substring(PREFIX.length()), fetchedAt(kv.getValue()));
        }
      }
    }
    return present;
  }

  static Instant fetchedAt(String json) {
    try {
      JsonNode root = Http.JSON.readTree(json);
      return Instant.parse(root.path("fetchedAt").asText());
    } catch (Exception e) {
      return Instant.EPOCH; // unreadable: counts as older than any value before it
    }
  }

  /** Values present {@code before} and missing or older {@code after}. */
  public static long lost(Map<String, Instant> before, Map<String, Instant> after) {
    return before.entrySet().stream()
        .filter(e -> !after.containsKey(e.getKey()) || after.get(e.getKey()).isBefore(e.getValue()))
        .count();
  }

  /** Deletes every stored value (a deliberate wipe, or a clean start for the next row). */
  public void flush() {
    connection.sync().flushall();
  }

  /** A Redis command's answer, for rows that set Redis itself up (e.g. its memory limit). */
  public String configSet(String key, String value) {
    return connection.sync().configSet(key, value);
  }

  /** A Redis setting's value ({@code CONFIG GET}). */
  public String configGet(String key) {
    return connection.sync().configGet(key).get(key);
  }

  /**
   * Switches Redis's append-only file on or off at run time ({@code CONFIG SET appendonly}); on,
   * waits (at most 30 s) until Redis has written the file's base (its rewrite done), so what Redis
   * holds from then on survives a stop.
   */
  public void appendOnly(boolean on) throws InterruptedException {
    configSet("appendonly", on ? "yes" : "no");
    long deadline = System.currentTimeMillis() + 30_000;
    while (on) {
      String info = connection.sync().info("persistence");
      boolean written =
          info.contains("aof_enabled:1")
              && info.contains("aof_rewrite_in_progress:0")
              && info.contains("aof_rewrite_scheduled:0");
      if (written) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("Redis did not write its append-only file within 30 s");
      }
      Thread.sleep(50);
    }
  }

  /** Redis's {@code used_memory}, bytes. */
  public long usedMemory() {
    for (String line : connection.sync().info("memory").split("\r?\n")) {
      if (line.startsWith("used_memory:")) {
        return Long.parseLong(line.substring("used_memory:".length()).trim());
      }
    }
    throw new IllegalStateException("Redis's INFO memory has no used_memory");
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown();
  }
}
