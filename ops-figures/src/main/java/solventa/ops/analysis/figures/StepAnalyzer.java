package solventa.ops.analysis.figures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.gatling.RequestRecord;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.signals.Origin;
import solventa.vocabulary.ProviderState;

/**
 * Turns one step's raw material — the generator's request log, the node's stats before and after
 * the window, the sampler's readings and the step's times — into a {@link StepResult}. Pure:
 * re-analysis runs the same code on stored inputs.
 */
public final class StepAnalyzer {
  /** HD-01.8's fallback ceiling through recovery, in percent. */
  static final double RECOVERED_FALLBACK_PCT = 5.0;

  private StepAnalyzer() {}

  /**
   * The raw material of one step, grouped as it was recorded: when the step ran ({@link Times}),
   * what the generator did ({@link Load}), what the nodes showed ({@link Readings}) and the step's
   * known customers ({@link Known}). Stored as {@code steps/<id>/inputs.json.gz} ({@code
   * StepRecording}, which still reads the flat form of recordings made before).
   */
  public record Inputs(StepSpec spec, Times times, Load load, Readings readings, Known known) {

    /**
     * When the step ran, epoch ms: its start, the provider's change, the window's start, its end.
     */
    public record Times(long startMs, long changeMs, long windowStartMs, long endMs) {}

    /** What the generator did: every request it sent, its assertions, its HTML report (or null). */
    public record Load(
        List<RequestRecord> requests, Boolean assertionsPassed, String gatlingReport) {}

    /**
     * What the nodes showed: the stats at the window's start (null without a warm-up slice) and at
     * the end (a cluster's merged), the adapter's rejections before the step, the 250 ms samples,
     * the node's own latency per second, the double's lag, and each member's own.
     */
    public record Readings(
        NodeStats atWindowStart,
        NodeStats atEnd,
        long rejectedAtStart,
        List<Sample> samples,
        List<NodeInterval> nodeSeconds,
        Double doubleLagP99,
        List<NodeInputs> nodes) {}

    /**
     * The step's known customers: how many (null for an arm without a cache), seeded or not, and
     * the hit rate their seeded values give at the step's start (the share of requests whose
     * customer was seeded fresh; null when not seeded, or recorded before it was kept).
     */
    public record Known(Integer populationSize, boolean seeded, Double seededHitRate) {
      public Known(Integer populationSize, boolean seeded) {
        this(populationSize, seeded, null);
      }
    }

    /** These inputs with {@code other} as their requests (a stored recording keeps them apart). */
    public Inputs withRequests(List<RequestRecord> other) {
      return new Inputs(
          spec,
          times,
          new Load(List.copyOf(other), load.assertionsPassed(), load.gatlingReport()),
          readings,
          known);
    }

    // what the analysis reads, by name
    public long startMs() {
      return times.startMs();
    }

    public long changeMs() {
      return times.changeMs();
    }

    public long windowStartMs() {
      return times.windowStartMs();
    }

    public long endMs() {
      return times.endMs();
    }

    public List<RequestRecord> requests() {
      return load.requests();
    }

    public Boolean assertionsPassed() {
      return load.assertionsPassed();
    }

    public String gatlingReport() {
      return load.gatlingReport();
    }

    public NodeStats atWindowStart() {
      return readings.atWindowStart();
    }

    public NodeStats atEnd() {
      return readings.atEnd();
    }

    public long rejectedAtStart() {
      return readings.rejectedAtStart();
    }

    public List<Sample> samples() {
      return readings.samples();
    }

    public List<NodeInterval> nodeSeconds() {
      return readings.nodeSeconds();
    }

    public Double doubleLagP99() {
      return readings.doubleLagP99();
    }

    public List<NodeInputs> nodes() {
      return readings.nodes();
    }

    public Integer populationSize() {
      return known.populationSize();
    }

