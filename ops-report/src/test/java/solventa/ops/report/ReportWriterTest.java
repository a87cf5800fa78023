package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** report.html is CommonMark's rendering of report.md (issue 30), with the report's own anchors. */
class ReportWriterTest {
  private static final String SVG = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>";

  @Test
  void headingsCarryTheAnchorsTheReportLinksTo() {
    String html = ReportWriter.html("## HD-01.4 — minimum hit rate (`C`)\n", Map.of());
    assertThat(html)
        .contains("id=\"" + Report.anchor("HD-01.4 — minimum hit rate (C)") + "\"")
        .contains("<code>C</code>");
  }

  @Test
  void tablesLinksAndEmphasisRenderAndRawHtmlInTheTextIsEscaped() {
    String html =
        ReportWriter.html(
            "| arm | p95 |\n| --- | --- |\n| C \\| C' | **64** < 225 |\n\n"
                + "see [the rules](verdict-rules.md) and <script>x</script>\n",
            Map.of());
    assertThat(html)
        .contains("<table>", "<th>arm</th>", "<td>C | C'</td>", "<strong>64</strong> &lt; 225")
        .contains("<a href=\"verdict-rules.md\">the rules</a>")
        .contains("&lt;script&gt;")
        .doesNotContain("<script>");
  }

  @Test
  void aChartIsItsSvgInlineAndAnyOtherImageAnImgTag() {
    String html =
        ReportWriter.html(
            "![latency](charts/walk.svg)\n\n![logo](logo.png)\n", Map.of("charts/walk.svg", SVG));
    assertThat(html)
        .contains(SVG)
        .doesNotContain("charts/walk.svg")
        .contains("<img src=\"logo.png\" alt=\"logo\" />");
  }
}
