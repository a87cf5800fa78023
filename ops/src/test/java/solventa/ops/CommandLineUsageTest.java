package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import solventa.lab.LabPaths;

/**
 * One definition of the command line (issue 30): {@code bin/lab <command> --help} prints the
 * committed {@code bin/lab.usage} before any build, and that file is what the picocli definitions
 * of {@link Main} generate. A changed option fails here until the file is regenerated.
 */
class CommandLineUsageTest {
  @Test
  void theCommittedUsageIsWhatTheDefinitionsGenerate() throws Exception {
    String generated = Main.usageFile();
    Path target = LabPaths.root().resolve("ops/target/lab.usage");
    Files.writeString(target, generated, StandardCharsets.UTF_8);
    String committed =
        Files.readString(LabPaths.root().resolve("bin/lab.usage"), StandardCharsets.UTF_8);
    assertThat(committed)
        .as("bin/lab.usage is out of date: copy " + target + " over it")
        .isEqualTo(generated);
  }

  @Test
  void everyBinLabCommandHasItsHelpAndTheSupervisorStaysHidden() {
    String usage = Main.usageFile();
    for (String c :
        new String[] {
          "experiment",
          "report",
          "compare",
          "bench",
          "test",
          "up",
          "state",
          "status",
          "down",
          "load"
        }) {
      assertThat(usage).as(c).contains("== " + c + "\n" + "Usage: bin/lab " + c);
    }
    assertThat(usage).doesNotContain("== supervise");
    assertThat(usage).contains("--warmup-quotes=Q", "--rate=R", "PROFILE");
  }

  /**
   * {@code bin/lab <command> --help} prints that command's help from the file, building nothing.
   */
  @Test
  void binLabPrintsEachCommandsHelpWithoutABuild() throws Exception {
    picocli.CommandLine cl = Main.commandLine();
    for (String c :
        new String[] {
          "experiment",
          "report",
          "compare",
          "bench",
          "test",
          "up",
          "state",
          "status",
          "down",
          "load"
        }) {
      Process p =
          new ProcessBuilder(LabPaths.root().resolve("bin/lab").toString(), c, "--help")
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor()).as(c + ": " + out).isZero();
      assertThat(out)
          .as(c)
          .isEqualTo(cl.getSubcommands().get(c).getUsageMessage(picocli.CommandLine.Help.Ansi.OFF));
      assertThat(out).as(c).doesNotContain("building");
    }
  }
}
