package solventa.ops.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.BreakerTransition;
import solventa.ops.analysis.figures.Latency;
import solventa.ops.analysis.figures.PriceError;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepIntervals;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.analysis.hypotheses.Hypothesis;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.analysis.hypotheses.VerdictRules;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.CardReading;
import solventa.ops.protocol.ExperimentProfile;
import solventa.ops.protocol.StepKind;
import solventa.ops.protocol.StepSpec;
import solventa.ops.statistics.ClopperPearson;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * Hand-made step results for the rules' tests (and the runner's bisection test): plausible
 * defaults, each knob settable.
 */
public final class Fixture {
  public StepKind kind = StepKind.WALK;
  String run = "R1";
  BenchArm arm = BenchArm.C;
  ProviderState state = ProviderState.HEALTHY;
  double hitRate = 0.96;
  public int rate = 100;
  String policy = "count";
  int warmupSec = 0;
  int measureSec = 10;
  double p95 = 150;
  double p99 = 200;
  double errorPct = 0;
  Double fallbackPct = 3.0;
  long requests = 1_000;
  long requestsInW = 3_000;
  Long sacrificed = 5L;
  Double sacrificedPct = 0.2;
  public Long timeToOpenMs = 1_000L;
  public Long providerCalls = 10L;
  public Integer poolMaxInFlight = 5;
  public Integer poolSize = 32;
  Long rejections = 0L;
  public Long recoveryMs;
  public Long closedAfterMs;
  public long stepMs = 20_000;
  public List<TimelinePoint> timeline = List.of();
  List<BreakerTransition> transitions = List.of();
  boolean valid = true;
  List<Long> path = List.of();
  public int concurrent;
  boolean bisection;
  String id;
  Double achieved;
  Double measuredHitRate;
  String gatlingReport;
  List<Long> fallbackLatencies = List.of();
  java.util.Map<String, PriceError> priceError;
  Interval p95Ci;
  Interval p99Ci;
  boolean noIntervals;
  solventa.ops.analysis.figures.OutageCurve outage;
  Double seededHitRatePct;
  CardReading reading;

  public static Fixture step(BenchArm arm, ProviderState state) {
    Fixture f = new Fixture();
    f.arm = arm;
    f.state = state;
    return f;
  }

  /**
   * A stampede step of {@code arm} (state slow, 50 concurrent misses on one key) that made {@code
   * calls} provider calls with at most {@code inFlight} in the adapter's pool of 32.
   */
  public static Fixture stampede(BenchArm arm, long calls, int inFlight) {
    Fixture f = step(arm, ProviderState.SLOW);
    f.kind = StepKind.STAMPEDE;
    f.concurrent = 50;
    f.providerCalls = calls;
    f.poolMaxInFlight = inFlight;
    return f;
  }

  /** A result of {@code spec} itself (its id, kind, arm, state, rates, bisection flag). */
  public static Fixture of(StepSpec spec) {
    Fixture f = step(spec.arm(), spec.state());
    f.id = spec.id();
    f.kind = spec.kind();
    f.run = spec.run();
    f.hitRate = spec.hitRate();
    f.rate = spec.rate();
    f.policy = spec.policy();
    f.warmupSec = spec.warmupSec();
    f.measureSec = spec.measureSec();
    f.concurrent = spec.concurrent();
    f.bisection = spec.bisection();
    return f;
  }

  /**
   * A result of the break-point step {@code spec}, its requests in W the open model's count (rate ×
   * W).
   */
  public static Fixture breakpoint(StepSpec spec) {
    Fixture f = of(spec);
    f.requestsInW = (long) spec.rate() * ExperimentProfile.EXPOSURE_WINDOW_SEC;
    return f;
  }

  public static Fixture sweep(BenchArm arm, double h) {
    Fixture f = step(arm, ProviderState.DEGRADED);
    f.kind = StepKind.SWEEP;
    f.hitRate = h;
    return f;
  }

  public static Fixture policy(String policy, int rate) {
    Fixture f = step(BenchArm.C, ProviderState.UNRESPONSIVE);
    f.kind = StepKind.POLICY;
    f.policy = policy;
    f.rate = rate;
    f.measureSec = 30;
    f.requestsInW = (long) rate * ExperimentProfile.EXPOSURE_WINDOW_SEC; // the open model's count
    return f;
  }

  /** The step measured under another card reading ({@link CardReading}). */
  public Fixture under(CardReading r) {
    reading = r;
    return this;
  }

  public Fixture run(String r) {
    run = r;
    return this;
  }

