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

  @Test
  void performanceIsAtMostThreeHundredLines() throws Exception {
    assertThat(Files.readAllLines(LabPaths.root().resolve("docs/performance.md")).size())
        .isLessThanOrEqualTo(300);
  }
}
