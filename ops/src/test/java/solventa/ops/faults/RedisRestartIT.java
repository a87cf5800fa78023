package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.ops.lab.NodeGroup;
import solventa.ops.protocol.BenchArm;

/**
 * The Redis restart rows on the real embedded lab (Redis, PostgreSQL, Toxiproxy, the double and one
 * quote node as JVMs on loopback): without persistence the restart empties Redis, with the
 * append-only file it keeps every value, and either way the node's memory answers for what Redis
 * lost.
 */
class RedisRestartIT {
  static final Pattern LACKED = Pattern.compile("Redis lacked (\\d+) of the (\\d+) values");

  @Test
  void withoutPersistenceRedisLosesItsValuesAndWithTheAppendOnlyFileItKeepsThem(@TempDir Path out)
      throws Exception {
    try (FaultContext ctx = new FaultContext(out, System.out, 42)) {
      NodeGroup node = ctx.freshNodes(BenchArm.C_PRIME, 1);
      List<String> known = FaultContext.customers(1_000, 100);
      assertThat(ctx.seedValues(node.first(), known)).isPositive();

      FaultRow aof = RedisRestart.row(ctx, node, known, StoreFaults.fresh(8), true);
      FaultRow none = RedisRestart.row(ctx, node, known, StoreFaults.fresh(7), false);
      System.out.println("FIGURE redis restart, no persistence: " + none);
      System.out.println("FIGURE redis restart, append-only: " + aof);

      assertThat(lacked(none)).as("no persistence: Redis lost values at the restart").isPositive();
      assertThat(lacked(aof)).as("append-only: Redis kept every value").isZero();
      assertThat(aof.measured()).contains("0 of those written back");
      assertThat(none.lostValues()).as("the node's memory answers for them").isZero();
      assertThat(aof.lostValues()).isZero();
      assertThat(ctx.lab().redisRunning()).isTrue();
    }
  }

  private static long lacked(FaultRow row) {
    Matcher m = LACKED.matcher(row.measured());
    assertThat(m.find()).as("the row measured: " + row.measured()).isTrue();
    return Long.parseLong(m.group(1));
  }
}
