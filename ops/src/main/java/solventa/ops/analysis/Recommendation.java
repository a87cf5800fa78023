package solventa.ops.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import solventa.gatling.Acceptance;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.providerdouble.control.ProviderState;

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
 */
public record Recommendation(
    Optional<BenchArm> recommended, List<Candidate> candidates, Actuarial actuarial) {

  /** From the simplest design to the most complex: what a team would build first comes first. */
  public static final List<BenchArm> SIMPLEST_FIRST = List.of(BenchArm.values());

  /** Healthy (EC-LAT-01/02) and the failure states of EC-LAT-09. */
  public static final List<ProviderState> REQUIRED_STATES =
      List.of(
          ProviderState.HEALTHY,
          ProviderState.DEGRADED,
          ProviderState.UNRESPONSIVE,
          ProviderState.DOWN);

  public enum Status {
    /** Meets the requirements in every required state of every run, fallback within the ceiling. */
    QUALIFIES,
    /** Meets the latency requirements everywhere, but its fallback share exceeds the ceiling. */
    ABOVE_CEILING,
    /**
     * Meets the latency requirements everywhere, but at recovery a stampede or the recovery backlog
     * filled the adapter's pool in some run.
     */
    RECOVERY_FAILS,
    /**
     * Meets the latency requirements everywhere, but whether its fallback share stays within the
     * ceiling through the outage is too close to call or cannot be decided.
     */
    FALLBACK_UNDECIDED,
    /** Misses the latency requirements in at least one required step. */
    MISSES,
    /** A required step was not run or is not usable: the evidence is incomplete. */
    NOT_ESTABLISHED
  }

  /**
   * One design's standing: its status, the evidence (one line per deciding step, or the missing
   * step), and its cost over the failure states: the highest fallback share, the highest p95 of the
   * age of the data quotes were priced with, the highest error share, and the most provider calls
   * per quote over the failure and recovery steps (each null when no step had it).
   */
  public record Candidate(
      BenchArm arm,
      Status status,
      List<String> evidence,
      Double worstFallbackPct,
      Double worstAgeP95Ms,
      Double worstErrorPct,
      Double worstCallsPerQuote,
      Map<Clause, ClauseCall> clauses) {

    /** How many of the three clauses it misses, and how many it leaves undecided. */
    long count(Standing standing) {
      return clauses.values().stream().filter(c -> c.standing() == standing).count();
    }
  }

  /** The three things a design must show (rules version 14 names them apart). */
  public enum Clause {
    LATENCY("the latency requirements"),
    FALLBACK("the fallback share within the ceiling through the outage"),
    RECOVERY("a recovery without a stampede or a backlog filling the pool");

    private final String words;

    Clause(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  /** A clause met, missed, or not decided (too close to call, not run, not usable, not read). */
  public enum Standing {
    MET,
    MISSED,
    UNDECIDED
  }

  /**
   * One clause's standing for a design, with the first line of evidence that decided it (null when
   * met).
   */
  public record ClauseCall(Standing standing, String evidence) {
    static ClauseCall of(List<String> missed, List<String> undecided) {
      if (!missed.isEmpty()) {
        return new ClauseCall(Standing.MISSED, missed.get(0));
      }
      if (!undecided.isEmpty()) {
        return new ClauseCall(Standing.UNDECIDED, undecided.get(0));
      }
      return new ClauseCall(Standing.MET, null);
    }
  }

  /** The price error of fallback quotes: a cost the lab does not measure yet, and why. */
  public static final String PRICE_ERROR_NOT_MEASURED =
      "not measured: the lab does not yet price a fallback quote against the premium its"
          + " customer's fresh profile gives";

  /**
   * @param refreshAfterSec the lab's T: each failure step's fallback share is judged as HD-01's
   *     clause (b) judges C's, in the source's refresh policy ({@link FallbackFlip})
   * @param recoveryWindowSec the profile's recovery window: a recovery step's seconds after it are
   *     the ones with the provider healthy again ({@link RecoveryPhases})
   * @param a the actuarial inputs
   */
  public static Recommendation of(
      StepResults results, int refreshAfterSec, int recoveryWindowSec, Actuarial a) {
    List<Candidate> candidates = new ArrayList<>();
    for (BenchArm arm : SIMPLEST_FIRST) {
      if (isCandidate(results, arm)) {
        candidates.add(judge(results, arm, refreshAfterSec, recoveryWindowSec, a));
      }
    }
    Optional<BenchArm> pick =
        candidates.stream()
            .filter(c -> c.status() == Status.QUALIFIES)
            .map(Candidate::arm)
            .findFirst();
    return new Recommendation(pick, List.copyOf(candidates), a);
  }

  /**
   * The card's arms, and each variant the results walked through every required state and the
   * recovery in some run: a variant an experiment did not run, or walked only where it differs
   * (B+CB in full, C+CR in quick, the budget variants in explore), is not listed as missing.
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

  private static Candidate judge(
      StepResults results, BenchArm arm, int refreshAfterSec, int recoveryWindowSec, Actuarial a) {
    double ceilingPct = a.fallbackCeilingPct();
    List<String> missing = new ArrayList<>();
    List<String> latencyMissing = new ArrayList<>();
    List<String> recoveryMissing = new ArrayList<>();
    List<String> misses = new ArrayList<>();
    List<String> aboveCeiling = new ArrayList<>();
    List<String> undecided = new ArrayList<>();
    List<String> recoveryFails = new ArrayList<>();
    Double calls = null;
    Double fallback = null;
    Double age = null;
    Double errors = null;
    if (results.runs().isEmpty()) {
      missing.add("no state walk was run");
      latencyMissing.add("no state walk was run");
      recoveryMissing.add("no state walk was run");
    }
    for (String run : results.runs()) {
      for (ProviderState st : REQUIRED_STATES) {
        StepResult s = results.walk(run, arm, st).orElse(null);
        String why = Evidence.unusable(s, arm.label() + " " + run + " " + StateNames.label(st));
        if (why != null) {
          missing.add(why);
          latencyMissing.add(why);
          continue;
        }
        Call meets = Call.meets(s);
        if (meets == Call.FAILS) {
          misses.add(Evidence.describe(s) + " → misses " + Evidence.thresholds());
          continue;
        }
        if (meets != Call.HOLDS) {
          // the latency cannot be shown to meet: not established, never assumed to
          String undecidedLatency =
              Call.undecided(
                  arm.label() + " " + run + " " + StateNames.label(st), Call.Check.meets(s));
          missing.add(undecidedLatency);
          latencyMissing.add(undecidedLatency);
          continue;
        }
        if (st == ProviderState.HEALTHY) {
          continue;
        }
        age = max(age, s.ageP95());
        errors = max(errors, s.errorPct());
        calls = max(calls, callsPerQuote(s));
        String who = arm.label() + " " + StateNames.label(st) + " " + run;
        if (s.fallbackPct() != null && s.fallbackPct() == 0) {
          fallback = max(fallback, 0.0);
          continue; // never priced on a fallback: nothing for the ceiling to judge
        }
        StepResult healthy = results.walk(run, arm, ProviderState.HEALTHY).orElse(null);
        FallbackFlip f = FallbackFlip.judge(who, s, healthy, refreshAfterSec, a);
        fallback = max(fallback, f.recordedFallbackPct());
        switch (f.outcome()) {
          case HOLDS -> {}
          case REFUTES ->
              aboveCeiling.add(
                  who
                      + String.format(
                          Locale.ROOT,
                          " → the fallback share reaches %s %% at %s of the outage, before its"
                              + " %s s end",
                          Evidence.num(ceilingPct),
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
      StepResult rec = results.walk(run, arm, ProviderState.RECOVERY).orElse(null);
      calls = max(calls, callsPerQuote(rec));
      List<String> unread = new ArrayList<>();
      recovery(
          rec, arm.label() + " " + run + " recovery", recoveryWindowSec, unread, recoveryFails);
      missing.addAll(unread);
      recoveryMissing.addAll(unread);
    }
    Map<Clause, ClauseCall> clauses = new EnumMap<>(Clause.class);
    clauses.put(Clause.LATENCY, ClauseCall.of(misses, latencyMissing));
    List<String> fallbackUndecided = new ArrayList<>(undecided);
    if (clauses.get(Clause.LATENCY).standing() != Standing.MET) {
      // a failure step whose latency missed or was not established had its fallback not judged
      fallbackUndecided.add(
          arm.label()
              + ": the fallback share is not judged where the latency was not shown to"
              + " meet");
    }
    clauses.put(Clause.FALLBACK, ClauseCall.of(aboveCeiling, fallbackUndecided));
    clauses.put(Clause.RECOVERY, ClauseCall.of(recoveryFails, recoveryMissing));
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
                      Evidence.num(ceilingPct),
                      Actuarial.num(a.outageSec())));
    }
    return new Candidate(
        arm,
        status,
        List.copyOf(evidence),
        fallback,
        age,
        errors,
        calls,
        Collections.unmodifiableMap(clauses));
  }

  /**
   * A recovery step as clause (c) and HD-01.8 read it (rules version 13): not usable or not read
   * leaves the design not established; a stampede once the provider is healthy again, or the pool
   * filled before that (the recovery backlog), fails it.
   */
  private static void recovery(
      StepResult s, String who, int windowSec, List<String> missing, List<String> recoveryFails) {
    String why = Evidence.unusable(s, who);
    if (why != null) {
      missing.add(why);
      return;
    }
    RecoveryPhases ph = RecoveryPhases.of(s, windowSec);
    String unjudged = ph.unjudged();
    if (unjudged != null) {
      missing.add(unjudged + ": its recovery cannot be judged");
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

  private static Double max(Double a, Double b) {
    if (b == null) {
      return a;
    }
    return a == null ? b : Math.max(a, b);
  }

  /** The decision in one sentence, naming the design, or why none is recommended. */
  public String sentence() {
    if (recommended.isPresent()) {
      Candidate c = candidate(recommended.get());
      return String.format(
          Locale.ROOT,
          "Recommended: arm %s, the simplest design that meets the latency requirements in every"
              + " required state of every run, at a cost of at most %s %% of quotes priced on a"
              + " fallback and %s %% errors in the failure states.",
          c.arm().label(),
          num(c.worstFallbackPct()),
          num(c.worstErrorPct()));
    }
    return "No design is recommended: " + noneQualifies() + ".";
  }

  /**
   * Rules version 14: when no design qualifies, the clauses no design met, then the closest design
   * ({@link #closest()}) with what it meets and, for each clause it misses or leaves undecided, the
   * first line of evidence and its figure.
   */
  String noneQualifies() {
    if (candidates.isEmpty()) {
      return "no design was judged";
    }
    List<String> parts = new ArrayList<>();
    List<String> noneMet = new ArrayList<>();
    for (Clause clause : Clause.values()) {
      if (candidates.stream().noneMatch(c -> c.clauses().get(clause).standing() == Standing.MET)) {
        noneMet.add(words(clause));
      }
    }
    parts.add(
        noneMet.isEmpty()
            ? "each clause is met by some design, none meets all three"
            : "no design is shown to meet " + String.join(", nor ", noneMet));
    Optional<Candidate> near = closest();
    if (near.isEmpty()) {
      return String.join("; ", parts);
    }
    Candidate c = near.get();
    List<String> met = new ArrayList<>();
    List<String> short_ = new ArrayList<>();
    for (Clause clause : Clause.values()) {
      ClauseCall call = c.clauses().get(clause);
      switch (call.standing()) {
        case MET -> met.add(words(clause));
        case MISSED -> short_.add("misses " + words(clause) + figure(c, clause, call));
        case UNDECIDED ->
            short_.add("leaves " + words(clause) + " undecided" + figure(c, clause, call));
      }
    }
    parts.add(
        "the closest, arm "
            + c.arm().label()
            + (met.isEmpty() ? "," : ", meets " + String.join(" and ", met) + " but")
            + " "
            + String.join("; it ", short_));
    return String.join("; ", parts);
  }

  /**
   * The design closest to qualifying: the most clauses met, then the fewest missed, then the
   * simplest; empty when no design is shown to meet any clause (nothing is close then).
   */
  public Optional<Candidate> closest() {
    Candidate best = null;
    for (Candidate c : candidates) {
      if (best == null
          || c.count(Standing.MET) > best.count(Standing.MET)
          || (c.count(Standing.MET) == best.count(Standing.MET)
              && c.count(Standing.MISSED) < best.count(Standing.MISSED))) {
        best = c;
      }
    }
    return best == null || best.count(Standing.MET) == 0 ? Optional.empty() : Optional.of(best);
  }

  private String words(Clause clause) {
    return switch (clause) {
      case LATENCY -> clause.words() + " (" + Acceptance.describe() + ")";
      case FALLBACK ->
          "its fallback share within "
              + Evidence.num(actuarial.fallbackCeilingPct())
              + " % through an outage of "
              + Actuarial.num(actuarial.outageSec())
              + " s";
      case RECOVERY -> clause.words();
    };
  }

  private static String figure(Candidate c, Clause clause, ClauseCall call) {
    String worst =
        clause == Clause.FALLBACK && c.worstFallbackPct() != null
            ? "; up to " + num(c.worstFallbackPct()) + " % of quotes priced on a fallback"
            : "";
    return " (" + call.evidence() + worst + ")";
  }

  public Candidate candidate(BenchArm arm) {
    return candidates.stream().filter(c -> c.arm() == arm).findFirst().orElseThrow();
  }

  private static String num(Double v) {
    return v == null ? "—" : String.format(Locale.ROOT, "%.1f", v);
  }
}
