package solventa.ops.analysis.hypotheses;

import java.util.List;
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
  public static final double FALLBACK_PCT = 5.0;
  public static final long WITHIN_MS = 60_000;

  @Override
  public String byConstruction(Design d) {
    return d.recovery();
  }

  @Override
  public List<String> rules() {
    return List.of(RuleNames.RECOVERY_TIME);
  }

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
  public static final long CONTROL_MIN_DUPLICATES = 20;

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
  public static Interval recoveryInterval(long recoveryMs) {
    return new Interval(Math.max(0, recoveryMs - 1_000), recoveryMs);
  }

  /** How a recovery step's time came out against 60 s. */
  public enum TimeOutcome {
    /** The fallback share was never above 5 % before the close: nothing to recover from. */
    NOTHING_TO_RECOVER,
    /** The breaker closed and the share fell below 5 % within 60 s. */
    RECOVERED,
    /** Either came after 60 s, or not within a step of at least 60 s. */
    LATE,
    /** The second the share fell in contains 60 s. */
    TOO_CLOSE,
    /** Not recovered yet, and the step is shorter than 60 s. */
    NOT_YET
  }

  /**
   * A recovery step's breaker close and the fall of its fallback share below 5 %, against 60 s.
   *
   * @param peakBeforeClosePct the step's highest fallback share up to the close (−1 with none read)
   */
  public record Time(String stepId, double peakBeforeClosePct, TimeOutcome outcome)
      implements Fact {}

  /** The step's recovery backlog: its pool full while the provider was still degraded. */
  public record Backlog(String stepId, int windowSec) implements Fact {}

  /** C's recovery, shown beside C': whether the load made it ask duplicate calls once healthy. */
  public record Control(String stepId, int windowSec) implements Fact {}

  /** How C''s stampede rule came out. */
  public enum StampedeOutcome {
    /** The healthy seconds could not be judged ({@link RecoveryPhases#unjudged}). */
    UNJUDGED,
    /** Duplicate calls with the pool full once the provider was healthy. */
    STAMPEDE,
    /** C' asked duplicate calls over the step: it did not coalesce. */
    DUPLICATES,
    /** No stampede, but C's control was not met: it shows nothing. */
    CONTROL_NOT_MET,
    /** No stampede and no duplicate call, C's control met. */
    NONE
  }

  /**
   * C''s stampede rule on its recovery step.
   *
   * @param duplicates C''s duplicate calls over the step (null when not recorded)
   * @param control C's duplicate calls once the provider was healthy (null when missing)
   */
  public record Stampede(
      String stepId, int windowSec, StampedeOutcome outcome, Long duplicates, Long control)
      implements Fact {}

  private static void judge(Evidence ev, Input in, StepResult s, boolean stampedeRule) {
    judgeRecoveryTime(ev, s);
    int window = in.rules().recoveryWindowSec();
    RecoveryPhases ph = RecoveryPhases.of(s, window);
    if (ph.backlog().isPresent()) {
      ev.note(new Backlog(s.spec().id(), window));
    }
    if (!stampedeRule) {
      ev.note(new Control(s.spec().id(), window));
      return;
    }
    judgeStampede(ev, in, s, ph);
  }

  /** Whether the breaker closed and the fallback share fell below 5 % within 60 s. */
  private static void judgeRecoveryTime(Evidence ev, StepResult s) {
    Time t = time(s);
    switch (t.outcome()) {
      case RECOVERED -> ev.note(t);
      case LATE -> ev.refute(t);
      default -> ev.undecided(t);
    }
  }

  /**
   * A recovery step's time against 60 s, as HD-01.8 reads it for C and C' and the Recommendation
   * for every design: the breaker's close (a stamped transition, exact) and the fall of the
   * fallback share below 5 % (read at the timeline's second, by its interval).
   */
  public static Time time(StepResult s) {
    long stepMs = s.endMs() - s.changeMs();
    double before = peakBeforeClose(s);
    String id = s.spec().id();
    if (before <= FALLBACK_PCT) {
      return new Time(id, before, TimeOutcome.NOTHING_TO_RECOVER);
    }
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
      return new Time(id, before, TimeOutcome.RECOVERED);
    } else if (late) {
      return new Time(id, before, TimeOutcome.LATE);
    } else if (fell == Call.TOO_CLOSE) {
      return new Time(id, before, TimeOutcome.TOO_CLOSE);
    }
    return new Time(id, before, TimeOutcome.NOT_YET);
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

  /** C''s stampede: none once the provider is healthy, no duplicate call, and C's control met. */
  private static void judgeStampede(Evidence ev, Input in, StepResult s, RecoveryPhases ph) {
    Long dup = duplicates(s);
    String id = s.spec().id();
    int window = in.rules().recoveryWindowSec();
    if (ph.unjudged() != null) {
      ev.undecided(new Stampede(id, window, StampedeOutcome.UNJUDGED, dup, null));
    } else if (ph.stampede()) {
      ev.refute(new Stampede(id, window, StampedeOutcome.STAMPEDE, dup, null));
    } else if (dup != null && dup > 0) {
      ev.refute(new Stampede(id, window, StampedeOutcome.DUPLICATES, dup, null));
    } else {
      Long c =
          in.results()
              .walk(s.spec().run(), BenchArm.C, ProviderState.RECOVERY)
              .map(x -> RecoveryPhases.of(x, window).duplicates())
              .orElse(null);
      if (c == null || c < CONTROL_MIN_DUPLICATES) {
        ev.undecided(new Stampede(id, window, StampedeOutcome.CONTROL_NOT_MET, dup, c));
      } else {
        ev.note(new Stampede(id, window, StampedeOutcome.NONE, dup, c));
      }
    }
  }
}
