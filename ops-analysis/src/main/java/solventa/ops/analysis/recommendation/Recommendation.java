package solventa.ops.analysis.recommendation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Thresholds;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * The card's decision (its intermediate-result rule, docs/verdict-rules.md "Recommendation"): the
 * simplest design, in the order {@link #SIMPLEST_FIRST}, that meets the latency requirements
 * (EC-LAT-01/02: p95 and p99 at the generator, at most 1 % errors) in every state they name ({@link
 * #REQUIRED_STATES}: healthy, and EC-LAT-09's degraded, unresponsive and down) in every run, with
 * its fallback share within the actuarial ceiling in every failure state, and whose recovery (rules
 * version 13) neither stampedes nor backs up the adapter's pool. Each design is judged from its
 * walk steps alone; a step that was not run or is not usable leaves the design "not established",
 * never assumed to meet.
 *
 * @param recommended the design recommended, or empty when none qualifies
 * @param candidates every design, simplest first, with its status, evidence and cost
 * @param actuarial the actuarial inputs the fallback share is judged with (assumptions, stated)
 * @param refreshAfterSec the lab's T the fallback shares were mapped with
 */
public record Recommendation(
    Optional<BenchArm> recommended,
    List<Candidate> candidates,
    Actuarial actuarial,
    int refreshAfterSec) {

  /** From the simplest design to the most complex: what a team would build first comes first. */
  public static final List<BenchArm> SIMPLEST_FIRST = List.of(BenchArm.values());

  /** The failing states of EC-LAT-09, whose fallback share through the outage is the condition. */
  public static final List<ProviderState> FAILURE_STATES =
      List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE, ProviderState.DOWN);

  /** Healthy (EC-LAT-01/02) and the failure states of EC-LAT-09. */
  public static final List<ProviderState> REQUIRED_STATES =
      List.of(
          ProviderState.HEALTHY,
          ProviderState.DEGRADED,
          ProviderState.UNRESPONSIVE,
          ProviderState.DOWN);

  public enum Status {
    /**
     * Meets what the lab decides in every run: the latency requirements in every required state,
     * and a recovery without a stampede or a backlog filling the pool, back under 5 % of fallback
     * within 60 s. Its fallback share through an outage rests on production facts: its conditions
     * are its thresholds.
     */
    QUALIFIES,
    /**
     * Meets the latency requirements everywhere, but at recovery a stampede or the recovery backlog
     * filled the adapter's pool, or the fallback share was not back under 5 % within 60 s, in some
     * run.
     */
    RECOVERY_FAILS,
    /** Misses the latency requirements in at least one required step. */
    MISSES,
    /** A required step was not run or is not usable: the evidence is incomplete. */
    NOT_ESTABLISHED
  }

  /**
   * One design's standing: its status, the evidence (one fact per deciding step, or the missing
   * step, worded by the report), and its cost over the failure states: the highest fallback share
   * through the outage (one step's, {@link ClauseB}), the highest p95 of the age of the data quotes
   * were priced with, the highest error share, and the most provider calls per quote over the
   * failure and recovery steps (each null when no step had it); and its fallback share through the
   * outage in each failing state at the lab's hit rate (its thresholds, the conditions of its
   * recommendation, are {@link Thresholds}', computed once by the analysis).
   */
  public record Candidate(
      BenchArm arm,
      Status status,
      List<Fact> evidence,
      Double worstFallbackPct,
      Double worstAgeP95Ms,
      Double worstErrorPct,
      Double worstCallsPerQuote,
      Map<Clause, ClauseCall> clauses,
      List<ClauseB> fallback) {

    /** How many of the clauses the lab decides ({@link #DECIDED}) it meets, misses or leaves. */
    public long count(Standing standing) {
      return DECIDED.stream().filter(c -> clauses.get(c).standing() == standing).count();
    }
  }

  /** The three things a design must show (rules version 14 names them apart). */
  public enum Clause {
    /** The latency requirements in every required state. */
    LATENCY,
    /**
     * The fallback share within the ceiling through the outage, at the lab's seeded hit rate: shown
     * and counted for the closest design, never a condition of qualifying (it rests on the
     * production hit rate, which the thresholds state).
     */
    FALLBACK,
    /** A recovery without a stampede or a backlog filling the pool, back under 5 % within 60 s. */
    RECOVERY
  }

  /**
   * The clauses the lab decides (rules version 15): the latency and the recovery. The fallback
   * share through an outage rests on the production hit rate and the outage's length, which the
   * design's thresholds state as its conditions.
   */
  public static final List<Clause> DECIDED = List.of(Clause.LATENCY, Clause.RECOVERY);

  /** A clause met, missed, or not decided (too close to call, not run, not usable, not read). */
  public enum Standing {
    MET,
    MISSED,
    UNDECIDED
  }

  /**
   * One clause's standing for a design, with the first fact of evidence that decided it (null when
   * met).
   */
  public record ClauseCall(Standing standing, Fact evidence) {
    static ClauseCall of(List<Fact> missed, List<Fact> undecided) {
      if (!missed.isEmpty()) {
        return new ClauseCall(Standing.MISSED, missed.get(0));
      }
      if (!undecided.isEmpty()) {
        return new ClauseCall(Standing.UNDECIDED, undecided.get(0));
      }
      return new ClauseCall(Standing.MET, null);
    }
  }

  /**
   * @param refreshAfterSec the lab's T: each failing state's fallback share is judged as HD-01's
   *     clause (b) judges C's ({@link ClauseB})
   * @param recoveryWindowSec the profile's recovery window: a recovery step's seconds after it are
   *     the ones with the provider healthy again ({@link RecoveryPhases})
   * @param a the actuarial inputs
   */
  public static Recommendation of(
      StepResults results, int refreshAfterSec, int recoveryWindowSec, Actuarial a) {
    List<Candidate> candidates = new ArrayList<>();
    for (BenchArm arm : SIMPLEST_FIRST) {
      if (isCandidate(results, arm)) {
        candidates.add(
            new DesignJudgement(arm, refreshAfterSec, recoveryWindowSec, a).judge(results));
      }
    }
    Optional<BenchArm> pick =
        candidates.stream()
            .filter(c -> c.status() == Status.QUALIFIES)
            .map(Candidate::arm)
            .findFirst();
    return new Recommendation(pick, List.copyOf(candidates), a, refreshAfterSec);
  }

  /**
   * The card's arms, and each variant the results walked through every required state and the
   * recovery in some run: a variant an experiment did not run, or walked only where it differs
   * (B+CB in full, C+CR in quick, the budget variants and C+SD in explore), is not listed as
   * missing.
   */
  static boolean isCandidate(StepResults results, BenchArm arm) {
    if (!arm.isVariant()) {
      return true;
    }
    for (String run : results.runs()) {
      if (REQUIRED_STATES.stream().allMatch(st -> results.walk(run, arm, st).isPresent())
          && results.walk(run, arm, ProviderState.RECOVERY).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Provider calls per quote in a step: the node's calls in the measured window (its counters are
   * reset at the window's start) ÷ the window's answers; null when either was not measured.
   */
  public static Double callsPerQuote(StepResult s) {
    if (s == null
        || s.providerCalls() == null
        || s.endToEnd() == null
        || s.endToEnd().count() == 0) {
      return null;
    }
    return s.providerCalls() / (double) s.endToEnd().count();
  }

  /**
   * The design closest to qualifying ({@link ClosestDesign}): the most clauses met, then the fewest
   * missed, then the simplest; empty when no design is shown to meet any clause.
   */
  public Optional<Candidate> closest() {
    return ClosestDesign.of(candidates);
  }

  /** {@code arm}'s thresholds over {@code results}, the conditions of its recommendation. */
  public Thresholds thresholds(StepResults results, BenchArm arm) {
    return Thresholds.of(results, arm, FAILURE_STATES, refreshAfterSec, actuarial);
  }

  public Candidate candidate(BenchArm arm) {
    return candidates.stream().filter(c -> c.arm() == arm).findFirst().orElseThrow();
  }
}
