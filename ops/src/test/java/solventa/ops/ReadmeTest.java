package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import solventa.lab.LabPaths;

/**
 * The README's promise to a newcomer: its first code block is the two commands, CI runs exactly the
 * second, and the Quick start stays short enough to read at a glance (15 lines, 200 words).
 */
class ReadmeTest {
  static List<String> readme() throws Exception {
    return Files.readAllLines(LabPaths.root().resolve("README.md"));
  }

  @Test
  void theFirstCodeBlockIsTheTwoCommandsAndCiRunsTheSecond() throws Exception {
    List<String> lines = readme();
    int open = lines.indexOf("```");
    int close = lines.subList(open + 1, lines.size()).indexOf("```") + open + 1;
    assertThat(lines.subList(open + 1, close))
        .containsExactly("./bin/lab experiment quick", "./bin/lab test");
    List<String> ci = Files.readAllLines(LabPaths.root().resolve(".ci/run"));
    assertThat(ci.get(ci.size() - 1)).isEqualTo("./bin/lab test");
  }

  @Test
  void theQuickStartIsAtMostFifteenLinesAndTwoHundredWords() throws Exception {
    List<String> lines = readme();
    int from = lines.indexOf("## Quick start");
    int to = from + 1;
    while (to < lines.size() && !lines.get(to).startsWith("## ")) {
      to++;
    }
    List<String> section = lines.subList(from, to);
    // trailing blank lines before the next heading are not the section's
    int end = section.size();
    while (end > 0 && section.get(end - 1).isBlank()) {
      end--;
    }
    section = section.subList(0, end);
    long words =
        section.stream()
            .flatMap(l -> Arrays.stream(l.trim().split("\\s+")))
            .filter(w -> !w.isEmpty())
            .count();
    assertThat(section.size()).as("lines").isLessThanOrEqualTo(15);
    assertThat(words).as("words").isLessThanOrEqualTo(200);
  }
}
