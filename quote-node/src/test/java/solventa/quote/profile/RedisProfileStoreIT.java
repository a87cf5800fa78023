package solventa.quote.profile;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import solventa.lab.RedisServerProcess;
import solventa.quote.settings.QuoteSettings;
import solventa.signals.CanonicalProfile;
import solventa.signals.Signal;

/**
 * The store's compare-and-set on a real Redis 7: a write never replaces a newer value with an older
 * one (a late retry, two nodes writing one customer, a backdated bench seed), whatever the order in
 * which writes arrive.
 */
class RedisProfileStoreIT {
  static final Instant T0 = Instant.parse("2026-12-06T10:00:00Z");

  static RedisServerProcess redis;
  static RedisProfileStore store;
  static RedisClient raw;
  static StatefulRedisConnection<String, String> rawConnection;

  @BeforeAll
  static void start() {
    redis = RedisServerProcess.start();
    store = RedisProfileStore.connect(settings(redis.uri()));
    raw = RedisClient.create(redis.uri());
    rawConnection = raw.connect();
  }

  @AfterAll
  static void stop() {
    rawConnection.close();
    raw.shutdown();
    store.close();
    redis.close();
  }

  static QuoteSettings.Redis settings(String uri) {
    return new QuoteSettings.Redis(
        uri,
        "cas-test:",
        Duration.ofMillis(500),
        Duration.ofMillis(100),
        Duration.ofMillis(200),
        Duration.ofHours(1));
  }

  static CanonicalProfile profile(String id, Instant fetchedAt, String income) {
    return new CanonicalProfile(id, fetchedAt, Map.of(Signal.values()[0], new BigDecimal(income)));
  }

  static Optional<CanonicalProfile> load(String id) throws Exception {
    return store.load(id).toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  static void save(CanonicalProfile p) throws Exception {
    store.save(p).toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void anOlderValueNeverReplacesANewerOne() throws Exception {
    long kept = store.keptNewer();
    save(profile("c00000001", T0.plusSeconds(60), "2000"));
    save(profile("c00000001", T0, "1000")); // a late retry, a backdated seed
    assertThat(load("c00000001"))
        .get()
        .extracting(CanonicalProfile::fetchedAt)
        .isEqualTo(T0.plusSeconds(60));
    assertThat(store.keptNewer() - kept).isEqualTo(1);
  }

  @Test
  void aNewerOrEqualValueReplacesTheStoredOne() throws Exception {
    save(profile("c00000002", T0, "1000"));
    save(profile("c00000002", T0.plusMillis(1), "1500"));
    assertThat(load("c00000002"))
        .get()
        .extracting(CanonicalProfile::fetchedAt)
        .isEqualTo(T0.plusMillis(1));
    save(profile("c00000002", T0.plusMillis(1), "1600"));
    assertThat(load("c00000002").orElseThrow().signals().values())
        .containsExactly(new BigDecimal("1600"));
  }

  @Test
  void aStoredValueWithoutItsEpochFieldIsReplaced() throws Exception {
    rawConnection
        .sync()
        .set(
            store.key("c00000003"),
            "{\"customerId\":\"c00000003\",\"fetchedAt\":\"2030-01-01T00:00:00Z\",\"signals\":{}}");
    save(profile("c00000003", T0, "1000"));
    assertThat(load("c00000003")).get().extracting(CanonicalProfile::fetchedAt).isEqualTo(T0);
  }

  @Test
  void aWriteKeepsTheStoresLifetime() throws Exception {
    save(profile("c00000004", T0, "1000"));
    Long ttl = rawConnection.sync().pttl(store.key("c00000004"));
    assertThat(ttl).isBetween(Duration.ofMinutes(59).toMillis(), Duration.ofHours(1).toMillis());
  }

  /** Two hundred writes of one customer, sent at once in shuffled order: the newest stays. */
  @Test
  void concurrentWritesInAnyOrderLeaveTheNewest() throws Exception {
    List<CanonicalProfile> writes = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      writes.add(profile("c00000005", T0.plusMillis(i), Integer.toString(1000 + i)));
    }
    Collections.shuffle(writes, new java.util.Random(7));
    CompletableFuture<?>[] all =
        writes.stream()
            .map(p -> store.save(p).toCompletableFuture())
            .toArray(CompletableFuture[]::new);
    CompletableFuture.allOf(all).get(10, TimeUnit.SECONDS);
    assertThat(load("c00000005"))
        .get()
        .extracting(CanonicalProfile::fetchedAt)
        .isEqualTo(T0.plusMillis(199));
  }

  /** An outage logs one WARN when writes start failing and one INFO when they succeed again. */
  @Test
  void failedWritesLogOneWarningPerOutage() throws Exception {
    RedisServerProcess own = RedisServerProcess.start();
    RedisProfileStore s = RedisProfileStore.connect(settings(own.uri()));
    Logger logger = (Logger) LoggerFactory.getLogger(RedisProfileStore.class);
    ListAppender<ILoggingEvent> events = new ListAppender<>();
    events.start();
    logger.addAppender(events);
    try {
      s.save(profile("c00000006", T0, "1")).toCompletableFuture().get(5, TimeUnit.SECONDS);
      own.stop();
      int failed = 0;
      for (int i = 0; i < 20; i++) {
        try {
          s.save(profile("c00000006", T0.plusSeconds(i), "1"))
              .toCompletableFuture()
              .get(5, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
          failed++;
        }
      }
      assertThat(failed).as("every write while Redis is down fails").isEqualTo(20);
      own.restart();
      boolean back = false;
      for (int i = 0; i < 100 && !back; i++) {
        try {
          s.save(profile("c00000006", T0.plusSeconds(100), "1"))
              .toCompletableFuture()
              .get(5, TimeUnit.SECONDS);
          back = true;
        } catch (java.util.concurrent.ExecutionException e) {
          Thread.sleep(100);
        }
      }
      assertThat(back).as("Lettuce reconnected").isTrue();
      List<ILoggingEvent> warnings =
          events.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
      assertThat(warnings).hasSize(1);
      assertThat(warnings.get(0).getFormattedMessage()).contains("Redis writes failing");
      assertThat(events.list.stream().filter(e -> e.getLevel() == Level.INFO))
          .anySatisfy(e -> assertThat(e.getFormattedMessage()).contains("succeed again after"));
    } finally {
      logger.detachAppender(events);
      s.close();
      own.close();
    }
  }
}
