package solventa.adapter.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * The rate policy's opening decision: the share of failed calls among the calls that ended within
 * the last {@code window}, judged only once at least {@code minimumCalls} ended in it.
 *
 * <p>Algorithm: an exact time-based window. Every outcome is appended with its end time; outcomes
 * older than {@code now - window} are evicted on each record. Cost: O(1) amortised per call and
 * memory O(calls per window) (2 000 entries at 200 calls/s over 10 s). Time comes from the injected
 * {@link Clock}, so tests drive it.
 *
 * <p>Invariant: {@code failures <= events.size()}, and {@code failures} counts the failed entries
 * of {@code events}. Thread-safe (calls end on pool threads).
 */
public final class SlidingFailureWindow {

  private record Event(long atMillis, boolean failure) {}

  private final Clock clock;
  private final long windowMillis;
  private final int minimumCalls;
  private final double thresholdPercent;
  private final ArrayDeque<Event> events = new ArrayDeque<>();
  private int failures;

  public SlidingFailureWindow(
      Clock clock, Duration window, int minimumCalls, double thresholdPercent) {
    this.clock = clock;
    this.windowMillis = window.toMillis();
    this.minimumCalls = minimumCalls;
    this.thresholdPercent = thresholdPercent;
  }

  /** Records one call's end; true when, with it, the window says the breaker must open. */
  public synchronized boolean recordAndCheck(boolean failure) {
    long now = clock.millis();
    evict(now);
    events.addLast(new Event(now, failure));
    if (failure) {
      failures++;
    }
    return failure && exceeded();
  }

  /** Whether the window, as of now, is over the threshold with enough calls. */
  public synchronized boolean exceeded() {
    evict(clock.millis());
    return events.size() >= minimumCalls && failures * 100.0 / events.size() >= thresholdPercent;
  }

  /** Failures currently in the window (after evicting expired outcomes). */
  public synchronized int failures() {
    evict(clock.millis());
    return failures;
  }

  /** Calls currently in the window. */
  public synchronized int calls() {
    evict(clock.millis());
    return events.size();
  }

  /** Forgets everything; done when the breaker closes so a new episode starts clean. */
  public synchronized void clear() {
    events.clear();
    failures = 0;
  }

  private void evict(long now) {
    long oldest = now - windowMillis;
    while (!events.isEmpty() && events.peekFirst().atMillis() <= oldest) {
      if (events.pollFirst().failure()) {
        failures--;
      }
    }
  }
}
