package solventa.ops.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import solventa.ops.report.Report.Block;
import solventa.ops.report.Report.Bullets;
import solventa.ops.report.Report.Chart;
import solventa.ops.report.Report.Heading;
import solventa.ops.report.Report.Para;
import solventa.ops.report.Report.Table;
import solventa.ops.results.ExperimentRecord;

/**
 * Renders the report blocks as {@code report.md} (+ {@code charts/*.svg}) and a self-contained
 * {@code report.html}.
 */
public final class ReportWriter {
  private ReportWriter() {}

  public static Path write(ExperimentRecord e, Path dir) throws IOException {
    List<Block> blocks = Report.build(e, link -> Files.exists(dir.resolve(link)));
    Path charts = Files.createDirectories(dir.resolve("charts"));
    StringBuilder md = new StringBuilder();
    StringBuilder html = new StringBuilder();
    html.append(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>HA-01 report</title>")
        .append(
            "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}")
        .append(
            "table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}")
        .append(
            "th{background:#f3f3f3}figure{margin:1.5em 0}figcaption{font-size:13px;color:#555}</style></head><body>\n");
    for (Block b : blocks) {
      if (b instanceof Heading h) {
        md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
        html.append("<h")
            .append(h.level())
            .append(" id=\"")
            .append(esc(Report.anchor(h.text())))
            .append("\">")
            .append(esc(h.text()))
            .append("</h")
            .append(h.level())
            .append(">\n");
      } else if (b instanceof Para p) {
        md.append(p.text()).append("\n\n");
        html.append("<p>").append(inline(p.text())).append("</p>\n");
      } else if (b instanceof Bullets l) {
        html.append("<ul>\n");
        for (String item : l.items()) {
          md.append("- ").append(item).append('\n');
          html.append("<li>").append(inline(item)).append("</li>\n");
        }
        md.append('\n');
        html.append("</ul>\n");
      } else if (b instanceof Table t) {
        md.append("| ")
            .append(String.join(" | ", t.headers().stream().map(ReportWriter::mdCell).toList()))
            .append(" |\n");
        md.append("|").append(" --- |".repeat(t.headers().size())).append('\n');
        html.append("<table><tr>");
        t.headers().forEach(x -> html.append("<th>").append(esc(x)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : t.rows()) {
          md.append("| ")
              .append(String.join(" | ", row.stream().map(ReportWriter::mdCell).toList()))
              .append(" |\n");
          html.append("<tr>");
          row.forEach(x -> html.append("<td>").append(inline(x)).append("</td>"));
          html.append("</tr>\n");
        }
        md.append('\n');
        html.append("</table>\n");
      } else if (b instanceof Chart c) {
        Files.writeString(charts.resolve(c.file()), c.svg(), StandardCharsets.UTF_8);
        md.append("![")
            .append(c.caption())
            .append("](charts/")
            .append(c.file())
            .append(")\n\n")
            .append("*")
            .append(c.caption())
            .append("*\n\n");
        html.append("<figure>")
            .append(c.svg())
            .append("<figcaption>")
            .append(esc(c.caption()))
            .append("</figcaption></figure>\n");
      }
    }
    html.append("</body></html>\n");
    Files.writeString(dir.resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
    Path out = dir.resolve("report.html");
    Files.writeString(out, html.toString(), StandardCharsets.UTF_8);
    return dir.resolve("report.md");
  }

  private static String mdCell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  static String esc(String s) {
    return SvgChart.esc(s);
  }

  /** Escapes, then renders the little Markdown the report uses: **bold**, `code`, [text](link). */
  static String inline(String s) {
    String x = esc(s);
    x = x.replaceAll("\\*\\*(.+?)\\*\\*", "<strong>$1</strong>");
    x = x.replaceAll("`(.+?)`", "<code>$1</code>");
    x = x.replaceAll("\\[(.+?)\\]\\((.+?)\\)", "<a href=\"$2\">$1</a>");
    return x;
  }
}
