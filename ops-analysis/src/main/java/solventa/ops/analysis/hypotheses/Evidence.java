package solventa.ops.analysis.hypotheses;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.protocol.BenchArm;
import solventa.ops.protocol.StateNames;
import solventa.vocabulary.Acceptance;
import solventa.vocabulary.ProviderState;

/**
 * Collects a verdict's evidence lines and applies the common order of decision: a contradiction
 * measured on a usable step refutes; otherwise anything not usable makes the verdict inconclusive;
 * otherwise it is supported.
 */
public final class Evidence {
  /** A step needs this many answers in its window to decide anything. */
  public static final int MIN_STEP_ANSWERS = 100;

  private final List<Finding> findings = new ArrayList<>();
  private boolean refuted;
  private boolean inconclusive;

  /** A line of context or agreement. */
  void note(Fact fact) {
    findings.add(new Finding(Finding.Role.NOTE, fact));
  }

  /** A contradiction measured on a usable step. */
  void refute(Fact fact) {
    refuted = true;
    findings.add(new Finding(Finding.Role.REFUTES, fact));
  }

  /** Something missing, unusable or too close to call. */
  void undecided(Fact fact) {
    inconclusive = true;
    findings.add(new Finding(Finding.Role.UNDECIDED, fact));
  }

  boolean isRefuted() {
    return refuted;
  }

  boolean isInconclusive() {
    return inconclusive;
  }

  String decision() {
    return refuted ? Verdict.REFUTED : inconclusive ? Verdict.INCONCLUSIVE : Verdict.SUPPORTED;
  }

  Verdict verdict(Hypothesis h) {
    return Verdict.judged(h.id(), h.statement(), decision(), findings);
  }

  /**
   * Calls {@code judge} with every usable walk step of {@code arms} in {@code state}, run by run; a
   * step that is missing or not usable makes the verdict inconclusive, and so does no run.
   */
  void eachUsableWalk(
      Hypothesis.Input in,
      List<BenchArm> arms,
      ProviderState state,
      java.util.function.Consumer<StepResult> judge) {
    if (in.results().runs().isEmpty()) {
      undecided(new Fact.NoWalk());
    }
    for (String run : in.results().runs()) {
      for (BenchArm arm : arms) {
        StepResult s = in.results().walk(run, arm, state).orElse(null);
        Fact.UnusableStep why = unusable(s, new Fact.StepRef(arm.label(), run, state));
        if (why != null) {
          undecided(why);
        } else {
          judge.accept(s);
        }
      }
    }
  }

  /** Why a step cannot decide anything, as data, or null when it is usable. */
  public static Fact.UnusableStep unusable(StepResult s, Fact.StepRef ref) {
    Fact.Unfit why = unfit(s);
    if (why == null) {
      return null;
    }
    return new Fact.UnusableStep(
        ref, why, why == Fact.Unfit.INVALID ? s.invalidations() : List.of(), answers(s));
  }

  /** Why a step cannot decide anything, or null when it is usable. */
  public static String unusable(StepResult s, String what) {
    Fact.Unfit why = unfit(s);
    if (why == null) {
      return null;
    }
    return unusable(
        what, why, why == Fact.Unfit.INVALID ? s.invalidations() : List.of(), answers(s));
  }

  /**
   * Why {@code what} cannot decide anything, in words: not run, invalid (and why), too few answers,
   * no latency. The one wording of it: the runner's progress lines and the report's evidence.
   */
  public static String unusable(
      String what, Fact.Unfit why, List<String> invalidations, long answers) {
    return switch (why) {
      case NOT_RUN -> what + " was not run";
      case INVALID -> what + " is invalid (" + String.join("; ", invalidations) + ")";
      case TOO_FEW_ANSWERS -> what + " has " + answers + " answers, fewer than " + MIN_STEP_ANSWERS;
      case NO_LATENCY -> what + " has no latency measured";
    };
  }

  private static long answers(StepResult s) {
    return s == null ? 0 : s.requests();
  }

  /** The first reason in the rules' order that a step cannot decide anything, or null. */
  static Fact.Unfit unfit(StepResult s) {
    if (s == null) {
      return Fact.Unfit.NOT_RUN;
    }
    if (!s.valid()) {
      return Fact.Unfit.INVALID;
    }
    if (s.requests() < MIN_STEP_ANSWERS) {
      return Fact.Unfit.TOO_FEW_ANSWERS;
    }
    return s.meets() == null ? Fact.Unfit.NO_LATENCY : null;
  }

  public static String ms(Double d) {
    return d == null ? "n/a" : String.format(Locale.ROOT, "%.0f ms", d);
  }

  public static String pct(Double d) {
    return d == null ? "n/a" : String.format(Locale.ROOT, "%.2f %%", d);
  }

  /** A setting as written: 10 rather than 10.0, 7.5 as it is. */
  public static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }

  /**
   * The step's figures with their 95 % intervals (rules version 5): "C R1 healthy: p95 221 ms [217,
   * 224], p99 …, errors 0.00 % [0.00, 0.74], fallback … (n=500)"; an interval not computed shows as
   * "[no interval]".
   */
  public static String describe(StepResult s) {
    return String.format(
        Locale.ROOT,
        "%s %s %s: %s, %s, %s, %s (n=%d)",
        s.spec().arm().label(),
        s.spec().run(),
        StateNames.label(s.spec().state()),
        Call.Check.p95(s).shown(),
        Call.Check.p99(s).shown(),
        Call.Check.errors(s).shown(),
        Call.Check.fallback(s, Acceptance.MAX_ERROR_PCT).shown(),
        s.requests());
  }

  public static String thresholds() {
    return Acceptance.describe();
  }
}
