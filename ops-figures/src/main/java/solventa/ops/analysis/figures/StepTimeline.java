package solventa.ops.analysis.figures;

import static solventa.ops.analysis.figures.StepAnalyzer.RECOVERED_FALLBACK_PCT;
import static solventa.ops.analysis.figures.StepAnalyzer.pct;

import java.util.ArrayList;
import java.util.List;
import solventa.gatling.RequestRecord;
import solventa.ops.analysis.figures.StepAnalyzer.Inputs;
import solventa.signals.Origin;

/**
 * A step second by second ({@link TimelinePoint}: requests, customers, fallback share, breaker,
 * provider calls, adapter in flight) and, for a RECOVERY step, when its fallback share came down to
 * stay (HD-01.8).
 */
public final class StepTimeline {
  private StepTimeline() {}

  /**
   * Seconds per window of the recovery criterion: per-second shares are too coarse at low rates.
   */
  static final int RECOVERY_WINDOW_SEC = 5;

  /** Per-second view of the step from its start: generator records plus sampler readings. */
  static List<TimelinePoint> timeline(Inputs in) {
    int seconds = (int) Math.max(1, Math.ceil((in.endMs() - in.startMs()) / 1000.0));
    List<List<RequestRecord>> buckets = buckets(in, seconds);
    List<TimelinePoint> out = new ArrayList<>();
    SamplerSeconds sampler = new SamplerSeconds(in.samples());
    for (int i = 0; i < seconds; i++) {
      long secondEnd = in.startMs() + (i + 1) * 1000L;
      SamplerSeconds.Second read = sampler.next(secondEnd);
      out.add(point(i, buckets.get(i), read, nodeP99(in, secondEnd)));
    }
    return out;
  }

  /** The generator's records by the second of the step they were sent in. */
  private static List<List<RequestRecord>> buckets(Inputs in, int seconds) {
    List<List<RequestRecord>> buckets = new ArrayList<>();
    for (int i = 0; i < seconds; i++) {
      buckets.add(new ArrayList<>());
    }
    for (RequestRecord r : in.requests()) {
      int b = (int) ((r.sendMs() - in.startMs()) / 1000);
      if (b >= 0 && b < seconds) {
        buckets.get(b).add(r);
      }
    }
    return buckets;
  }

  /**
   * The node's own p99 for the second ending at {@code secondEnd} (with several nodes, the worst).
   */
  private static Double nodeP99(Inputs in, long secondEnd) {
    Double nodeP99 = null;
    for (NodeInterval ni : in.nodeSeconds()) {
      if (ni.atMs() > secondEnd - 1000 && ni.atMs() <= secondEnd) {
        // with several nodes, the worst node's
        if (in.nodes().size() <= 1 || nodeP99 == null) {
          nodeP99 = ni.p99Ms();
        } else if (ni.p99Ms() != null) {
          nodeP99 = Math.max(nodeP99, ni.p99Ms());
        }
      }
    }
    return nodeP99;
  }

  /** Second {@code i} of the step from its records {@code b} and its sampler readings. */
  private static TimelinePoint point(
      int i, List<RequestRecord> b, SamplerSeconds.Second read, Double nodeP99) {
    Latency l = Latency.of(b.stream().map(RequestRecord::latencyMs).toList());
    Double fbShare = pct(b.stream().filter(RequestRecord::fallback).count(), b.size());
    int customers = (int) b.stream().map(RequestRecord::customerId).distinct().count();
    Latency ages =
        Latency.of(b.stream().filter(r -> r.ageMs() >= 0).map(RequestRecord::ageMs).toList());
    return TimelinePoint.builder()
        .second(i)
        .requests(b.size())
        .p95(l.p95())
        .p99(l.p99())
        .fallbackShare(fbShare)
        .breaker(read.breaker())
        .providerCalls(read.calls())
        .inFlight(read.inFlight())
        .customers(customers)
        .nodeP99(nodeP99)
        .stalePct(pct(b.stream().filter(r -> r.is(Origin.STALE)).count(), b.size()))
        .defaultPct(pct(b.stream().filter(r -> r.is(Origin.DEFAULT)).count(), b.size()))
        .ageP50Ms(ages.count() == 0 ? null : ages.p50())
        .ageP95Ms(ages.count() == 0 ? null : ages.p95())
        .needing(
            (int)
                b.stream()
                    .filter(r -> !r.is(Origin.CACHED))
                    .map(RequestRecord::customerId)
                    .distinct()
                    .count())
        .duplicates(read.duplicates())
        .staleAgesMs(staleAges(b))
        .errorPct(pct(b.stream().filter(r -> !r.ok()).count(), b.size()))
        .build();
  }

  /** The ages of a second's STALE answers, ascending; null when it had none. */
  private static List<Long> staleAges(List<RequestRecord> b) {
    List<Long> ages =
        b.stream()
            .filter(r -> r.is(Origin.STALE) && r.ageMs() >= 0)
            .map(RequestRecord::ageMs)
            .sorted()
            .toList();
    return ages.isEmpty() ? null : ages;
  }

  /**
   * From the change until the fallback share over a sliding {@value #RECOVERY_WINDOW_SEC}-second
   * window drops below 5 % and stays there to the end of the step (the time is the window's end).
   */
  static Long recovery(List<TimelinePoint> timeline, Inputs in) {
    return recoveryMs(timeline, in.startMs(), in.changeMs());
  }

  /**
   * The recovery time a timeline gives a step that started at {@code startMs} and changed the
   * provider at {@code changeMs}: from the change to the end of the second {@link #recoverySecond}
   * reads (at least 0), null when the share never stays below 5 %. The analysis reads a step's own
   * timeline through it; a comparison of two runs reads redrawn timelines through it too.
   */
  public static Long recoveryMs(List<TimelinePoint> timeline, long startMs, long changeMs) {
    Integer firstGood = recoverySecond(timeline);
    if (firstGood == null) {
      return null;
    }
    return Math.max(0, startMs + firstGood * 1000L - changeMs);
  }

  /**
   * HD-01.8's reading of a timeline: the end of the second (counted from the timeline's start) from
   * which every sliding window of {@value #RECOVERY_WINDOW_SEC} s keeps the fallback share below 5
   * % to the end; null when it never does. The simulation of the rule's operating characteristic
   * reads a synthetic timeline through this same method.
   */
  public static Integer recoverySecond(List<TimelinePoint> timeline) {
    Integer firstGood = null;
    for (int i = RECOVERY_WINDOW_SEC - 1; i < timeline.size(); i++) {
      double fallbacks = 0;
      int total = 0;
      for (int j = i - RECOVERY_WINDOW_SEC + 1; j <= i; j++) {
        TimelinePoint t = timeline.get(j);
        total += t.requests();
        if (t.fallbackShare() != null) {
          fallbacks += t.fallbackShare() * t.requests() / 100.0;
        }
      }
      boolean good = total > 0 && 100.0 * fallbacks / total < RECOVERED_FALLBACK_PCT;
      if (good && firstGood == null) {
        firstGood = i + 1;
      } else if (!good) {
        firstGood = null;
      }
    }
    return firstGood;
  }
}
