package solventa.ops.report;

import java.util.List;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Overall;
import solventa.ops.analysis.hypotheses.OverallFacts;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.vocabulary.Acceptance;

/** The words of HD-01's findings, clause by clause. */
final class OverallWords {
  private OverallWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof OverallFacts.Inputs i) {
      Actuarial a = i.actuarial();
      return "judged with the actuarial inputs "
          + a.describe()
          + (a.declared() ? ", as declared in the rules" : ", the reader's (--assume)")
          + "; the lab's T = "
          + i.refreshAfterSec()
          + " s maps to T_source through t/T";
    }
    if (fact instanceof OverallFacts.ClauseD d) {
      return Verdict.REFUTED.equals(d.hd015())
          ? "refuted by " + Overall.CLAUSE_D + " (sacrificed ≥ 1 % at high traffic)"
          : "HD-01.5 is " + d.hd015();
    }
    if (fact instanceof OverallFacts.ClauseA a) {
      return clauseA(words.step(a.stepId()), a.call());
    }
    if (fact instanceof OverallFacts.ClauseBShare b) {
      return clauseB(b.clause());
    }
    if (fact instanceof OverallFacts.Conditions c) {
      return "what C's answer depends on (thresholds, not verdicts): "
          + OutageWords.hMin(c.thresholds().hMin())
          + " at the declared outage; "
          + String.join(
              "; ",
              c.thresholds().dStar().stream()
                  .map(
                      d ->
                          solventa.ops.protocol.StateNames.label(d.state())
                              + " "
                              + OutageWords.dStar(d))
                  .toList())
          + " at the seeded hit rate";
    }
    if (fact instanceof OverallFacts.ClauseCUnusable u) {
      return EvidenceWords.unusable(u.step()) + ": clause (c) cannot be judged";
    }
    if (fact instanceof OverallFacts.ClauseC c) {
      RecoveryPhases ph = RecoveryPhases.of(words.step(c.stepId()), c.windowSec());
      return switch (c.outcome()) {
        case UNJUDGED -> ph.unjudged() + ": clause (c) cannot be judged";
        case STAMPEDE -> "refuted by " + Overall.CLAUSE_C + ": " + ph.healthyText();
        case NONE ->
            ph.healthyText()
                + (ph.backlog().isPresent()
                    ? " → no stampede once the provider was healthy again; the pool was filled"
                        + " earlier, while it was still degraded, by the recovery backlog (below)"
                    : " → no stampede saturates the pool");
      };
    }
    if (fact instanceof OverallFacts.Minimum m) {
      return minimum(m);
    }
    if (fact instanceof OverallFacts.Checks c) {
      return "implementation checks, apart from the findings: " + c.arithmetic();
    }
    if (fact instanceof OverallFacts.InvalidRuns r) {
      return "runs invalidated by sanity checks: " + String.join(", ", r.runs());
    }
    if (fact instanceof OverallFacts.Provisional p) {
      return "provisional: " + p.runs() + " run(s); the card requires " + p.required();
    }
    if (fact instanceof OverallFacts.RefutedBy r) {
      return "refuted by " + String.join("; ", r.clauses());
    }
    return null;
  }

  private static String clauseA(StepResult s, Call call) {
    String line = Evidence.describe(s);
    return switch (call) {
      case HOLDS -> line + " → meets";
      case FAILS ->
          "refuted by " + Overall.CLAUSE_A + ": " + line + " → misses " + Acceptance.describe();
      default -> {
        List<Call.Check> checks = Call.Check.meets(s);
        yield line
            + " → clause (a) cannot be decided: "
            + Call.undecided(EvidenceWords.who(s), checks);
      }
    };
  }

  private static String clauseB(solventa.ops.analysis.hypotheses.ClauseB b) {
    String who = OutageWords.who(b);
    String c = Evidence.num(b.inputs().fallbackCeilingPct()) + " %";
    return switch (b.outcome()) {
      case REFUTES ->
          "refuted by "
              + Overall.CLAUSE_B
              + ": "
              + who
              + ": "
              + OutageWords.figures(b)
              + " → above "
              + c;
      case HOLDS -> who + ": " + OutageWords.figures(b) + " → within " + c;
      case TOO_CLOSE ->
          "clause (b) cannot be decided: too close to call: "
              + who
              + ": "
              + OutageWords.figures(b)
              + " against "
              + c;
      case UNDECIDABLE -> "clause (b) cannot be decided: " + who + ": " + OutageWords.reason(b);
    };
  }

  private static String minimum(OverallFacts.Minimum m) {
    String not = "the minimum hit rate is not quantified: ";
    if (!m.sweepRun()) {
      return not + "the hit-rate sweep was not run";
    }
    if (!m.unusable().isEmpty()) {
      return not
          + String.join(
              "; ",
              m.unusable().stream()
                  .map(u -> SweepWords.unusable(u) + ": not usable for the minimum hit rate")
                  .toList());
    }
    String limit = SweepWords.limit(m.limit());
    return m.limit().quantified() ? limit : not + limit;
  }
}
