package solventa.ops.protocol;

import java.util.List;

/**
 * How much of the card's protocol to run and how long each step lasts. {@code full} is the card's
 * protocol (three runs); {@code quick} covers every arm, state, the sweep, both policies and C'
 * with short steps and one run; {@code smoke} is the tiny end-to-end check of the test suite;
 * {@code explore} walks the designs the Recommendation chooses among, C's variants included, at
 * full's load and step lengths ({@link ExplorePlan#EXPLORED}); {@code breakpoints} bisects the
 * card's open questions (b) and (c) over the arrival rate ({@link BreakpointPlan}).
 *
 * @param walkRate arrival rate of the state walk and the sweep, req/s
 * @param measureSec the measured window of a walk or sweep step
 * @param pathMeasureSec C's healthy and degraded steps are longer: HD-01.3 needs at least 30
 *     answers on each path (C's misses healthy, its answers after the breaker opened degraded)
 * @param recoveryMeasureSec C's and C''s recovery steps are longer: HD-01.8 looks for the fallback
 *     share to fall below 5 % within 60 s
 * @param recoveryWindowSec how long the double stays at the degraded latency after toxics go
 * @param policyRates high and low traffic of the breaker policy test (the card: 200 and 10)
 * @param policyMeasureSec the policy steps: at least the exposure window W
 * @param refreshAfterSec T, the node's {@code quote.refresh-after}: known customers' values expire
 *     during the steps
 * @param neverSeenShare share of requests for customers the node has never met (DEFAULT in C)
 * @param exposureWindowSec W: the sacrificed share counts the requests sent in [change, change +
 *     W), the same in every profile
 * @param fallbackCeilingPct the actuarial ceiling on the fallback share: HD-01's clause (b) on C's
 *     degraded and unresponsive steps, and the Recommendation's on every design; an assumption the
 *     report states
 * @param countPolicyN the count policy's consecutive failures
 * @param ratePolicy the rate policy, chosen so it can act at the low traffic
 * @param gatlingReports whether Gatling writes its HTML report for each step
 * @param bisectionResolutionPts HD-01.4's bisection stops once the bracket of C's minimum hit rate
 *     (highest failing rate, lowest holding rate) is at most this many percentage points wide
 * @param maxBisectionSteps at most this many C sweep steps are added at bisected rates after the
 *     planned sweep (0: the limit is stated between the planned rates)
 * @param nodeWarmupQuotes {@code quote.warmup.quotes} of every node the run starts: the synthetic
 *     quotes a node answers before it reports ready (6000 for the measured profiles, so a node's
 *     first seconds run compiled code; fewer for smoke, whose 20 req/s checks the pipeline, not
 *     latency)
 */
