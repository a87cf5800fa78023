package solventa.ops.report;

import java.util.Locale;
import solventa.ops.analysis.hypotheses.Actuarial;
import solventa.ops.analysis.hypotheses.Evidence;
import solventa.ops.analysis.hypotheses.FallbackFlip;

/**
 * Clause (b)'s flip in words ({@link FallbackFlip}): its outcome, the figures it rests on, what was
 * recorded over the first D of the outage, and why it could not be compared with D.
 */
final class FlipWords {
  private FlipWords() {}

  /** The comparison in words: "holds", "refutes", "too close to call", "not decidable: why". */
  static String outcome(FallbackFlip f) {
    return switch (f.outcome()) {
      case HOLDS -> "holds";
      case REFUTES -> "refutes";
      case TOO_CLOSE -> "too close to call";
      case UNDECIDABLE -> "not decidable: " + reason(f);
    };
  }

  /** Why {@code f} could not be compared with D (null when it could). */
  static String reason(FallbackFlip f) {
    FallbackFlip.Undecidable u = f.undecidable();
    if (u == null) {
      return null;
    }
    return switch (u.why()) {
      case HEALTHY_UNUSABLE ->
          Evidence.unusable(
              f.who() + "'s healthy step (h)",
              u.healthy().why(),
              u.healthy().invalidations(),
              u.healthy().answers());
      case H_NOT_MEASURED -> "h not measured in the healthy step";
      case NO_BIN ->
          "no "
              + u.binSec()
              + " s bin of the step has "
              + FallbackFlip.MIN_BIN_ANSWERS
              + " answers";
      case NEVER_ABOVE ->
          String.format(
              Locale.ROOT,
              "the measured share never lay wholly above %s %% in a second of the step's %d s: the"
                  + " flip lies beyond what was measured",
              Evidence.num(f.inputs().fallbackCeilingPct()),
              u.stepSeconds());
      case MODEL_DISAGREES -> {
        double scale = f.inputs().sourceRefreshSec() / f.labTSec();
        yield String.format(
            Locale.ROOT,
            "the aging model agrees with the measured curve only for %.0f s (%.2f T) after the"
                + " change, and the flip ends at %.1f s (%.2f T): the mapping to T_source is not"
                + " allowed there",
            f.agreesUntilSec(),
            f.agreesUntilSec() / f.labTSec(),
            f.flip().high() / scale,
            f.flip().high() / scale / f.labTSec());
      }
    };
  }

  /** The figures the judgement rests on, one clause of evidence. */
  static String figures(FallbackFlip f) {
    StringBuilder sb = new StringBuilder();
    if (f.hPct() != null) {
      sb.append(
          String.format(
              Locale.ROOT, "h %s %s (its healthy step)", Evidence.pct(f.hPct()), f.h().pct()));
    }
    if (f.tStar() != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "; t* %s, measured crossing %s, flip %s of T_source = %s s (× %s of the lab's T ="
                  + " %d s)",
              FallbackFlip.span(f.tStar()),
              f.crossing() == null ? "— (not within the step)" : FallbackFlip.span(f.crossing()),
              f.flip() == null ? "—" : FallbackFlip.span(f.flip()),
              Actuarial.num(f.inputs().sourceRefreshSec()),
              Actuarial.num(f.inputs().sourceRefreshSec() / f.labTSec()),
              f.labTSec()));
    }
    if (f.agreesUntilSec() != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "; the model agrees within %.0f points for %.0f s (%.2f T; largest gap %.1f, largest"
                  + " deviation %.1f points)",
              FallbackFlip.AGREEMENT_PTS,
              f.agreesUntilSec(),
              f.agreesUntilSec() / f.labTSec(),
              f.maxGapPts(),
              f.maxDeviationPts()));
    }
    sb.append(sb.length() == 0 ? "" : "; ").append(recorded(f));
    return sb.toString();
  }

  /** "as recorded over the first 3600 s of the outage (the lab's first 3 s, …): STALE ≤ A …". */
  static String recorded(FallbackFlip f) {
    FallbackFlip.Recorded r = f.recorded();
    return String.format(
        Locale.ROOT,
        "as recorded over the first %s s of the outage (the lab's first %d s, %d answers): STALE ≤"
            + " A %s, STALE > A %s, DEFAULT %s",
        Actuarial.num(f.inputs().outageSec()),
        r.seconds(),
        r.answers(),
        Evidence.pct(r.pct(r.staleWithinA())),
        Evidence.pct(r.pct(r.staleBeyondA())),
        Evidence.pct(r.pct(r.dflt())));
  }
}
