package solventa.ops.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process's context switches, summed from its threads' status files under /proc. */
class ContextSwitchesTest {
  @Test
  void bothKindsOfSwitchInAStatusFileAreCounted() {
    assertThat(
            ContextSwitches.count(
                List.of(
                    "Name:\tquote-loop-0",
                    "voluntary_ctxt_switches:\t120",
                    "nonvoluntary_ctxt_switches:\t7")))
        .isEqualTo(127);
    assertThat(ContextSwitches.count(List.of("Name:\tx"))).isZero();
  }

  @Test
  void threadsAreSummedAndAThreadThatEndedMeanwhileIsSkipped(@TempDir Path dir) throws Exception {
    Path task = dir.resolve("task");
    Files.createDirectories(task.resolve("11"));
    Files.writeString(
        task.resolve("11/status"), "voluntary_ctxt_switches:\t5\nnonvoluntary_ctxt_switches:\t1\n");
    Files.createDirectories(task.resolve("12"));
    Files.writeString(
        task.resolve("12/status"),
        "voluntary_ctxt_switches:\t30\nnonvoluntary_ctxt_switches:\t4\n");
    Files.createDirectories(task.resolve("13")); // listed, but its status file is already gone
    assertThat(ContextSwitches.under(task)).contains(40L);
  }

  @Test
  void aProcessThatIsNotThereHasNoCount(@TempDir Path dir) {
    assertThat(ContextSwitches.under(dir.resolve("no-such-task-dir"))).isEmpty();
    assertThat(ContextSwitches.of(Long.MAX_VALUE)).isEmpty();
  }

  @Test
  void thisProcessCountGrowsWhenOneOfItsThreadsSleepsAndWakes() {
    long before = ContextSwitches.of(ProcessHandle.current().pid()).orElseThrow();
    for (int i = 0; i < 50; i++) {
      LockSupport.parkNanos(1_000_000); // each timed park gives the CPU up: a voluntary switch
    }
    long after = ContextSwitches.of(ProcessHandle.current().pid()).orElseThrow();
    assertThat(after - before).isGreaterThanOrEqualTo(50);
  }
}