    public boolean seeded() {
      return known.seeded();
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
    StepAnswers a = StepAnswers.of(in, w, missing);
    Latency internal = internal(in, missing);
    StepBreaker b = StepBreaker.of(in, missing);
    Sacrificed sac = Sacrificed.of(in, w, missing);
    StepAdapter ad = StepAdapter.of(in, missing);
    if (in.doubleLagP99() == null) {
      missing.put("doubleLagP99", "the double's lag could not be read");
    }
    List<TimelinePoint> timeline = StepTimeline.timeline(in);
    Long recoveryMs = recoveryMs(in, timeline, b, missing);
    if (in.assertionsPassed() == null) {
      missing.put("assertionsPassed", "no Gatling assertion ran for this step");
    }
    Double hitTarget = hitTarget(in, missing);
    Generator g = Generator.of(in, missing);
    StepResult raw =
        StepResult.builder()
            .spec(in.spec())
            .startMs(in.startMs())
            .changeMs(in.changeMs())
            .windowStartMs(in.windowStartMs())
            .endMs(in.endMs())
            .requests(w.window().size())
            .requestsSinceChange(w.exposure().size())
            .achievedRate(a.achievedRate())
            .endToEnd(a.endToEnd())
            .internal(internal)
            .coldPath(a.cold())
            .fallbackPath(a.fallback())
            .errorPct(a.errorPct())
            .fallbackPct(a.fallbackPct())
            .stalePct(a.stalePct())
            .defaultPct(a.defaultPct())
            .ageP50(a.ages().p50())
            .ageP95(a.ages().p95())
            .sacrificed(sac.count())
            .sacrificedPct(sac.pct())
            .timeToOpenMs(b.timeToOpenMs())
            .providerCalls(ad.calls())
            .cacheMisses(ad.misses())
            .providerCallsPerMiss(ad.perMiss())
            .poolMaxInFlight(ad.maxInFlight())
            .poolSize(ad.poolSize())
            .rejections(ad.rejections())
            .doubleLagP99(in.doubleLagP99())
            .recoveryMs(recoveryMs)
            .closedAfterMs(b.closedAfterMs())
            .assertionsPassed(in.assertionsPassed())
            .gatlingReport(in.gatlingReport())
            .transitions(b.transitions())
            .timeline(timeline)
            .missing(missing)
            .hitRatePct(a.hitPct())
            .hitRateTargetPct(hitTarget)
            .populationSize(in.populationSize())
            .scheduleLagP99Ms(g.scheduleLagP99Ms())
            .nodeWorstSecondP99Ms(g.nodeWorstSecondP99Ms())
            .invalidations(List.of())
            .valid(true)
            .attempts(1)
            .pathLatenciesMs(pathSamples(in, w.window(), b.everyOpenedAtMs()))
            .nodes(StepMembers.nodeFigures(in, w.window(), b.transitions()))
            .fallbackLatenciesMs(BudgetExpiry.latencies(in))
            .intervals(StepIntervals.of(w, sac.count(), sac.pct(), missing))
            .priceError(PriceError.of(w.window()))
            .outage(OutageCurve.of(in.spec().state(), in.requests(), in.changeMs(), in.endMs()))
            .seededHitRatePct(
                in.known().seededHitRate() == null ? null : 100 * in.known().seededHitRate())
            .build();
    List<String> reasons = Sanity.invalidations(raw);
    return raw.withInvalidations(reasons, reasons.isEmpty(), 1);
  }

  /** The node's own service time over the window, or why it is missing. */
  static Latency internal(Inputs in, Map<String, String> missing) {
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
    return internal;
  }

  /**
   * A RECOVERY step's recovery time (HD-01.8), or null with the reasons it and the closing lack.
   */
  static Long recoveryMs(
      Inputs in, List<TimelinePoint> timeline, StepBreaker b, Map<String, String> missing) {
    if (in.spec().state() != ProviderState.RECOVERY) {
      return null;
    }
    Long recoveryMs = StepTimeline.recovery(timeline, in);
    if (recoveryMs == null) {
      missing.put("recoveryMs", "the fallback share did not stay below 5 % before the step ended");
    }
    if (b.closedAfterMs() == null) {
      missing.put("closedAfterMs", b.notClosedReason());
    }
    return recoveryMs;
  }

  /**
   * The requests of {@code in} the step's figures are computed over: those sent inside the measured
   * window (a catch-up burst after it does not count), in the order they were recorded.
   */
  public static List<RequestRecord> window(Inputs in) {
    return Window.of(in).window();
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

  /** The generator's schedule lag p99 and the node's worst per-second p99 in the window. */
  record Generator(Double scheduleLagP99Ms, Double nodeWorstSecondP99Ms) {
    static Generator of(Inputs in, Map<String, String> missing) {
      Double lagP99 =
          in.spec().kind() == StepKind.STAMPEDE
              ? null
              : ScheduleLag.p99(
                  in.requests().stream().filter(r -> r.sendMs() < in.endMs()).toList(), in.spec());
      if (lagP99 == null) {
        missing.put("scheduleLagP99Ms", "no schedule: a burst, or no request was sent");
      }
      // every node's per-second readings: the worst second of any node (the stall check's input)
      Double nodeWorst = StepMembers.worstSecondP99(in, in.nodeSeconds());
      if (nodeWorst == null) {
        missing.put("nodeWorstSecondP99Ms", "no per-second reading of the node in the window");
      }
      return new Generator(lagP99, nodeWorst);
    }
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
          "not seeded: the step's customers were not stored for it (it continues the previous"
              + " step's, whose values aged, or starts on an empty Redis)");
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

  static Double pct(long part, long whole) {
    return whole == 0 ? null : 100.0 * part / whole;
  }
}
