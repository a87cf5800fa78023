package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MainTest {

  private static String stderrOf(String... args) {
    PrintStream old = System.err;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      assertThat(Main.run(args)).isEqualTo(2);
    } finally {
      System.setErr(old);
    }
    return buf.toString(StandardCharsets.UTF_8);
  }

  @Test
  void noArgumentsPrintsUsage() {
    assertThat(stderrOf())
        .contains("Usage: bin/lab [COMMAND]", "experiment", "report", "up", "load");
  }

  /** A folder that does not exist: the refusal comes before any work would have read it. */
  @Test
  void anUnknownAssumptionOrABadValueIsRefusedBeforeAnyWork() {
    assertThat(stderrOf("report", "/nonexistent-results", "--assume", "horizon-s=60"))
        .contains("unknown key 'horizon-s'")
        .contains("Usage: bin/lab report");
    assertThat(stderrOf("report", "/nonexistent-results", "--assume", "outage-s=0"))
        .contains("outage-s must be a positive number, was 0");
  }

  @Test
  void unknownProfileOrOptionPrintsUsageNamingIt() {
    assertThat(stderrOf("experiment", "turbo"))
        .contains("unknown profile 'turbo'")
        .contains("Usage: bin/lab experiment");
    assertThat(stderrOf("experiment", "quick", "--fast")).contains("Unknown option: '--fast'");
    assertThat(stderrOf("explode")).contains("'explode'");
  }

  @Test
  void aNodeCountOutsideOneToNineIsRefusedNamingTheOptionAndValue() {
    assertThat(stderrOf("experiment", "smoke", "--nodes", "0"))
        .contains("--nodes must be 1..9, was 0");
    assertThat(stderrOf("experiment", "smoke", "--nodes", "two")).contains("was two");
    assertThat(Main.nodes("9")).isEqualTo(9);
  }

  @Test
  void twoBenchesAtOnceAreRefusedBeforeAnythingStarts() {
    assertThat(stderrOf("bench", "--overload", "--join"))
        .contains("--overload and --join are different benches: choose one");
    assertThat(stderrOf("bench", "--join", "--paired"))
        .contains("--join and --paired are different benches: choose one");
    assertThat(stderrOf("bench", "--node-warmup", "300"))
        .contains("--node-warmup applies to --paired only");
    assertThat(stderrOf("bench", "--paired", "--node-warmup", "0"))
        .contains("--node-warmup must be 1..3600 seconds, not 0");
    assertThat(stderrOf("bench", "--paired", "--node-warmup", "3601"))
        .contains("--node-warmup must be 1..3600 seconds, not 3601");
    // no option is silently ignored
    assertThat(stderrOf("bench", "--overload", "--quick"))
        .contains("--quick applies to the quote node bench and --paired only, not to --overload");
    assertThat(stderrOf("bench", "--join", "--quick"))
        .contains("--quick applies to the quote node bench and --paired only, not to --join");
    assertThat(stderrOf("bench", "--paired", "--seed", "7"))
        .contains("--seed does not apply to --paired");
  }

  @Test
  void aFailureNamesEveryCauseNotOnlyItsReflectiveWrapper() {
    Exception root = new IllegalStateException("no such route");
    Exception e =
        new java.lang.reflect.InvocationTargetException(new RuntimeException("start failed", root));
    assertThat(Main.causes(e))
        .startsWith("java.lang.reflect.InvocationTargetException")
        .contains(" ← caused by java.lang.RuntimeException: start failed")
        .endsWith(" ← caused by java.lang.IllegalStateException: no such route");
    assertThat(Main.causes(root)).isEqualTo("java.lang.IllegalStateException: no such route");
  }

  @Test
  void faultsOffersExactlyTheMatrixsGroups() {
    assertThat(java.util.List.of(Main.FAULT_GROUPS.split(", ")))
        .containsExactlyElementsOf(solventa.ops.faults.FaultMatrix.names());
  }

  @Test
  void faultsRefusesAnUnknownGroupNamingTheOptionAndTheGroups() {
    assertThat(stderrOf("faults", "--only", "provider,bogus"))
        .contains("--only: there is no group 'bogus'")
        .contains(Main.FAULT_GROUPS);
  }
}
