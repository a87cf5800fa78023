package solventa.ops.analysis.recommendation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.FallbackFlip;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.analysis.recommendation.Recommendation.ClauseCall;
import solventa.ops.analysis.recommendation.Recommendation.Standing;
import solventa.ops.analysis.recommendation.Recommendation.Status;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * One design judged by the Recommendation's rule (docs/verdict-rules.md, Recommendation): its walk
 * steps in every required state of every run for the latency and the fallback share, its recovery
 * steps for the stampede and the backlog. Collects the evidence of each clause apart, then gives
 * the design's standing, its three clauses and its cost.
 */
final class DesignJudgement {
  private final BenchArm arm;
  private final int refreshAfterSec;
  private final int recoveryWindowSec;
  private final Actuarial a;

  private final List<String> missing = new ArrayList<>();
  private final List<String> latencyMissing = new ArrayList<>();
  private final List<String> recoveryMissing = new ArrayList<>();
  private final List<String> misses = new ArrayList<>();
  private final List<String> aboveCeiling = new ArrayList<>();
  private final List<String> undecided = new ArrayList<>();
  private final List<String> recoveryFails = new ArrayList<>();
  private Double calls;
  private Double fallback;
  private Double age;
  private Double errors;

  DesignJudgement(BenchArm arm, int refreshAfterSec, int recoveryWindowSec, Actuarial a) {
    this.arm = arm;
    this.refreshAfterSec = refreshAfterSec;
    this.recoveryWindowSec = recoveryWindowSec;
    this.a = a;
  }

  Candidate judge(StepResults results) {
    if (results.runs().isEmpty()) {
      missing.add("no state walk was run");
      latencyMissing.add("no state walk was run");
      recoveryMissing.add("no state walk was run");
    }
    for (String run : results.runs()) {
      for (ProviderState st : Recommendation.REQUIRED_STATES) {
        requiredStep(results, run, st);
      }
      StepResult rec = results.walk(run, arm, ProviderState.RECOVERY).orElse(null);
      calls = max(calls, Recommendation.callsPerQuote(rec));
      List<String> unread = new ArrayList<>();
      recovery(rec, arm.label() + " " + run + " recovery", unread);
      missing.addAll(unread);
      recoveryMissing.addAll(unread);
    }
    return candidate(results);
  }

  /** One required walk step: its latency, then, in a failure state, its fallback share. */
  private void requiredStep(StepResults results, String run, ProviderState st) {
    StepResult s = results.walk(run, arm, st).orElse(null);
    String why = Evidence.unusable(s, arm.label() + " " + run + " " + StateNames.label(st));
    if (why != null) {
      missing.add(why);
      latencyMissing.add(why);
      return;
    }
    Call meets = Call.meets(s);
    if (meets == Call.FAILS) {
      misses.add(Evidence.describe(s) + " → misses " + Evidence.thresholds());
      return;
    }
    if (meets != Call.HOLDS) {
      // the latency cannot be shown to meet: not established, never assumed to
      String notShown =
          Call.undecided(arm.label() + " " + run + " " + StateNames.label(st), Call.Check.meets(s));
      missing.add(notShown);
      latencyMissing.add(notShown);
      return;
    }
    if (st == ProviderState.HEALTHY) {
      return;
    }
    age = max(age, s.ageP95());
    errors = max(errors, s.errorPct());
    calls = max(calls, Recommendation.callsPerQuote(s));
    if (s.fallbackPct() != null && s.fallbackPct() == 0) {
      fallback = max(fallback, 0.0);
      return; // never priced on a fallback: nothing for the ceiling to judge
    }
    fallbackShare(s, results.walk(run, arm, ProviderState.HEALTHY).orElse(null), run, st);
  }

  /** A failure step's fallback share judged as HD-01's clause (b) judges C's. */
  private void fallbackShare(StepResult s, StepResult healthy, String run, ProviderState st) {
    String who = arm.label() + " " + StateNames.label(st) + " " + run;
    FallbackFlip f = FallbackFlip.judge(who, s, healthy, refreshAfterSec, a);
    fallback = max(fallback, f.recordedFallbackPct());
    switch (f.outcome()) {
      case HOLDS -> {}
      case REFUTES ->
          aboveCeiling.add(
              who
                  + String.format(
                      Locale.ROOT,
                      " → the fallback share reaches %s %% at %s of the outage, before its %s s"
                          + " end",
                      Evidence.num(a.fallbackCeilingPct()),
                      FallbackFlip.span(f.flip()),
                      Actuarial.num(a.outageSec())));
      case TOO_CLOSE ->
          undecided.add(
              who
                  + " → fallback: too close to call, the outage of "
                  + Actuarial.num(a.outageSec())
                  + " s lies inside the flip at "
                  + FallbackFlip.span(f.flip()));
      default -> undecided.add(who + " → fallback not decidable: " + f.reason());
    }
  }

