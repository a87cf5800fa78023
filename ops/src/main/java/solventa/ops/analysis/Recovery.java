package solventa.ops.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import solventa.ops.protocol.BenchArm;
import solventa.providerdouble.control.ProviderState;

/**
 * HD-01.8: on recovery the breaker closes and the fallback share, having been above 5 %, falls
 * below it within 60 s; C' shows no stampede. C is shown beside C', and is the control (rules
 * version 6): its recovery, under quote journeys, must stampede for C''s "no stampede" to count.
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
        List.of(BenchArm.C, BenchArm.C_PRIME),
        ProviderState.RECOVERY,
        s -> judge(ev, in, s, s.spec().arm() == BenchArm.C_PRIME));
    return ev.verdict(this);
  }

  /**
   * From the second the breaker closed to the step's last whole second: the provider calls
   * completed and the customers needing one (per second, distinct customers whose answer was not
   * CACHED), summed; null when the step's timeline cannot tell (the breaker never closed, or
   * results written before rules version 6).
   */
  public record Duplicates(long calls, long needing) {
    /** More calls than customers needing one: some customer got a second call (a stampede). */
    public boolean stampede() {
      return calls > needing;
    }

    public String describe() {
      return String.format(
          Locale.ROOT,
          "%d provider calls for %d customers needing one (%.2f per customer)",
          calls,
          needing,
          needing == 0 ? 0.0 : (double) calls / needing);
    }
  }

  public static Duplicates duplicates(StepResult s) {
    if (s.closedAfterMs() == null || s.timeline() == null) {
      return null;
    }
    long from = s.closedAfterMs() / 1000;
    long whole = (s.endMs() - s.startMs()) / 1000;
    long calls = 0;
    long needing = 0;
    boolean any = false;
    for (TimelinePoint t : s.timeline()) {
      if (t.second() < from || t.second() >= whole) {
        continue;
      }
      if (t.providerCalls() == null || t.needing() == null) {
        return null;
      }
      calls += t.providerCalls();
      needing += t.needing();
      any = true;
    }
    return any ? new Duplicates(calls, needing) : null;
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
    Duplicates dup = duplicates(s);
    String since =
        who
            + ", from the breaker's close: "
            + (dup == null
                ? "n/a (no close in the step, or no per-customer figures)"
                : dup.describe());
    if (!stampedeRule) {
      ev.add(stampede + " (C, shown beside C')");
      ev.add(
          since
              + (dup == null
                  ? ""
                  : dup.stampede()
                      ? " → C stampedes: the control is met (version 6)"
                      : " → C did not stampede"));
      return;
    }
    ev.add(since);
    if (peak < 0 || pool < 0 || s.rejections() == null) {
      ev.inconclusive(stampede + "; the pool was not read");
    } else if (!over.isEmpty() || s.rejections() > 0 || peak >= pool) {
      ev.refute(stampede + " → stampede");
    } else {
      Duplicates c =
          in.results()
              .walk(s.spec().run(), BenchArm.C, ProviderState.RECOVERY)
              .map(Recovery::duplicates)
              .orElse(null);
      if (c == null || !c.stampede()) {
        ev.inconclusive(
            stampede
                + " → no stampede, but the recovery load made no concurrent misses on one customer"
                + " in C ("
                + (c == null ? "C's figures are missing" : c.describe())
                + "): C''s lack of a stampede shows nothing");
      } else {
        ev.add(stampede + " → no stampede");
      }
    }
  }
}
