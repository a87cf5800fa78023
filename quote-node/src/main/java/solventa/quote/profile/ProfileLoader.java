package solventa.quote.profile;

import java.time.Duration;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * One profile entity's loads of its last known value from Redis, run on the entity's own thread:
 * the first at start, then after each failure a retry with a backoff that doubles from {@code
 * quote.redis.retry-after} up to {@code quote.redis.load-retry-max}, until a load answers or the
 * entity no longer needs one. Results reach the entity as {@link ProfileEntity.Recovered}.
 */
final class ProfileLoader {
  private final ActorContext<ProfileEntity.Command> ctx;
  private final TimerScheduler<ProfileEntity.Command> timers;
  private final ProfileStore store;
  private final String customerId;
  private final Duration max;
  private Duration next;
  private boolean settled; // a load answered, or none is needed any more

  ProfileLoader(
      ActorContext<ProfileEntity.Command> ctx,
      TimerScheduler<ProfileEntity.Command> timers,
      ProfileStore store,
      String customerId,
      Duration first,
      Duration max) {
    this.ctx = ctx;
    this.timers = timers;
    this.store = store;
    this.customerId = customerId;
    this.next = first;
    this.max = max;
  }

  /** Starts a load. */
  void load() {
    ctx.pipeToSelf(
        store.load(customerId),
        (found, err) ->
            err != null
                ? new ProfileEntity.Recovered(null, String.valueOf(err))
                : new ProfileEntity.Recovered(found.orElse(null), null));
  }

  /**
   * A load failed: schedules the next attempt unless settled.
   *
   * @return the delay before that attempt, or null when none is scheduled
   */
  Duration failed() {
    if (settled) {
      return null;
    }
    Duration in = next;
    timers.startSingleTimer(ProfileEntity.RetryLoad.INSTANCE, ProfileEntity.RetryLoad.INSTANCE, in);
    Duration doubled = next.multipliedBy(2);
    next = doubled.compareTo(max) > 0 ? max : doubled;
    return in;
  }

  /** The retry timer fired. */
  void retry() {
    if (!settled) {
      load();
    }
  }

  /**
   * No more loads: one answered, the provider gave a value (newer than anything stored), or the
   * entity is stopping.
   */
  void settle() {
    settled = true;
    timers.cancel(ProfileEntity.RetryLoad.INSTANCE);
  }
}
