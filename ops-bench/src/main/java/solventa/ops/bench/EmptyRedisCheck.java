package solventa.ops.bench;

import static solventa.ops.bench.Benchmark.EMPTY_MAX_ERROR_PCT;
import static solventa.ops.bench.Benchmark.EMPTY_NEVER_SEEN_SHARE;

import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.bench.Benchmark.Row;
import solventa.ops.report.Report;
import solventa.vocabulary.Acceptance;

/**
 * The bench's rows of a new node's first seconds ({@code cold}: Redis holds the warm set; {@code
 * coldEmpty}: an empty Redis, a node that joins under load) as the rate table names them, and the
 * target for the empty-Redis node — at most {@link Benchmark#EMPTY_MAX_ERROR_PCT} % errors and e2e
 * p99 ≤ 475 ms — computed from that row's measurements, or missing with its reason. Pure: no lab,
 * no I/O.
 */
final class EmptyRedisCheck {
  private EmptyRedisCheck() {}

  /**
   * The rate table's first cell for a row of the sweep, the restarted node or the empty-Redis one.
   */
  static String label(Row row) {
    StepResult r = row.step();
    String first = r.spec().rate() + ", first " + r.spec().durationSec() + " s of a new node";
    return switch (row.kind()) {
      case "cold" -> first + " (Redis holds the warm set)";
      case "coldEmpty" ->
          String.format(
              Locale.ROOT,
              "%s, EMPTY Redis (%s warm customers not yet stored, %s %% never-seen)",
              first,
              r.populationSize() == null ? "—" : String.valueOf(r.populationSize()),
              BenchmarkReport.f0(EMPTY_NEVER_SEEN_SHARE * 100));
      default -> String.valueOf(r.spec().rate());
    };
  }

  /**
   * The target's line for the {@code coldEmpty} row: met, not met (naming what failed), or missing
   * with its reason; its figures named (errors, e2e p99, node CPU per quote).
   */
  static String mustShow(Row row) {
    StepResult r = row.step();
    String head =
        String.format(
            Locale.ROOT,
            "A node that joins under load with an empty Redis (the target: its first %d s at %d"
                + " req/s with ≤ %s %% errors and e2e %s): ",
            r.spec().durationSec(),
            r.spec().rate(),
            BenchmarkReport.f1(EMPTY_MAX_ERROR_PCT),
            Acceptance.p99());
    String figures =
        String.format(
            Locale.ROOT,
            "errors %s %%, e2e p99 %s ms, node CPU %s ms per quote, JIT %s ms in the window",
            orDash(Report.pct(r.errorPct())),
            orDash(Report.ms(r.endToEnd().p99())),
            BenchmarkReport.f2(row.cost().cpuPerQuote()),
            BenchmarkReport.f0(row.cost().jitMs()));
    String missing = missing(r);
    if (missing != null) {
      return head + "**missing**: " + missing + " (" + figures + ")." + flagged(r) + "\n";
    }
    boolean errorsOk = r.errorPct() <= EMPTY_MAX_ERROR_PCT;
    boolean p99Ok = r.endToEnd().p99() <= Acceptance.P99_MS;
    if (errorsOk && p99Ok) {
      return head + "**met** (" + figures + ")." + flagged(r) + "\n";
    }
    String failed = !errorsOk && !p99Ok ? "errors and p99" : !errorsOk ? "errors" : "p99";
    return head + "**not met**, " + failed + " (" + figures + ")." + flagged(r) + "\n";
  }

  // the runner's own checks on the step (the generator's schedule, the double's lag, a node
  // stall), so a reader sees whether the generator or the double shared the blame
  static String flagged(StepResult r) {
    if (r.invalidations() == null || r.invalidations().isEmpty()) {
      return "";
    }
    return " The runner's checks flagged the step: " + String.join("; ", r.invalidations()) + ".";
  }

  private static String orDash(String v) {
    return v == null ? "—" : v;
  }

  // why the target cannot be judged from this row, or null when it can
  static String missing(StepResult r) {
    if (!BenchmarkReport.reached(r)) {
      return "the generator reached "
          + BenchmarkReport.f1(r.achievedRate())
          + " of "
          + r.spec().rate()
          + " req/s";
    }
    if (r.errorPct() == null) {
      return "the error share could not be measured";
    }
    if (r.endToEnd().p99() == null) {
      return "the e2e p99 could not be measured";
    }
    return null;
  }
}
