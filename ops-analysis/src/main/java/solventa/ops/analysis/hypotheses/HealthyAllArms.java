package solventa.ops.analysis.hypotheses;

import java.util.List;
import solventa.ops.protocol.ProtocolPlan;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * HD-01.1: with a healthy provider, arms A, B and C all meet p95 ≤ 225 ms (errors ≤ 1 %), each
 * compared by its 95 % interval (rules version 5): a step whose interval contains the threshold is
 * too close to call and makes the verdict inconclusive unless another step clearly misses.
 */
public final class HealthyAllArms implements Hypothesis {
  @Override
  public String byConstruction(Design d) {
    return d.healthyAllArms();
  }

  @Override
  public List<String> rules() {
    return List.of(RuleNames.P95, RuleNames.ERRORS);
  }

  @Override
  public String id() {
    return "HD-01.1";
  }

  @Override
  public String statement() {
    return "Healthy provider: arms A, B and C all meet "
        + Acceptance.p95()
        + " ("
        + Acceptance.errors()
        + ")";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.eachUsableWalk(
        in,
        ProtocolPlan.comparedArms(),
        ProviderState.HEALTHY,
        s -> {
          Call call = Call.all(List.of(Call.Check.p95(s), Call.Check.errors(s)));
          var fact =
              new Fact.AgainstThresholds(
                  s.spec().id(),
                  List.of(Fact.Threshold.P95, Fact.Threshold.ERRORS),
                  call,
                  Fact.Expected.ANY);
          switch (call) {
            case HOLDS -> ev.note(fact);
            case FAILS -> ev.refute(fact);
            default -> ev.undecided(fact);
          }
        });
    return ev.verdict(this);
  }
}
