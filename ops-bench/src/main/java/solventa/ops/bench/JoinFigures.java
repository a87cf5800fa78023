package solventa.ops.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import solventa.gatling.RequestRecord;
import solventa.ops.report.Report;
import solventa.vocabulary.Acceptance;

/**
 * The figures of a node joining a serving cluster ({@link ClusterJoinBench}), computed from the
 * generator's request log and the moments the bench recorded: pure, so that each figure is tested
 * on fixtures.
 *
 * <p>The windows are cut by send time: before the launch, <b>through the join</b> (from the new
 * node's launch until {@link #AFTER_READY_SEC} s after it reported ready: its start-up, warm-up,
 * membership and the shards handed to it), and after. The target reads the join window: at most
 * {@link #MAX_JOIN_ERROR_PCT} % errors and p99 ≤ 475 ms.
 */
public final class JoinFigures {
  /** The join window ends this long after the new node reported ready (its shards arrive then). */
  public static final int AFTER_READY_SEC = 20;

  /** The target's bound on errors through the join, %. */
  public static final double MAX_JOIN_ERROR_PCT = 0.1;

  private JoinFigures() {}

  /**
   * One window of the step.
   *
   * @param label what the window is
   * @param fromMs first send time counted (epoch ms, inclusive)
   * @param toMs last send time counted (exclusive)
   * @param answers requests sent in it
   * @param errors non-2xx answers and client timeouts among them
   * @param p50 nearest-rank p50 of the generator's latency, ms (null without answers)
   * @param p99 the same p99
   * @param maxErrorPct the window's bound on errors
   */
  public record Window(
      String label,
      long fromMs,
      long toMs,
      long answers,
      long errors,
      Double p50,
      Double p99,
      double maxErrorPct) {
    public Double errorPct() {
      return answers == 0 ? null : 100.0 * errors / answers;
    }

    /** Measured, p99 ≤ 475 ms and errors within the bound. */
    public boolean holds() {
      Double e = errorPct();
      return p99 != null && p99 <= Acceptance.P99_MS && e != null && e <= maxErrorPct;
    }
  }

  /** One second of the step, by send time: answers, errors and p99. */
  public record Second(long offsetSec, long answers, long errors, Double p99) {}

  /**
   * Everything the page shows.
   *
   * @param rate the generator's target, req/s, spread over the cluster's first nodes
   * @param nodesBefore the cluster's size before the join
   * @param launchMs when the new node was launched (epoch ms), null if it never was
   * @param readyMs when it first answered {@code /ready}, null if it did not in time
   * @param readyTimeoutSec how long the bench waited for it
   * @param shards the shards and entities it hosted at the step's end, null when unread
   * @param windows before, through the join, after
   * @param seconds every second of the step
   * @param achievedRate the generator's achieved rate over the step (null when unread)
   * @param scheduleLagP99Ms the generator's schedule lag p99 (null when unread)
   */
  public record Figures(
      int rate,
      int nodesBefore,
      Long launchMs,
      Long readyMs,
      int readyTimeoutSec,
      int[] shards,
      List<Window> windows,
      List<Second> seconds,
      Double achievedRate,
      Double scheduleLagP99Ms) {

    /** The page's figures, each named as it is set; what is not set is 0, null or none. */
    public static Builder builder() {
      return new Builder();
    }

    /** The figures of the page, named as they are set ({@link Figures#builder}). */
    public static final class Builder {
      private int rate;
      private int nodesBefore;
      private Long launchMs;
      private Long readyMs;
      private int readyTimeoutSec;
      private int[] shards;
      private List<Window> windows = List.of();
      private List<Second> seconds = List.of();
      private Double achievedRate;
      private Double scheduleLagP99Ms;

      private Builder() {}

      public Builder rate(int v) {
        this.rate = v;
        return this;
      }

      public Builder nodesBefore(int v) {
        this.nodesBefore = v;
        return this;
      }

      public Builder launchMs(Long v) {
        this.launchMs = v;
        return this;
      }

      public Builder readyMs(Long v) {
        this.readyMs = v;
        return this;
      }

      public Builder readyTimeoutSec(int v) {
        this.readyTimeoutSec = v;
        return this;
      }

      public Builder shards(int[] v) {
        this.shards = v;
        return this;
      }

      public Builder windows(List<Window> v) {
        this.windows = v;
        return this;
      }

      public Builder seconds(List<Second> v) {
        this.seconds = v;
        return this;
      }

      public Builder achievedRate(Double v) {
        this.achievedRate = v;
        return this;
      }

      public Builder scheduleLagP99Ms(Double v) {
        this.scheduleLagP99Ms = v;
        return this;
      }

      public Figures build() {
        return new Figures(
            rate,
            nodesBefore,
            launchMs,
            readyMs,
            readyTimeoutSec,
            shards,
            windows,
            seconds,
            achievedRate,
            scheduleLagP99Ms);
      }
    }
  }

