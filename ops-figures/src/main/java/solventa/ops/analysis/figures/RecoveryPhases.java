package solventa.ops.analysis.figures;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import solventa.adapter.model.BreakerState;

/**
 * A recovery step split where the provider is healthy again: for the recovery window after the
 * change the provider still answers at its degraded latency, then healthily. A stampede is what
 * coalescing prevents, duplicate provider calls for one customer, filling the adapter's pool; the
 * card asks about it once the provider is back, so it is judged over the seconds after the window.
 * A pool filled before that, while the provider is still degraded, is the recovery backlog: the
 * distinct customers whose values expired during the outage, let through when a half-open probe
 * happens to close the breaker. It is a finding of its own, with its cause, not a stampede.
 *
 * @param who the step as the evidence names it ("C R1 recovery")
 * @param healthyFromSec the first second (from the change) with the provider healthy again
 * @param healthySeconds how many seconds of the step lie after it
 * @param duplicates duplicate calls asked in those seconds; null when no reading carried the count
 * @param peakHealthy the most calls in flight read in those seconds; null when none was read
 * @param stepPeak the step's own most calls in flight (the pool's peak everywhere else too)
 * @param poolSize the adapter's pool
 * @param rejections the step's bulkhead rejections (a step total: the sampler does not time them)
 * @param backlog the recovery backlog, when the pool filled before the provider was healthy
 */
