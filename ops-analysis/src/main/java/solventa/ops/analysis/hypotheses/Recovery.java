package solventa.ops.analysis.hypotheses;

import java.util.Locale;
import solventa.ops.analysis.figures.RecoveryPhases;
import solventa.ops.analysis.figures.StepResult;
import solventa.ops.analysis.figures.TimelinePoint;
import solventa.ops.protocol.BenchArm;
import solventa.ops.statistics.Interval;
import solventa.vocabulary.ProviderState;

/**
 * HD-01.8: on recovery the breaker closes and the fallback share, having been above 5 %, falls
 * below it within 60 s; C' shows no stampede. A stampede is duplicate calls (a call for a customer
 * whose earlier call is still pending) with the pool full, judged once the provider is healthy
 * again ({@link RecoveryPhases}); a pool filled before that is the recovery backlog, shown as a
 * finding of its own. C is shown beside C', and is the control: under quote journeys its adapter
 * must be asked at least {@value #CONTROL_MIN_DUPLICATES} duplicate calls once the provider is
 * healthy for C''s "no stampede" to count; C' makes none over the whole step (it coalesces). The
 * recovery time is compared with 60 s by the second it was read in ({@link #recoveryInterval}); the
 * duplicate counts are every event of their window, counted by the adapter, and have no interval.
 */
public final class Recovery implements Hypothesis {
  static final double FALLBACK_PCT = 5.0;
  static final long WITHIN_MS = 60_000;

  @Override
  public String id() {
    return "HD-01.8";
  }

  @Override
  public String statement() {
    return "On recovery the breaker closes and the fallback share falls below 5 % within 60 s, with"
        + " no stampede (C' beside C)";
  }

  @Override
  public Verdict evaluate(Input in) {
    Evidence ev = new Evidence();
    ev.eachUsableWalk(
        in,
        BenchArm.fallingBack(),
        ProviderState.RECOVERY,
        s -> judge(ev, in, s, s.spec().arm().coalesces()));
    return ev.verdict(this);
  }

  /**
   * The control's least count of C's duplicate calls (rules version 7): enough occasions that a C'
   * failing to coalesce even one in seven of them (15 %) would show a duplicate with a probability
   * of at least 96 % (1 − 0.85^20).
   */
  static final long CONTROL_MIN_DUPLICATES = 20;

  /**
   * Over the whole recovery step: the provider calls the adapter was asked for a customer whose
   * earlier call was still pending (what per-key coalescing prevents); null when the step's
   * readings do not carry the count (results recorded before rules version 7).
   */
  public static Long duplicates(StepResult s) {
    if (s.timeline() == null) {
      return null;
    }
    long sum = 0;
    boolean any = false;
    for (TimelinePoint t : s.timeline()) {
      if (t.duplicates() != null) {
        sum += t.duplicates();
        any = true;
      }
    }
    return any ? sum : null;
  }

  /**
   * The recovery time's interval: it is read from the per-second timeline as the end of the second
   * from which every 5 s window stays below 5 %, so the share fell somewhere in that second. (The
   * close time needs none: it is a breaker transition, stamped to the ms.)
   */
  static Interval recoveryInterval(long recoveryMs) {
    return new Interval(Math.max(0, recoveryMs - 1_000), recoveryMs);
  }

  private static void judge(Evidence ev, Input in, StepResult s, boolean stampedeRule) {
    String who = s.spec().arm().label() + " " + s.spec().run() + " recovery";
    judgeRecoveryTime(ev, s, who);
    RecoveryPhases ph = RecoveryPhases.of(s, in.rules().recoveryWindowSec());
    ph.backlogText().ifPresent(ev::add);
    if (!stampedeRule) {
      ev.add(controlText(ph));
      return;
    }
    judgeStampede(ev, in, s, who, ph);
  }

