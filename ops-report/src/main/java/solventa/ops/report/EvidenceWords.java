package solventa.ops.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Call;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Finding;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.protocol.StateNames;
import solventa.ops.results.ExperimentRecord;
import solventa.vocabulary.Acceptance;

/**
 * Turns a verdict's findings into the evidence lines the report shows and results.json keeps: the
 * analysis judges, this words. A line that could not decide reads "INCONCLUSIVE: …"; a step is
 * cited with its figures and their intervals ("C R1 healthy: p95 64 ms [63, 67], …").
 */
public final class EvidenceWords {
  private final List<StepResult> steps;

  private EvidenceWords(List<StepResult> steps) {
    this.steps = steps;
  }

  /**
   * {@code e} with every verdict that has findings in words; a verdict read back from results.json
   * (words, no findings) is kept as it is.
   */
  public static ExperimentRecord worded(ExperimentRecord e) {
    EvidenceWords words = new EvidenceWords(e.steps());
    Map<String, Verdict> out = new LinkedHashMap<>();
    e.verdicts().forEach((id, v) -> out.put(id, words.word(v)));
    return e.toBuilder().verdicts(out).build();
  }

  /** The words of facts whose steps are among {@code steps}. */
  static EvidenceWords over(List<StepResult> steps) {
    return new EvidenceWords(steps);
  }

  /** {@code v}'s evidence lines as the report writes them, its steps among {@code steps}. */
  public static List<String> lines(Verdict v, List<StepResult> steps) {
    return new EvidenceWords(steps).word(v).evidence();
  }

  private Verdict word(Verdict v) {
    return v.findings().isEmpty() ? v : v.worded(v.findings().stream().map(this::line).toList());
  }

  private String line(Finding f) {
    String text = text(f);
    return f.role() == Finding.Role.UNDECIDED ? "INCONCLUSIVE: " + text : text;
  }

  /** The words of one kind of fact, or null when {@code fact} is not of its kinds. */
  interface Kind {
    String text(Fact fact, boolean refutes, EvidenceWords words);
  }

  /** Every rule's kinds of facts, each worded by one class. */
  private static final List<Kind> KINDS =
      List.of(
          EvidenceWords::common,
          PathWords::text,
          PolicyWords::text,
          StampedeWords::text,
          RecoveryWords::text,
          SweepWords::text,
          OverallWords::text,
          DesignWords::text);

  private String text(Finding f) {
    return text(f.fact(), f.role() == Finding.Role.REFUTES);
  }

  /** The words of {@code fact} as a line that does not refute. */
  String text(Fact fact) {
    return text(fact, false);
  }

  private String text(Fact fact, boolean refutes) {
    for (Kind k : KINDS) {
      String text = k.text(fact, refutes, this);
      if (text != null) {
        return text;
      }
    }
    throw new IllegalArgumentException("no words for " + fact);
  }

  /** The kinds every rule uses. */
  private static String common(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof Fact.NoWalk) {
      return "no state walk was run";
    }
    if (fact instanceof Fact.UnusableStep u) {
      return unusable(u);
    }
    if (fact instanceof Fact.AgainstThresholds t) {
      return words.againstThresholds(t, refutes);
    }
    return null;
  }

  /** A step as the evidence names it: "C R1 healthy". */
  static String who(StepResult s) {
    return who(new Fact.StepRef(s.spec().arm().label(), s.spec().run(), s.spec().state()));
  }

  static String who(Fact.StepRef ref) {
    return ref.arm() + " " + ref.run() + " " + StateNames.label(ref.state());
  }

  static String unusable(Fact.UnusableStep u) {
    return Evidence.unusable(who(u.step()), u.why(), u.invalidations(), u.answers());
  }

  /**
   * "C R1 degraded: p95 …, p99 …, errors …, fallback … (n=6000) → meets p95 ≤ 225 ms, p99 ≤ 475 ms,
   * errors ≤ 1 %", with what the rule expected when the line refutes ("(C must meet)", "(only C may
   * meet)"), or why it could not decide.
   */
  private String againstThresholds(Fact.AgainstThresholds t, boolean refutes) {
    StepResult s = step(t.stepId());
    String line = Evidence.describe(s);
    if (t.call() != Call.HOLDS && t.call() != Call.FAILS) {
      List<Call.Check> checks = t.thresholds().stream().map(x -> Call.Check.of(x, s)).toList();
      String who = who(new Fact.StepRef(s.spec().arm().label(), s.spec().run(), s.spec().state()));
      return line + " → " + Call.undecided(who, checks);
    }
    String rule =
        String.join(
            ", ",
            t.thresholds().stream()
                .map(
                    x ->
                        switch (x) {
                          case P95 -> Acceptance.p95();
                          case P99 -> Acceptance.p99();
                          case ERRORS -> Acceptance.errors();
                        })
                .toList());
    String expected =
        !refutes || t.expected() == Fact.Expected.ANY
            ? ""
            : t.expected() == Fact.Expected.MEETS ? " (C must meet)" : " (only C may meet)";
    return line + (t.call() == Call.HOLDS ? " → meets " : " → misses ") + rule + expected;
  }

  /** The step of the run whose id is {@code id}; refused when the run has none. */
  StepResult step(String id) {
    return steps.stream()
        .filter(s -> s.spec().id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("a finding cites step " + id + ", not run"));
  }
}
