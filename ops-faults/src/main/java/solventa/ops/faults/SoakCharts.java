package solventa.ops.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import solventa.ops.report.SvgChart;

/**
 * A soak's charts, one SVG per trend ({@code soak-<name>.svg}): every minute's sample drawn (a
 * minute that did not read every node is a gap for the node figures), the minutes the trend leaves
 * out shaded, and the trend's least-squares line over the minutes it judges, with its limit as a
 * dashed line when the limit is within twice the highest sample (a limit far above would flatten
 * the data; the report gives every limit).
 */
final class SoakCharts {
  private static final String SAMPLES = "#1f77b4";
  private static final String LINE = "#d62728";
  private static final String SKIPPED = "#7f7f7f";

  private SoakCharts() {}

  /** Writes the charts into {@code out}; returns their file names, in the trends' order. */
  static List<String> write(
      Path out, List<SoakSample> samples, List<SoakTrend> trends, List<SoakPlan.Window> skipped)
      throws IOException {
    List<String> files = new ArrayList<>();
    for (SoakTrend t : trends) {
      String file = "soak-" + t.name().replaceAll("[^A-Za-z]+", "-").replaceAll("-$", "") + ".svg";
      String svg = chart(t, samples, skipped).render();
      Files.writeString(out.resolve(file.toLowerCase(Locale.ROOT)), svg, StandardCharsets.UTF_8);
      files.add(file.toLowerCase(Locale.ROOT));
    }
    return files;
  }

  static SvgChart chart(SoakTrend t, List<SoakSample> samples, List<SoakPlan.Window> skipped) {
    ToDoubleFunction<SoakSample> reading = SoakSampler.READINGS.get(t.name());
    boolean nodeFigure = !t.name().startsWith("Redis");
    List<double[]> all = new ArrayList<>();
    double highest = 0;
    for (SoakSample s : samples) {
      double v = nodeFigure && s.nodes() != Soak.NODES ? Double.NaN : reading.applyAsDouble(s);
      all.add(new double[] {s.minute(), v});
      if (!Double.isNaN(v)) {
        highest = Math.max(highest, v);
      }
    }
    String unit = t.unit().isEmpty() ? "" : " (" + t.unit() + ")";
    SvgChart c =
        new SvgChart("Soak: " + t.name(), "minutes from the load's start", t.name() + unit)
            .series("every minute's sample", SAMPLES, all);
    SoakTrend.Verdict v = t.judge();
    if (!Double.isNaN(v.slopePerHour())) {
      double from = t.minutes().get(0);
      double to = t.minutes().get(t.minutes().size() - 1);
      double perMinute = v.slopePerHour() / 60;
      c.series(
          String.format(
              Locale.ROOT,
              "least-squares line, %.2f%s/h [%.2f, %.2f]",
              v.slopePerHour(),
              t.unit().isEmpty() ? "" : " " + t.unit(),
              v.lowPerHour(),
              v.highPerHour()),
          LINE,
          List.of(
              new double[] {from, v.atZero() + perMinute * from},
              new double[] {to, v.atZero() + perMinute * to}));
    }
    for (SoakPlan.Window w : skipped) {
      c.band(w.fromMin(), w.toMin(), SKIPPED, "left out of the trend");
    }
    if (t.limit() > 0 && t.limit() <= 2 * highest) {
      c.threshold(t.limit(), String.format(Locale.ROOT, "limit %.0f", t.limit()));
    }
    return c;
  }
}
