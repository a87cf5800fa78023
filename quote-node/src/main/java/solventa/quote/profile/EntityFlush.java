package solventa.quote.profile;

import java.time.Duration;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;

/**
 * A profile entity's flush before it stops, on the entity's own thread: on {@link
 * ProfileEntity.Stop} no more reads, the {@code quote.shutdown.flush-deadline} timer starts and a
 * value Redis lacks is written; the entity stops once nothing is left to answer or write, or at the
 * deadline, counting and logging a value it could not write.
 */
final class EntityFlush {
  // the entity's own logger (not the context's: its source is the actor path, which holds the
  // customer id in clear)
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ProfileEntity.class);

  private final TimerScheduler<ProfileEntity.Command> timers;
  private final ProfileLoader loader;
  private final ProfileWriter writer;
  private final KnownProfile known;
  private final QuoteStats stats;
  private final String pseudonym;
  private final Duration deadline;
  private final Duration retryAfter;

  EntityFlush(
      TimerScheduler<ProfileEntity.Command> timers,
      ProfileLoader loader,
      ProfileWriter writer,
      KnownProfile known,
      QuoteStats stats,
      String pseudonym,
      Duration deadline,
      Duration retryAfter) {
    this.timers = timers;
    this.loader = loader;
    this.writer = writer;
    this.known = known;
    this.stats = stats;
    this.pseudonym = pseudonym;
    this.deadline = deadline;
    this.retryAfter = retryAfter;
  }

  /**
   * On {@link ProfileEntity.Stop}: no more reads, the deadline starts, and a value Redis lacks is
   * written.
   */
  void begin() {
    loader.settle();
    timers.startSingleTimer(
        ProfileEntity.FlushDeadline.INSTANCE, ProfileEntity.FlushDeadline.INSTANCE, deadline);
    writer.write();
  }

  /** While flushing, a failed write is retried sooner: at least five attempts fit the deadline. */
  Duration retry() {
    Duration fifth = deadline.dividedBy(5);
    return fifth.compareTo(retryAfter) < 0 ? fifth : retryAfter;
  }

  /** Stopped once nothing is left to answer or write; else {@code next}. */
  Behavior<ProfileEntity.Command> stopIfFlushed(Behavior<ProfileEntity.Command> next) {
    return !known.callsInFlight() && writer.idle() ? Behaviors.stopped() : next;
  }

  /**
   * The deadline passed: stopped whatever is left, a value Redis has not taken counted and logged.
   */
  Behavior<ProfileEntity.Command> atDeadline() {
    if (!writer.idle()) {
      stats.record(ProfileEvent.UNFLUSHED);
      LOG.warn(
          "customer={} stopped after quote.shutdown.flush-deadline ({} ms) with a value Redis has"
              + " not taken",
          pseudonym,
          deadline.toMillis());
    }
    return Behaviors.stopped();
  }
}
