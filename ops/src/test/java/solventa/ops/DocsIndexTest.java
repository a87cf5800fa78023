package solventa.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import solventa.lab.LabPaths;

/** docs/README.md names every page of docs/ once, and every link it holds resolves. */
class DocsIndexTest {
  @Test
  void theIndexNamesEveryPageAndEveryLinkResolves() throws Exception {
    Path docs = LabPaths.root().resolve("docs");
    String index = Files.readString(docs.resolve("README.md"));
    List<String> pages;
    try (Stream<Path> s = Files.list(docs)) {
      pages =
          s.map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".md") && !n.equals("README.md"))
              .toList();
    }
    assertThat(pages).isNotEmpty();
    for (String page : pages) {
      assertThat(index).as(page).contains("](" + page + ")");
    }
    Matcher m = Pattern.compile("\\]\\(([^)#]+)\\)").matcher(index);
    int links = 0;
    while (m.find()) {
      assertThat(docs.resolve(m.group(1))).as(m.group(1)).exists();
      links++;
    }
    assertThat(links).isGreaterThan(pages.size());
  }

  /**
   * Every committed sample is listed in the index, and every sample folder the README or a page of
   * docs/ names exists.
   */
  @Test
  void everySampleIsListedAndEverySampleNamedExists() throws Exception {
    Path root = LabPaths.root();
    Path docs = root.resolve("docs");
    String index = Files.readString(docs.resolve("README.md"));
    List<String> samples;
    try (Stream<Path> s = Files.list(docs)) {
      samples =
          s.filter(Files::isDirectory)
              .map(p -> p.getFileName().toString())
              .filter(n -> n.startsWith("sample-report"))
              .toList();
    }
    assertThat(samples).hasSizeGreaterThanOrEqualTo(4);
    for (String sample : samples) {
      assertThat(index).as(sample).contains("](" + sample + "/report.md)");
    }
    List<Path> texts;
    try (Stream<Path> s = Files.list(docs)) {
      texts = new java.util.ArrayList<>(s.filter(p -> p.toString().endsWith(".md")).toList());
    }
    texts.add(root.resolve("README.md"));
    Pattern named = Pattern.compile("sample-report(-[a-z]+)?(?=/)");
    for (Path text : texts) {
      Matcher m = named.matcher(Files.readString(text));
      while (m.find()) {
        assertThat(docs.resolve(m.group()))
            .as(text.getFileName() + " names " + m.group())
            .isDirectory();
      }
    }
  }

  @Test
  void performanceIsAtMostThreeHundredLines() throws Exception {
    assertThat(Files.readAllLines(LabPaths.root().resolve("docs/performance.md")).size())
        .isLessThanOrEqualTo(300);
  }
}
