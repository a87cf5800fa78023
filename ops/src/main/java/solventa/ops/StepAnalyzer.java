package solventa.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns one step's raw material — the generator's request log, the node's stats before and after
 * the window, the sampler's readings and the step's times — into a {@link StepResult}. Pure:
 * re-analysis runs the same code on stored inputs.
 */
public final class StepAnalyzer {
  /** HD-01.8's fallback ceiling through recovery, in percent. */
  static final double RECOVERED_FALLBACK_PCT = 5.0;

  private StepAnalyzer() {}

  /** The raw material of one step. */
  public record Inputs(
      StepSpec spec,
      long startMs,
      long changeMs,
      long windowStartMs,
      long endMs,
      List<RequestRecord> requests,
      NodeStats atWindowStart,
      NodeStats atEnd,
      long rejectedAtStart,
      List<Sample> samples,
      Double doubleLagP99,
      Boolean assertionsPassed,
      String gatlingReport) {}

  public static StepResult analyze(Inputs in) {
    Map<String, String> missing = new LinkedHashMap<>();
    StepSpec spec = in.spec();
    List<RequestRecord> window = new ArrayList<>();
    List<RequestRecord> sinceChange = new ArrayList<>();
    for (RequestRecord r : in.requests()) {
      if (r.sendMs() >= in.windowStartMs()) {
        window.add(r);
      }
      if (r.sendMs() >= in.changeMs()) {
        sinceChange.add(r);
      }
    }
    long n = window.size();
    double windowSec = Math.max(0.001, (in.endMs() - in.windowStartMs()) / 1000.0);
    Double achieved = spec.kind() == StepKind.STAMPEDE ? null : n / windowSec;
    if (achieved == null) {
      missing.put("achievedRate", "the stampede sends one burst, not a rate");
    }

    Latency e2e = Latency.of(window.stream().map(RequestRecord::latencyMs).toList());
    Latency cold =
        Latency.of(
            window.stream()
                .filter(r -> r.ok() && !r.origin().equals("CACHED"))
                .map(RequestRecord::latencyMs)
                .toList());
    Latency fb =
        Latency.of(
            window.stream().filter(RequestRecord::fallback).map(RequestRecord::latencyMs).toList());
    if (n == 0) {
      missing.put("endToEnd", "no request was sent in the window");
    }
    if (cold.count() == 0) {
      missing.put("coldPath", "no answer in the window missed the cache");
    }
    if (fb.count() == 0) {
      missing.put("fallbackPath", "no answer in the window was priced on a fallback");
    }

    Double errorPct = pct(window.stream().filter(r -> !r.ok()).count(), n);
    Double stalePct = pct(window.stream().filter(r -> r.origin().equals("STALE")).count(), n);
    Double defaultPct = pct(window.stream().filter(r -> r.origin().equals("DEFAULT")).count(), n);
    Double fallbackPct = stalePct == null ? null : stalePct + defaultPct;
    if (n == 0) {
      missing.put("errorPct", "no request in the window");
      missing.put("fallbackPct", "no request in the window");
    }
    Latency ages =
        Latency.of(window.stream().filter(r -> r.ageMs() >= 0).map(RequestRecord::ageMs).toList());
    if (ages.count() == 0) {
      missing.put("ageP50", "no priced answer carried a data age");
    }

    NodeStats end = in.atEnd();
    Latency internal = end == null ? Latency.EMPTY : end.internal();
    if (internal.count() == 0) {
      missing.put(
          "internal",
          end == null ? "node stats unavailable" : "the node recorded no quote in the window");
    }

    // Breaker: the first open transition at or after the change.
    List<BreakerTransition> transitions = new ArrayList<>();
    if (end != null) {
      for (BreakerTransition t : end.transitions()) {
        if (t.atMs() >= in.startMs() - 1 && t.atMs() <= in.endMs() + 1_000) {
          transitions.add(t);
        }
      }
    }
    Optional<BreakerTransition> open =
        transitions.stream()
            .filter(t -> t.to().equals("OPEN") && t.atMs() >= in.changeMs())
            .findFirst();
    Long timeToOpen = open.map(t -> t.atMs() - in.changeMs()).orElse(null);
    if (timeToOpen == null) {
      missing.put(
          "timeToOpenMs",
          end == null ? "node stats unavailable" : "the breaker did not open during the step");
    }

    // Sacrificed: failures under a closed breaker from the change until it opened (or the end).
    Long sacrificed = null;
    Double sacrificedPct = null;
    if (end != null) {
      long until = open.map(BreakerTransition::atMs).orElse(in.endMs());
      List<Long> all = new ArrayList<>(end.sacrificedAtMs());
      if (in.atWindowStart() != null) {
        all.addAll(in.atWindowStart().sacrificedAtMs());
      }
      sacrificed = all.stream().distinct().filter(t -> t >= in.changeMs() && t <= until).count();
      sacrificedPct = pct(sacrificed, sinceChange.size());
      if (sacrificedPct == null) {
        missing.put("sacrificedPct", "no request was sent after the change");
      }
    } else {
      missing.put("sacrificed", "node stats unavailable");
    }

    Long calls = end == null ? null : end.providerCalls();
    Long misses = end == null ? null : end.cacheMisses();
    Double perMiss = null;
    if (end == null) {
      missing.put("providerCallsPerMiss", "node stats unavailable");
    } else if (spec.arm() == Arm.A) {
      missing.put("providerCallsPerMiss", "arm A has no cache, so no misses");
    } else if (misses == 0) {
      missing.put("providerCallsPerMiss", "no cache miss in the window");
    } else {
      perMiss = calls / (double) misses;
    }

    Integer maxInFlight = end == null ? null : end.maxInFlight();
    if (spec.kind() == StepKind.STAMPEDE) {
      // the node already served a walk: its adapter's all-time maximum would not be this burst's
      maxInFlight = in.samples().stream().map(Sample::inFlight).max(Integer::compare).orElse(null);
      if (maxInFlight == null) {
        missing.put("poolMaxInFlight", "the sampler read no adapter snapshot during the burst");
      }
    }
    Integer poolSize = end == null ? null : end.poolSize();
    Long rejections = end == null ? null : end.rejected() - in.rejectedAtStart();
    if (end == null) {
      missing.put("poolMaxInFlight", "node stats unavailable");
    }
    if (in.doubleLagP99() == null) {
      missing.put("doubleLagP99", "the double's lag could not be read");
    }

    List<TimelinePoint> timeline = timeline(in);
    Long recoveryMs = null;
    Long closedAfter = null;
    if (spec.state() == State.RECOVERY) {
      recoveryMs = recovery(timeline, in);
      if (recoveryMs == null) {
        missing.put(
            "recoveryMs", "the fallback share did not stay below 5 % before the step ended");
      }
      closedAfter =
          transitions.stream()
              .filter(t -> t.to().equals("CLOSED") && t.atMs() >= in.changeMs())
              .map(t -> t.atMs() - in.changeMs())
              .findFirst()
              .orElse(null);
      if (closedAfter == null) {
        missing.put("closedAfterMs", "the breaker did not close during the step");
      }
    }
    if (in.assertionsPassed() == null) {
      missing.put("assertionsPassed", "no Gatling assertion ran for this step");
    }
    return new StepResult(
        spec,
        in.startMs(),
        in.changeMs(),
        in.windowStartMs(),
        in.endMs(),
        n,
        sinceChange.size(),
        achieved,
        e2e,
        internal,
        cold,
        fb,
        errorPct,
        fallbackPct,
        stalePct,
        defaultPct,
        ages.p50(),
        ages.p95(),
        sacrificed,
        sacrificedPct,
        timeToOpen,
        calls,
        misses,
        perMiss,
        maxInFlight,
        poolSize,
        rejections,
        in.doubleLagP99(),
        recoveryMs,
        closedAfter,
        in.assertionsPassed(),
        in.gatlingReport(),
        transitions,
        timeline,
        missing);
  }

