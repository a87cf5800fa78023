package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import solventa.lab.LabPaths;

/**
 * {@code bin/lab} refuses a command line before setup or any build: an unknown command, an option
 * the command's help does not list, a value outside the listed ones (a misspelled profile), a
 * missing or extra operand, a results folder (report's, compare's) without results.json; a misspelt
 * command or value gets the nearest one it could be. It reads the help in {@code bin/lab.usage},
 * which is picocli's own, so every option the runner accepts passes the script's check too.
 */
class LabScriptTest {
  /** Results folders, relative to the checkout's root (bin/lab runs there): one results.json. */
  static final String RESULTS = "ops/target/lab-script/a";

  static final String FOLDER_A = RESULTS;
  static final String FOLDER_B = "ops/target/lab-script/b";
  static final String NO_RESULTS = "ops/target/lab-script/no-results";

  record Run(int exit, String out) {}

  /** Two results folders (a results.json each: the script looks no further) and one without. */
  @BeforeAll
  static void resultsFolders() throws Exception {
    for (String f : List.of(FOLDER_A, FOLDER_B)) {
      Path dir = Files.createDirectories(LabPaths.root().resolve(f));
      Files.writeString(dir.resolve("results.json"), "{}");
    }
    Files.createDirectories(LabPaths.root().resolve(NO_RESULTS));
  }

