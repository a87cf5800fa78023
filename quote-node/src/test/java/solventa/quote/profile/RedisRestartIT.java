package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.KillArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import solventa.lab.RedisServerProcess;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;

/**
 * The store notices a restart of its Redis (a real Redis 7, stopped and started on its port) by the
 * server's run_id, and only a restart: a reconnect to the same server is not one.
 */
class RedisRestartIT {
  RedisServerProcess redis;
  RedisProfileStore store;
  final AtomicInteger heard = new AtomicInteger();

  @BeforeEach
  void start() {
    redis = RedisServerProcess.start();
    store = RedisProfileStore.connect(RedisProfileStoreIT.settings(redis.uri()));
    store.whenRestarted(heard::incrementAndGet);
  }

  @AfterEach
  void stop() {
    store.close();
    redis.close();
  }

  @Test
  void aRestartedServerIsNoticedAndTheListenersRun() throws Exception {
    assertThat(eventually(() -> store.knownRunId() != null)).as("run_id read at connect").isTrue();
    String first = store.knownRunId();
    redis.stop();
    redis.startAgain(false);
    assertThat(eventually(() -> heard.get() == 1)).as("listener run after the restart").isTrue();
    assertThat(store.restartsSeen()).isEqualTo(1);
    assertThat(store.knownRunId()).isNotEqualTo(first);
    saved("c00000001"); // and the store writes to the new server
  }

  @Test
  void aReconnectToTheSameServerIsNotARestart() throws Exception {
    assertThat(eventually(() -> store.knownRunId() != null)).isTrue();
    String first = store.knownRunId();
    RedisClient raw = RedisClient.create(redis.uri());
    try (StatefulRedisConnection<String, String> c = raw.connect()) {
      long killed = c.sync().clientKill(KillArgs.Builder.typeNormal().skipme());
      assertThat(killed).as("the store's connection killed").isPositive();
    } finally {
      raw.shutdown();
    }
    // reconnected: a write goes through again, and the run_id has been read on the new connection
    assertThat(eventually(() -> trySave("c00000002"))).isTrue();
    Thread.sleep(2 * RedisProfileStore.CONNECT_RETRY.toMillis()); // a late check would show now
    assertThat(heard.get()).isZero();
    assertThat(store.restartsSeen()).isZero();
    assertThat(store.knownRunId()).isEqualTo(first);
  }

  @Test
  void theRunIdIsReadFromInfoServer() {
    assertThat(RedisProfileStore.runId("# Server\r\nredis_version:7.2.4\r\nrun_id:ab12\r\n"))
        .isEqualTo("ab12");
    assertThat(RedisProfileStore.runId("# Server\r\nredis_version:7.2.4\r\n")).isNull();
    assertThat(RedisProfileStore.runId("run_id:\r\n")).isNull();
    assertThat(RedisProfileStore.runId(null)).isNull();
  }

  private void saved(String id) throws Exception {
    store
        .save(
            new CanonicalProfile(
                id, Instant.now(), Map.of(Signal.values()[0], new BigDecimal("1000"))))
        .toCompletableFuture()
        .get(5, TimeUnit.SECONDS);
  }

  private boolean trySave(String id) {
    try {
      saved(id);
      return true;
    } catch (Exception e) {
      return false;
    }
  }

  private static boolean eventually(BooleanSupplier check) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (System.nanoTime() < until) {
      if (check.getAsBoolean()) {
        return true;
      }
      Thread.sleep(50);
    }
    return check.getAsBoolean();
  }
}
