package solventa.quote.profile;

import java.time.Duration;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import solventa.quote.stats.ProfileEvent;
import solventa.quote.stats.QuoteStats;
import solventa.signals.CanonicalProfile;

/**
 * One profile entity's writes to Redis, run on the entity's own thread (its context and timers): at
 * most one write in flight; when it ends, a newer value is written next; a failed write is counted
 * and retried after a delay. Redis trouble never fails a request.
 */
final class ProfileWriter {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ProfileWriter.class);

  private final ActorContext<ProfileEntity.Command> ctx;
  private final TimerScheduler<ProfileEntity.Command> timers;
  private final ProfileStore store;
  private final QuoteStats stats;
  private final String pseudonym;

  private CanonicalProfile latest; // the newest value the entity holds
  private boolean writing;
  private boolean dirty; // latest has not reached Redis yet

  ProfileWriter(
      ActorContext<ProfileEntity.Command> ctx,
      TimerScheduler<ProfileEntity.Command> timers,
      ProfileStore store,
      QuoteStats stats,
      String pseudonym) {
    this.ctx = ctx;
    this.timers = timers;
    this.store = store;
    this.stats = stats;
    this.pseudonym = pseudonym;
  }

  /**
   * The entity holds a new value that Redis has not seen: write it (now, or after the write in
   * flight).
   */
  void changed(CanonicalProfile value) {
    latest = value;
    dirty = true;
    write();
  }

  /** Writes the newest value if one is due and none is in flight. */
  void write() {
    if (writing || !dirty || latest == null) {
      return;
    }
    writing = true;
    dirty = false;
    ctx.pipeToSelf(
        store.save(latest),
        (ok, err) -> new ProfileEntity.Persisted(err == null ? null : err.toString()));
  }

  /** The write in flight ended; a failed one is retried after {@code retryIn}. */
  void written(String error, Duration retryIn) {
    writing = false;
    if (error != null) {
      stats.record(ProfileEvent.REDIS_ERROR);
      dirty = true;
      LOG.debug("persisting customer={} failed, retrying: {}", pseudonym, error);
      timers.startSingleTimer(
          ProfileEntity.RetryPersist.INSTANCE, ProfileEntity.RetryPersist.INSTANCE, retryIn);
    } else {
      write();
    }
  }

  /** Nothing in flight and nothing left to write. */
  boolean idle() {
    return !writing && !dirty;
  }
}
