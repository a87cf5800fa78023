package solventa.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import solventa.lab.FreePort;
import solventa.lab.PostgresServer;
import solventa.rating.model.DefaultProfileMode;

/** An unreachable rule book at start-up is retried with backoff, then fails clearly. */
class UnreachableDatabaseTest {

  @Test
  void closedPortIsRetriedThenFailsNamingUrlAndAttempts() {
    int port = FreePort.find(); // nothing listens there
    String url = "jdbc:postgresql://127.0.0.1:" + port + "/rating";
    RatingSettings settings =
        new RatingSettings(
            url, "postgres", "", Duration.ZERO, 3, Duration.ofMillis(40), DefaultProfileMode.LINE);
    long start = System.nanoTime();
    assertThatThrownBy(() -> RatingEngine.start(settings, Clock.systemUTC()))
        .isInstanceOf(RatingDatabaseUnavailable.class)
        .hasMessageContaining("rating.jdbc-url = " + url)
        .hasMessageContaining("after 3 attempt(s)")
        .hasCauseInstanceOf(java.sql.SQLException.class);
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    // waited 40 ms then 80 ms between the three attempts
    assertThat(elapsedMs).isGreaterThanOrEqualTo(120).isLessThan(20_000);
  }

  @Test
  void backoffDoublesUpToItsCap() {
    Duration base = Duration.ofMillis(500);
    assertThat(RatingEngine.backoff(base, 1)).isEqualTo(Duration.ofMillis(500));
    assertThat(RatingEngine.backoff(base, 2)).isEqualTo(Duration.ofMillis(1000));
    assertThat(RatingEngine.backoff(base, 4)).isEqualTo(Duration.ofMillis(4000));
    assertThat(RatingEngine.backoff(base, 5)).isEqualTo(RatingSettings.MAX_BACKOFF);
    assertThat(RatingEngine.backoff(base, 60)).isEqualTo(RatingSettings.MAX_BACKOFF);
  }

  @Test
  void aDatabaseThatComesUpDuringTheRetriesIsUsed() throws Exception {
    int port = FreePort.find();
    RatingSettings settings =
        new RatingSettings(
            "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
            "postgres",
            "",
            Duration.ZERO,
            30,
            Duration.ofMillis(200),
            DefaultProfileMode.LINE);
    CompletableFuture<RatingEngine> starting =
        RatingEngine.startAsync(settings, Clock.systemUTC()).toCompletableFuture();
    assertThat(starting).isNotDone(); // the first attempt cannot have succeeded: nothing listens
    try (PostgresServer pg = PostgresServer.start(port);
        RatingEngine engine = starting.get(90, TimeUnit.SECONDS)) {
      assertThat(pg.port()).isEqualTo(port);
      assertThat(engine.activeVersion()).isEqualTo("2026.1");
    }
  }
}
