package solventa.ops.analysis.hypotheses;

import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StepKind;

/** HD-01.7: concurrent misses on one key make > 1 provider call in C and exactly 1 in C'. */
public final class Coalescing implements Hypothesis {
  @Override
  public String id() {
    return "HD-01.7";
  }

  @Override
  public String statement() {
    return "Without coalescing, concurrent misses on one key make > 1 provider call and load the pool"
        + " more than with coalescing";
  }

  /**
   * True by construction: more concurrent misses than pool connections fill the pool without
   * coalescing.
   */
  @Override
  public String byConstruction(Design d) {
    return d.coalescing();
  }

  /**
   * Every run's pair (rules version 12), each by the rule: C makes more than one provider call, C'
   * exactly one, and C loads the pool more. A run whose pair was measured and fails any of these
   * refutes; a run whose pair was not measured makes the verdict inconclusive.
   */
  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    List<String> runs = in.results().runsOf(StepKind.STAMPEDE);
    if (runs.isEmpty()) {
      ev.inconclusive("the stampede on arm C was not measured");
      ev.inconclusive("the stampede on arm C' was not measured");
    }
    for (String run : runs) {
      judge(in, ev, run, runs.size() > 1 ? " in " + run : "");
    }
    return ev.verdict(this);
  }

  private static void judge(Input in, Evidence ev, String run, String where) {
    StepResult c = in.results().stampede(run, BenchArm.C).orElse(null);
    StepResult cp = in.results().stampede(run, BenchArm.C_PRIME).orElse(null);
    boolean missing = false;
    if (c == null || c.providerCalls() == null || c.poolMaxInFlight() == null) {
      ev.inconclusive("the stampede on arm C was not measured" + where);
      missing = true;
    }
    if (cp == null || cp.providerCalls() == null || cp.poolMaxInFlight() == null) {
      ev.inconclusive("the stampede on arm C' was not measured" + where);
      missing = true;
    }
    if (missing) {
      return;
    }
    for (StepResult s : List.of(c, cp)) {
      ev.add(
          String.format(
              Locale.ROOT,
              "%s%s: %d concurrent misses on one key → %d provider calls; adapter max in-flight %s"
                  + " of pool %s, %s rejected",
              s.spec().arm().label(),
              where,
              s.spec().concurrent(),
              s.providerCalls(),
              s.poolMaxInFlight(),
              s.poolSize(),
              s.rejections()));
    }
    if (c.providerCalls() <= 1) {
      ev.refute(
          "C made " + c.providerCalls() + " provider call(s)" + where + ", not more than one");
    }
    if (cp.providerCalls() != 1) {
      ev.refute("C' made " + cp.providerCalls() + " provider calls" + where + ", not exactly one");
    }
    long rc = c.rejections() == null ? 0 : c.rejections();
    long rcp = cp.rejections() == null ? 0 : cp.rejections();
    if (!(c.poolMaxInFlight() > cp.poolMaxInFlight() || rc > rcp)) {
      ev.refute("C did not load the pool more than C'" + where);
    }
  }
}