  /** Whether the breaker closed and the fallback share fell below 5 % within 60 s. */
  private static void judgeRecoveryTime(Evidence ev, StepResult s, String who) {
    long stepMs = s.endMs() - s.changeMs();
    double before = peakBeforeClose(s);
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
                : s.recoveryMs() + " ms " + recoveryInterval(s.recoveryMs()).ms(),
            stepMs / 1000.0);
    if (before <= FALLBACK_PCT) {
      ev.inconclusive(head + "; the fallback share was never above 5 %: nothing to recover from");
      return;
    }
    // the close is a breaker transition, stamped to the ms: compared exactly
    boolean closed = s.closedAfterMs() != null && s.closedAfterMs() <= WITHIN_MS;
    Call fell =
        s.recoveryMs() == null
            ? null
            : Call.of(recoveryInterval(s.recoveryMs()), x -> x <= WITHIN_MS);
    boolean late =
        (s.closedAfterMs() != null && s.closedAfterMs() > WITHIN_MS)
            || fell == Call.FAILS
            || ((s.closedAfterMs() == null || fell == null) && stepMs >= WITHIN_MS);
    if (closed && fell == Call.HOLDS) {
      ev.add(head + " → recovered within 60 s");
    } else if (late) {
      ev.refute(head + " → did not recover within 60 s");
    } else if (fell == Call.TOO_CLOSE) {
      ev.inconclusive(
          head
              + " → too close to call: "
              + who
              + " fallback < 5 % after "
              + s.recoveryMs()
              + " ms "
              + recoveryInterval(s.recoveryMs()).ms()
              + " against 60 s");
    } else {
      ev.inconclusive(head + "; not recovered yet and the step is shorter than 60 s");
    }
  }

  /** The step's highest fallback share up to the breaker's close, percent (−1 with none read). */
  private static double peakBeforeClose(StepResult s) {
    Long closedAt = s.closedAfterMs();
    return s.timeline().stream()
        .filter(t -> closedAt == null || t.second() * 1000L <= closedAt)
        .filter(t -> t.fallbackShare() != null)
        .mapToDouble(TimelinePoint::fallbackShare)
        .max()
        .orElse(-1);
  }

  /** C's recovery, shown beside C': whether the load made it ask duplicate calls when healthy. */
  private static String controlText(RecoveryPhases ph) {
    return ph.healthyText()
        + " (C, shown beside C')"
        + (ph.duplicates() == null
            ? ""
            : ph.duplicates() >= CONTROL_MIN_DUPLICATES
                ? " → the control is met: the load made C ask duplicate calls once the"
                    + " provider was healthy"
                : " → fewer than "
                    + CONTROL_MIN_DUPLICATES
                    + " duplicate calls: the control is not met");
  }

  /** C''s stampede: none once the provider is healthy, no duplicate call, and C's control met. */
  private static void judgeStampede(
      Evidence ev, Input in, StepResult s, String who, RecoveryPhases ph) {
    Long dup = duplicates(s);
    String why = ph.unjudged();
    if (why != null) {
      ev.inconclusive(why + ": the stampede cannot be judged");
    } else if (ph.stampede()) {
      ev.refute(ph.healthyText() + " → stampede (duplicate calls with the pool full)");
    } else if (dup != null && dup > 0) {
      ev.refute(
          who
              + ": "
              + dup
              + " duplicate provider call(s) over the step (asked for a customer whose earlier"
              + " call was still pending) → C' did not coalesce");
    } else {
      Long c =
          in.results()
              .walk(s.spec().run(), BenchArm.C, ProviderState.RECOVERY)
              .map(x -> RecoveryPhases.of(x, in.rules().recoveryWindowSec()).duplicates())
              .orElse(null);
      if (c == null || c < CONTROL_MIN_DUPLICATES) {
        ev.inconclusive(
            ph.healthyText()
                + " → no stampede, but the recovery load did not make C ask duplicate calls once"
                + " the provider was healthy ("
                + (c == null
                    ? "C's count is missing"
                    : c + " duplicate calls in C, fewer than " + CONTROL_MIN_DUPLICATES)
                + "): C''s lack of a stampede shows nothing");
      } else {
        ev.add(
            ph.healthyText()
                + ", no duplicate call over the step → no stampede (C made "
                + c
                + " after the provider was healthy)");
      }
    }
  }
}
