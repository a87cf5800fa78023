package solventa.ops;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The quote node's load benchmark (issue 6): arm C, healthy provider, 96 % hit-rate target, open
 * model. First the latency the node adds above the calibrated rating cost at 200 req/s (the node's
 * own p50/p99 minus the cost), then a rising arrival rate until p99 exceeds 475 ms, errors exceed 1
 * % or the generator cannot reach its target: the last rate that held is the node's sustained rate.
 * Bounded: at most {@link #RATES}.
 */
final class Benchmark {
  /** The calibrated rating cost the node is configured with (rating.cost). */
  static final double RATING_COST_MS = 60;

  static final int[] RATES = {200, 300, 400, 500, 650, 800, 1000};

  private Benchmark() {}

  static Path run(Path out, long seed) throws IOException {
    Files.createDirectories(out);
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")));
    ExperimentProfile p = ExperimentProfile.named("quick");
    List<StepResult> results = new ArrayList<>();
    try {
      lab.start();
      Runner runner = new Runner(p, out, seed, lab, null);
      try {
        for (int rate : RATES) {
          StepSpec spec =
              new StepSpec(
                  "bench-r" + rate,
                  StepKind.BENCH,
                  "B1",
                  Arm.C,
                  State.HEALTHY,
                  0.96,
                  rate,
                  "count",
                  3,
                  10,
                  0);
          System.out.printf("bench: arm C at %d req/s%n", rate);
          StepResult r = runner.runStep(spec);
          results.add(r);
          if (!holds(r)) {
            break;
          }
        }
      } finally {
        runner.close();
      }
    } finally {
      lab.close();
    }
    Path md = out.resolve("benchmark.md");
    Files.writeString(md, render(results), StandardCharsets.UTF_8);
    ResultsStore.JSON.writeValue(out.resolve("benchmark.json").toFile(), results);
    return md;
  }

  static boolean holds(StepResult r) {
    return r.endToEnd().p99() != null
        && r.endToEnd().p99() <= StepResult.P99_MS
        && r.errorPct() != null
        && r.errorPct() <= StepResult.MAX_ERROR_PCT
        && r.achievedRate() != null
        && r.achievedRate() >= Runner.MIN_ACHIEVED_SHARE * r.spec().rate();
  }

  static String render(List<StepResult> results) {
    StringBuilder sb =
        new StringBuilder(
            "# Quote node benchmark (arm C, healthy provider, 96 % hit-rate target)\n\n");
    sb.append(
        "| target req/s | achieved req/s | n | e2e p50 / p99 ms | node p50 / p99 ms | node adds above the 60 ms rating cost, p50 / p99 ms | errors % | holds p99 ≤ 475 ms |\n");
    sb.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    Integer sustained = null;
    for (StepResult r : results) {
      boolean holds = holds(r);
      if (holds) {
        sustained = r.spec().rate();
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %d | %s / %s | %s / %s | %s / %s | %s | %s |%n",
              r.spec().rate(),
              r.achievedRate() == null ? "—" : String.format(Locale.ROOT, "%.1f", r.achievedRate()),
              r.requests(),
              Report.ms(r.endToEnd().p50()),
              Report.ms(r.endToEnd().p99()),
              Report.ms(r.internal().p50()),
              Report.ms(r.internal().p99()),
              above(r.internal().p50()),
              above(r.internal().p99()),
              Report.pct(r.errorPct()),
              holds ? "yes" : "no"));
    }
    sb.append('\n')
        .append(
            sustained == null
                ? "No tested rate held p99 ≤ 475 ms with ≤ 1 % errors.\n"
                : "Highest tested arrival rate one node sustains with p99 ≤ 475 ms and ≤ 1 % errors: **"
                    + sustained
                    + " req/s**"
                    + (sustained == RATES[RATES.length - 1] ? " (the top of the tested range)" : "")
                    + ".\n");
    return sb.toString();
  }

  private static String above(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v - RATING_COST_MS);
  }
}
