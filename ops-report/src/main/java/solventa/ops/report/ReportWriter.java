package solventa.ops.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;
import solventa.ops.report.Report.Block;
import solventa.ops.report.Report.Bullets;
import solventa.ops.report.Report.Chart;
import solventa.ops.report.Report.Para;
import solventa.ops.report.Report.Table;
import solventa.ops.results.ExperimentRecord;

/**
 * Renders the report blocks as {@code report.md} (+ {@code charts/*.svg}), and that Markdown as a
 * self-contained {@code report.html} through CommonMark (GFM tables): one text, two views. In the
 * HTML each heading's id is {@link Report#anchor} of its text (the report's own links use it) and
 * each chart is the SVG itself rather than a link to its file.
 */
public final class ReportWriter {
  private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());

  private static final String HEAD =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>HA-01 report</title>"
          + "<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;"
          + "color:#222}table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px"
          + " solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f3f3f3}"
          + "svg{display:block;margin:1.5em 0 0.5em}"
          + "td.v-supported{background:#e6f4ea;color:#0d652d;font-weight:bold}"
          + "td.v-refuted{background:#fce8e6;color:#a50e0e;font-weight:bold}"
          + "td.v-inconclusive{background:#fef7e0;color:#7a5b00;font-weight:bold}"
          + "</style></head><body>\n";

  private ReportWriter() {}

  public static Path write(ExperimentRecord e, Path dir) throws IOException {
    List<Block> blocks = withContents(Report.build(e, link -> Files.exists(dir.resolve(link))));
    Path charts = Files.createDirectories(dir.resolve("charts"));
    Map<String, String> svgs = new LinkedHashMap<>();
    StringBuilder md = new StringBuilder();
    for (Block b : blocks) {
      if (b instanceof Report.Heading h) {
        md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
      } else if (b instanceof Para p) {
        md.append(p.text()).append("\n\n");
      } else if (b instanceof Bullets l) {
        for (String item : l.items()) {
          md.append("- ").append(item).append('\n');
        }
        md.append('\n');
      } else if (b instanceof Table t) {
        md.append("| ")
            .append(String.join(" | ", t.headers().stream().map(ReportWriter::mdCell).toList()))
            .append(" |\n");
        md.append("|").append(" --- |".repeat(t.headers().size())).append('\n');
        for (List<String> row : t.rows()) {
          md.append("| ")
              .append(String.join(" | ", row.stream().map(ReportWriter::mdCell).toList()))
              .append(" |\n");
        }
        md.append('\n');
      } else if (b instanceof Chart c) {
        Files.writeString(charts.resolve(c.file()), c.svg(), StandardCharsets.UTF_8);
        svgs.put("charts/" + c.file(), c.svg());
        md.append("![")
            .append(c.caption())
            .append("](charts/")
            .append(c.file())
            .append(")\n\n")
            .append("*")
            .append(c.caption())
            .append("*\n\n");
      }
    }
    Files.writeString(dir.resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("report.html"),
        HEAD + coloured(html(md.toString(), svgs)) + "</body></html>\n",
        StandardCharsets.UTF_8);
    return dir.resolve("report.md");
  }

  private static final java.util.regex.Pattern VERDICT_CELL =
      java.util.regex.Pattern.compile("<td>(SUPPORTED|REFUTED|INCONCLUSIVE)</td>");

  /** A table cell that holds only a verdict gets its colour (green, red, amber) in the HTML. */
  static String coloured(String html) {
    return VERDICT_CELL
        .matcher(html)
        .replaceAll(
            m ->
                "<td class=\"v-"
                    + m.group(1).toLowerCase(java.util.Locale.ROOT)
                    + "\">"
                    + m.group(1)
                    + "</td>");
  }

  /**
   * The blocks with a table of contents after the first section (the answer): one link per section,
   * to the anchor its heading gets ({@link Slugs}).
   */
  static List<Block> withContents(List<Block> blocks) {
    Slugs slugs = new Slugs();
    List<String> items = new ArrayList<>();
    int second = -1;
    int sections = 0;
    for (int i = 0; i < blocks.size(); i++) {
      if (blocks.get(i) instanceof Report.Heading h) {
        String id = slugs.next(h.text());
        if (h.level() == 2) {
          sections++;
          if (sections == 2) {
            second = i;
          }
          items.add("[" + h.text() + "](#" + id + ")");
        }
      }
    }
    if (second < 0) {
      return blocks;
    }
    List<Block> out = new ArrayList<>(blocks.subList(0, second));
    out.add(new Report.Heading(2, "Contents"));
    out.add(new Bullets(items));
    out.addAll(blocks.subList(second, blocks.size()));
    return out;
  }

  /**
   * Unique heading ids, as GitHub gives them: {@link Report#anchor} of the text, and from its
   * second use on, {@code -1}, {@code -2}, … after it ("C R1 recovery" and "C' R1 recovery" are
   * both {@code c-r1-recovery}: the second becomes {@code c-r1-recovery-1}).
   */
  static final class Slugs {
    private final Map<String, Integer> seen = new java.util.HashMap<>();

    String next(String heading) {
      String base = Report.anchor(heading);
      int n = seen.merge(base, 1, Integer::sum) - 1;
      return n == 0 ? base : base + "-" + n;
    }
  }

  /**
   * CommonMark's HTML of {@code markdown}: raw HTML in the text is escaped, headings carry unique
   * ids ({@link Slugs}), and an image whose destination is a key of {@code inlineSvgs} is that SVG.
   */
  static String html(String markdown, Map<String, String> inlineSvgs) {
    Slugs slugs = new Slugs();
    Parser parser = Parser.builder().extensions(EXTENSIONS).build();
    HtmlRenderer renderer =
        HtmlRenderer.builder()
            .extensions(EXTENSIONS)
            .escapeHtml(true)
            .attributeProviderFactory(
                context ->
                    (node, tagName, attributes) -> {
                      if (node instanceof Heading) {
                        attributes.put("id", slugs.next(literal(node)));
                      }
                    })
            .nodeRendererFactory(context -> new InlineSvgImages(context, inlineSvgs))
            .build();
    return renderer.render(parser.parse(markdown));
  }

  /** The text of a node's descendants, as the Markdown spelled it without its markup. */
  private static String literal(Node node) {
    StringBuilder sb = new StringBuilder();
    for (Node n = node.getFirstChild(); n != null; n = n.getNext()) {
      if (n instanceof Text t) {
        sb.append(t.getLiteral());
      } else if (n instanceof Code c) {
        sb.append(c.getLiteral());
      } else {
        sb.append(literal(n));
      }
    }
    return sb.toString();
  }

  /** Renders the report's charts inline; any other image as CommonMark would. */
  private static final class InlineSvgImages implements NodeRenderer {
    private final HtmlNodeRendererContext context;
    private final Map<String, String> svgs;

    InlineSvgImages(HtmlNodeRendererContext context, Map<String, String> svgs) {
      this.context = context;
      this.svgs = svgs;
    }

    @Override
    public Set<Class<? extends Node>> getNodeTypes() {
      return Set.of(Image.class);
    }

    @Override
    public void render(Node node) {
      Image image = (Image) node;
      HtmlWriter w = context.getWriter();
      String svg = svgs.get(image.getDestination());
      if (svg != null) {
        w.raw(svg);
        return;
      }
      Map<String, String> attributes = new LinkedHashMap<>();
      attributes.put("src", context.encodeUrl(image.getDestination()));
      attributes.put("alt", literal(image));
      w.tag("img", context.extendAttributes(image, "img", attributes), true);
    }
  }

  private static String mdCell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
