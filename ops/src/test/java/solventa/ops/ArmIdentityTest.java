package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code asks an arm for a trait, never which arm it is: no main source of the card's vocabulary, the
 * node, the load generator or the runner compares an arm with a named one or switches on an arm's
 * name (the arms' own classes excepted), so an arm made of other traits runs through the same code.
 */
class ArmIdentityTest {
  private static final Pattern IDENTITY =
      Pattern.compile(
          "[!=]=\\s*(Bench)?Arm\\.[A-Z_]+\\b|(Bench)?Arm\\.[A-Z_]+\\s*[!=]=|case\\s+(A|B|B_CB|C|C_PRIME)\\s*(->|:|,)");

  @Test
  void noMainSourceAsksForAnArmsIdentity() throws IOException {
    List<String> found = new ArrayList<>();
    for (String module :
        List.of(
            "vocabulary",
            "quote-node",
            "gatling",
            "ops",
            "ops-protocol",
            "ops-statistics",
            "ops-figures",
            "ops-analysis",
            "ops-lab",
            "ops-report",
            "ops-experiment",
            "ops-bench",
            "ops-faults")) {
      Path root = Path.of("..", module, "src", "main", "java");
      assertThat(root).isDirectory();
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String name = f.getFileName().toString();
          if (name.equals("Arm.java") || name.equals("BenchArm.java")) {
            continue;
          }
          List<String> lines = Files.readAllLines(f);
          for (int i = 0; i < lines.size(); i++) {
            if (IDENTITY.matcher(lines.get(i)).find()) {
              found.add(f + ":" + (i + 1) + ": " + lines.get(i).strip());
            }
          }
        }
      }
    }
    assertThat(found).as("identity checks on an arm").isEmpty();
  }

  @Test
  void thePatternFindsTheFormsItForbids() {
    assertThat(IDENTITY.matcher("if (arm == Arm.C_PRIME && x)").find()).isTrue();
    assertThat(IDENTITY.matcher("x.arm() != BenchArm.A").find()).isTrue();
    assertThat(IDENTITY.matcher("BenchArm.C == arm").find()).isTrue();
    assertThat(IDENTITY.matcher("      case C_PRIME -> \"Cp\";").find()).isTrue();
    assertThat(IDENTITY.matcher("r.walk(run, BenchArm.C, st)").find()).isFalse();
    assertThat(IDENTITY.matcher("if (arm.fallsBack())").find()).isFalse();
  }
}
