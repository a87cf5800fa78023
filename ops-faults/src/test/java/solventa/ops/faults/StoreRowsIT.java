package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;

/**
 * The store rows that are new or changed, on the real embedded lab (Redis, PostgreSQL, Toxiproxy,
 * the double and one quote node as JVMs on loopback), each with fewer known customers than the
 * matrix: without persistence a Redis restart empties Redis, with the append-only file it keeps
 * every value, and either way the node's memory answers for what Redis lost; the eviction row lists
 * evicted values; PostgreSQL down at start sees every quote refused.
 */
class StoreRowsIT {
  static final Pattern LACKED =
      Pattern.compile("right after the restart Redis lacked (\\d+) of them");

  static Path out;
  static FaultContext ctx;
  static NodeGroup node;
  static List<String> known;

  @BeforeAll
  static void start() throws Exception {
    out = Files.createTempDirectory("store-rows-it");
    ctx = new FaultContext(out, System.out, 42);
    node = ctx.freshNodes(BenchArm.C_PRIME, 1);
    known = FaultContext.customers(1_000, 100);
    assertThat(ctx.seedValues(node.first(), known)).isPositive();
  }

  @AfterAll
  static void stop() {
    if (ctx != null) {
      ctx.close();
    }
  }

  @Test
  void withoutPersistenceRedisLosesItsValuesAndWithTheAppendOnlyFileItKeepsThem() {
    FaultRow aof = RedisRestart.row(ctx, node, known, StoreFaults.fresh(8), true);
    FaultRow none = RedisRestart.row(ctx, node, known, StoreFaults.fresh(7), false);
    System.out.println("FIGURE redis restart, append-only: " + aof);
    System.out.println("FIGURE redis restart, no persistence: " + none);

    assertThat(lacked(aof)).as("append-only: Redis kept every value").isZero();
    assertThat(aof.measured()).contains("0 of those in Redis again by the row's end");
    assertThat(none.holds()).as(none.measured()).isTrue();
    assertThat(aof.holds()).as(aof.measured()).isTrue();
    assertThat(lacked(none)).as("no persistence: Redis lost values at the restart").isPositive();
    assertThat(none.lostValues()).as("the node's memory answers for them").isZero();
    assertThat(aof.lostValues()).isZero();
    assertThat(none.measured()).contains("the node's unflushed count 0");
    assertThat(ctx.lab().redisRunning()).isTrue();
  }

  @Test
  void theEvictionRowListsTheValuesRedisEvicted() {
    FaultRow row = RedisEviction.row(ctx, node, known, StoreFaults.fresh(3));
    System.out.println("FIGURE redis evicting: " + row);
    assertThat(row.measured()).doesNotStartWith("the row's run failed");
    Matcher m =
        Pattern.compile("Redis evicted (\\d+) keys, (\\d+) of them").matcher(row.measured());
    assertThat(m.find()).as(row.measured()).isTrue();
    assertThat(Long.parseLong(m.group(2))).as("the row's values evicted").isPositive();
  }

  @Test
  void postgresDownAtStartSeesEveryQuoteRefused() {
    FaultRow row = PostgresAtStart.row(ctx);
    System.out.println("FIGURE postgres down at start: " + row);
    assertThat(row.requests()).as("quotes sent while it tried").isPositive();
    assertThat(row.errors()).as("quotes answered").isZero();
    assertThat(row.holds()).as(row.measured()).isTrue();
  }

  private static long lacked(FaultRow row) {
    Matcher m = LACKED.matcher(row.measured());
    assertThat(m.find()).as("the row measured: " + row.measured()).isTrue();
    return Long.parseLong(m.group(1));
  }
}
