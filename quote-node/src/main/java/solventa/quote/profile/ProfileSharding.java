package solventa.quote.profile;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.MailboxSelector;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;

/** Registers the profile entities with cluster sharding on this node (every node does). */
public final class ProfileSharding {
  private ProfileSharding() {}

  /**
   * The entity type within the node's bounds: at most {@code active.max()} entities on this node
   * ({@link ActiveEntities}), each one's mailbox bounded and its overflow answered at once ({@link
   * MailboxOverflow}); sharding stops an entity with {@link ProfileEntity.Stop}, so that it flushes
   * first (passivation, hand-off, shutdown).
   */
  public static ActorRef<ShardingEnvelope<ProfileEntity.Command>> init(
      ActorSystem<?> system, ProfileEntity.Deps deps, EntityBounds bounds, ActiveEntities active) {
    MailboxOverflow.start(system);
    return ClusterSharding.get(system)
        .init(
            Entity.of(
                    ProfileEntity.ENTITY_KEY,
                    ctx ->
                        active.admit(
                            () -> ProfileEntity.create(ctx.getEntityId(), deps, ctx.getShard()),
                            ctx.getShard()))
                .withStopMessage(ProfileEntity.Stop.INSTANCE)
                .withEntityProps(MailboxSelector.fromConfig(EntityBounds.MAILBOX_CONFIG)));
  }
}