public record RecoveryPhases(
    String who,
    int healthyFromSec,
    int healthySeconds,
    Long duplicates,
    Integer peakHealthy,
    Integer stepPeak,
    Integer poolSize,
    Long rejections,
    Optional<Backlog> backlog) {

  /**
   * The pool filling while the provider was still degraded, and its cause.
   *
   * @param fullAtSec the first second the pool was read full
   * @param closedAtMs when the breaker closed (from the change) before that second; null when it
   *     had not closed (the pool filled with the breaker closed from the step's start)
   * @param probe whether a half-open probe closed it
   * @param reopenedAtMs when it opened again; null when it stayed closed
   * @param duplicates duplicate calls asked from the close's second to the reopening's
   */
  public record Backlog(
      int fullAtSec, Long closedAtMs, boolean probe, Long reopenedAtMs, Long duplicates) {}

  /** The step's phases; {@code windowSec} is the profile's recovery window. */
  public static RecoveryPhases of(StepResult s, int windowSec) {
    String who = s.spec().arm().label() + " " + s.spec().run() + " recovery";
    List<TimelinePoint> tl = s.timeline() == null ? List.of() : s.timeline();
    List<TimelinePoint> healthy = tl.stream().filter(t -> t.second() >= windowSec).toList();
    Long dup = sumDuplicates(healthy);
    Integer peak =
        healthy.stream()
            .map(TimelinePoint::inFlight)
            .filter(Objects::nonNull)
            .max(Integer::compare)
            .orElse(null);
    Optional<Backlog> backlog = Optional.empty();
    if (s.poolSize() != null) {
      int pool = s.poolSize();
      Optional<TimelinePoint> full =
          tl.stream()
              .filter(t -> t.second() < windowSec)
              .filter(t -> t.inFlight() != null && t.inFlight() >= pool)
              .findFirst();
      backlog = full.map(t -> backlog(s, tl, t.second()));
    }
    return new RecoveryPhases(
        who,
        windowSec,
        healthy.size(),
        dup,
        peak,
        s.poolMaxInFlight(),
        s.poolSize(),
        s.rejections(),
        backlog);
  }

  private static Backlog backlog(StepResult s, List<TimelinePoint> tl, int fullAt) {
    long fullEndMs = (fullAt + 1) * 1000L;
    BreakerTransition close = null;
    for (BreakerTransition t :
        s.transitions() == null ? List.<BreakerTransition>of() : s.transitions()) {
      if (t.to() == BreakerState.CLOSED && t.atMs() - s.changeMs() <= fullEndMs) {
        close = t;
      }
    }
    if (close == null) {
      return new Backlog(fullAt, null, false, null, null);
    }
    long closedAbs = close.atMs();
    long closedAt = closedAbs - s.changeMs();
    Long reopened =
        s.transitions().stream()
            .filter(t -> t.to() == BreakerState.OPEN && t.atMs() > closedAbs)
            .map(t -> t.atMs() - s.changeMs())
            .findFirst()
            .orElse(null);
    int from = (int) (closedAt / 1000);
    int to = reopened == null ? Integer.MAX_VALUE : (int) (reopened / 1000);
    Long dup =
        sumDuplicates(tl.stream().filter(t -> t.second() >= from && t.second() <= to).toList());
    return new Backlog(fullAt, closedAt, close.from() == BreakerState.HALF_OPEN, reopened, dup);
  }

  private static Long sumDuplicates(List<TimelinePoint> seconds) {
    Long sum = null;
    for (TimelinePoint t : seconds) {
      if (t.duplicates() != null) {
        sum = (sum == null ? 0 : sum) + t.duplicates();
      }
    }
    return sum;
  }

  /** Why the healthy seconds cannot be judged, or null when they can. */
  public String unjudged() {
    if (healthySeconds == 0) {
      return who + " ended before the provider was healthy again (" + healthyFromSec + " s)";
    }
    if (poolSize == null || peakHealthy == null || stepPeak == null) {
      return who + ": the adapter's pool was not read after the provider was healthy again";
    }
    if (duplicates == null) {
      return who
          + ": duplicate calls n/a (not recorded: results before rules version 7) after the"
          + " provider was healthy again";
    }
    return null;
  }

  /** Duplicate calls filling the pool once the provider is healthy again. */
  public boolean stampede() {
    return unjudged() == null && duplicates > 0 && peakHealthy >= poolSize;
  }

  /**
   * "C R1 recovery, from 30 s after the change (provider healthy again, 46 s): 51 duplicate
   * call(s), at most 8 in flight of pool 32 (the step's peak 32, 35 rejected in the step)".
   */
  public String healthyText() {
    return String.format(
        Locale.ROOT,
        "%s, from %d s after the change (the provider healthy again, %d s): %s duplicate call(s),"
            + " at most %s in flight of pool %s (the step's peak %s, %s rejected in the step)",
        who,
        healthyFromSec,
        healthySeconds,
        duplicates == null ? "n/a" : duplicates,
        peakHealthy == null ? "n/a" : peakHealthy,
        poolSize == null ? "n/a" : poolSize,
        stepPeak == null ? "n/a" : stepPeak,
        rejections == null ? "n/a" : rejections);
  }

  /** The backlog as a finding of its own, with its cause; empty when there was none. */
  public Optional<String> backlogText() {
    return backlog.map(
        b ->
            String.format(
                Locale.ROOT,
                "recovery backlog (a finding, not a stampede): %s: the pool was full (%d of %d in"
                    + " flight) in second %d, while the provider was still degraded; cause: %s",
                who,
                stepPeak == null ? poolSize : stepPeak,
                poolSize,
                b.fullAtSec(),
                cause(b)));
  }

  private String cause(Backlog b) {
    if (b.closedAtMs() == null) {
      return "no transition of the breaker to closed was recorded before it";
    }
    return String.format(
        Locale.ROOT,
        "%s closed the breaker %d ms after the change and it %s; while it was closed it admitted"
            + " at least %s calls (the pool's peak) for the customers whose values expired during"
            + " the outage, %s of them duplicate calls, %s rejected in the step",
        b.probe() ? "a half-open probe that answered in time" : "a transition",
        b.closedAtMs(),
        b.reopenedAtMs() == null
            ? "stayed closed"
            : "opened again " + b.reopenedAtMs() + " ms after the change",
        stepPeak == null ? "n/a" : stepPeak,
        b.duplicates() == null ? "n/a" : b.duplicates(),
        rejections == null ? "n/a" : rejections);
  }
}
