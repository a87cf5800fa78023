package solventa.ops.report;

import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Coalescing;
import solventa.ops.analysis.hypotheses.Fact;

/** The words of HD-01.7's findings: the stampede on C and C', and what a pair contradicts. */
final class StampedeWords {
  private StampedeWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof Coalescing.NotMeasured n) {
      return "the stampede on arm " + n.arm() + " was not measured" + where(n.run());
    }
    if (fact instanceof Coalescing.Stampede st) {
      StepResult s = words.step(st.stepId());
      return String.format(
          Locale.ROOT,
          "%s%s: %d concurrent misses on one key → %d provider calls; adapter max in-flight %s"
              + " of pool %s, %s rejected",
          s.spec().arm().label(),
          where(st.run()),
          s.spec().concurrent(),
          s.providerCalls(),
          s.poolMaxInFlight(),
          s.poolSize(),
          s.rejections());
    }
    if (fact instanceof Coalescing.Contradicted c) {
      return switch (c.what()) {
        case C_NOT_MORE_THAN_ONE ->
            "C made " + c.calls() + " provider call(s)" + where(c.run()) + ", not more than one";
        case C_PRIME_NOT_EXACTLY_ONE ->
            "C' made " + c.calls() + " provider calls" + where(c.run()) + ", not exactly one";
        case POOL_NOT_LOADED_MORE -> "C did not load the pool more than C'" + where(c.run());
      };
    }
    return null;
  }

  /** " in R2" when the run is named (the protocol ran several), else nothing. */
  static String where(String run) {
    return run == null ? "" : " in " + run;
  }
}
