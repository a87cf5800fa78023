package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.RedisServerProcess;

/** The fault matrix's reading of lost values, against a real Redis 7. */
class LostValuesIT {
  private static RedisServerProcess redis;
  private static RedisClient client;
  private static StatefulRedisConnection<String, String> writer;

  @BeforeAll
  static void start() {
    redis = RedisServerProcess.start();
    client = RedisClient.create(redis.uri());
    writer = client.connect();
  }

  @AfterAll
  static void stop() {
    writer.close();
    client.shutdown();
    redis.close();
  }

  private static void store(String customer, String fetchedAt) {
    writer
        .sync()
        .set(
            LostValues.PREFIX + customer,
            "{\"customerId\":\"" + customer + "\",\"fetchedAt\":\"" + fetchedAt + "\"}");
  }

  @Test
  void aValueDeletedOrOverwrittenByAnOlderOneIsLostAndANewerOneIsNot() {
    try (LostValues values = new LostValues(redis.uri())) {
      values.flush();
      store("c00070000", "2026-12-04T10:00:00Z");
      store("c00070001", "2026-12-04T10:00:00Z");
      store("c00070002", "2026-12-04T10:00:00Z");
      List<String> customers = List.of("c00070000", "c00070001", "c00070002", "c00070003");
      Map<String, Instant> before = values.read(customers);
      assertThat(before).hasSize(3).doesNotContainKey("c00070003");

      writer.sync().del(LostValues.PREFIX + "c00070000");
      store("c00070001", "2026-12-04T09:59:59Z"); // a late write of an older read
      store("c00070002", "2026-12-04T10:00:05Z"); // a refresh
      store("c00070003", "2026-12-04T10:00:05Z"); // a new customer's value
      assertThat(LostValues.lost(before, values.read(customers))).isEqualTo(2);
    }
  }

  @Test
  void memoryFiguresAndSettingsAreRead() {
    try (LostValues values = new LostValues(redis.uri())) {
      assertThat(values.usedMemory()).isPositive();
      String policy = values.configGet("maxmemory-policy");
      assertThat(values.configSet("maxmemory-policy", "noeviction")).isEqualTo("OK");
      assertThat(values.configGet("maxmemory-policy")).isEqualTo("noeviction");
      values.configSet("maxmemory-policy", policy);
      assertThat(values.configGet("maxmemory-policy")).isEqualTo(policy);
    }
  }

  @Test
  void theEvictionWatchListsTheKeysRedisEvicted() throws Exception {
    try (LostValues values = new LostValues(redis.uri())) {
      values.flush();
      String maxmemory = values.configGet("maxmemory");
      String before = values.configGet("notify-keyspace-events");
      try (EvictionWatch watch = new EvictionWatch(redis.uri())) {
        values.configSet("maxmemory", Long.toString(values.usedMemory() + 64 * 1024));
        String pad = "x".repeat(2_000);
        for (int i = 0; i < 200; i++) {
          writer.sync().set(LostValues.PREFIX + String.format("c%08d", 70_000 + i), pad);
        }
        long deadline = System.currentTimeMillis() + 5_000;
        while (watch.keys() == 0 && System.currentTimeMillis() < deadline) {
          Thread.sleep(20);
        }
        var evicted = watch.customers(LostValues.PREFIX);
        assertThat(evicted).as("Redis evicted some of the 200 values").isNotEmpty();
        // each listed customer's value is indeed gone
        assertThat(values.read(java.util.List.copyOf(evicted))).isEmpty();
      } finally {
        values.configSet("maxmemory", maxmemory);
      }
      assertThat(values.configGet("notify-keyspace-events")).isEqualTo(before);
      values.flush();
    }
  }

  @Test
  void theAppendOnlyFileIsSwitchedOnAndOff() throws Exception {
    try (LostValues values = new LostValues(redis.uri())) {
      values.appendOnly(true);
      assertThat(values.configGet("appendonly")).isEqualTo("yes");
      values.appendOnly(false);
      assertThat(values.configGet("appendonly")).isEqualTo("no");
    }
  }
}
