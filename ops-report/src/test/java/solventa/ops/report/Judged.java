package solventa.ops.report;

import static solventa.ops.analysis.Fixture.eval;

import java.util.ArrayList;
import java.util.List;
import solventa.ops.analysis.Fixture;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Hypothesis;
import solventa.ops.analysis.hypotheses.Verdict;

/**
 * A rule's verdict on fixtures and its evidence in the words the report gives its findings ({@link
 * EvidenceWords}): what the rules' tests read.
 */
record Judged(Verdict v, List<String> lines) {

  /** {@code h} judged on {@code steps}, its findings worded. */
  static Judged judge(Hypothesis h, List<StepResult> steps) {
    Verdict v = eval(h, steps);
    return new Judged(v, EvidenceWords.lines(v, steps));
  }

  /** The fixtures' step results, in order. */
  static List<StepResult> of(Fixture... fs) {
    List<StepResult> out = new ArrayList<>();
    for (Fixture f : fs) {
      out.add(f.build());
    }
    return out;
  }

  String verdict() {
    return v.verdict();
  }

  String basis() {
    return v.basis();
  }

  List<Verdict.Clause> clauses() {
    return v.clauses();
  }
}
