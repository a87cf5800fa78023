package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import solventa.lab.LabPaths;

/**
 * No issue or decision numbers in main code or in the command line's help: a user does not know
 * what "issue 29" or "decision 0048" is. A comment or a printed line says why in words; the
 * decision records in {@code docs/decisions} keep the history, and docs may link them. Every
 * module's {@code src/main} and {@code bin/} are read, line by line.
 */
class NoIssueNumbersTest {
  /** An issue or decision number as the code used to cite them: "issue 14", "(issue", "0042". */
  static final Pattern NUMBER =
      Pattern.compile("(?i)\\bissues? #?[0-9]+|\\bdecisions? [0-9]{4}|\\(issues?\\b");

  @Test
  void mainCodeAndBinCiteNoIssueOrDecisionNumber() throws IOException {
    Path root = LabPaths.root();
    List<Path> dirs = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      modules.map(m -> m.resolve("src/main")).filter(Files::isDirectory).forEach(dirs::add);
    }
    dirs.add(root.resolve("bin"));
    assertThat(dirs).as("the modules' main sources are found").hasSizeGreaterThan(5);
    List<String> found = new ArrayList<>();
    for (Path dir : dirs) {
      try (Stream<Path> files = Files.walk(dir)) {
        files.filter(Files::isRegularFile).sorted().forEach(f -> found.addAll(matches(root, f)));
      }
    }
    assertThat(found)
        .as("issue or decision numbers: say why in words (docs may link docs/decisions)")
        .isEmpty();
  }

  @Test
  void thePatternFindsTheFormsTheCodeUsed() {
    for (String cited :
        new String[] {
          "(issue 14: it refused to start)",
          "Issue 32's target",
          "issues 6 and 12",
          "see decision 0042",
          "(decisions 0030–0038)",
          "(issue"
        }) {
      assertThat(NUMBER.matcher(cited).find()).as(cited).isTrue();
    }
    for (String prose :
        new String[] {"the issue's bound", "a decision of the breaker", "0.0042 s", "tissue 3"}) {
      assertThat(NUMBER.matcher(prose).find()).as(prose).isFalse();
    }
  }

  // each line of f that matches, as file:line: text
  private static List<String> matches(Path root, Path f) {
    List<String> out = new ArrayList<>();
    String text;
    try {
      text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (NUMBER.matcher(lines[i]).find()) {
        out.add(root.relativize(f) + ":" + (i + 1) + ": " + lines[i].strip());
      }
    }
    return out;
  }
}
