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
