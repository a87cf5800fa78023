package solventa.ops.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.adapter.BreakerState;
import solventa.gatling.RequestRecord;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.providerdouble.control.ProviderState;
import solventa.signals.Origin;

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
      String gatlingReport,
      List<NodeInterval> nodeSeconds,
      Integer populationSize,
      boolean seeded,
      List<NodeInputs> nodes) {

    /** These inputs with {@code other} as their requests (a stored recording keeps them apart). */
    public Inputs withRequests(List<RequestRecord> other) {
      return new Inputs(
          spec,
          startMs,
          changeMs,
          windowStartMs,
          endMs,
          List.copyOf(other),
          atWindowStart,
          atEnd,
          rejectedAtStart,
          samples,
          doubleLagP99,
          assertionsPassed,
          gatlingReport,
          nodeSeconds,
          populationSize,
          seeded,
          nodes);
    }
  }

  /**
   * One cluster member's raw material when a step runs on more than one node; the {@link Inputs}
   * then hold the members' figures merged ({@link NodeStats#merge}, samples and intervals of all).
   *
   * @param authority {@code 127.0.0.1:PORT} of its quote API, as the request log records it
   */
  public record NodeInputs(
      String node,
      String authority,
      NodeStats atEnd,
      long rejectedAtStart,
      List<Sample> samples,
      List<NodeInterval> seconds) {}

  public static StepResult analyze(Inputs in) {
    Map<String, String> missing = new LinkedHashMap<>();
    Window w = Window.of(in);
    Answers a = Answers.of(in, w, missing);
    NodeStats end = in.atEnd();
    Latency internal = end == null ? Latency.EMPTY : end.internal();
    if (internal.count() == 0) {
      missing.put(
          "internal",
          end == null ? "node stats unavailable" : "the node recorded no quote in the window");
    } else if (internal.p99() == null) {
      missing.put(
          "internal",
          in.nodes().size() + " nodes: per-node percentiles do not merge; see Per node");
    }
    Breaker b = Breaker.of(in, missing);
    Sacrificed sac = Sacrificed.of(in, w, missing);
    Adapter ad = Adapter.of(in, missing);
    if (in.doubleLagP99() == null) {
      missing.put("doubleLagP99", "the double's lag could not be read");
    }
    List<TimelinePoint> timeline = timeline(in);
    Long recoveryMs = null;
    if (in.spec().state() == ProviderState.RECOVERY) {
      recoveryMs = recovery(timeline, in);
      if (recoveryMs == null) {
        missing.put(
            "recoveryMs", "the fallback share did not stay below 5 % before the step ended");
      }
      if (b.closedAfterMs() == null) {
        missing.put("closedAfterMs", b.notClosedReason());
      }
    }
    if (in.assertionsPassed() == null) {
      missing.put("assertionsPassed", "no Gatling assertion ran for this step");
    }
    Double hitTarget = hitTarget(in, missing);
    Generator g = Generator.of(in, missing);
    StepResult raw =
        new StepResult(
            in.spec(),
            in.startMs(),
            in.changeMs(),
            in.windowStartMs(),
            in.endMs(),
            w.window().size(),
            w.exposure().size(),
            a.achievedRate(),
            a.endToEnd(),
            internal,
            a.cold(),
            a.fallback(),
            a.errorPct(),
            a.fallbackPct(),
            a.stalePct(),
            a.defaultPct(),
            a.ages().p50(),
            a.ages().p95(),
            sac.count(),
            sac.pct(),
            b.timeToOpenMs(),
            ad.calls(),
            ad.misses(),
            ad.perMiss(),
            ad.maxInFlight(),
            ad.poolSize(),
            ad.rejections(),
            in.doubleLagP99(),
            recoveryMs,
            b.closedAfterMs(),
            in.assertionsPassed(),
            in.gatlingReport(),
            b.transitions(),
            timeline,
            missing,
            a.hitPct(),
            hitTarget,
            in.populationSize(),
            g.scheduleLagP99Ms(),
            g.nodeWorstSecondP99Ms(),
            List.of(),
            true,
            1,
            pathSamples(in, w.window(), b.everyOpenedAtMs()),
            nodeFigures(in, w.window(), b.transitions()));
    List<String> reasons = Sanity.invalidations(raw);
    return raw.withInvalidations(reasons, reasons.isEmpty(), 1);
  }

  /**
   * The requests sent inside the measured window (a catch-up burst after it does not count) and
   * those sent in the exposure window [change, change + W).
   */
  record Window(List<RequestRecord> window, List<RequestRecord> exposure, long exposureEnd) {
    static Window of(Inputs in) {
      List<RequestRecord> window = new ArrayList<>();
      List<RequestRecord> exposure = new ArrayList<>();
      long exposureEnd = in.changeMs() + EXPOSURE_MS;
      for (RequestRecord r : in.requests()) {
        if (r.sendMs() >= in.windowStartMs() && r.sendMs() < in.endMs()) {
          window.add(r);
        }
        if (r.sendMs() >= in.changeMs() && r.sendMs() < exposureEnd) {
          exposure.add(r);
        }
      }
      return new Window(window, exposure, exposureEnd);
    }
  }

  /** What the generator saw in the window: rate, latencies by path, shares by origin, data ages. */
  record Answers(
      Double achievedRate,
      Latency endToEnd,
      Latency cold,
      Latency fallback,
      Double errorPct,
      Double stalePct,
      Double defaultPct,
      Double fallbackPct,
      Latency ages,
      Double hitPct) {
    static Answers of(Inputs in, Window w, Map<String, String> missing) {
      List<RequestRecord> window = w.window();
      long n = window.size();
      double windowSec = Math.max(0.001, (in.endMs() - in.windowStartMs()) / 1000.0);
      Double achieved = in.spec().kind() == StepKind.STAMPEDE ? null : n / windowSec;
      if (achieved == null) {
        missing.put("achievedRate", "the stampede sends one burst, not a rate");
      }
      Latency e2e = Latency.of(window.stream().map(RequestRecord::latencyMs).toList());
      Latency cold =
          Latency.of(
              window.stream()
                  .filter(r -> r.ok() && !r.is(Origin.CACHED))
                  .map(RequestRecord::latencyMs)
                  .toList());
      Latency fb =
          Latency.of(
              window.stream()
                  .filter(RequestRecord::fallback)
                  .map(RequestRecord::latencyMs)
                  .toList());
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
      Double stalePct = share(window, Origin.STALE);
      Double defaultPct = share(window, Origin.DEFAULT);
      Double fallbackPct = stalePct == null ? null : stalePct + defaultPct;
      if (n == 0) {
        missing.put("errorPct", "no request in the window");
        missing.put("fallbackPct", "no request in the window");
      }
      Latency ages =
          Latency.of(
              window.stream().filter(r -> r.ageMs() >= 0).map(RequestRecord::ageMs).toList());
      if (ages.count() == 0) {
        missing.put("ageP50", "no priced answer carried a data age");
      }
      return new Answers(
          achieved,
          e2e,
          cold,
          fb,
          errorPct,
          stalePct,
          defaultPct,
          fallbackPct,
          ages,
          share(window, Origin.CACHED));
    }

    private static Double share(List<RequestRecord> window, Origin o) {
      return pct(window.stream().filter(r -> r.is(o)).count(), window.size());
    }
  }

  /**
   * The breakers' transitions during the step (with N nodes, N breakers: each transition names its
   * node); the first opening at or after the change (time to open: the first breaker's), when every
   * breaker had opened (the degraded path's start), and (for RECOVERY steps) when the last breaker
   * that moved in the step closed, in ms since the change; {@code notClosed} names the breaker that
   * did not close ("" for a single node's). The caller records a missing closing, after the
   * recovery time.
   */
  record Breaker(
      List<BreakerTransition> transitions,
      Long everyOpenedAtMs,
      Long timeToOpenMs,
      Long closedAfterMs,
      String notClosed) {
    static Breaker of(Inputs in, Map<String, String> missing) {
      NodeStats end = in.atEnd();
      List<BreakerTransition> transitions = new ArrayList<>();
      if (end != null) {
        for (BreakerTransition t : end.transitions()) {
          if (t.atMs() >= in.startMs() - 1 && t.atMs() <= in.endMs() + 1_000) {
            transitions.add(t);
          }
        }
      }
      Long openedAt = firstAfterChange(transitions, BreakerState.OPEN, in);
      Long timeToOpen = openedAt == null ? null : openedAt - in.changeMs();
      if (timeToOpen == null) {
        missing.put(
            "timeToOpenMs",
            end == null ? "node stats unavailable" : "the breaker did not open during the step");
      }
      Long closedAfter = null;
      String notClosed = null;
      if (in.spec().state() == ProviderState.RECOVERY) {
        // N breakers: closed once the last node whose breaker moved in the step has closed
        for (var node : byNode(transitions).entrySet()) {
          Long closedAt = firstAfterChange(node.getValue(), BreakerState.CLOSED, in);
          if (closedAt == null) {
            notClosed = node.getKey();
            closedAfter = null;
            break;
          }
          closedAfter = Math.max(closedAfter == null ? 0 : closedAfter, closedAt - in.changeMs());
        }
      }
      return new Breaker(
          transitions, everyBreakerOpened(in, transitions), timeToOpen, closedAfter, notClosed);
    }

    /** Why {@link #closedAfterMs} is missing. */
    String notClosedReason() {
      return notClosed == null || notClosed.isEmpty()
          ? "the breaker did not close during the step"
          : notClosed + "'s breaker did not close during the step";
    }

    /** Transitions per breaker: keyed by node name ("" for a single node's unnamed breaker). */
    static Map<String, List<BreakerTransition>> byNode(List<BreakerTransition> transitions) {
      Map<String, List<BreakerTransition>> out = new LinkedHashMap<>();
      for (BreakerTransition t : transitions) {
        out.computeIfAbsent(t.node() == null ? "" : t.node(), k -> new ArrayList<>()).add(t);
      }
      return out;
    }

    /**
     * When the degraded path begins: the first OPEN at or after the change with one node; with
     * several, when the last node's breaker first opened (before that, some node still waited on
     * the provider); null when a node's breaker never opened.
     */
    static Long everyBreakerOpened(Inputs in, List<BreakerTransition> transitions) {
      List<String> nodes =
          in.nodes().size() > 1 ? in.nodes().stream().map(NodeInputs::node).toList() : List.of("");
      Map<String, List<BreakerTransition>> byNode = byNode(transitions);
      Long last = null;
      for (String node : nodes) {
        Long opened = firstAfterChange(byNode.getOrDefault(node, List.of()), BreakerState.OPEN, in);
        if (opened == null) {
          return null;
        }
        last = last == null ? opened : Math.max(last, opened);
      }
      return last;
    }

    private static Long firstAfterChange(
        List<BreakerTransition> transitions, BreakerState to, Inputs in) {
      return transitions.stream()
          .filter(t -> t.to() == to && t.atMs() >= in.changeMs())
          .map(BreakerTransition::atMs)
          .findFirst()
          .orElse(null);
    }
  }

  /**
   * Sacrificed quotes: admitted under a closed breaker (stamped at admission by the node) whose
   * call failed, admitted in the fixed exposure window [change, change + W); their share of the
   * requests sent in it. The node's list is cleared at the window start, so the two readings are
   * disjoint.
   */
  record Sacrificed(Long count, Double pct) {
    static Sacrificed of(Inputs in, Window w, Map<String, String> missing) {
      NodeStats end = in.atEnd();
      if (end == null) {
        missing.put("sacrificed", "node stats unavailable");
        return new Sacrificed(null, null);
      }
      List<Long> all = new ArrayList<>(end.sacrificedAtMs());
      if (in.atWindowStart() != null) {
        all.addAll(in.atWindowStart().sacrificedAtMs());
      }
      long count = all.stream().filter(t -> t >= in.changeMs() && t < w.exposureEnd()).count();
      Double pct = null;
      if (in.endMs() < w.exposureEnd()) {
        missing.put(
            "sacrificedPct",
            String.format(
                Locale.ROOT,
                "the step ended %.1f s after the change, before the exposure window W = %d s",
                (in.endMs() - in.changeMs()) / 1000.0,
                EXPOSURE_MS / 1000));
      } else {
        pct = StepAnalyzer.pct(count, w.exposure().size());
        if (pct == null) {
          missing.put("sacrificedPct", "no request was sent in the exposure window");
        }
      }
      return new Sacrificed(count, pct);
    }
  }

  /** The node's provider calls and cache misses, and the adapter's pool as the sampler saw it. */
  record Adapter(
      Long calls,
      Long misses,
      Double perMiss,
      Integer maxInFlight,
      Integer poolSize,
      Long rejections) {
    static Adapter of(Inputs in, Map<String, String> missing) {
      NodeStats end = in.atEnd();
      Long calls = end == null ? null : end.providerCalls();
      Long misses = end == null ? null : end.cacheMisses();
      Double perMiss = null;
      if (end == null) {
        missing.put("providerCallsPerMiss", "node stats unavailable");
      } else if (!in.spec().arm().caches()) {
        missing.put("providerCallsPerMiss", "arm A has no cache, so no misses");
      } else if (misses == 0) {
        missing.put("providerCallsPerMiss", "no cache miss in the window");
      } else {
        perMiss = calls / (double) misses;
      }
      // per step: the adapter's own maximum is since the node started, so the sampler's readings
      Integer maxInFlight = mostInFlight(in, in.samples());
      if (maxInFlight == null) {
        missing.put("poolMaxInFlight", "the sampler read no adapter snapshot during the step");
      }
      return new Adapter(
          calls,
          misses,
          perMiss,
          maxInFlight,
          end == null ? null : end.poolSize(),
          end == null ? null : end.rejected() - in.rejectedAtStart());
    }
  }

  /** The generator's schedule lag p99 and the node's worst per-second p99 in the window. */
  record Generator(Double scheduleLagP99Ms, Double nodeWorstSecondP99Ms) {
    static Generator of(Inputs in, Map<String, String> missing) {
      Double lagP99 =
          in.spec().kind() == StepKind.STAMPEDE
              ? null
              : scheduleLagP99(
                  in.requests().stream().filter(r -> r.sendMs() < in.endMs()).toList(), in.spec());
      if (lagP99 == null) {
        missing.put("scheduleLagP99Ms", "no schedule: a burst, or no request was sent");
      }
      // every node's per-second readings: the worst second of any node (the stall check's input)
      Double nodeWorst = worstSecondP99(in, in.nodeSeconds());
      if (nodeWorst == null) {
        missing.put("nodeWorstSecondP99Ms", "no per-second reading of the node in the window");
      }
      return new Generator(lagP99, nodeWorst);
    }
  }

  /** The most adapter calls in flight among {@code samples} read during the step. */
  static Integer mostInFlight(Inputs in, List<Sample> samples) {
    return samples.stream()
        .filter(x -> x.atMs() >= in.startMs() && x.atMs() <= in.endMs() + 1_000)
        .map(Sample::inFlight)
        .max(Integer::compare)
        .orElse(null);
  }

  /** The highest per-second p99 among {@code seconds} read in the window. */
  static Double worstSecondP99(Inputs in, List<NodeInterval> seconds) {
    return seconds.stream()
        .filter(x -> x.atMs() > in.windowStartMs() && x.atMs() <= in.endMs() + 1_000)
        .map(NodeInterval::p99Ms)
        .filter(java.util.Objects::nonNull)
        .max(Double::compare)
        .orElse(null);
  }

  /** Each member's own figures when the step ran on several nodes; empty with one. */
  static List<NodeFigures> nodeFigures(
      Inputs in, List<RequestRecord> window, List<BreakerTransition> transitions) {
    List<NodeFigures> out = new ArrayList<>();
    for (NodeInputs n : in.nodes()) {
      NodeStats st = n.atEnd();
      out.add(
          new NodeFigures(
              n.node(),
              window.stream().filter(r -> r.node().equals(n.authority())).count(),
              st == null ? null : st.quotes(),
              st == null ? Latency.EMPTY : st.internal(),
              worstSecondP99(in, n.seconds()),
              mostInFlight(in, n.samples()),
              st == null ? null : st.poolSize(),
              st == null ? null : st.rejected() - n.rejectedAtStart(),
              st == null ? null : st.providerCalls(),
              transitions.stream().filter(t -> n.node().equals(t.node())).toList()));
    }
    return out;
  }

  /** The hit rate the step's key population was sized for; null for arm A or an unseeded step. */
  static Double hitTarget(Inputs in, Map<String, String> missing) {
    StepSpec spec = in.spec();
    Double hitTarget =
        spec.arm().caches() && in.populationSize() != null ? spec.hitRate() * 100 : null;
    if (hitTarget == null) {
      missing.put("hitRateTargetPct", "arm A has no cache");
    } else if (!in.seeded()) {
      missing.put(
          "hitRateTargetPct",
          "not seeded: the step continues the previous step's customers (their values aged)");
      hitTarget = null;
    }
    return hitTarget;
  }

  /** See {@link StepResult#pathLatenciesMs()}. */
  static List<Long> pathSamples(Inputs in, List<RequestRecord> window, Long openedAtMs) {
    if (in.spec().kind() != StepKind.WALK) {
      return List.of();
    }
    if (in.spec().state() == ProviderState.HEALTHY) {
      return window.stream()
          .filter(r -> !r.is(Origin.CACHED))
          .map(RequestRecord::latencyMs)
          .toList();
    }
    if (in.spec().state() == ProviderState.DEGRADED && openedAtMs != null) {
      return in.requests().stream()
          .filter(r -> r.sendMs() >= openedAtMs && r.sendMs() < in.endMs())
          .filter(r -> !r.is(Origin.CACHED))
          .map(RequestRecord::latencyMs)
          .toList();
    }
    return List.of();
  }

  /** W: the sacrificed share's exposure window, the same in every profile. */
  static final long EXPOSURE_MS = ExperimentProfile.EXPOSURE_WINDOW_SEC * 1000L;

  /**
   * The generator's schedule lag p99 over the step: an open model at rate λ plans its i-th send at
   * {@code t0 + i/λ}; the lag of the i-th actual send (by time) is its offset from that plan, less
   * the smallest offset (so a late first send does not hide the rest). Null without requests. The
   * runner passes the requests sent before the planned end of the injection.
   */
  static Double scheduleLagP99(List<RequestRecord> requests, StepSpec spec) {
    if (requests.isEmpty() || spec.rate() <= 0) {
      return null;
    }
    long[] sends = requests.stream().mapToLong(RequestRecord::sendMs).sorted().toArray();
    double interval = 1000.0 / spec.rate();
    double[] offsets = new double[sends.length];
    double min = Double.MAX_VALUE;
    for (int i = 0; i < sends.length; i++) {
      offsets[i] = sends[i] - sends[0] - i * interval;
      min = Math.min(min, offsets[i]);
    }
    List<Long> lags = new ArrayList<>(sends.length);
    for (double o : offsets) {
      lags.add(Math.round(o - min));
    }
    return Latency.of(lags).p99();
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
      int customers = (int) b.stream().map(RequestRecord::customerId).distinct().count();
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
      Latency ages =
          Latency.of(b.stream().filter(r -> r.ageMs() >= 0).map(RequestRecord::ageMs).toList());
      out.add(
          new TimelinePoint(
              i,
              b.size(),
              l.p95(),
              l.p99(),
              fbShare,
              breaker,
              calls,
              inFlight,
              customers,
              nodeP99,
              pct(b.stream().filter(r -> r.is(Origin.STALE)).count(), b.size()),
              pct(b.stream().filter(r -> r.is(Origin.DEFAULT)).count(), b.size()),
              ages.count() == 0 ? null : ages.p50(),
              ages.count() == 0 ? null : ages.p95()));
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
