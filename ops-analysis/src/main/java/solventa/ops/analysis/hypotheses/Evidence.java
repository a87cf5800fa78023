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
  static final int MIN_STEP_ANSWERS = 100;

  private final List<String> lines = new ArrayList<>();
  private boolean refuted;
  private boolean inconclusive;

  void add(String line) {
    lines.add(line);
  }

  void refute(String line) {
    refuted = true;
    lines.add(line);
  }

  void inconclusive(String line) {
    inconclusive = true;
    lines.add("INCONCLUSIVE: " + line);
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
    return new Verdict(h.id(), h.statement(), decision(), List.copyOf(lines));
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
      inconclusive("no state walk was run");
    }
    for (String run : in.results().runs()) {
      for (BenchArm arm : arms) {
        StepResult s = in.results().walk(run, arm, state).orElse(null);
        String why = unusable(s, arm.label() + " " + run + " " + StateNames.label(state));
        if (why != null) {
          inconclusive(why);
        } else {
          judge.accept(s);
        }
      }
    }
  }

  /** Why a step cannot decide anything, or null when it is usable. */
  public static String unusable(StepResult s, String what) {
    if (s == null) {
      return what + " was not run";
    }
    if (!s.valid()) {
      return what + " is invalid (" + String.join("; ", s.invalidations()) + ")";
    }
    if (s.requests() < MIN_STEP_ANSWERS) {
      return what + " has " + s.requests() + " answers, fewer than " + MIN_STEP_ANSWERS;
    }
    if (s.meets() == null) {
      return what + " has no latency measured";
    }
    return null;
  }

  static String ms(Double d) {
    return d == null ? "n/a" : String.format(Locale.ROOT, "%.0f ms", d);
  }

  static String pct(Double d) {
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

  /** The step's name as the evidence writes it: "C R1 healthy". */
  static String who(StepResult s) {
    return s.spec().arm().label() + " " + s.spec().run() + " " + StateNames.label(s.spec().state());
  }

  public static String thresholds() {
    return Acceptance.describe();
  }
}
