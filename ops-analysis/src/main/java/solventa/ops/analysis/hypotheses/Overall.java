package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * HD-01, the card's whole rule (rules version 3). Refuted when any refutation clause holds: (a) a
 * usable C step, healthy, degraded or unresponsive, misses the thresholds; (b) in a usable degraded
 * or unresponsive step C's fallback share reaches the actuarial ceiling before the outage the
 * business rides through ends, in the source's real refresh policy ({@link FallbackFlip}); (c) a
 * stampede at C's recovery saturates the adapter's pool in some run (duplicate calls with the pool
 * full once the provider is healthy again; a backlog before that is a finding of its own); (d)
 * HD-01.5 is refuted. Supported only when every support clause holds (C meets in every state of
 * every run; its fallback share within the ceiling and its pool unsaturated at recovery in every
 * run; HD-01.5 supported; the minimum hit rate quantified — a closed bracket of measured rates or a
 * hold even at 0 %, not an open bound (rules version 4); no run invalidated) and no refutation
 * clause does. Inconclusive otherwise, each missing figure naming its reason. Provisional with
 * fewer than {@link VerdictRules#REQUIRED_RUNS} runs.
 */
public final class Overall implements Hypothesis {
  /** The states the card's acceptance names for C's latency (clause (a)). */
  static final List<ProviderState> LATENCY_STATES =
      List.of(ProviderState.HEALTHY, ProviderState.DEGRADED, ProviderState.UNRESPONSIVE);

  /**
   * The states whose fallback share clause (b) judges: the card's "C meets them only with a
   * fallback share the actuaries would find unacceptable" is about the failing provider it holds
   * the thresholds against; healthy answers fall back only for never-seen customers.
   */
  static final List<ProviderState> FALLBACK_STATES =
      List.of(ProviderState.DEGRADED, ProviderState.UNRESPONSIVE);

  public static final String CLAUSE_A = "clause (a) C misses the thresholds";
  public static final String CLAUSE_B = "clause (b) fallback above the ceiling";
  public static final String CLAUSE_C =
      "clause (c) a stampede at recovery saturates the adapter's pool";
  public static final String CLAUSE_D = "clause (d) HD-01.5 is refuted";

  @Override
  public List<String> rules() {
    return List.of(
        RuleNames.P95,
        RuleNames.P99,
        RuleNames.ERRORS,
        RuleNames.FALLBACK_THROUGH_D,
        RuleNames.SACRIFICED_HIGH);
  }

  @Override
  public String id() {
    return "HD-01";
  }

  @Override
  public String statement() {
    return "Arm C keeps "
        + Acceptance.p95()
        + " and "
        + Acceptance.p99()
        + " ("
        + Acceptance.errors()
        + ") with the provider healthy,"
        + " degraded and unresponsive in every run, without a fallback share above the actuarial"
        + " ceiling and without a recovery that saturates the adapter's pool, sacrificing < 1 % at"
        + " high traffic, with the minimum hit rate quantified";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    Set<String> refutedBy = new TreeSet<>();
    Set<String> undecided = new TreeSet<>();
    Actuarial a = in.rules().actuarial();
    ev.note(new OverallFacts.Inputs(a, in.rules().refreshAfterSec()));
    List<String> runs = in.results().runs();
    walks(ev, refutedBy, undecided, in);
    List<ClauseB> shares = fallback(ev, refutedBy, undecided, in);
    Thresholds conditions =
        Thresholds.of(in.results(), BenchArm.C, FALLBACK_STATES, in.rules().refreshAfterSec(), a);
    ev.note(new OverallFacts.Conditions(conditions));
    String checks = in.rules().design() == null ? null : in.rules().design().overallClauses();
    if (checks != null) {
      ev.note(new OverallFacts.Checks(checks));
    }
    Verdict hd5 = in.earlier().get("HD-01.5");
    if (hd5 == null || hd5.verdict().equals(Verdict.INCONCLUSIVE)) {
      undecided.add(CLAUSE_D);
      ev.undecided(new OverallFacts.ClauseD(Verdict.INCONCLUSIVE));
    } else if (hd5.verdict().equals(Verdict.REFUTED)) {
      refutedBy.add(CLAUSE_D);
      ev.refute(new OverallFacts.ClauseD(Verdict.REFUTED));
    } else {
      ev.note(new OverallFacts.ClauseD(Verdict.SUPPORTED));
    }
    minimumHitRate(ev, in);
    Set<String> invalid =
        in.sanity().stream()
            .filter(c -> !c.passed())
            .map(SanityCheck::run)
            .collect(Collectors.toCollection(TreeSet::new));
    if (!invalid.isEmpty()) {
      ev.undecided(new OverallFacts.InvalidRuns(List.copyOf(invalid)));
    }
    boolean provisional = runs.size() < in.rules().requiredRuns();
    if (provisional) {
      ev.note(new OverallFacts.Provisional(runs.size(), in.rules().requiredRuns()));
    }
    if (!refutedBy.isEmpty()) {
      // one line the report's answer can quote: which of the card's clauses decided
      ev.note(new OverallFacts.RefutedBy(List.copyOf(refutedBy)));
    }
    Verdict v = ev.verdict(this);
    return v.provisional(provisional)
        .withClauses(
            List.of(
                clause(CLAUSE_A, refutedBy, undecided),
                clause(CLAUSE_B, refutedBy, undecided, flipsAt(shares, conditions)),
                clause(CLAUSE_C, refutedBy, undecided),
                clause(CLAUSE_D, refutedBy, undecided)));
  }

  /**
   * Clauses (a), (b) and (c) over each run's walk of C: the latency and fallback of its failure
   * steps and its recovery. A missing or unusable step leaves its clauses undecided, never holding
   * by default. Returns the fallback flips judged.
   */
  private static void walks(Evidence ev, Set<String> refutedBy, Set<String> undecided, Input in) {
    List<String> runs = in.results().runs();
    if (runs.isEmpty()) {
      undecided.addAll(List.of(CLAUSE_A, CLAUSE_B, CLAUSE_C));
      ev.undecided(new Fact.NoWalk());
    }
    for (String run : runs) {
      for (ProviderState st : LATENCY_STATES) {
        StepResult s = in.results().walk(run, BenchArm.C, st).orElse(null);
        Fact.UnusableStep why = Evidence.unusable(s, new Fact.StepRef(BenchArm.C.label(), run, st));
        if (why != null) {
          undecided.add(CLAUSE_A);
          ev.undecided(why);
          continue;
        }
        latency(ev, refutedBy, undecided, s);
      }
      recovery(
          ev,
          refutedBy,
          undecided,
          in.results().walk(run, BenchArm.C, ProviderState.RECOVERY),
          run,
          in.rules().recoveryWindowSec());
    }
  }

  /**
   * A clause's outcome: it refutes when any step refutes by it; otherwise it is undecided when a
   * figure it needs is missing or too close to call; otherwise it holds.
   */
  private static Verdict.Clause clause(String name, Set<String> refutedBy, Set<String> undecided) {
    return clause(name, refutedBy, undecided, null);
  }

  /**
   * Where clause (b) would change: the outage, in seconds of T_source, at which C's fallback share
   * through it reaches the ceiling at the seeded hit rate (the shortest D* over the failing states,
   * "outage-s L–H" from its interval, an open end written as "…"); null when no D* was measured.
   */
  static String flipsAt(List<ClauseB> shares, Thresholds t) {
    return t.dStar().stream()
        .filter(d -> d.sec() != null)
        .min(java.util.Comparator.comparingDouble(Thresholds.DStar::sec))
        .map(
            d ->
                Actuarial.OUTAGE
                    + " "
                    + (d.low() == null ? "…" : Actuarial.num(Math.round(d.low())))
                    + "–"
                    + (d.high() == null ? "…" : Actuarial.num(Math.round(d.high()))))
        .orElse(null);
  }

  private static Verdict.Clause clause(
      String name, Set<String> refutedBy, Set<String> undecided, String flipsAt) {
    String outcome =
        refutedBy.contains(name)
            ? Verdict.Clause.REFUTES
            : undecided.contains(name) ? Verdict.Clause.UNDECIDED : Verdict.Clause.HOLDS;
    return new Verdict.Clause(name, outcome, flipsAt);
  }

  /**
   * The support clause "the minimum hit rate quantified" (rules version 4): from C's measured sweep
   * steps, every one usable, as a closed bracket or a hold even at 0 % ({@link
   * MinimumHitRate.Limit}). An open bound is where the sweep ended, not a minimum: inconclusive,
   * with the bound as the reason; so is a sweep step that is not usable.
   */
  private static void minimumHitRate(Evidence ev, Input in) {
    MinimumHitRate.Points c = MinimumHitRate.points(in, BenchArm.C);
    if (c == null) {
      ev.undecided(new OverallFacts.Minimum(false, List.of(), null));
      return;
    }
    if (!c.unusable().isEmpty()) {
      ev.undecided(new OverallFacts.Minimum(true, c.unusable(), null));
      return;
    }
    SweepFacts.Limit limit = MinimumHitRate.limitOf("C", c.usable()).limit();
    if (limit.quantified()) {
      ev.note(new OverallFacts.Minimum(true, List.of(), limit));
    } else {
      ev.undecided(new OverallFacts.Minimum(true, List.of(), limit));
    }
  }

  /**
   * Clause (a): the step meets the thresholds, by the intervals of p95, p99 and the error share
   * (rules version 5). Too close to call, it neither refutes nor supports: inconclusive.
   */
  private static void latency(
      Evidence ev, Set<String> refutedBy, Set<String> undecided, StepResult s) {
    Call call = Call.all(Call.Check.meets(s));
    var fact = new OverallFacts.ClauseA(s.spec().id(), call);
    switch (call) {
      case HOLDS -> ev.note(fact);
      case FAILS -> {
        refutedBy.add(CLAUSE_A);
        ev.refute(fact);
      }
      default -> {
        undecided.add(CLAUSE_A);
        ev.undecided(fact);
      }
    }
  }

  /**
   * Clause (b) (rules version 15, {@link ClauseB}): in each failing state, C's fallback share
   * through the outage D pooled over the runs, against the ceiling by its interval; a state whose
   * share cannot be measured through D leaves the clause undecided, with the reason.
   */
  private static List<ClauseB> fallback(
      Evidence ev, Set<String> refutedBy, Set<String> undecided, Input in) {
    List<ClauseB> out = new java.util.ArrayList<>();
    if (in.results().runs().isEmpty()) {
      undecided.add(CLAUSE_B);
      return out;
    }
    for (ProviderState st : FALLBACK_STATES) {
      ClauseB b =
          ClauseB.judge(
              in.results(), BenchArm.C, st, in.rules().refreshAfterSec(), in.rules().actuarial());
      out.add(b);
      var fact = new OverallFacts.ClauseBShare(b);
      switch (b.outcome()) {
        case REFUTES -> {
          refutedBy.add(CLAUSE_B);
          ev.refute(fact);
        }
        case HOLDS -> ev.note(fact);
        default -> {
          undecided.add(CLAUSE_B);
          ev.undecided(fact);
        }
      }
    }
    return out;
  }

  /**
   * Clause (c): no stampede at C's recovery, the card's "recovery causes a stampede that saturates
   * the adapter's pool". A stampede is duplicate provider calls for one customer with the pool
   * full, judged once the provider is healthy again ({@link RecoveryPhases}); a pool filled before
   * that by distinct expired customers is the recovery backlog, shown with its cause and not
   * counted here.
   */
  private static void recovery(
      Evidence ev,
      Set<String> refutedBy,
      Set<String> undecided,
      java.util.Optional<StepResult> step,
      String run,
      int windowSec) {
    StepResult s = step.orElse(null);
    Fact.UnusableStep why =
        Evidence.unusable(s, new Fact.StepRef(BenchArm.C.label(), run, ProviderState.RECOVERY));
    if (why != null) {
      undecided.add(CLAUSE_C);
      ev.undecided(new OverallFacts.ClauseCUnusable(why));
      return;
    }
    RecoveryPhases ph = RecoveryPhases.of(s, windowSec);
    if (ph.backlog().isPresent()) {
      ev.note(new Recovery.Backlog(s.spec().id(), windowSec));
    }
    if (ph.unjudged() != null) {
      undecided.add(CLAUSE_C);
      ev.undecided(
          new OverallFacts.ClauseC(s.spec().id(), windowSec, OverallFacts.Recovery.UNJUDGED));
    } else if (ph.stampede()) {
      refutedBy.add(CLAUSE_C);
      ev.refute(new OverallFacts.ClauseC(s.spec().id(), windowSec, OverallFacts.Recovery.STAMPEDE));
    } else {
      ev.note(new OverallFacts.ClauseC(s.spec().id(), windowSec, OverallFacts.Recovery.NONE));
    }
  }
}
