package solventa.ops;

import java.util.Locale;
import solventa.ops.analysis.figures.SanityCheck;
import solventa.ops.analysis.hypotheses.Verdict;
import solventa.ops.results.ExperimentRecord;

/**
 * What {@code bin/lab experiment} and {@code bin/lab report} exit with, so a team can gate a design
 * change in CI as k6's thresholds do: 0 when the run completed and was judged, 1 when a sanity
 * check invalidated it (or it failed), 2 for a refused command line, 3 when {@code --fail-on} names
 * a kind of verdict that came out, or a worse one.
 */
final class Outcome {
  static final int JUDGED = 0;
  static final int INVALID_OR_FAILED = 1;
  static final int REFUSED = 2;
  static final int FAILED_ON = 3;

  /** The verdicts {@code --fail-on} gates on, mildest first: each trips on itself and worse. */
  enum FailOn {
    INCONCLUSIVE,
    REFUTED;

    /** Whether {@code verdict} is this kind or worse (refuted is worse than inconclusive). */
    boolean trips(String verdict) {
      return Verdict.REFUTED.equals(verdict)
          || this == INCONCLUSIVE && Verdict.INCONCLUSIVE.equals(verdict);
    }

    /** {@code refuted} or {@code inconclusive}, any case; refused otherwise, naming the option. */
    static FailOn parse(String text) {
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--fail-on must be refuted or inconclusive, not '" + text + "'");
      }
    }
  }

  /** {@code --fail-on}, as experiment and report both take it. */
  static final class FailOnOption {
    @picocli.CommandLine.Option(
        names = "--fail-on",
        paramLabel = "KIND",
        description =
            "refuted or inconclusive: exit 3 when a verdict of that kind or worse comes out (refuted is worse than inconclusive), to gate a change in CI")
    String kind;

    /** The gate the option names, null when it was not given; a wrong value is refused. */
    FailOn gate() {
      return kind == null ? null : FailOn.parse(kind);
    }
  }

  private Outcome() {}

  /** The exit code of a judged record: invalid first, then {@code failOn} (null: not gated). */
  static int of(ExperimentRecord e, FailOn failOn) {
    if (e.sanity().stream().anyMatch(s -> !s.passed())) {
      return INVALID_OR_FAILED;
    }
    if (failOn != null && e.verdicts().values().stream().anyMatch(v -> failOn.trips(v.verdict()))) {
      return FAILED_ON;
    }
    return JUDGED;
  }

  /** The line the console ends with when the exit code is not 0, or null. */
  static String explain(ExperimentRecord e, int code, FailOn failOn) {
    return switch (code) {
      case INVALID_OR_FAILED ->
          "exit 1: a sanity check invalidated the run: "
              + e.sanity().stream()
                  .filter(s -> !s.passed())
                  .map(SanityCheck::name)
                  .distinct()
                  .toList();
      case FAILED_ON ->
          "exit 3: --fail-on "
              + failOn.name().toLowerCase(Locale.ROOT)
              + ": "
              + e.verdicts().values().stream()
                  .filter(v -> failOn.trips(v.verdict()))
                  .map(v -> v.id() + " " + v.verdict())
                  .toList();
      default -> null;
    };
  }
}