  static Double pct(long part, long whole) {
    return whole == 0 ? null : 100.0 * part / whole;
  }

  /** Per-second view of the step from its start: generator records plus sampler readings. */
  static List<TimelinePoint> timeline(Inputs in) {
    int seconds = (int) Math.max(1, Math.ceil((in.endMs() - in.startMs()) / 1000.0));
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
    List<TimelinePoint> out = new ArrayList<>();
    List<Sample> samples = in.samples();
    // provider calls are a counter the node resets at the window start: a drop means a reset
    Long prevCalls = samples.isEmpty() ? null : samples.get(0).providerCalls();
    int si = 0;
    for (int i = 0; i < seconds; i++) {
      List<RequestRecord> b = buckets.get(i);
      Latency l = Latency.of(b.stream().map(RequestRecord::latencyMs).toList());
      Double fbShare = pct(b.stream().filter(RequestRecord::fallback).count(), b.size());
      long secondEnd = in.startMs() + (i + 1) * 1000L;
      Sample last = null;
      while (si < samples.size() && samples.get(si).atMs() <= secondEnd) {
        last = samples.get(si++);
      }
      Long calls = null;
      String breaker = null;
      Integer inFlight = null;
      if (last != null) {
        breaker = last.breaker();
        inFlight = last.inFlight();
        long now = last.providerCalls();
        calls = now >= prevCalls ? now - prevCalls : now;
        prevCalls = now;
      }
      out.add(new TimelinePoint(i, b.size(), l.p95(), l.p99(), fbShare, breaker, calls, inFlight));
    }
    return out;
  }

  /**
   * Seconds per window of the recovery criterion: per-second shares are too coarse at low rates.
   */
  static final int RECOVERY_WINDOW_SEC = 5;

  /**
   * From the change until the fallback share over a sliding {@value #RECOVERY_WINDOW_SEC}-second
   * window drops below 5 % and stays there to the end of the step (the time is the window's end).
   */
  static Long recovery(List<TimelinePoint> timeline, Inputs in) {
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
    if (firstGood == null) {
      return null;
    }
    return Math.max(0, in.startMs() + firstGood * 1000L - in.changeMs());
  }
}