  static Run lab(boolean checkOnly, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(LabPaths.root().resolve("bin/lab").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    if (checkOnly) {
      pb.environment().put("LAB_ARGS_CHECK_ONLY", "1");
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("bin/lab ended").isTrue();
    return new Run(p.exitValue(), out);
  }

  @ParameterizedTest(name = "bin/lab {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "experiment qiuck|unknown PROFILE 'qiuck': use smoke, quick, full, explore or breakpoints",
        "experiment|'experiment' needs its PROFILE",
        "experiment quick full|'experiment' takes one PROFILE",
        "experiment quick --nodez=3|unknown option '--nodez' for 'experiment'",
        "experiment quick --nodes|--nodes needs a value",
        "experiment quick --verbose=yes|--verbose takes no value",
        "state sloww|unknown STATE 'sloww'",
        "down now|'down' takes no operand",
        "bench --quick --nope|unknown option '--nope' for 'bench'",
        "report|'report' needs its DIR",
        "experiment quick --nodes=12|--nodes must be 1..9, was 12",
        "experiment quick --nodes x|--nodes must be 1..9, was x",
        "report results/x --fail-on maybe|--fail-on must be refuted or inconclusive, was maybe",
        "status --every 100|--every must be 1..60, was 100",
        "load --rate 3000|--rate must be 1..2000, was 3000",
        "up --refresh-after 0|--refresh-after must be 1..86399, was 0",
        "frobnicate|unknown command 'frobnicate'",
        "expriment quick|unknown command 'expriment'; did you mean 'experiment'?",
        "experiment qiuck|unknown PROFILE 'qiuck': use smoke, quick, full, explore or breakpoints;"
            + " did you mean 'quick'?",
        "state slwo|unknown STATE 'slwo': use healthy, slow, degraded, unresponsive, down or"
            + " recovery; did you mean 'slow'?",
        "report /nonexistent|no results folder '/nonexistent'",
        "report docs|'docs' holds no results.json",
        "up --variant NAME|--variant must be B+CB, C@80ms, C@160ms, C+RA, C+CR or C+SD, was NAME",
        "up --arm Z|--arm must be A, B, B+CB, C or C', was Z",
        "compare|'compare' needs its DIR_A",
        "compare ops/target/lab-script/a|'compare' needs its DIR_B",
        "compare ops/target/lab-script/a ops/target/lab-script/b x|'compare' takes 2 operands, DIR_A DIR_B",
        "compare ops/target/lab-script/a ops/target/lab-script/no-results|'ops/target/lab-script/no-results' holds no results.json",
        "compare ops/target/lab-script/nowhere ops/target/lab-script/b|no results folder 'ops/target/lab-script/nowhere'",
        "compare ops/target/lab-script/a ops/target/lab-script/b --fail-on better|--fail-on must be worse, was better",
      })
  void aRefusedCommandLineExitsTwoWithTheUsageAndBuildsNothing(String line, String message)
      throws Exception {
    Run r = lab(false, line.split(" "));
    assertThat(r.exit()).as(r.out()).isEqualTo(2);
    assertThat(r.out()).contains("bin/lab: " + message).contains("Usage: bin/lab");
    assertThat(r.out()).doesNotContain("building").doesNotContain("setup:");
  }

  @ParameterizedTest(name = "bin/lab {0}")
  @CsvSource({
    "experiment quick",
    "experiment breakpoints --seed 7",
    "experiment smoke --nodes 2 --seed=7 --verbose --out /tmp/x",
    "bench --paired --node-warmup 30 --quick",
    "up --arm=C' --nodes 1 --policy rate",
    "state degraded",
    "status --watch --every=3",
    "faults --only=provider,store --docs",
    "report " + RESULTS,
    "load --rate 5 --hit-rate=0.9",
    "down",
    "up --warmup-quotes 0 --refresh-after 86399",
    "report " + RESULTS + " --fail-on=inconclusive",
    "up --variant C+SD --nodes 1",
    "compare ops/target/lab-script/a ops/target/lab-script/b",
    "compare --fail-on=worse --out /tmp/x ops/target/lab-script/a ops/target/lab-script/b",
  })
  void anAcceptedCommandLinePassesTheCheck(String line) throws Exception {
    Run r = lab(true, line.split(" "));
    assertThat(r.exit()).as(r.out()).isZero();
  }

  /** Every option picocli shows in a command's help passes the script's check. */
  @Test
  void everyOptionTheRunnerDefinesIsAccepted() throws Exception {
    CommandLine cl = Main.commandLine();
    int checked = 0;
    for (var e : cl.getSubcommands().entrySet()) {
      String command = e.getKey();
      if (command.equals("test")
          || command.equals("supervise")
          || e.getValue().getCommandSpec().usageMessage().hidden()) {
        continue;
      }
      var spec = e.getValue().getCommandSpec();
      for (CommandLine.Model.OptionSpec o : spec.options()) {
        if (o.usageHelp() || o.versionHelp() || o.hidden()) {
          continue;
        }
        List<String> args = new ArrayList<>(List.of(command));
        List<String> compared = new ArrayList<>(List.of(FOLDER_A, FOLDER_B));
        spec.positionalParameters()
            .forEach(
                p ->
                    args.add(
                        switch (command) {
                          case "state" -> "slow";
                          case "experiment" -> "quick";
                          case "report" -> RESULTS;
                          case "compare" -> compared.remove(0);
                          default -> "x";
                        }));
        args.add(o.longestName());
        if (o.arity().max() > 0) {
          args.add(
              switch (o.longestName()) {
                case "--fail-on" -> command.equals("compare") ? "worse" : "refuted";
                case "--variant" -> "C+CR";
                case "--arm" -> "C'";
                default -> "1";
              });
        }
        Run r = lab(true, args.toArray(String[]::new));
        assertThat(r.exit()).as(String.join(" ", args) + ": " + r.out()).isZero();
        checked++;
      }
    }
    assertThat(checked).as("options checked").isGreaterThan(20);
  }

  @Test
  void helpAndVersionExitZero() throws Exception {
    Run help = lab(false, "help");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).startsWith("Usage: bin/lab [COMMAND]");
    Run helpOne = lab(false, "help", "experiment");
    assertThat(helpOne.out()).startsWith("Usage: bin/lab experiment");
    Run version = lab(false, "--version");
    assertThat(version.exit()).isZero();
    assertThat(version.out()).startsWith("HA-01 latency lab ");
  }
}
