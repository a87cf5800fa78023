package solventa.ops.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import solventa.gatling.RequestLog;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.lab.EmbeddedLab;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.results.ResultsFolder;
import solventa.ops.runner.LoadSteps;
import solventa.ops.runner.WindowStats;
import solventa.quote.stats.StatsSnapshot;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * {@code bin/lab bench --overload}: what one node does at 3× and 5× a measured sustainable rate,
 * and how long it takes to recover by itself once the load drops.
 *
 * <p>The configuration: <b>arm A against a healthy provider</b>, one provider call per quote, so
 * the node's capacity is bounded by the adapter's pool (32 connections, 64 waiting) and its CPU,
 * and a sustainable rate is reachable by a generator sharing the node's 2 cores (arm C's cache-hit
 * path sustains ≥ 1400 req/s, which the generator cannot multiply by 5). Steps, on one node, each
 * with the {@link Benchmark} plan's warm-up and window and the runner's open-model generator:
 *
 * <ol>
 *   <li>the sustainable rate: the highest of {@link #PROBE_RATES} whose window holds p99 ≤ 475 ms,
 *       ≤ 1 % errors and the generator's target ({@link Benchmark#holds});
 *   <li>3× and 5× that rate;
 *   <li>the sustainable rate again, measured from its first request: the recovery time is the start
 *       of the first second from which every whole second of the run has p99 ≤ 475 ms and ≤ 1 %
 *       errors.
 * </ol>
 *
 * Per step it prints the achieved rate, the share of 503 answers, p50/p99 of the accepted (non-503)
 * and of the shed (503) answers as the generator saw them, and the node's heap after the step.
 */
public final class OverloadBench {
  /** Rates tried for the sustainable rate, in order; the search stops at the first that fails. */
  static final int[] PROBE_RATES = {25, 50, 100, 150, 200, 300, 400};

  static final int[] MULTIPLES = {3, 5};

  /** How long the recovery run at the sustainable rate lasts. */
  static final int RECOVERY_SEC = 20;

  /** One measured step: what the generator saw and the node's heap after it. */
  record Figures(
      String label,
      int targetRate,
      Double achievedRate,
      long answers,
      double shedPct,
      Double acceptedP50,
      Double acceptedP99,
      Double shedP50,
      Double shedP99,
      double errorPct,
      Long heapAfterBytes,
      long shedByNode) {}

  private OverloadBench() {}

  public static Path run(Path out, long seed, Benchmark.Plan plan, java.io.PrintStream console)
      throws IOException {
    Files.createDirectories(out);
    EmbeddedLab lab = new EmbeddedLab(Files.createDirectories(out.resolve("logs")));
    List<Figures> rows = new ArrayList<>();
    Integer sustainable = null;
    Long recoverySec = null;
    String recoveryNote = null;
    long lastEndMs = 0;
    Double gapSec = null;
    try {
      lab.start();
      LoadSteps runner = LoadSteps.unrecorded(ExperimentProfile.named("quick"), out, seed, lab);
      try {
        for (int rate : PROBE_RATES) {
          console.printf("overload: arm A at %d req/s (sustainable?)%n", rate);
          Benchmark.Row row = step(runner, "probe" + rate, rate, plan);
          rows.add(figures("probe", rate, row, out, end(runner)));
          if (!Benchmark.holds(row.step())) {
            break;
          }
          sustainable = rate;
        }
        if (sustainable != null) {
          for (int m : MULTIPLES) {
            int rate = m * sustainable;
            console.printf("overload: arm A at %d req/s (%d× sustainable)%n", rate, m);
            Benchmark.Row row = step(runner, "x" + m, rate, plan);
            lastEndMs = row.step().endMs();
            rows.add(figures(m + "×", rate, row, out, end(runner)));
          }
          console.printf("overload: back to %d req/s, recovery%n", sustainable);
          StepSpec back =
              StepSpec.builder()
                  .id("overload-recovery")
                  .kind(StepKind.BENCH)
                  .run("B1")
                  .arm(BenchArm.A)
                  .state(ProviderState.HEALTHY)
                  .hitRate(0.96)
                  .rate(sustainable)
                  .measureSec(RECOVERY_SEC)
                  .build();
          long overloadEnd = lastEndMs;
          Benchmark.Row row = Benchmark.measure(runner, "recovery", back, false);
          List<RequestRecord> backRecords = records(out, back.id());
          gapSec =
              backRecords.isEmpty()
                  ? null
                  : (backRecords.stream().mapToLong(RequestRecord::sendMs).min().orElseThrow()
                          - overloadEnd)
                      / 1000.0;
          rows.add(figures("after", sustainable, row, out, end(runner)));
          recoverySec = recoverySec(backRecords);
          if (recoverySec == null) {
            recoveryNote = "not back within thresholds in " + RECOVERY_SEC + " s";
          }
        }
      } finally {
        runner.close();
      }
    } finally {
      lab.close();
    }
    String md = render(sustainable, rows, recoverySec, recoveryNote, gapSec, plan);
    console.print(md);
    return ResultsFolder.saveBench(out, "overload", md, rows);
  }

  private static Benchmark.Row step(LoadSteps runner, String id, int rate, Benchmark.Plan plan)
      throws IOException {
    return Benchmark.measure(
        runner, "overload", Benchmark.spec("overload-" + id, BenchArm.A, 0.96, rate, plan), false);
  }

  private static StatsSnapshot end(LoadSteps runner) {
    return runner.lastWindow().map(WindowStats::atEnd).orElse(null);
  }

  private static List<RequestRecord> records(Path out, String stepId) {
    Path log = out.resolve("steps").resolve(stepId).resolve("requests.csv");
    return Files.exists(log) ? RequestLog.read(log) : List.of();
  }

  static Figures figures(String label, int rate, Benchmark.Row row, Path out, StatsSnapshot atEnd) {
    StepResult r = row.step();
    List<RequestRecord> window =
        records(out, r.spec().id()).stream().filter(x -> x.sendMs() >= r.windowStartMs()).toList();
    long[] accepted =
        window.stream()
            .filter(x -> x.status() != 503)
            .mapToLong(RequestRecord::latencyMs)
            .toArray();
    long[] shed =
        window.stream()
            .filter(x -> x.status() == 503)
            .mapToLong(RequestRecord::latencyMs)
            .toArray();
    long errors = window.stream().filter(x -> !x.ok()).count();
    return new Figures(
        label,
        rate,
        r.achievedRate(),
        window.size(),
        window.isEmpty() ? 0 : 100.0 * shed.length / window.size(),
        percentile(accepted, 50),
        percentile(accepted, 99),
        percentile(shed, 50),
        percentile(shed, 99),
        window.isEmpty() ? 0 : 100.0 * errors / window.size(),
        heap(atEnd),
        shedByNode(atEnd));
  }

  private static Long heap(StatsSnapshot stats) {
    return stats == null || stats.process() == null ? null : stats.process().heapUsedBytes();
  }

  // every cause; the stats were reset at the window's start
  private static long shedByNode(StatsSnapshot stats) {
    return stats == null || stats.shed() == null
        ? 0
        : stats.shed().values().stream().mapToLong(Long::longValue).sum();
  }

  /** Nearest-rank percentile of {@code values}, null when there are none. */
  static Double percentile(long[] values, double p) {
    if (values.length == 0) {
      return null;
    }
    long[] v = values.clone();
    Arrays.sort(v);
    int rank = (int) Math.ceil(p / 100.0 * v.length);
    return (double) v[Math.max(0, Math.min(v.length - 1, rank - 1))];
  }

  /**
   * Seconds from the run's first request to the start of the first whole second after which every
   * second holds p99 ≤ 475 ms and ≤ 1 % errors; null if the last second does not.
   */
  static Long recoverySec(List<RequestRecord> run) {
    if (run.isEmpty()) {
      return null;
    }
    long first = run.stream().mapToLong(RequestRecord::sendMs).min().orElseThrow();
    TreeMap<Long, List<RequestRecord>> seconds = new TreeMap<>();
    for (RequestRecord x : run) {
      seconds.computeIfAbsent((x.sendMs() - first) / 1000, k -> new ArrayList<>()).add(x);
    }
    Long recovered = null;
    for (var e : seconds.entrySet()) {
      List<RequestRecord> s = e.getValue();
      long[] lat = s.stream().mapToLong(RequestRecord::latencyMs).toArray();
      double errPct = 100.0 * s.stream().filter(x -> !x.ok()).count() / s.size();
      boolean holds =
          percentile(lat, 99) <= Acceptance.P99_MS && errPct <= Acceptance.MAX_ERROR_PCT;
      if (!holds) {
        recovered = null;
      } else if (recovered == null) {
        recovered = e.getKey();
      }
    }
    return recovered;
  }

  static String render(
      Integer sustainable,
      List<Figures> rows,
      Long recoverySec,
      String recoveryNote,
      Double gapSec,
      Benchmark.Plan plan) {
    StringBuilder sb = new StringBuilder("# Overload: arm A, healthy provider\n\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "Per step %d s unmeasured, then a %d s window (the recovery run: %d s from its first"
                + " request). Latencies as the generator saw them; accepted = every answer but"
                + " 503; heap = the node's heap in use after the step.%n%n",
            plan.warmupSec(),
            plan.measureSec(),
            RECOVERY_SEC));
    sb.append(
        "| step | target req/s | achieved req/s | answers | 503 % | accepted p50 / p99 ms |"
            + " shed p50 / p99 ms | non-200 % | shed counted by the node | node heap after MB |\n");
    sb.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (Figures f : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %d | %.1f | %s / %s | %s / %s | %.1f | %d | %s |%n",
              f.label(),
              f.targetRate(),
              f.achievedRate() == null ? "—" : String.format(Locale.ROOT, "%.1f", f.achievedRate()),
              f.answers(),
              f.shedPct(),
              ms(f.acceptedP50()),
              ms(f.acceptedP99()),
              ms(f.shedP50()),
              ms(f.shedP99()),
              f.errorPct(),
              f.shedByNode(),
              f.heapAfterBytes() == null
                  ? "—"
                  : String.format(Locale.ROOT, "%.0f", f.heapAfterBytes() / 1048576.0)));
    }
    sb.append('\n');
    sb.append(
        sustainable == null
            ? "Sustainable rate: **missing**: no probed rate held p99 ≤ 475 ms and ≤ 1 % errors.\n"
            : "Sustainable rate (highest probed rate that held p99 ≤ 475 ms, ≤ 1 % errors and the"
                + " target): **"
                + sustainable
                + " req/s**.\n");
    if (sustainable != null) {
      sb.append(
          recoverySec != null
              ? "Recovery at "
                  + sustainable
                  + " req/s after 5×: every second within thresholds from **"
                  + recoverySec
                  + " s** after its first request, which the runner sent "
                  + (gapSec == null ? "—" : String.format(Locale.ROOT, "%.1f", gapSec))
                  + " s after the 5× load ended (its settle between steps: provider healthy,"
                  + " breaker closed, stats reset).\n"
              : "Recovery: **missing**: " + recoveryNote + ".\n");
    }
    return sb.toString();
  }

  private static String ms(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.0f", v);
  }
}