  /**
   * A recovery step as clause (c) and HD-01.8 read it (rules version 13): not usable or not read
   * leaves the design not established; a stampede once the provider is healthy again, or the pool
   * filled before that (the recovery backlog), fails it.
   */
  private void recovery(StepResult s, String who, List<String> unread) {
    String why = Evidence.unusable(s, who);
    if (why != null) {
      unread.add(why);
      return;
    }
    RecoveryPhases ph = RecoveryPhases.of(s, recoveryWindowSec);
    String unjudged = ph.unjudged();
    if (unjudged != null) {
      unread.add(unjudged + ": its recovery cannot be judged");
    } else if (ph.stampede()) {
      recoveryFails.add(
          String.format(
              Locale.ROOT,
              "%s: a stampede saturates the pool (%d duplicate calls, %d of %d in flight once the"
                  + " provider was healthy again)",
              who,
              ph.duplicates(),
              ph.peakHealthy(),
              ph.poolSize()));
      recoveryFails.add(ph.healthyText());
    } else if (ph.backlog().isPresent()) {
      recoveryFails.add(
          String.format(
              Locale.ROOT,
              "%s: the recovery backlog filled the pool (%s of %s in flight in second %d, the"
                  + " provider still degraded)",
              who,
              ph.stepPeak() == null ? ph.poolSize() : ph.stepPeak(),
              ph.poolSize(),
              ph.backlog().get().fullAtSec()));
      ph.backlogText().ifPresent(recoveryFails::add);
    }
  }

  /** The standing, the first that applies, with its evidence; the clauses; the cost. */
  private Candidate candidate(StepResults results) {
    Status status;
    List<String> evidence;
    if (!misses.isEmpty()) {
      status = Status.MISSES;
      evidence = misses;
    } else if (!missing.isEmpty()) {
      status = Status.NOT_ESTABLISHED;
      evidence = missing;
    } else if (!aboveCeiling.isEmpty()) {
      status = Status.ABOVE_CEILING;
      evidence = aboveCeiling;
    } else if (!recoveryFails.isEmpty()) {
      status = Status.RECOVERY_FAILS;
      // the fallback judgements left undecided follow: the decision names both
      evidence = new ArrayList<>(recoveryFails);
      evidence.addAll(undecided);
    } else if (!undecided.isEmpty()) {
      status = Status.FALLBACK_UNDECIDED;
      evidence = undecided;
    } else {
      status = Status.QUALIFIES;
      evidence =
          List.of(
              "meets "
                  + Acceptance.describe()
                  + " in every state of "
                  + String.join(", ", results.runs())
                  + String.format(
                      Locale.ROOT,
                      ", the fallback share within %s %% through an outage of %s s, and its"
                          + " recovery without a stampede or a backlog filling the pool",
                      Evidence.num(a.fallbackCeilingPct()),
                      Actuarial.num(a.outageSec())));
    }
    return new Candidate(
        arm, status, List.copyOf(evidence), fallback, age, errors, calls, clauses());
  }

  /** The three clauses apart (rules version 14), each with the first line that decided it. */
  private Map<Clause, ClauseCall> clauses() {
    Map<Clause, ClauseCall> clauses = new EnumMap<>(Clause.class);
    clauses.put(Clause.LATENCY, ClauseCall.of(misses, latencyMissing));
    List<String> fallbackUndecided = new ArrayList<>(undecided);
    if (clauses.get(Clause.LATENCY).standing() != Standing.MET) {
      // a failure step whose latency missed or was not established had its fallback not judged
      fallbackUndecided.add(
          arm.label()
              + ": the fallback share is not judged where the latency was not shown to meet");
    }
    clauses.put(Clause.FALLBACK, ClauseCall.of(aboveCeiling, fallbackUndecided));
    clauses.put(Clause.RECOVERY, ClauseCall.of(recoveryFails, recoveryMissing));
    return Collections.unmodifiableMap(clauses);
  }

  private static Double max(Double a, Double b) {
    if (b == null) {
      return a;
    }
    return a == null ? b : Math.max(a, b);
  }
}