  /** The windows of a step whose requests are {@code records}, sent until {@code endMs}. */
  static List<Window> windows(
      List<RequestRecord> records, Long launchMs, Long readyMs, long endMs) {
    long first = records.stream().mapToLong(RequestRecord::sendMs).min().orElse(endMs);
    List<Window> w = new ArrayList<>();
    if (launchMs == null) {
      w.add(window("the whole step (no node was launched)", records, first, endMs, 1.0));
      return w;
    }
    w.add(window("before the launch", records, first, launchMs, 1.0));
    long joinEnd = readyMs == null ? endMs : Math.min(endMs, readyMs + AFTER_READY_SEC * 1000L);
    w.add(
        window(
            readyMs == null
                ? "through the join (launch to the step's end: the node never reported ready)"
                : "through the join (launch to " + AFTER_READY_SEC + " s after ready)",
            records,
            launchMs,
            joinEnd,
            MAX_JOIN_ERROR_PCT));
    if (joinEnd < endMs) {
      w.add(window("after the join", records, joinEnd, endMs, 1.0));
    }
    return w;
  }

  static Window window(
      String label, List<RequestRecord> records, long fromMs, long toMs, double maxErrorPct) {
    List<RequestRecord> in =
        records.stream().filter(r -> r.sendMs() >= fromMs && r.sendMs() < toMs).toList();
    long[] latencies = in.stream().mapToLong(RequestRecord::latencyMs).toArray();
    long errors = in.stream().filter(r -> !r.ok()).count();
    return new Window(
        label,
        fromMs,
        toMs,
        in.size(),
        errors,
        OverloadBench.percentile(latencies, 50),
        OverloadBench.percentile(latencies, 99),
        maxErrorPct);
  }

  /** Every second of the step by send time, from its first request. */
  static List<Second> seconds(List<RequestRecord> records) {
    long first = records.stream().mapToLong(RequestRecord::sendMs).min().orElse(0);
    TreeMap<Long, List<RequestRecord>> by = new TreeMap<>();
    for (RequestRecord r : records) {
      by.computeIfAbsent((r.sendMs() - first) / 1000, k -> new ArrayList<>()).add(r);
    }
    List<Second> s = new ArrayList<>();
    by.forEach(
        (sec, rs) ->
            s.add(
                new Second(
                    sec,
                    rs.size(),
                    rs.stream().filter(r -> !r.ok()).count(),
                    OverloadBench.percentile(
                        rs.stream().mapToLong(RequestRecord::latencyMs).toArray(), 99))));
    return s;
  }

  /** The page: what ran, the windows against the bound, and the seconds of the join. */
  static String render(Figures f) {
    StringBuilder sb = new StringBuilder("# A node joins a serving cluster\n\n");
    sb.append(
        String.format(
            Locale.ROOT,
            "Arm C, provider healthy, 96 %% hit-rate target: %d req/s (open model) spread over a"
                + " %d-node cluster; a node %s joins it. The generator keeps sending to the first %d"
                + " nodes (a load balancer adds the new node only later); the new node serves"
                + " through sharding, as its shards are handed to it. Generator: %s req/s achieved,"
                + " schedule lag p99 %s ms.%n%n",
            f.rate(),
            f.nodesBefore(),
            f.launchMs() == null ? "was to join but was never launched" : "more",
            f.nodesBefore(),
            f.achievedRate() == null ? "—" : String.format(Locale.ROOT, "%.1f", f.achievedRate()),
            f.scheduleLagP99Ms() == null ? "—" : Report.ms(f.scheduleLagP99Ms())));
    sb.append(joinFacts(f)).append('\n');
    sb.append("| window | answers | errors % | e2e p50 / p99 ms | bound | holds |\n");
    sb.append("| --- | --- | --- | --- | --- | --- |\n");
    for (Window w : f.windows()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %s | %s / %s | p99 ≤ %d ms, errors ≤ %s %% | %s |%n",
              w.label(),
              w.answers(),
              w.errorPct() == null ? "—" : Report.pct(w.errorPct()),
              Report.ms(w.p50()),
              Report.ms(w.p99()),
              (int) Acceptance.P99_MS,
              w.maxErrorPct() < 1 ? String.valueOf(w.maxErrorPct()) : "1",
              w.answers() == 0 ? "missing: no answers in it" : w.holds() ? "yes" : "**no**"));
    }
    sb.append("\nPer second (send time from the step's first request):\n\n");
    sb.append("| s | answers | errors | p99 ms |\n| --- | --- | --- | --- |\n");
    for (Second s : f.seconds()) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %d | %d | %s |%n",
              s.offsetSec(),
              s.answers(),
              s.errors(),
              Report.ms(s.p99())));
    }
    return sb.toString();
  }

  private static String joinFacts(Figures f) {
    if (f.launchMs() == null) {
      return "The new node was not launched: the join is missing.\n";
    }
    String ready =
        f.readyMs() == null
            ? "it did not report ready within " + f.readyTimeoutSec() + " s"
            : String.format(
                Locale.ROOT,
                "it reported ready %.1f s after its launch",
                (f.readyMs() - f.launchMs()) / 1000.0);
    String shards =
        f.shards() == null
            ? "its hosted shards could not be read at the step's end"
            : "at the step's end it hosted "
                + f.shards()[0]
                + " shards with "
                + f.shards()[1]
                + " entities";
    return "The new node was launched under load; " + ready + "; " + shards + ".\n";
  }
}
