package solventa.ops.analysis;

import java.util.List;
import solventa.gatling.Acceptance;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/** HD-01.1: with a healthy provider, arms A, B and C all meet p95 ≤ 225 ms (errors ≤ 1 %). */
public final class HealthyAllArms implements Hypothesis {
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
        List.of(BenchArm.A, BenchArm.B, BenchArm.C),
        ProviderState.HEALTHY,
        s -> {
          boolean ok =
              s.endToEnd().p95() <= Acceptance.P95_MS && s.errorPct() <= Acceptance.MAX_ERROR_PCT;
          String line =
              Evidence.describe(s)
                  + (ok ? " → meets" : " → misses")
                  + " "
                  + Acceptance.p95()
                  + ", "
                  + Acceptance.errors();
          if (ok) {
            ev.add(line);
          } else {
            ev.refute(line);
          }
        });
    return ev.verdict(this);
  }
}
