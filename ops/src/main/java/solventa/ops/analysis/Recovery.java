package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/**
 * HD-01.8: on recovery the breaker closes and the fallback share, having been above 5 %, falls
 * below it within 60 s; C' shows no stampede. C is shown beside C', and is the control (rules
 * version 7): under quote journeys its adapter must be asked at least {@value
 * #CONTROL_MIN_DUPLICATES} duplicate calls (a call for a customer whose earlier call is still
 * pending) for C''s "no stampede" to count; C' makes none.
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

  private static void judge(Evidence ev, Input in, StepResult s, boolean stampedeRule) {
    String who = s.spec().arm().label() + " " + s.spec().run() + " recovery";
    long stepMs = s.endMs() - s.changeMs();
    Long closedAt = s.closedAfterMs();
    double before =
        s.timeline().stream()
            .filter(t -> closedAt == null || t.second() * 1000L <= closedAt)
            .filter(t -> t.fallbackShare() != null)
            .mapToDouble(TimelinePoint::fallbackShare)
            .max()
            .orElse(-1);
    String head =
        String.format(
            Locale.ROOT,
            "%s: peak fallback %s before the breaker closed, breaker closed after %s, fallback < 5 %%"
                + " after %s (step %.0f s)",
            who,
            before < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f %%", before),
            s.closedAfterMs() == null ? "never (in the step)" : s.closedAfterMs() + " ms",
            s.recoveryMs() == null ? "never (in the step)" : s.recoveryMs() + " ms",
            stepMs / 1000.0);
    if (before <= FALLBACK_PCT) {
      ev.inconclusive(head + "; the fallback share was never above 5 %: nothing to recover from");
    } else {
      boolean closed = s.closedAfterMs() != null && s.closedAfterMs() <= WITHIN_MS;
      boolean fell = s.recoveryMs() != null && s.recoveryMs() <= WITHIN_MS;
      if (closed && fell) {
        ev.add(head + " → recovered within 60 s");
      } else if (stepMs >= WITHIN_MS) {
        ev.refute(head + " → did not recover within 60 s");
      } else {
        ev.inconclusive(head + "; not recovered yet and the step is shorter than 60 s");
      }
    }
    int pool = s.poolSize() == null ? -1 : s.poolSize();
    int peak =
        s.timeline().stream()
            .map(TimelinePoint::inFlight)
            .filter(Objects::nonNull)
            .mapToInt(Integer::intValue)
            .max()
            .orElse(-1);
    List<String> over =
        s.timeline().stream()
            .filter(
                t ->
                    t.providerCalls() != null
                        && t.customers() != null
                        && t.providerCalls() > t.customers())
            .map(t -> "s" + t.second() + ": " + t.providerCalls() + " calls > " + t.customers())
            .toList();
    String stampede =
        String.format(
            Locale.ROOT,
            "%s: peak in-flight %s of pool %s, %s rejected, seconds with more provider calls than"
                + " distinct customers: %s",
            who,
            peak < 0 ? "n/a" : Integer.toString(peak),
            pool < 0 ? "n/a" : Integer.toString(pool),
            s.rejections() == null ? "n/a" : s.rejections(),
            over.isEmpty() ? "none" : String.join(", ", over));
    Long dup = duplicates(s);
    String dups =
        who
            + ": "
            + (dup == null
                ? "duplicate calls n/a (not recorded: results before rules version 7)"
                : dup
                    + " duplicate provider call(s) (asked for a customer whose earlier call was"
                    + " still pending)");
    if (!stampedeRule) {
      ev.add(stampede + " (C, shown beside C')");
      ev.add(
          dups
              + (dup == null
                  ? ""
                  : dup >= CONTROL_MIN_DUPLICATES
                      ? " → the control is met: the load made C stampede (version 7)"
                      : " → fewer than " + CONTROL_MIN_DUPLICATES + ": the control is not met"));
      return;
    }
    if (peak < 0 || pool < 0 || s.rejections() == null) {
      ev.inconclusive(stampede + "; the pool was not read");
    } else if (!over.isEmpty() || s.rejections() > 0 || peak >= pool) {
      List<String> which = new java.util.ArrayList<>();
      if (!over.isEmpty()) {
        which.add("more calls than customers in a second");
      }
      if (s.rejections() > 0) {
        which.add("rejections");
      }
      if (peak >= pool) {
        which.add("the pool full");
      }
      ev.refute(stampede + "; " + dups + " → stampede (" + String.join(", ", which) + ")");
    } else if (dup == null) {
      ev.inconclusive(dups);
    } else if (dup > 0) {
      ev.refute(dups + " → C' did not coalesce: stampede");
    } else {
      Long c =
          in.results()
              .walk(s.spec().run(), BenchArm.C, ProviderState.RECOVERY)
              .map(Recovery::duplicates)
              .orElse(null);
      if (c == null || c < CONTROL_MIN_DUPLICATES) {
        ev.inconclusive(
            stampede
                + "; "
                + dups
                + " → no stampede, but the recovery load did not make C stampede ("
                + (c == null
                    ? "C's count is missing"
                    : c + " duplicate calls in C, fewer than " + CONTROL_MIN_DUPLICATES)
                + "): C''s lack of a stampede shows nothing");
      } else {
        ev.add(stampede + "; " + dups + " → no stampede (C made " + c + ")");
      }
    }
  }
}