public record ExperimentProfile(
    String name,
    int runs,
    int walkRate,
    int warmupSec,
    int measureSec,
    int pathMeasureSec,
    int recoveryMeasureSec,
    int recoveryWindowSec,
    List<Double> sweepHitRates,
    List<Integer> policyRates,
    int policyMeasureSec,
    int stampedeConcurrency,
    int refreshAfterSec,
    double neverSeenShare,
    int exposureWindowSec,
    double fallbackCeilingPct,
    int countPolicyN,
    RatePolicy ratePolicy,
    boolean gatlingReports,
    int bisectionResolutionPts,
    int maxBisectionSteps,
    int nodeWarmupQuotes) {

  public static final List<String> NAMES =
      List.of("smoke", "quick", "full", "explore", BreakpointPlan.PROFILE);

  /** The runs of {@code explore}: two, the second in the reverse order of the first. */
  static final int EXPLORE_RUNS = 2;

  /**
   * W, the exposure window the sacrificed share counts over: the same in every profile, so a share
   * does not depend on step length. 30 s because it is the rate policy's sliding window (the
   * policies are compared over the span in which the rate policy decides, so neither is judged on a
   * window the other cannot fill) and the card's default state window; every sacrificed request
   * falls well inside it, since even the slowest setting judged at 10 req/s (3 failures) opens
   * within a few seconds of the change. At 10 req/s it holds 300 requests, too few for one trial to
   * show a share below 1 % by its interval: HD-01.6 pools {@link #lowTrafficTrials} trials.
   */
  public static final int EXPOSURE_WINDOW_SEC = 30;

  /**
   * The trials of each low-traffic breaker setting HD-01.6 judges, in {@code full}: pooled, 12 ×
   * 300 requests in W, the fewest at which a setting's share at its floor (2 failures of 300, 0.67
   * %) can keep below 1 % by its interval, and at which the rule's operating characteristic reaches
   * its verdicts at ±δ (docs/verdict-rules.md). The profiles of one run measure one trial.
   */
  public static final int LOW_TRAFFIC_TRIALS = 12;

  /**
   * full's and explore's T ({@code quote.refresh-after}): 600 s, so the first hour of a daily
   * source's outage (D·T/T_source) is 25 s of a step, about 5 000 answers at 200 req/s, and the
   * fallback share through it, pooled over the runs, decides within a point of the ceiling (its
   * operating characteristic, docs/verdict-rules.md). At 60 s that span was 2.5 s.
   */
  static final int FULL_REFRESH_AFTER_SEC = 600;

  /**
   * The seeded hit rates of the outage steps beside the walk's design point (96 %): an outage at
   * each, so the fallback share through D is measured at three hit rates that bracket the minimum
   * one (the aging model's is 91.9 % at the declared inputs, and the measured share runs above the
   * model, and a point below it leaves the line's crossing inside the levels). 90 % needs about 13
   * 300 customers at 200 req/s and T = 600 s, seeded in a few seconds at the seeding latency.
   */
  static final List<Double> OUTAGE_LEVELS = List.of(0.90, 0.98);

  /** The card leaves "an unacceptable fallback share" to actuaries: the report assumes this. */
  public static final double FALLBACK_CEILING_PCT = 10.0;

  public static final double NEVER_SEEN_SHARE = 0.005;

  /** The rate policy: open at {@code thresholdPct} failures over {@code windowSec}, ≥ minCalls. */
  public record RatePolicy(int windowSec, int minCalls, double thresholdPct) {}

  /**
   * A measured profile's node warm-up: after 2000 synthetic quotes the JIT had not compiled the
   * HTTP path and a new node's first seconds at 400 req/s queued.
   */
  public static final int MEASURED_WARMUP_QUOTES = 6000;

  /**
   * Smoke's node warm-up: its load is 20 req/s and its figures are checked for structure, not
   * latency; 1000 quotes still compile the quote path's hot methods.
   */
  static final int SMOKE_WARMUP_QUOTES = 1000;

  /**
   * full's walk and sweep window: 25 s (5 000 answers at 200 req/s, still far above what the
   * intervals need; the error share's interval reaches 1 % only below 368 answers) so the sweep and
   * policy steps fit in every run. C's healthy and degraded steps keep 30 s ({@code
   * pathMeasureSec}: HD-01.3's 30 answers a path) and the recovery steps their own lengths.
   */
  static final int FULL_MEASURE_SEC = 25;

  /**
   * A policy step measures W and this much more: the share needs the whole of W after the change,
   * and the last seconds let the requests sent at W's end complete (a hard timeout is 0.7 s).
   */
  static final int POLICY_TAIL_SEC = 3;

  /** full bisects C's minimum hit rate down to a bracket this many points wide … */
  static final int BISECTION_RESOLUTION_PTS = 2;

  /**
   * … in at most this many extra sweep steps per arm: from the planned 90–96 % bracket two reach it
   * (93, then 91 or 94), and with no bracket one extension step reaches the sweep's end (0 %, or
   * the highest target a key set can build), as both samples' sweeps needed. A third step (3 until
   * the repeats) helped only an extension that still left a bracket wider than the resolution; its
   * time now goes to the sweeps of the second and third runs.
   */
  static final int MAX_BISECTION_STEPS = 2;

  /**
   * The protocol's rate policy: 50 % failures over 30 s with at least 5 calls. From the empty
   * window every policy step starts from, it needs 5 failures, more than 1 % of the 300 requests in
   * W at 10 req/s (3); the low-traffic grid ({@link PolicyPlan#grid}) adds settings that can open
   * within 1 % (HD-01.6's guard, {@code PolicySteps.cannotOpen}; rules version 6).
   */
  static final RatePolicy RATE_POLICY = new RatePolicy(30, 5, 50);

  public static ExperimentProfile named(String name) {
    return switch (name) {
      case "smoke" -> smoke();
      case "quick" -> quick();
      case "full" -> full();
      case "explore" -> named("full").withRuns("explore", EXPLORE_RUNS);
      case BreakpointPlan.PROFILE -> breakpoints();
      default ->
          throw new IllegalArgumentException(
              "unknown profile '" + name + "': choose one of " + String.join(", ", NAMES));
    };
  }

  /**
   * The profile a results folder ran: {@code name}'s, with the T its run recorded (its
   * environment's {@code profile} fact names every setting). A folder recorded before T changed is
   * judged with its own T, not today's.
   */
  public static ExperimentProfile asRecorded(
      String name, java.util.Map<String, String> environment) {
    ExperimentProfile p = named(name);
    String recorded = environment == null ? null : environment.get("profile");
    if (recorded != null) {
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("refreshAfterSec=(\\d+)").matcher(recorded);
      if (m.find() && Integer.parseInt(m.group(1)) != p.refreshAfterSec()) {
        p = p.withRefreshAfterSec(Integer.parseInt(m.group(1)));
      }
    }
    return p;
  }

  /** The smoke profile: the shortest walk that exercises every step kind (the tests' own). */
  private static ExperimentProfile smoke() {
    return new ExperimentProfile(
        "smoke",
        1,
        20,
        1,
        3,
        4,
        12,
        2,
        List.of(0.96, 0.50),
        List.of(40, 5),
        6,
        10,
        10,
        NEVER_SEEN_SHARE,
        EXPOSURE_WINDOW_SEC,
        FALLBACK_CEILING_PCT,
        5,
        RATE_POLICY,
        false,
        BISECTION_RESOLUTION_PTS,
        0,
        SMOKE_WARMUP_QUOTES);
  }

  /** The quick profile: one run, the card's steps at short lengths (about 12 minutes). */
  private static ExperimentProfile quick() {
    return new ExperimentProfile(
        "quick",
        1,
        100,
        2,
        5,
        10,
        20,
        5,
        List.of(0.99, 0.96, 0.90, 0.50),
        List.of(200, 10),
        EXPOSURE_WINDOW_SEC,
        50,
        20,
        NEVER_SEEN_SHARE,
        EXPOSURE_WINDOW_SEC,
        FALLBACK_CEILING_PCT,
        5,
        RATE_POLICY,
        true,
        BISECTION_RESOLUTION_PTS,
        0,
        MEASURED_WARMUP_QUOTES);
  }

  /** The full profile: the card's three runs at the card's step lengths (about 90 minutes). */
  private static ExperimentProfile full() {
    return new ExperimentProfile(
        "full",
        3,
        200,
        5,
        FULL_MEASURE_SEC,
        30,
        75,
        30,
        List.of(0.99, 0.96, 0.90, 0.50),
        List.of(200, 10),
        EXPOSURE_WINDOW_SEC + POLICY_TAIL_SEC,
        50,
        FULL_REFRESH_AFTER_SEC,
        NEVER_SEEN_SHARE,
        EXPOSURE_WINDOW_SEC,
        FALLBACK_CEILING_PCT,
        5,
        RATE_POLICY,
        true,
        BISECTION_RESOLUTION_PTS,
        MAX_BISECTION_STEPS,
        MEASURED_WARMUP_QUOTES);
  }

  /**
   * {@code breakpoints}: one run of break-point steps on C's node ({@link BreakpointPlan}), with
   * full's step lengths (a policy step W and its tail, a pool step full's warm-up and window), T
   * and warm-up; no sweep and no HD-01.4 bisection.
   */
  private static ExperimentProfile breakpoints() {
    return new ExperimentProfile(
        BreakpointPlan.PROFILE,
        1,
        BreakpointPlan.HIGHEST_RATE,
        5,
        FULL_MEASURE_SEC,
        30,
        75,
        30,
        List.of(),
        List.of(BreakpointPlan.HIGHEST_RATE, BreakpointPlan.LOWEST_RATE),
        EXPOSURE_WINDOW_SEC + POLICY_TAIL_SEC,
        50,
        60,
        NEVER_SEEN_SHARE,
        EXPOSURE_WINDOW_SEC,
        FALLBACK_CEILING_PCT,
        5,
        RATE_POLICY,
        false,
        BISECTION_RESOLUTION_PTS,
        0,
        MEASURED_WARMUP_QUOTES);
  }

  /**
   * This profile with another T ({@code quote.refresh-after}): the live lab's {@code
   * --refresh-after}.
   */
  public ExperimentProfile withRefreshAfterSec(int seconds) {
    return with(seconds, neverSeenShare, nodeWarmupQuotes);
  }

  /**
   * This profile with another node warm-up size ({@code quote.warmup.quotes}): the live lab's
   * {@code --warmup-quotes}.
   */
  public ExperimentProfile withNodeWarmupQuotes(int quotes) {
    return with(refreshAfterSec, neverSeenShare, quotes);
  }

  /** This profile with another share of requests for never-seen customers. */
  public ExperimentProfile withNeverSeenShare(double share) {
    return with(refreshAfterSec, share, nodeWarmupQuotes);
  }

  // this profile with the three settings a caller may change, every other one as it is
  private ExperimentProfile with(int refreshAfter, double neverSeen, int warmupQuotes) {
    return copy(name, runs, refreshAfter, neverSeen, warmupQuotes);
  }

  // this profile under another name with another number of runs (explore: full's steps, 2 runs)
  private ExperimentProfile withRuns(String newName, int newRuns) {
    return copy(newName, newRuns, refreshAfterSec, neverSeenShare, nodeWarmupQuotes);
  }

  private ExperimentProfile copy(
      String newName, int newRuns, int refreshAfter, double neverSeen, int warmupQuotes) {
    return new ExperimentProfile(
        newName,
        newRuns,
        walkRate,
        warmupSec,
        measureSec,
        pathMeasureSec,
        recoveryMeasureSec,
        recoveryWindowSec,
        sweepHitRates,
        policyRates,
        policyMeasureSec,
        stampedeConcurrency,
        refreshAfter,
        neverSeen,
        exposureWindowSec,
        fallbackCeilingPct,
        countPolicyN,
        ratePolicy,
        gatlingReports,
        bisectionResolutionPts,
        maxBisectionSteps,
        warmupQuotes);
  }

  /** The breaker setting a step's policy names, with this profile's count N and rate policy. */
  public BreakerSetting breakerSetting(String policy) {
    return BreakerSetting.parse(policy, countPolicyN, ratePolicy);
  }

  /**
   * The trials of each low-traffic setting HD-01.6 judges, over all runs: {@value
   * #LOW_TRAFFIC_TRIALS} with the card's three runs, one in a profile of one run (quick, smoke).
   */
  public int lowTrafficTrials() {
    return runs >= 3 ? LOW_TRAFFIC_TRIALS : 1;
  }

  /**
   * The seeded hit rates at which a design that falls back takes an outage step beside its walk's
   * ({@link #OUTAGE_LEVELS}) in {@code full} and {@code explore}; none in the profiles whose steps
   * are too short to measure the share through D.
   */
  public List<Double> outageLevels() {
    return name.equals("full") || name.equals("explore") ? OUTAGE_LEVELS : List.of();
  }

  /** The hit rate of the state walk and the policy test: the card's design point. */
  public double designHitRate() {
    return 0.96;
  }
}
