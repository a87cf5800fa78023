package solventa.ops.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.gatling.Acceptance;

/**
 * A small self-contained SVG line chart: series over x, optional shaded bands (breaker open /
 * half-open) and labelled vertical markers (provider state changes). No script, no external file.
 */
public final class SvgChart {
  record Series(String name, String color, List<double[]> points) {}

  record Band(double from, double to, String color, String label) {}

  record Marker(double x, String label) {}

  private static final int W = 900;
  private static final int H = 320;
  private static final int L = 60;
  private static final int R = 20;
  private static final int T = 30;
  private static final int B = 50;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
  private final List<Marker> markers = new ArrayList<>();
  private final List<double[]> hLines = new ArrayList<>();
  private final List<String> hLineLabels = new ArrayList<>();

  SvgChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  SvgChart series(String name, String color, List<double[]> points) {
    series.add(new Series(name, color, points));
    return this;
  }

  SvgChart band(double from, double to, String color, String label) {
    bands.add(new Band(from, to, color, label));
    return this;
  }

  SvgChart marker(double x, String label) {
    markers.add(new Marker(x, label));
    return this;
  }

  /** The two latency thresholds of the card ({@link Acceptance}) as horizontal lines. */
  SvgChart acceptanceLines() {
    return threshold(Acceptance.P95_MS, "p95 " + Acceptance.P95_MS + " ms")
        .threshold(Acceptance.P99_MS, "p99 " + Acceptance.P99_MS + " ms");
  }

  SvgChart threshold(double y, String label) {
    hLines.add(new double[] {y});
    hLineLabels.add(label);
    return this;
  }

  boolean isEmpty() {
    return series.stream().allMatch(s -> s.points().isEmpty());
  }

  String render() {
    Scale sc = scale();
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">%n",
            W,
            H,
            W,
            H));
    sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    sb.append(text(W / 2.0, 18, title, "middle", 13));
    bands(sb, sc);
    axes(sb, sc);
    thresholds(sb, sc);
    markers(sb, sc);
    series(sb, sc);
    sb.append("</svg>\n");
    return sb.toString();
  }

  /**
   * The plot's scale: x from the first to the last point, y from 0 to a round value above the
   * highest point and threshold line; {@code xs}, {@code ys} are pixels per unit.
   */
  private record Scale(double minX, double maxX, double maxY, double xs, double ys) {}

  private Scale scale() {
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    double maxY = 0;
    for (Series s : series) {
      for (double[] p : s.points()) {
        minX = Math.min(minX, p[0]);
        maxX = Math.max(maxX, p[0]);
        if (!Double.isNaN(p[1])) { // a gap (nothing measured that second) must not poison the scale
          maxY = Math.max(maxY, p[1]);
        }
      }
    }
    for (double[] h : hLines) {
      maxY = Math.max(maxY, h[0] * 1.1);
    }
    if (minX == Double.MAX_VALUE) {
      minX = 0;
      maxX = 1;
    }
    if (maxX <= minX) {
      maxX = minX + 1;
    }
    if (maxY <= 0) {
      maxY = 1;
    }
    maxY = niceCeil(maxY);
    return new Scale(minX, maxX, maxY, (W - L - R) / (maxX - minX), (H - T - B) / maxY);
  }

  /** The provider-state bands behind the plot. */
  private void bands(StringBuilder sb, Scale sc) {
    for (Band b : bands) {
      double a = L + (Math.max(b.from(), sc.minX()) - sc.minX()) * sc.xs();
      double z = L + (Math.min(b.to(), sc.maxX()) - sc.minX()) * sc.xs();
      if (z > a) {
        sb.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.18\"><title>%s</title></rect>%n",
                a,
                T,
                z - a,
                H - T - B,
                b.color(),
                esc(b.label())));
      }
    }
  }

  /** The grid, the tick labels, the axes and their labels. */
  private void axes(StringBuilder sb, Scale sc) {
    // axes and grid
    for (int i = 0; i <= 4; i++) {
      double v = sc.maxY() * i / 4;
      double y = H - B - v * sc.ys();
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
              L,
              y,
              W - R,
              y));
      sb.append(text(L - 6, y + 4, fmt(v), "end", 11));
    }
    for (int i = 0; i <= 5; i++) {
      double v = sc.minX() + (sc.maxX() - sc.minX()) * i / 5;
      double x = L + (v - sc.minX()) * sc.xs();
      sb.append(text(x, H - B + 16, fmt(v), "middle", 11));
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n",
            L,
            H - B,
            W - R,
            H - B,
            L,
            T,
            L,
            H - B));
    sb.append(text(W / 2.0, H - 10, xLabel, "middle", 11));
    sb.append(
        String.format(
            Locale.ROOT,
            "<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" text-anchor=\"middle\">%s</text>%n",
            H / 2.0,
            H / 2.0,
            esc(yLabel)));
  }

  /** The dashed threshold lines, each with its label. */
  private void thresholds(StringBuilder sb, Scale sc) {
    for (int i = 0; i < hLines.size(); i++) {
      double y = H - B - hLines.get(i)[0] * sc.ys();
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c00\" stroke-dasharray=\"6 4\"/>%n",
              L,
              y,
              W - R,
              y));
      sb.append(text(W - R - 4, y - 4, hLineLabels.get(i), "end", 10));
    }
  }

  /** The vertical markers (a state change, the breaker's opening), each with its label. */
  private void markers(StringBuilder sb, Scale sc) {
    for (Marker m : markers) {
      double x = L + (m.x() - sc.minX()) * sc.xs();
      sb.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"2 3\"/>%n",
              x,
              T,
              x,
              H - B));
      sb.append(text(x + 3, T + 10, m.label(), "start", 10));
    }
  }

  /** Each series as a path (a NaN point is a gap), and the legend above the plot. */
  private void series(StringBuilder sb, Scale sc) {
    // the legend sits above the plot, right-aligned, clear of the state labels
    int legendX = W - R - series.stream().mapToInt(s -> 30 + 7 * s.name().length()).sum();
    for (Series s : series) {
      StringBuilder path = new StringBuilder();
      boolean pen = false;
      for (double[] p : s.points()) {
        if (Double.isNaN(p[1])) {
          pen = false;
          continue;
        }
        double x = L + (p[0] - sc.minX()) * sc.xs();
        double y = H - B - p[1] * sc.ys();
        path.append(pen ? " L" : " M").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
        pen = true;
      }
      sb.append(
          String.format(
              "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"/>%n",
              path, s.color()));
      sb.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>",
              legendX,
              T - 9,
              s.color()));
      sb.append(text(legendX + 16, T - 4, s.name(), "start", 11)).append('\n');
      legendX += 30 + 7 * s.name().length();
    }
  }

  private static double niceCeil(double v) {
    double mag = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * mag >= v) {
        return m * mag;
      }
    }
    return 10 * mag;
  }

  private static String fmt(double v) {
    return Math.abs(v - Math.rint(v)) < 1e-9
        ? Long.toString(Math.round(v))
        : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String text(double x, double y, String s, String anchor, int size) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>",
        x,
        y,
        anchor,
        size,
        esc(s));
  }

  static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
