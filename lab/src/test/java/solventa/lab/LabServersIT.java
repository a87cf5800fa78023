package solventa.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Each lab server is the real thing, and leaves no process behind when closed. */
class LabServersIT {

  @Test
  void redisIsRealRedis7WithLruAndRoundTripsThroughLettuce() {
    long pid;
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      RedisClient client = RedisClient.create(redis.uri());
      try (StatefulRedisConnection<String, String> c = client.connect()) {
        String info = c.sync().info("server");
        assertThat(info).contains("redis_version:7.");
        assertThat(c.sync().configGet("maxmemory-policy"))
            .containsEntry("maxmemory-policy", "allkeys-lru");
        assertThat(c.sync().set("k", "v")).isEqualTo("OK");
        assertThat(c.sync().get("k")).isEqualTo("v");
        pid =
            c.sync()
                .info("server")
                .lines()
                .filter(l -> l.startsWith("process_id:"))
                .map(l -> Long.parseLong(l.substring("process_id:".length()).trim()))
                .findFirst()
                .orElseThrow();
      } finally {
        client.shutdown();
      }
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void redisRestartsOnTheSamePortAfterAStop() {
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      int port = redis.port();
      redis.stop();
      assertThat(FreePort.isListening(port)).isFalse();
      redis.restart();
      assertThat(redis.port()).isEqualTo(port);
      assertThat(redis.answersPing()).isTrue();
    }
  }

  @Test
  void aRestartKeepsTheValuesWithTheAppendOnlyFileAndLosesThemWithout() {
    try (RedisServerProcess redis = RedisServerProcess.start()) {
      RedisClient client = RedisClient.create(redis.uri());
      try (StatefulRedisConnection<String, String> c = client.connect()) {
        // without persistence (the lab's default): a stop and a start on the same data dir
        c.sync().set("k", "before");
        redis.stop();
        redis.startAgain(false);
        assertThat(c.sync().get("k")).as("no persistence: the value is gone").isNull();

        // append-only switched on at run time, as the deployment runs it: the value survives
        c.sync().configSet("appendonly", "yes");
        long deadline = System.currentTimeMillis() + 20_000;
        while (rewriting(c) && System.currentTimeMillis() < deadline) {
          sleep(50);
        }
        c.sync().set("k", "kept");
        redis.stop();
        redis.startAgain(true);
        assertThat(c.sync().get("k")).as("append-only: the value is back").isEqualTo("kept");

        // the plain restart starts empty even with the append-only file on disk
        redis.restart();
        assertThat(c.sync().get("k")).as("restart() starts empty").isNull();
      } finally {
        client.shutdown();
      }
    }
  }

  private static boolean rewriting(StatefulRedisConnection<String, String> c) {
    String info = c.sync().info("persistence");
    return !info.contains("aof_enabled:1")
        || info.contains("aof_rewrite_in_progress:1")
        || info.contains("aof_rewrite_scheduled:1");
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void postgresIsRealPostgres16() throws Exception {
    int port;
    try (PostgresServer pg = PostgresServer.start()) {
      port = pg.port();
      try (Connection c = pg.dataSource().getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("select version()")) {
        rs.next();
        assertThat(rs.getString(1)).startsWith("PostgreSQL 16.");
      }
      pg.createDatabase("lab_check");
      try (Connection c = pg.dataSource("lab_check").getConnection()) {
        assertThat(c.getCatalog()).isEqualTo("lab_check");
      }
    }
    assertThat(FreePort.isListening(port)).isFalse();
  }
}
