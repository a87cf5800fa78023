package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A soak's charts: one per trend, its samples, its line with the slope, the minutes left out. */
class SoakChartsTest {
  static List<SoakSample> samples() {
    List<SoakSample> samples = new ArrayList<>();
    for (int m = 0; m <= 10; m++) {
      int nodes = m == 9 ? 2 : Soak.NODES;
      samples.add(new SoakSample(m, nodes, 100 + 2 * m, 100, 600, 60_000, 1_000, 0, 2, 64));
    }
    return samples;
  }

  @Test
  void eachTrendIsDrawnWithItsLineAndTheMinutesItLeavesOut(@TempDir Path out) throws Exception {
    List<SoakPlan.Window> skipped = List.of(SoakPlan.Window.after(0), new SoakPlan.Window(5, 8));
    List<SoakTrend> trends = SoakSampler.trends(samples(), skipped);
    List<String> files = SoakCharts.write(out, samples(), trends, skipped);
    assertThat(files)
        .hasSize(trends.size())
        .contains("soak-heap-after-gc.svg", "soak-redis-memory.svg")
        .doesNotHaveDuplicates();
    String heap = Files.readString(out.resolve("soak-heap-after-gc.svg"));
    // the heap grows 2 MB a minute: 120 MB an hour, drawn as the line's legend
    assertThat(heap)
        .startsWith("<svg")
        .contains("every minute")
        .contains("least-squares line, 120.00 MB/h")
        .contains("left out of the trend");
  }

  @Test
  void aLimitFarAboveTheSamplesIsNotDrawnAndOneNearThemIs() {
    List<SoakSample> s = samples();
    SoakTrend far =
        new SoakTrend(
            "threads", "", 3000, "a test's", List.of(1.0, 2.0, 3.0), List.of(100.0, 100.0, 100.0));
    SoakTrend near =
        new SoakTrend(
            "threads", "", 150, "a test's", List.of(1.0, 2.0, 3.0), List.of(100.0, 100.0, 100.0));
    assertThat(SoakCharts.chart(far, s, List.of()).render()).doesNotContain("limit 3000");
    assertThat(SoakCharts.chart(near, s, List.of()).render()).contains("limit 150");
  }
}
