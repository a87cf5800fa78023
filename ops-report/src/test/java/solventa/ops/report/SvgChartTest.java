package solventa.ops.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The report's charts as JFreeChart draws them: what a reader sees, and stable bytes. */
class SvgChartTest {
  static SvgChart chart(String title) {
    List<double[]> p95 = new ArrayList<>();
    for (int s = 0; s < 30; s++) {
      p95.add(new double[] {s, s == 12 ? Double.NaN : 60 + s * 3.3});
    }
    return new SvgChart(title, "seconds since the walk started", "ms")
        .series("p95", "#1f77b4", p95)
        .band(10, 15, "#d62728", "breaker OPEN")
        .band(20, 22, "#d62728", "breaker OPEN")
        .marker(0, "healthy")
        .marker(15, "degraded")
        .acceptanceLines();
  }

  static List<String> texts(String svg) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text>").matcher(svg);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void anSvgElementThatParsesAndRendersTheSameBytesTwice() throws Exception {
    String svg = chart("Arm C latency").render();
    assertThat(svg).startsWith("<svg").doesNotContain("<?xml");
    Document d =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertThat(d.getDocumentElement().getNodeName()).isEqualTo("svg");
    assertThat(chart("Arm C latency").render()).isEqualTo(svg);
  }

  @Test
  void theTitleLegendMarkersAndThresholdsAreShownOnce() {
    List<String> t = texts(chart("Arm C latency").render());
    assertThat(t)
        .contains("Arm C latency", "p95", "healthy", "degraded", "p95 225 ms", "p99 475 ms");
    assertThat(t.stream().filter("breaker OPEN"::equals))
        .as("a band colour in the legend once")
        .hasSize(1);
  }

  /** Ticks are round numbers (no 19.8 / 39.6), and the y axis reaches past both thresholds. */
  @Test
  void ticksAreRoundAndTheYAxisShowsBothThresholds() {
    List<Double> numbers =
        texts(chart("Arm C latency").render()).stream()
            .filter(s -> s.matches("-?[0-9.,]+"))
            .map(s -> Double.parseDouble(s.replace(",", "")))
            .toList();
    assertThat(numbers).isNotEmpty();
    for (double v : numbers) {
      double scaled = v;
      while (scaled != 0 && Math.abs(scaled) < 1) {
        scaled *= 10;
      }
      assertThat(Math.abs(scaled - Math.rint(scaled))).as("tick %s", v).isLessThan(1e-9);
    }
    assertThat(numbers).anyMatch(v -> v >= 475).allMatch(v -> v >= 0);
  }

  /** Two charts inlined in one page never share an element id. */
  @Test
  void twoChartsHaveDistinctIds() {
    Pattern id = Pattern.compile("id='([^']+)'");
    Matcher a = id.matcher(chart("Arm C latency").render());
    Matcher b = id.matcher(chart("Arm C' latency").render());
    List<String> ids = new ArrayList<>();
    while (a.find()) {
      ids.add(a.group(1));
    }
    assertThat(ids).isNotEmpty();
    while (b.find()) {
      assertThat(ids).doesNotContain(b.group(1));
    }
  }

  /** A second with nothing measured is a gap in the line, never drawn as 0 ms. */
  @Test
  void aMissingValueIsAGapNotAZero() {
    List<double[]> pts =
        List.of(new double[] {0, 100}, new double[] {1, Double.NaN}, new double[] {2, 100});
    String svg = new SvgChart("gap", "s", "ms").series("p95", "#1f77b4", pts).render();
    // the series path moves (M) to its second point instead of drawing (L) down to 0
    Matcher path =
        Pattern.compile("<path [^>]*style='[^']*stroke: rgb\\(31,119,180\\)[^']*'[^>]*d='([^']+)'")
            .matcher(svg);
    Matcher path2 = Pattern.compile("d='([^']+)'[^>]*stroke: rgb\\(31,119,180\\)").matcher(svg);
    String d = path.find() ? path.group(1) : path2.find() ? path2.group(1) : svg;
    assertThat(d.chars().filter(c -> c == 'M').count()).as(d).isGreaterThanOrEqualTo(2);
  }
}
