package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /**
   * "More commands" is a table, one command a row; no line of the README is over 300 characters;
   * the README links the docs' index, and every relative link it holds resolves.
   */
  @Test
  void moreCommandsIsATableAndTheReadmeReadsInAMinute() throws Exception {
    List<String> lines = readme();
    int from = lines.indexOf("## More commands");
    assertThat(from).isPositive();
    List<String> rows =
        lines.subList(from, lines.size()).stream()
            .takeWhile(l -> !l.startsWith("## ") || l.equals("## More commands"))
            .filter(l -> l.startsWith("| `./bin/lab "))
            .toList();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(10);
    rows.forEach(r -> assertThat(r.split("(?<!\\\\)\\|", -1)).as(r).hasSize(5));
    for (int i = 0; i < lines.size(); i++) {
      assertThat(lines.get(i).length()).as("README line " + (i + 1)).isLessThanOrEqualTo(300);
    }
    String text = String.join("\n", lines);
    assertThat(text).contains("](docs/README.md)");
    Matcher m = Pattern.compile("\\]\\(([^)#:]+)(#[^)]*)?\\)").matcher(text);
    int links = 0;
    while (m.find()) {
      assertThat(LabPaths.root().resolve(m.group(1))).as(m.group(1)).exists();
      links++;
    }
    assertThat(links).isGreaterThan(5);
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