  public Fixture latency(double p95, double p99) {
    this.p95 = p95;
    this.p99 = p99;
    return this;
  }

  /**
   * The bootstrap intervals of p95 and p99 (rules version 5); when not set, each is its point value
   * alone, [p95, p95], the narrowest a step can give.
   */
  public Fixture intervals(Interval p95Interval, Interval p99Interval) {
    p95Ci = p95Interval;
    p99Ci = p99Interval;
    return this;
  }

  /** A step read from a results.json written before rules version 5: no intervals stored. */
  public Fixture withoutIntervals() {
    noIntervals = true;
    return this;
  }

  /** The generator's achieved rate, req/s (the target rate when not set). */
  public Fixture achieved(Double rate) {
    achieved = rate;
    return this;
  }

  public Fixture errors(double pct) {
    errorPct = pct;
    return this;
  }

  /** The fallback share, or null when it was not measured. */
  public Fixture fallback(Double pct) {
    fallbackPct = pct;
    return this;
  }

  public Fixture invalid() {
    valid = false;
    return this;
  }

  public Fixture sacrificedPct(Double pct) {
    sacrificedPct = pct;
    return this;
  }

  /** {@code n} sacrificed quotes of the requests in W, and their share. */
  public Fixture sacrificed(long n) {
    sacrificed = n;
    sacrificedPct = 100.0 * n / requestsInW;
    return this;
  }

  /**
   * {@code n} sacrificed of {@code sent} requests in W: more than one step's rate × W, as trials of
   * a setting pooled together would give.
   */
  public Fixture sacrificed(long n, long sent) {
    requestsInW = sent;
    return sacrificed(n);
  }

  /** The adapter's pool in the step: the most calls in flight sampled, and bulkhead rejections. */
  public Fixture pool(Integer maxInFlight, Long rejected) {
    poolMaxInFlight = maxInFlight;
    rejections = rejected;
    return this;
  }

  /**
   * A recovery step's seconds around the provider's return to health {@code windowSec} after the
   * change: at most {@code backlogPeak} calls in flight before it (a backlog at the pool size shows
   * in second 6, where a half-open probe closed the breaker at 6 500 ms until it opened again at 7
   * 800 ms), {@code healthyPeak} after it, where {@code healthyDuplicates} duplicate calls are
   * asked in its first second; the step's own peak is the larger of the two.
   */
  public Fixture recoveryPhases(
      int windowSec, int backlogPeak, int healthyPeak, long healthyDuplicates) {
    List<TimelinePoint> out = new ArrayList<>();
    for (int i = 0; i < warmupSec + measureSec; i++) {
      boolean healthy = i >= windowSec;
      int inFlight = healthy ? healthyPeak : i == 6 ? backlogPeak : Math.min(backlogPeak, 2);
      long dup = healthy ? (i == windowSec ? healthyDuplicates : 0) : i == 6 ? 3 : 0;
      out.add(
          TimelinePoint.builder()
              .second(i)
              .requests(rate)
              .p95(p95)
              .p99(p99)
              .fallbackShare(1.0)
              .breaker(healthy ? "CLOSED" : "OPEN")
              .providerCalls(5L)
              .inFlight(inFlight)
              .customers(rate)
              .nodeP99(p99)
              .stalePct(1.0)
              .defaultPct(0.0)
              .duplicates(dup)
              .build());
    }
    timeline = out;
    transitions =
        List.of(
            new BreakerTransition(
                solventa.adapter.model.BreakerState.HALF_OPEN,
                solventa.adapter.model.BreakerState.CLOSED,
                6_500),
            new BreakerTransition(
                solventa.adapter.model.BreakerState.CLOSED,
                solventa.adapter.model.BreakerState.OPEN,
                7_800));
    poolMaxInFlight = Math.max(backlogPeak, healthyPeak);
    return this;
  }

  /** The step's warm-up and measured seconds, as a profile declares them. */
  public Fixture window(int warmup, int measure) {
    warmupSec = warmup;
    measureSec = measure;
    return this;
  }

  /** The generator's latency of the step's fallback answers since the change (null: not kept). */
  public Fixture fallbackLatencies(List<Long> ms) {
    fallbackLatencies = ms;
    return this;
  }

  /** The answers in the step's window. */
  public Fixture answers(long n) {
    requests = n;
    return this;
  }

