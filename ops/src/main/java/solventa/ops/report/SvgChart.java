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
    final double x0 = minX;
    final double xs = (W - L - R) / (maxX - minX);
    final double ys = (H - T - B) / maxY;
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
    for (Band b : bands) {
      double a = L + (Math.max(b.from(), minX) - x0) * xs;
      double z = L + (Math.min(b.to(), maxX) - x0) * xs;
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
    // axes and grid
    for (int i = 0; i <= 4; i++) {
      double v = maxY * i / 4;
      double y = H - B - v * ys;
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
      double v = minX + (maxX - minX) * i / 5;
      double x = L + (v - x0) * xs;
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
    for (int i = 0; i < hLines.size(); i++) {
      double y = H - B - hLines.get(i)[0] * ys;
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
    for (Marker m : markers) {
      double x = L + (m.x() - x0) * xs;
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
        double x = L + (p[0] - x0) * xs;
        double y = H - B - p[1] * ys;
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
    sb.append("</svg>\n");
    return sb.toString();
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
