package solventa.ops.analysis;

import java.util.List;
import solventa.ops.protocol.Arm;
import solventa.ops.protocol.State;

/** HD-01.1: with a healthy provider, arms A, B and C all meet p95 ≤ 225 ms (errors ≤ 1 %). */
public final class HealthyAllArms implements Hypothesis {
  @Override
  public String id() {
    return "HD-01.1";
  }

  @Override
  public String statement() {
    return "Healthy provider: arms A, B and C all meet p95 ≤ 225 ms (errors ≤ 1 %)";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.eachUsableWalk(
        in,
        List.of(Arm.A, Arm.B, Arm.C),
        State.HEALTHY,
        s -> {
          boolean ok =
              s.endToEnd().p95() <= StepResult.P95_MS && s.errorPct() <= StepResult.MAX_ERROR_PCT;
          String line =
              Evidence.describe(s)
                  + (ok ? " → meets" : " → misses")
                  + " p95 ≤ 225 ms, errors ≤ 1 %";
          if (ok) {
            ev.add(line);
          } else {
            ev.refute(line);
          }
        });
    return ev.verdict(this);
  }
}
