package solventa.quote.profile;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.BehaviorInterceptor;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.Signal;
import org.apache.pekko.actor.typed.TypedActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import solventa.quote.stats.ShedCause;

/**
 * The active-entity limit of one node ({@code quote.entities.max-active}): every identifier that
 * reaches a node would otherwise create an entity, and so would a flood of valid-looking ids.
 *
 * <p>An entity takes a place when it starts and gives it back when it stops (passivation, failure,
 * re-homing). One that starts while every place is taken does not become the customer's entity: it
 * asks its shard to passivate it and, until the shard stops it, answers every request {@link
 * Resolution.Shed} ({@link ShedCause#ENTITY_LIMIT}), which the edge turns into a fast 503 with
 * {@code Retry-After}. Requests that reach the shard meanwhile are buffered by the shard and meet
 * the next incarnation, which tries again; none is left unanswered. Entities already up are not
 * touched and keep serving.
 *
 * <p>Invariant: {@code active} equals the number of admitted incarnations not yet stopped, and
 * never exceeds {@code max}.
 */
public final class ActiveEntities {
  private final int max;
  private final AtomicInteger active = new AtomicInteger();

  public ActiveEntities(int max) {
    this.max = max;
  }

  public int active() {
    return active.get();
  }

  public int max() {
    return max;
  }

  /** Takes a place if one is free. */
  boolean tryAcquire() {
    while (true) {
      int now = active.get();
      if (now >= max) {
        return false;
      }
      if (active.compareAndSet(now, now + 1)) {
        return true;
      }
    }
  }

  /**
   * The behaviour of a new incarnation: {@code entity} if a place is free (given back on {@link
   * PostStop}), else a refusing stand-in that asks {@code shard} to passivate it.
   */
  public Behavior<ProfileEntity.Command> admit(
      Supplier<Behavior<ProfileEntity.Command>> entity,
      ActorRef<ClusterSharding.ShardCommand> shard) {
    return Behaviors.setup(
        ctx -> {
          if (tryAcquire()) {
            return Behaviors.intercept(ReleaseOnStop::new, entity.get());
          }
          shard.tell(new ClusterSharding.Passivate<>(ctx.getSelf()));
          return refusing();
        });
  }

  private Behavior<ProfileEntity.Command> refusing() {
    Resolution.Shed shed =
        new Resolution.Shed(
            ShedCause.ENTITY_LIMIT,
            "this node hosts its maximum of " + max + " active customers; retry later");
    return Behaviors.receive(ProfileEntity.Command.class)
        .onMessage(
            ProfileEntity.Resolve.class,
            r -> {
              r.replyTo().tell(shed);
              return Behaviors.same();
            })
        .onMessageEquals(ProfileEntity.Stop.INSTANCE, Behaviors::stopped) // nothing to flush
        .onMessageEquals(ProfileEntity.Rewrite.INSTANCE, Behaviors::same) // holds no value
        .build();
  }

  // gives the place back exactly once, whatever stops the incarnation
  private final class ReleaseOnStop
      extends BehaviorInterceptor<ProfileEntity.Command, ProfileEntity.Command> {
    private final AtomicBoolean released = new AtomicBoolean();

    ReleaseOnStop() {
      super(ProfileEntity.Command.class);
    }

    @Override
    public Behavior<ProfileEntity.Command> aroundReceive(
        TypedActorContext<ProfileEntity.Command> ctx,
        ProfileEntity.Command msg,
        ReceiveTarget<ProfileEntity.Command> target) {
      return target.apply(ctx, msg);
    }

    @Override
    public Behavior<ProfileEntity.Command> aroundSignal(
        TypedActorContext<ProfileEntity.Command> ctx,
        Signal signal,
        SignalTarget<ProfileEntity.Command> target) {
      if (signal instanceof PostStop && released.compareAndSet(false, true)) {
        active.decrementAndGet();
      }
      return target.apply(ctx, signal);
    }
  }
}
