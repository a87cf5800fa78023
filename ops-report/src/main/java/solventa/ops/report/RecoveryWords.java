package solventa.ops.report;

import java.util.Locale;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.hypotheses.Fact;
import solventa.ops.analysis.hypotheses.Recovery;

/**
 * The words of HD-01.8's findings: each recovery step's close and fall below 5 % against 60 s, its
 * backlog, C's control and C''s stampede, the phases read again from the step ({@link
 * RecoveryPhases}).
 */
final class RecoveryWords {
  private RecoveryWords() {}

  static String text(Fact fact, boolean refutes, EvidenceWords words) {
    if (fact instanceof Recovery.Time t) {
      return time(words.step(t.stepId()), t);
    }
    if (fact instanceof Recovery.Backlog b) {
      return RecoveryPhases.of(words.step(b.stepId()), b.windowSec()).backlogText().orElseThrow();
    }
    if (fact instanceof Recovery.Control c) {
      return control(RecoveryPhases.of(words.step(c.stepId()), c.windowSec()));
    }
    if (fact instanceof Recovery.Stampede st) {
      return stampede(words.step(st.stepId()), st);
    }
    return null;
  }

  private static String time(StepResult s, Recovery.Time t) {
    String who = EvidenceWords.who(s);
    long stepMs = s.endMs() - s.changeMs();
    double before = t.peakBeforeClosePct();
    String head =
        String.format(
            Locale.ROOT,
            "%s: peak fallback %s before the breaker closed, breaker closed after %s, fallback < 5 %%"
                + " after %s (step %.0f s)",
            who,
            before < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f %%", before),
            s.closedAfterMs() == null ? "never (in the step)" : s.closedAfterMs() + " ms",
            s.recoveryMs() == null
                ? "never (in the step)"
                : s.recoveryMs() + " ms " + Recovery.recoveryInterval(s.recoveryMs()).ms(),
            stepMs / 1000.0);
    return switch (t.outcome()) {
      case NOTHING_TO_RECOVER ->
          head + "; the fallback share was never above 5 %: nothing to recover from";
      case RECOVERED -> head + " → recovered within 60 s";
      case LATE -> head + " → did not recover within 60 s";
      case TOO_CLOSE ->
          head
              + " → too close to call: "
              + who
              + " fallback < 5 % after "
              + s.recoveryMs()
              + " ms "
              + Recovery.recoveryInterval(s.recoveryMs()).ms()
              + " against 60 s";
      case NOT_YET -> head + "; not recovered yet and the step is shorter than 60 s";
    };
  }

  /** C's recovery, shown beside C': whether the load made it ask duplicate calls when healthy. */
  private static String control(RecoveryPhases ph) {
    return ph.healthyText()
        + " (C, shown beside C')"
        + (ph.duplicates() == null
            ? ""
            : ph.duplicates() >= Recovery.CONTROL_MIN_DUPLICATES
                ? " → the control is met: the load made C ask duplicate calls once the"
                    + " provider was healthy"
                : " → fewer than "
                    + Recovery.CONTROL_MIN_DUPLICATES
                    + " duplicate calls: the control is not met");
  }

  private static String stampede(StepResult s, Recovery.Stampede st) {
    RecoveryPhases ph = RecoveryPhases.of(s, st.windowSec());
    Long c = st.control();
    return switch (st.outcome()) {
      case UNJUDGED -> ph.unjudged() + ": the stampede cannot be judged";
      case STAMPEDE -> ph.healthyText() + " → stampede (duplicate calls with the pool full)";
      case DUPLICATES ->
          EvidenceWords.who(s)
              + ": "
              + st.duplicates()
              + " duplicate provider call(s) over the step (asked for a customer whose earlier"
              + " call was still pending) → C' did not coalesce";
      case CONTROL_NOT_MET ->
          ph.healthyText()
              + " → no stampede, but the recovery load did not make C ask duplicate calls once"
              + " the provider was healthy ("
              + (c == null
                  ? "C's count is missing"
                  : c + " duplicate calls in C, fewer than " + Recovery.CONTROL_MIN_DUPLICATES)
              + "): C''s lack of a stampede shows nothing";
      case NONE ->
          ph.healthyText()
              + ", no duplicate call over the step → no stampede (C made "
              + c
              + " after the provider was healthy)";
    };
  }
}
