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
  void memoryAndEvictionFiguresAndSettingsAreRead() {
    try (LostValues values = new LostValues(redis.uri())) {
      assertThat(values.usedMemory()).isPositive();
      assertThat(values.evictedKeys()).isGreaterThanOrEqualTo(0);
      String policy = values.configGet("maxmemory-policy");
      assertThat(values.configSet("maxmemory-policy", "noeviction")).isEqualTo("OK");
      assertThat(values.configGet("maxmemory-policy")).isEqualTo("noeviction");
      values.configSet("maxmemory-policy", policy);
      assertThat(values.configGet("maxmemory-policy")).isEqualTo(policy);
    }
  }
}
