package solventa.ops.analysis.hypotheses;

import java.util.List;
import solventa.ops.protocol.ProtocolPlan;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * HD-01.2: with a degraded provider only arm C meets the thresholds, "meets" decided by the
 * intervals of p95, p99 and the error share (rules version 5); a step whose "meets" is too close to
 * call makes the verdict inconclusive unless another step clearly contradicts it.
 */
public final class DegradedOnlyC implements Hypothesis {
  @Override
  public List<String> rules() {
    return RuleNames.MEETS;
  }

  @Override
  public String id() {
    return "HD-01.2";
  }

  @Override
  public String statement() {
    return "Degraded provider: only arm C meets "
        + Acceptance.p95()
        + " and "
        + Acceptance.p99()
        + " ("
        + Acceptance.errors()
        + ")";
  }

  /**
   * True by construction: C answers within its budget plus the rating, and A and B wait past the
   * hard timeout.
   */
  @Override
  public String byConstruction(Design d) {
    return d.degradedOnlyC();
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.eachUsableWalk(
        in,
        ProtocolPlan.comparedArms(),
        ProviderState.DEGRADED,
        s -> {
          Call meets = Call.all(Call.Check.meets(s));
          // C is the compared arm that falls back after the budget: the one expected to meet
          boolean isC = s.spec().arm().fallsBack();
          var fact =
              new Fact.AgainstThresholds(
                  s.spec().id(),
                  List.of(Fact.Threshold.P95, Fact.Threshold.P99, Fact.Threshold.ERRORS),
                  meets,
                  isC ? Fact.Expected.MEETS : Fact.Expected.MISSES);
          if (meets == Call.HOLDS || meets == Call.FAILS) {
            if ((meets == Call.HOLDS) == isC) {
              ev.note(fact);
            } else {
              ev.refute(fact);
            }
          } else {
            ev.undecided(fact);
          }
        });
    return ev.verdict(this);
  }
}
