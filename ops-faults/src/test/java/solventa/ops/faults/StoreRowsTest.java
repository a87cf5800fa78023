package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** Every store row's expectation can fail, on each of its terms, and can hold. */
class StoreRowsTest {
  @Test
  void aRowUnderLoadFailsOnAnErrorAValueNotInRedisOrALostValue() {
    assertThat(StoreFaults.holds(0, 0, 0)).isTrue();
    assertThat(StoreFaults.holds(1, 0, 0)).as("an error").isFalse();
    assertThat(StoreFaults.holds(0, 3, 0)).as("values held in memory only").isFalse();
    assertThat(StoreFaults.holds(0, 3, 1)).as("a value dropped from memory too").isFalse();
  }

  @Test
  void theEvictionRowFailsOnAnErrorOrWhenNothingWasEvicted() {
    assertThat(RedisEviction.holds(0, 12)).isTrue();
    assertThat(RedisEviction.holds(2, 12)).as("an error").isFalse();
    assertThat(RedisEviction.holds(0, 0)).as("the fault did not happen").isFalse();
  }

  @Test
  void theRestartRowsExpectNoLossInRedisOnlyWithTheAppendOnlyFile() {
    assertThat(RedisRestart.holds(true, 0, 0, 0, 0)).as("append-only, nothing lost").isTrue();
    assertThat(RedisRestart.holds(true, 0, 40, 0, 0)).as("append-only lost values").isFalse();
    assertThat(RedisRestart.holds(false, 0, 300, 0, 0))
        .as("no persistence shows the loss")
        .isTrue();
    assertThat(RedisRestart.holds(false, 0, 0, 0, 0)).as("Redis kept them: no restart").isFalse();
    assertThat(RedisRestart.holds(false, 0, 300, 2, 2)).as("dropped from memory too").isFalse();
    assertThat(RedisRestart.holds(false, 0, 300, 0, 7))
        .as("held values left only in memory, never written again")
        .isFalse();
    assertThat(RedisRestart.holds(true, 5, 0, 0, 0)).as("an error").isFalse();
    assertThat(RedisRestart.expected(false)).contains("has lost").contains("none lost");
    assertThat(RedisRestart.expected(true)).contains("every value it held before");
  }

  @Test
  void postgresDownAtStartFailsOnAnyAnswerOrAStartThatWasNotRefused() {
    String line = "rating: cannot reach the rule book at rating.jdbc-url = jdbc:postgresql://…";
    assertThat(PostgresAtStart.holds(true, line, 60, 0)).isTrue();
    assertThat(PostgresAtStart.holds(true, line, 60, 1)).as("a quote answered").isFalse();
    assertThat(PostgresAtStart.holds(true, line, 0, 0)).as("no quote sent").isFalse();
    assertThat(PostgresAtStart.holds(false, line, 60, 0)).as("still running").isFalse();
    assertThat(PostgresAtStart.holds(true, "", 60, 0)).as("the setting not named").isFalse();
  }

  @Test
  void aQuoteToAClosedPortIsReadAsRefused() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertThat(PostgresAtStart.quote("http://127.0.0.1:" + port))
        .isEqualTo(PostgresAtStart.REFUSED);
  }
}