  public Fixture path(long median, int n) {
    List<Long> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      l.add(median - 10 + (i % 21)); // spread ±10 ms around the median
    }
    path = l;
    return this;
  }

  /** The step's id (the default is built from its fields). */
  public Fixture id(String stepId) {
    id = stepId;
    return this;
  }

  /** The measured hit rate (CACHED share over the window), in percent; the target when not set. */
  public Fixture measured(double pct) {
    measuredHitRate = pct;
    return this;
  }

  public Fixture timeline(List<TimelinePoint> points) {
    timeline = List.copyOf(points);
    return this;
  }

  /** The step's Gatling HTML report, relative to the results folder. */
  public Fixture gatling(String relativePath) {
    gatlingReport = relativePath;
    return this;
  }

  /** Marks the step as one of C's bisection steps. */
  public Fixture bisection() {
    bisection = true;
    return this;
  }

  /**
   * A walk step's seconds when none were given: {@code rate} answers each, over its warm-up and
   * measured seconds, with the step's fallback share spread so that any run of whole seconds holds
   * it to within one answer (all STALE); a failure step clause (b) judges takes {@link #aging}
   * instead.
   */
  private List<TimelinePoint> secondsOfTheStep() {
    if (!timeline.isEmpty() || kind != StepKind.WALK || fallbackPct == null) {
      return timeline;
    }
    List<TimelinePoint> out = new java.util.ArrayList<>();
    double perSecond = fallbackPct * rate / 100.0;
    for (int i = 0; i < warmupSec + measureSec; i++) {
      long k = Math.round(perSecond * (i + 1)) - Math.round(perSecond * i);
      double share = 100.0 * k / rate;
      out.add(
          TimelinePoint.builder()
              .second(i)
              .requests(rate)
              .p95(p95)
              .p99(p99)
              .fallbackShare(share)
              .breaker("CLOSED")
              .providerCalls(0L)
              .inFlight(0)
              .customers(rate)
              .nodeP99(p99)
              .stalePct(share)
              .defaultPct(0.0)
              .build());
    }
    return out;
  }

  /** The step's price error of DEFAULT quotes, per line, as the request log's premiums give it. */
  public Fixture priceError(java.util.Map<String, PriceError> byLine) {
    this.priceError = byLine;
    return this;
  }

  /**
   * A failure step whose per-second fallback share follows the aging model 1 − h·(1 − t/T) (all
   * STALE), {@code perSecond} answers a second from the change, as a failing provider that
   * refreshes nothing gives (clause (b), rules version 9).
   */
  public Fixture aging(double h, int t, int perSecond) {
    return curve(h, t, perSecond, 0);
  }

  /** As {@link #aging}, the share {@code offsetPts} points off the model (0 to 100). */
  public Fixture curve(double h, int t, int perSecond, double offsetPts) {
    List<TimelinePoint> out = new ArrayList<>();
    for (int i = 0; i < warmupSec + measureSec; i++) {
      double model = 100 * (1 - h * Math.max(0, 1 - (i + 0.5) / t)) + offsetPts;
      double share =
          100.0 * Math.round(Math.max(0, Math.min(100, model)) * perSecond / 100) / perSecond;
      out.add(
          TimelinePoint.builder()
              .second(i)
              .requests(perSecond)
              .p95(p95)
              .p99(p99)
              .fallbackShare(share)
              .breaker("OPEN")
              .providerCalls(0L)
              .inFlight(0)
              .customers(perSecond)
              .nodeP99(p99)
              .stalePct(share)
              .defaultPct(0.0)
              .build());
    }
    timeline = out;
    outage = outageCurve(h, t, perSecond, offsetPts, warmupSec + measureSec);
    seededHitRatePct = h * 100;
    return this;
  }

  /**
   * The same model in bins of a tenth of a second, as the analysis keeps a failing step's answers
   * from the change ({@link solventa.ops.analysis.figures.OutageCurve}).
   */
  static solventa.ops.analysis.figures.OutageCurve outageCurve(
      double h, int t, int perSecond, double offsetPts, int seconds) {
    int perBin = Math.max(1, perSecond / 10);
    List<Integer> answers = new ArrayList<>();
    List<Integer> fallbacks = new ArrayList<>();
    List<Integer> cached = new ArrayList<>();
    for (int i = 0; i < seconds * 10; i++) {
      double model = 100 * (1 - h * Math.max(0, 1 - (i + 0.5) / 10.0 / t)) + offsetPts;
      int k = (int) Math.round(Math.max(0, Math.min(100, model)) * perBin / 100);
      answers.add(perBin);
      fallbacks.add(k);
      cached.add(perBin - k);
    }
    return new solventa.ops.analysis.figures.OutageCurve(100, answers, fallbacks, cached);
  }

  /** A failing step whose answers from the change are {@code curve}, seeded at {@code h} (%). */
  public Fixture outage(solventa.ops.analysis.figures.OutageCurve curve, Double seededPct) {
    outage = curve;
    seededHitRatePct = seededPct;
    return this;
  }

  public StepResult build() {
    StepSpec spec =
        StepSpec.builder()
            .id(
                id != null
                    ? id
                    : run + "-" + arm + "-" + state + "-" + kind + "-" + policy + rate + "-"
                        + hitRate)
            .kind(kind)
            .run(run)
            .arm(arm)
            .state(state)
            .hitRate(hitRate)
            .rate(rate)
            .policy(policy)
            .warmupSec(warmupSec)
            .measureSec(measureSec)
            .concurrent(concurrent)
            .bisection(bisection)
            .reading(reading)
            .build();
    Latency l = new Latency(requests, p95 / 2, p95, p99, p99 + 10);
    return StepResult.builder()
        .spec(spec)
        .startMs(0)
        .changeMs(0)
        .windowStartMs(0)
        .endMs(stepMs)
        .requests(requests)
        .requestsSinceChange(requestsInW)
        .achievedRate(achieved != null ? achieved : (double) rate)
        .endToEnd(l)
        .internal(l)
        .coldPath(l)
        .fallbackPath(l)
        .errorPct(errorPct)
        .fallbackPct(fallbackPct)
        .stalePct(fallbackPct)
        .defaultPct(0.0)
        .ageP50(10.0)
        .ageP95(20.0)
        .sacrificed(sacrificed)
        .sacrificedPct(sacrificedPct)
        .timeToOpenMs(timeToOpenMs)
        .providerCalls(providerCalls)
        .cacheMisses(10L)
        .providerCallsPerMiss(1.0)
        .poolMaxInFlight(poolMaxInFlight)
        .poolSize(poolSize)
        .rejections(rejections)
        .doubleLagP99(2.0)
        .recoveryMs(recoveryMs)
        .closedAfterMs(closedAfterMs)
        .assertionsPassed(true)
        .gatlingReport(gatlingReport)
        .transitions(transitions)
        .timeline(secondsOfTheStep())
        .missing(
            sacrificedPct == null ? Map.of("sacrificedPct", "the step ended before W") : Map.of())
        .hitRatePct(measuredHitRate != null ? measuredHitRate : hitRate * 100)
        .hitRateTargetPct(hitRate * 100)
        .populationSize(73)
        .scheduleLagP99Ms(3.0)
        .nodeWorstSecondP99Ms(40.0)
        .invalidations(
            valid ? List.of() : List.of("attempt 2: generator schedule lag p99 80 ms > 50 ms"))
        .valid(valid)
        .attempts(valid ? 1 : 2)
        .pathLatenciesMs(path)
        .nodes(List.of())
        .fallbackLatenciesMs(fallbackLatencies)
        .intervals(noIntervals ? null : intervals())
        .priceError(priceError)
        .outage(outage)
        .seededHitRatePct(seededHitRatePct)
        .build();
  }

  /**
   * The step's intervals: the latency ones as set, the shares' Clopper–Pearson intervals of the
   * counts the shares stand for (errors and fallbacks of the answers, sacrificed of W's requests).
   */
  private StepIntervals intervals() {
    return new StepIntervals(
        p95Ci != null ? p95Ci : new Interval(p95, p95),
        p99Ci != null ? p99Ci : new Interval(p99, p99),
        ClopperPearson.of(Math.round(errorPct * requests / 100), requests),
        fallbackPct == null
            ? null
            : ClopperPearson.of(Math.round(fallbackPct * requests / 100), requests),
        sacrificed == null || sacrificedPct == null
            ? null
            : ClopperPearson.of(sacrificed, requestsInW));
  }

  public static VerdictRules rules() {
    return VerdictRules.of(ExperimentProfile.named("full"));
  }

  /** Evaluates one hypothesis on the steps, with the given earlier verdicts and sanity checks. */
  public static Verdict eval(
      Hypothesis h, List<StepResult> steps, Map<String, Verdict> earlier, List<SanityCheck> s) {
    return h.evaluate(new Hypothesis.Input(new StepResults(steps), s, rules(), earlier));
  }

  public static Verdict eval(Hypothesis h, List<StepResult> steps) {
    return eval(h, steps, Map.of(), List.of());
  }
}
