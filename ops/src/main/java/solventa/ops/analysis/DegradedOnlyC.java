package solventa.ops.analysis;

import java.util.List;
import solventa.gatling.Acceptance;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/** HD-01.2: with a degraded provider only arm C meets the thresholds. */
public final class DegradedOnlyC implements Hypothesis {
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

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.eachUsableWalk(
        in,
        List.of(BenchArm.A, BenchArm.B, BenchArm.C),
        ProviderState.DEGRADED,
        s -> {
          boolean meets = s.meets();
          boolean isC = s.spec().arm() == BenchArm.C;
          String line =
              Evidence.describe(s) + (meets ? " → meets " : " → misses ") + Evidence.thresholds();
          if (meets == isC) {
            ev.add(line);
          } else {
            ev.refute(line + (isC ? " (C must meet)" : " (only C may meet)"));
          }
        });
    return ev.verdict(this);
  }
}
