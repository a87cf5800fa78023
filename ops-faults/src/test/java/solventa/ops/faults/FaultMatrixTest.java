package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fault matrix's table and the docs block it rewrites. */
class FaultMatrixTest {
  private static final FaultMatrix.Stamp STAMP =
      new FaultMatrix.Stamp("2026-12-04 16:00 UTC", "abc123", "2 cores");

  private static Map<String, List<FaultRow>> rows() {
    Map<String, List<FaultRow>> rows = new LinkedHashMap<>();
    rows.put(
        "store",
        List.of(
            new FaultRow(
                "Redis down", "proxy | disabled", 15.04, 3000, 0, 0L, 0.0, "no error", "ok", true),
            new FaultRow(
                "Redis slow", "latency", 15.0, 3000, 12, 3L, 2.5, "no error", "12 errors", false),
            FaultRow.notRun("partition", "artery", "served", "no second network here")));
    return rows;
  }

  @Test
  void theTableNamesTheRunAndEveryFigureOfEachRow() {
    String table = FaultMatrix.table(STAMP, rows());
    assertThat(table).contains("2026-12-04 16:00 UTC").contains("`abc123`").contains("2 cores");
    assertThat(table)
        .contains(
            "| store | Redis down | proxy \\| disabled | 15.0 s | 3000 | 0 | 0 | 0.0 s | no error | ok"
                + " | yes |")
        .contains(
            "| store | Redis slow | latency | 15.0 s | 3000 | 12 | 3 | 2.5 s | no error |"
                + " 12 errors | **no** |")
        .contains(
            "| store | partition | artery | — | — | — | — | — | served | no second network"
                + " here | not run |");
  }

  @Test
  void aFailedRunIsARowThatFailsAndSaysWhy() {
    FaultRow r = FaultRow.failed("Redis down", "proxy", "no error", new IOException("refused"));
    assertThat(r.holds()).isFalse();
    assertThat(r.measured()).contains("IOException").contains("refused");
    assertThat(FaultMatrix.line(r)).startsWith("FAILS — Redis down");
  }

  @Test
  void docsKeepEverythingOutsideTheirBlock(@TempDir Path dir) throws IOException {
    Path doc = dir.resolve("reliability.md");
    Files.writeString(
        doc, "intro\n" + FaultMatrix.BEGIN + "\nold table\n" + FaultMatrix.END + "\nrest\n");
    FaultMatrix.writeDocs(doc, FaultMatrix.table(STAMP, rows()));
    String text = Files.readString(doc);
    assertThat(text).startsWith("intro\n" + FaultMatrix.BEGIN + "\nRun of **2026-12-04");
    assertThat(text).doesNotContain("old table").endsWith(FaultMatrix.END + "\nrest\n");
    FaultMatrix.writeDocs(doc, "second\n");
    assertThat(Files.readString(doc))
        .isEqualTo("intro\n" + FaultMatrix.BEGIN + "\nsecond\n\n" + FaultMatrix.END + "\nrest\n");
  }

  @Test
  void docsWithoutTheBlockAreRefused(@TempDir Path dir) throws IOException {
    Path doc = dir.resolve("reliability.md");
    Files.writeString(doc, "no markers\n");
    assertThatThrownBy(() -> FaultMatrix.writeDocs(doc, "t"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("faults:begin");
  }

  @Test
  void theShippedDocsHaveTheBlock() throws IOException {
    String text = Files.readString(Path.of("..", "docs", "reliability.md"));
    assertThat(text).contains(FaultMatrix.BEGIN).contains(FaultMatrix.END);
    assertThat(text.indexOf(FaultMatrix.BEGIN)).isLessThan(text.indexOf(FaultMatrix.END));
  }
}
