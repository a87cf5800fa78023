package solventa.ops.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnitSource;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import solventa.vocabulary.Acceptance;

/**
 * One of the report's line charts, drawn by JFreeChart and written as SVG by JFreeSVG: series over
 * x (a NaN value is a gap: nothing measured, never drawn as 0), optional shaded bands (breaker open
 * / half-open) named in the legend, labelled vertical markers (provider state changes) and dashed
 * threshold lines. The axes take JFreeChart's standard tick units (1, 2, 5 × 10^n), so ticks are
 * round numbers; the y axis starts at 0; the legend sits below the plot, clear of the title.
 *
 * <p>The SVG is deterministic (no clock or random in it): its element ids start with a prefix drawn
 * from the title, so that several charts inlined in one HTML page keep distinct ids, and the same
 * results render the same bytes.
 */
public final class SvgChart {
  record Series(String name, String color, List<double[]> points) {}

  record Band(double from, double to, String color, String label) {}

  record Marker(double x, String label) {}

  private static final int W = 900;
  private static final int H = 340;
  private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 13);
  private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
  private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
  private static final Color THRESHOLD = new Color(0xcc, 0, 0);
  private static final float BAND_ALPHA = 0.18f;

  static {
    // charts are drawn without a display, on any machine
    System.setProperty("java.awt.headless", "true");
  }

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private final List<Band> bands = new ArrayList<>();
  private final List<Marker> markers = new ArrayList<>();
  private final List<Double> thresholds = new ArrayList<>();
  private final List<String> thresholdLabels = new ArrayList<>();
  private boolean points;
  private double yTop = Double.NaN;
  private boolean xFromZero;

  public SvgChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public SvgChart series(String name, String color, List<double[]> points) {
    series.add(new Series(name, color, points));
    return this;
  }

  /** Draws each series as its points (a scatter), not as a line. */
  SvgChart asPoints() {
    points = true;
    return this;
  }

  public SvgChart band(double from, double to, String color, String label) {
    bands.add(new Band(from, to, color, label));
    return this;
  }

  public SvgChart marker(double x, String label) {
    markers.add(new Marker(x, label));
    return this;
  }

  /** The two latency thresholds of the card ({@link Acceptance}) as horizontal lines. */
  SvgChart acceptanceLines() {
    return threshold(Acceptance.P95_MS, "p95 " + Acceptance.P95_MS + " ms")
        .threshold(Acceptance.P99_MS, "p99 " + Acceptance.P99_MS + " ms");
  }

  public SvgChart threshold(double y, String label) {
    thresholds.add(y);
    thresholdLabels.add(label);
    return this;
  }

  /**
   * The y axis reaches at least {@code top} (and every threshold and value): charts meant to be
   * compared side by side share one scale.
   */
  public SvgChart yTop(double top) {
    yTop = top;
    return this;
  }

  /** The x axis starts at 0, so that the distance between points reads at its true size. */
  public SvgChart xFromZero() {
    xFromZero = true;
    return this;
  }

  /** The highest value of any series (0 when none). */
  double dataMax() {
    double max = 0;
    for (Series s : series) {
      for (double[] p : s.points()) {
        if (!Double.isNaN(p[1])) {
          max = Math.max(max, p[1]);
        }
      }
    }
    return max;
  }

  /** Whether a band with this label is drawn. */
  boolean hasBand(String label) {
    return bands.stream().anyMatch(b -> b.label().equals(label));
  }

  boolean isEmpty() {
    return series.stream().allMatch(s -> s.points().isEmpty());
  }

  /** The chart as an SVG document. */
  public String render() {
    JFreeChart chart = new JFreeChart(title, TITLE, plot(), false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setPadding(new RectangleInsets(4, 4, 4, 8));
    LegendTitle legend = new LegendTitle(chart.getXYPlot());
    legend.setItemFont(LABEL);
    legend.setPosition(RectangleEdge.BOTTOM);
    legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
    chart.addLegend(legend);
    SVGGraphics2D g2 = new SVGGraphics2D(W, H);
    g2.setDefsKeyPrefix(idPrefix(title));
    chart.draw(g2, new Rectangle(0, 0, W, H));
    return g2.getSVGElement() + "\n";
  }

  private XYPlot plot() {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(!points, points);
    // one path per series (a null value still breaks it): a far smaller SVG than a segment each
    renderer.setDrawSeriesLineAsPath(true);
    int i = 0;
    for (Series s : series) {
      // autoSort off, duplicates allowed: the points are drawn in the order given
      XYSeries xy = new XYSeries(s.name(), false, true);
      for (double[] p : s.points()) {
        xy.add(p[0], Double.isNaN(p[1]) ? null : p[1]);
      }
      data.addSeries(xy);
      renderer.setSeriesPaint(i, Color.decode(s.color()));
      renderer.setSeriesStroke(i, new BasicStroke(1.6f));
      i++;
    }
    NumberAxis x = new NumberAxis(xLabel);
    x.setAutoRangeIncludesZero(xFromZero);
    x.setStandardTickUnits(new NumberTickUnitSource(false));
    x.setLabelFont(LABEL);
    x.setTickLabelFont(LABEL);
    NumberAxis y = new NumberAxis(yLabel);
    y.setAutoRangeIncludesZero(true);
    y.setStandardTickUnits(new NumberTickUnitSource(false));
    y.setLabelFont(LABEL);
    y.setTickLabelFont(LABEL);
    XYPlot plot = new XYPlot(data, x, y, renderer);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
    plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
    plot.setOutlinePaint(new Color(0x33, 0x33, 0x33));
    bands(plot);
    markers(plot);
    thresholds(plot, y);
    legend(plot, renderer, data);
    return plot;
  }

  /** The breaker bands behind the series; their colours join the legend once each. */
  private void bands(XYPlot plot) {
    for (Band b : bands) {
      IntervalMarker m = new IntervalMarker(b.from(), b.to(), Color.decode(b.color()));
      m.setAlpha(BAND_ALPHA);
      plot.addDomainMarker(m, Layer.BACKGROUND);
    }
  }

  /** The provider-state changes: a dotted vertical line each, labelled at the top. */
  private void markers(XYPlot plot) {
    for (Marker mk : markers) {
      ValueMarker m = new ValueMarker(mk.x());
      m.setPaint(new Color(0x88, 0x88, 0x88));
      m.setStroke(
          new BasicStroke(
              1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
      m.setLabel(mk.label());
      m.setLabelFont(SMALL);
      m.setLabelBackgroundColor(new Color(255, 255, 255, 200));
      m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(m, Layer.FOREGROUND);
    }
  }

  /** The dashed threshold lines, each labelled at the right; the y range keeps them in view. */
  private void thresholds(XYPlot plot, NumberAxis y) {
    double top = 0;
    for (int i = 0; i < thresholds.size(); i++) {
      ValueMarker m = new ValueMarker(thresholds.get(i));
      m.setPaint(THRESHOLD);
      m.setStroke(
          new BasicStroke(
              1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
      m.setLabel(thresholdLabels.get(i));
      m.setLabelFont(SMALL);
      m.setLabelBackgroundColor(new Color(255, 255, 255, 200));
      m.setLabelPaint(THRESHOLD);
      m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
      plot.addRangeMarker(m, Layer.FOREGROUND);
      top = Math.max(top, thresholds.get(i));
    }
    // from 0 to above the highest value, every threshold and the shared top, whatever the data's
    // own range
    double max = Math.max(top, dataMax());
    if (!Double.isNaN(yTop)) {
      max = Math.max(max, yTop);
    }
    y.setRange(0, max > 0 ? max * 1.08 : 1);
  }

  /** The series, then one entry per band colour ("breaker OPEN", …), in the order first drawn. */
  private void legend(XYPlot plot, XYLineAndShapeRenderer renderer, XYSeriesCollection data) {
    LegendItemCollection items = new LegendItemCollection();
    for (int i = 0; i < data.getSeriesCount(); i++) {
      items.add(renderer.getLegendItem(0, i));
    }
    List<String> seen = new ArrayList<>();
    for (Band b : bands) {
      if (!seen.contains(b.label())) {
        seen.add(b.label());
        Color c = Color.decode(b.color());
        LegendItem li =
            new LegendItem(
                b.label(),
                new Color(c.getRed(), c.getGreen(), c.getBlue(), Math.round(255 * BAND_ALPHA * 2)));
        li.setLabelFont(LABEL);
        items.add(li);
      }
    }
    plot.setFixedLegendItems(items);
  }

  /** An id prefix from the title: letters and digits, and a hash so that two titles never share. */
  private static String idPrefix(String title) {
    String letters = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    if (letters.length() > 24) {
      letters = letters.substring(0, 24);
    }
    return "c-" + letters + "-" + Integer.toHexString(title.hashCode()) + "-";
  }

  static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
