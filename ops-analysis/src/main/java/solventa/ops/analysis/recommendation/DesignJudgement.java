package solventa.ops.analysis.recommendation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.StepResults;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.ClauseB;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.recommendation.DesignFacts.RecoveryReading;
import solventa.ops.analysis.recommendation.Recommendation.Candidate;
import solventa.ops.analysis.recommendation.Recommendation.Clause;
import solventa.ops.analysis.recommendation.Recommendation.ClauseCall;
import solventa.ops.analysis.recommendation.Recommendation.Standing;
import solventa.ops.analysis.recommendation.Recommendation.Status;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.ProviderState;

/**
 * One design judged by the Recommendation's rule (docs/verdict-rules.md, Recommendation): its walk
 * steps in every required state of every run for the latency and the fallback share, its recovery
 * steps for the stampede and the backlog. Collects the evidence of each clause apart, as facts
 * ({@link DesignFacts}), then gives the design's standing, its three clauses and its cost.
 */
final class DesignJudgement {
  private final BenchArm arm;
  private final int refreshAfterSec;
  private final int recoveryWindowSec;
  private final Actuarial a;

  private final List<Fact> missing = new ArrayList<>();
  private final List<Fact> latencyMissing = new ArrayList<>();
  private final List<Fact> recoveryMissing = new ArrayList<>();
  private final List<Fact> misses = new ArrayList<>();
  private final List<Fact> aboveCeiling = new ArrayList<>();
  private final List<Fact> undecided = new ArrayList<>();
  private final List<ClauseB> fallbackShares = new ArrayList<>();
  private final List<Fact> recoveryFails = new ArrayList<>();
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
      missing.add(new Fact.NoWalk());
      latencyMissing.add(new Fact.NoWalk());
      recoveryMissing.add(new Fact.NoWalk());
    }
    for (String run : results.runs()) {
      for (ProviderState st : Recommendation.REQUIRED_STATES) {
        requiredStep(results, run, st);
      }
      StepResult rec = results.walk(run, arm, ProviderState.RECOVERY).orElse(null);
      calls = max(calls, Recommendation.callsPerQuote(rec));
      List<Fact> unread = new ArrayList<>();
      recovery(rec, new Fact.StepRef(arm.label(), run, ProviderState.RECOVERY), unread);
      missing.addAll(unread);
      recoveryMissing.addAll(unread);
    }
    fallbackShares(results);
    return candidate(results);
  }

  /**
   * The fallback share through the outage in each failing state, pooled over the runs, as HD-01's
   * clause (b) judges C's (rules version 15): at the lab's seeded hit rate, a condition the
   * Recommendation states with the design's thresholds, not a clause it qualifies on. A state whose
   * latency was not shown to meet in every run is not judged for its fallback.
   */
  private void fallbackShares(StepResults results) {
    for (ProviderState st : Recommendation.FAILURE_STATES) {
      if (!latencyShown.contains(st)) {
        continue;
      }
      ClauseB b = ClauseB.judge(results, arm, st, refreshAfterSec, a);
      fallbackShares.add(b);
      b.steps().stream()
          .map(x -> x.pct())
          .filter(java.util.Objects::nonNull)
          .forEach(x -> fallback = max(fallback, x));
      switch (b.outcome()) {
        case HOLDS -> {}
        case REFUTES -> aboveCeiling.add(new DesignFacts.Fallback(b));
        default -> undecided.add(new DesignFacts.Fallback(b));
      }
    }
  }

  /** One required walk step: its latency, then, in a failure state, its fallback share. */
  private final java.util.Set<String> shown = new java.util.HashSet<>();

  private final java.util.Set<ProviderState> latencyShown =
      java.util.EnumSet.noneOf(ProviderState.class);

  private void requiredStep(StepResults results, String run, ProviderState st) {
    StepResult s = results.walk(run, arm, st).orElse(null);
    Fact why = Evidence.unusable(s, new Fact.StepRef(arm.label(), run, st));
    if (why != null) {
      missing.add(why);
      latencyMissing.add(why);
      return;
    }
    Call meets = Call.meets(s);
    if (meets == Call.FAILS) {
      misses.add(
          new Fact.AgainstThresholds(
              s.spec().id(), List.of(Fact.Threshold.values()), meets, Fact.Expected.ANY));
      return;
    }
    if (meets != Call.HOLDS) {
      // the latency cannot be shown to meet: not established, never assumed to
      Fact notShown = new DesignFacts.LatencyNotShown(s.spec().id());
      missing.add(notShown);
      latencyMissing.add(notShown);
      return;
    }
    shown.add(run + "/" + st);
    if (st == ProviderState.HEALTHY) {
      return;
    }
    age = max(age, s.ageP95());
    errors = max(errors, s.errorPct());
    calls = max(calls, Recommendation.callsPerQuote(s));
    if (shown.stream().filter(x -> x.endsWith("/" + st)).count() == results.runs().size()) {
      latencyShown.add(st);
    }
  }

  /**
   * A recovery step as clause (c) and HD-01.8 read it (rules version 13): not usable or not read
   * leaves the design not established; a stampede once the provider is healthy again, or the pool
   * filled before that (the recovery backlog), fails it.
   */
  private void recovery(StepResult s, Fact.StepRef ref, List<Fact> unread) {
    Fact why = Evidence.unusable(s, ref);
    if (why != null) {
      unread.add(why);
      return;
    }
    solventa.ops.analysis.hypotheses.Recovery.Time time =
        solventa.ops.analysis.hypotheses.Recovery.time(s);
    switch (time.outcome()) {
      case LATE -> recoveryFails.add(time);
      case TOO_CLOSE, NOT_YET -> unread.add(time);
      default -> {}
    }
    RecoveryPhases ph = RecoveryPhases.of(s, recoveryWindowSec);
    if (ph.unjudged() != null) {
      unread.add(reading(s, RecoveryReading.UNREAD));
    } else if (ph.stampede()) {
      recoveryFails.add(reading(s, RecoveryReading.STAMPEDE));
      recoveryFails.add(reading(s, RecoveryReading.HEALTHY_PHASE));
    } else if (ph.backlog().isPresent()) {
      recoveryFails.add(reading(s, RecoveryReading.BACKLOG));
      if (ph.backlogText().isPresent()) {
        recoveryFails.add(reading(s, RecoveryReading.BACKLOG_PHASE));
      }
    }
  }

  private Fact reading(StepResult s, RecoveryReading reading) {
    return new DesignFacts.Recovery(s.spec().id(), recoveryWindowSec, reading);
  }

  /** The standing, the first that applies, with its evidence; the clauses; the cost. */
  private Candidate candidate(StepResults results) {
    Status status;
    List<Fact> evidence;
    if (!misses.isEmpty()) {
      status = Status.MISSES;
      evidence = misses;
    } else if (!missing.isEmpty()) {
      status = Status.NOT_ESTABLISHED;
      evidence = missing;
    } else if (!recoveryFails.isEmpty()) {
      status = Status.RECOVERY_FAILS;
      evidence = recoveryFails;
    } else {
      status = Status.QUALIFIES;
      evidence = List.of(new DesignFacts.Qualifies(results.runs(), a));
    }
    return new Candidate(
        arm,
        status,
        List.copyOf(evidence),
        fallback,
        age,
        errors,
        calls,
        clauses(),
        List.copyOf(fallbackShares));
  }

  /** The three clauses apart (rules version 14), each with the first line that decided it. */
  private Map<Clause, ClauseCall> clauses() {
    Map<Clause, ClauseCall> clauses = new EnumMap<>(Clause.class);
    clauses.put(Clause.LATENCY, ClauseCall.of(misses, latencyMissing));
    List<Fact> fallbackUndecided = new ArrayList<>(undecided);
    if (clauses.get(Clause.LATENCY).standing() != Standing.MET) {
      // a failure step whose latency missed or was not established had its fallback not judged
      fallbackUndecided.add(new DesignFacts.FallbackNotJudged(arm.label()));
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
