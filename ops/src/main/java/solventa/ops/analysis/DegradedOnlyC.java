package solventa.ops.analysis;

import java.util.List;
import solventa.ops.Arm;
import solventa.ops.State;
import solventa.ops.StepResult;
import solventa.ops.Verdict;

/** HD-01.2: with a degraded provider only arm C meets the thresholds. */
final class DegradedOnlyC implements Hypothesis {
  @Override
  public String id() {
    return "HD-01.2";
  }

  @Override
  public String statement() {
    return "Degraded provider: only arm C meets p95 ≤ 225 ms and p99 ≤ 475 ms (errors ≤ 1 %)";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    if (in.results().runs().isEmpty()) {
      ev.inconclusive("no state walk was run");
    }
    for (String run : in.results().runs()) {
      for (Arm arm : List.of(Arm.A, Arm.B, Arm.C)) {
        StepResult s = in.results().walk(run, arm, State.DEGRADED).orElse(null);
        String why = Evidence.unusable(s, arm.label() + " " + run + " degraded");
        if (why != null) {
          ev.inconclusive(why);
          continue;
        }
        boolean meets = s.meets();
        String line =
            Evidence.describe(s) + (meets ? " → meets " : " → misses ") + Evidence.thresholds();
        if (meets == (arm == Arm.C)) {
          ev.add(line);
        } else {
          ev.refute(line + (arm == Arm.C ? " (C must meet)" : " (only C may meet)"));
        }
      }
    }
    return ev.verdict(this);
  }
}
