package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import solventa.ops.protocol.ExperimentProfile;

/** What the report's environment says about the command and the code that ran. */
class ExperimentCommandTest {

  @TempDir Path dir;

  private void git(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("git %s", String.join(" ", args)).isZero();
  }

  @Test
  void theCommitIsReadFromTheCheckoutAndMarkedWhenTrackedFilesChanged() throws Exception {
    assertThat(ExperimentCommand.commit(dir)).startsWith("— (not read: no git checkout at ");
    git("init", "-q");
    Files.writeString(dir.resolve("a.txt"), "one\n");
    git("add", "a.txt");
    git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "one");
    String clean = ExperimentCommand.commit(dir);
    assertThat(clean).matches("[0-9a-f]{40}");
    Files.writeString(dir.resolve("untracked.txt"), "ignored\n");
    assertThat(ExperimentCommand.commit(dir)).as("untracked files do not count").isEqualTo(clean);
    Files.writeString(dir.resolve("a.txt"), "two\n");
    assertThat(ExperimentCommand.commit(dir))
        .isEqualTo(clean + " with uncommitted changes to tracked files");
  }

  @Test
  void theEnvironmentNamesTheCommandThatReproducesTheRun() {
    var env = ExperimentCommand.environment(ExperimentProfile.named("quick"), 7, 2);
    assertThat(env.get("command")).isEqualTo("./bin/lab experiment quick --seed 7 --nodes 2");
    assertThat(env).containsKey("commit");
  }

  /** The wall clock by phase: bin/lab's setup and build, the lab's start, the steps, the probe. */
  @Test
  void theEnvironmentGivesTheWallClockByPhase() {
    var m =
        ExperimentCommand.wallClock(
            java.util.Map.of("LAB_SETUP_SEC", "3", "LAB_BUILD_SEC", "61"),
            12_400_000_000L,
            590_000_000_000L,
            58_000_000_000L,
            190);
    assertThat(m)
        .containsExactly(
            java.util.Map.entry("wall clock: setup", "3 s"),
            java.util.Map.entry("wall clock: build", "61 s"),
            java.util.Map.entry("wall clock: lab start", "12 s"),
            java.util.Map.entry(
                "wall clock: steps",
                "590 s, of which the steps' warm-up slices 190 s (each step's settle, seeding and"
                    + " re-runs in the rest)"),
            java.util.Map.entry("wall clock: price probe", "58 s"));
    var alone = ExperimentCommand.wallClock(java.util.Map.of("LAB_BUILD_SEC", "x; rm"), 0, 0, 0, 0);
    assertThat(alone.get("wall clock: setup")).isEqualTo("not measured: not run by bin/lab");
    assertThat(alone.get("wall clock: build")).isEqualTo("not measured: not run by bin/lab");
  }
}
