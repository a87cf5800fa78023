package solventa.quote.profile;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;

/**
 * The early passivation of a profile entity with nothing to keep warm ({@link
 * KnownProfile#nothingToKeep}: its customer the provider refused, unknown customer or no consent;
 * or no value held and its last quote answered past its partner's budget), on the entity's own
 * thread: after {@code quote.unknown-customers.idle-timeout} without a quote it asks its shard to
 * passivate it, rather than wait sharding's default idle timeout, so that a client sending many
 * unknown or new ids cannot fill the node with entities.
 */
final class EarlyPassivation {
  private final ActorContext<ProfileEntity.Command> ctx;
  private final TimerScheduler<ProfileEntity.Command> timers;
  private final ActorRef<ClusterSharding.ShardCommand> shard;
  private final KnownProfile known;
  private final Duration refusedIdle;

  EarlyPassivation(
      ActorContext<ProfileEntity.Command> ctx,
      TimerScheduler<ProfileEntity.Command> timers,
      ActorRef<ClusterSharding.ShardCommand> shard,
      KnownProfile known,
      Duration refusedIdle) {
    this.ctx = ctx;
    this.timers = timers;
    this.shard = shard;
    this.known = known;
    this.refusedIdle = refusedIdle;
  }

  /**
   * While the entity has nothing to keep warm, (re)starts the short idle timer from this quote or
   * answer; otherwise sharding's default idle timeout alone applies.
   */
  void idleWhenRefused() {
    if (known.nothingToKeep()) {
      timers.startSingleTimer(
          ProfileEntity.Idle.INSTANCE, ProfileEntity.Idle.INSTANCE, refusedIdle);
    } else {
      timers.cancel(ProfileEntity.Idle.INSTANCE);
    }
  }

  /**
   * The short idle time passed: the shard is asked to passivate this entity (it then sends {@link
   * ProfileEntity.Stop}, and the entity flushes as at any passivation). A call still in flight
   * restarts the timer when it ends instead.
   */
  void passivateIfRefused() {
    if (known.nothingToKeep() && !known.callsInFlight()) {
      shard.tell(new ClusterSharding.Passivate<>(ctx.getSelf()));
    }
  }
}
