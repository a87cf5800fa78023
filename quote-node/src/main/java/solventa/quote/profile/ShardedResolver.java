package solventa.quote.profile;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;

/**
 * The resolver of an arm with a cache: every quote asks its customer's {@link ProfileEntity},
 * wherever in the cluster sharding hosts it, passing the quote's deadline; the entity answers from
 * its last known value or refreshes it as the arm's traits say. The ask is bounded by {@code
 * quote.resolve-timeout}.
 *
 * <p>Threads: the ask's stage completes on the thread that delivers the entity's reply (the
 * entity's own, or the remoting's for a remote entity); the caller continues there, never on a
 * plain continuation (which would run on the JDK common pool).
 */
public final class ShardedResolver implements ProfileResolver {
  private final ClusterSharding sharding;
  private final Duration resolveTimeout;

  /**
   * Registers the profile entities with sharding on this node ({@link ProfileSharding}), has them
   * write their values again when Redis restarts ({@link StoreRestartRewrite}), and returns the
   * resolver that asks them.
   */
  public static ShardedResolver start(
      ActorSystem<?> system,
      ProfileEntity.Deps deps,
      EntityBounds bounds,
      ActiveEntities active,
      Duration resolveTimeout) {
    StoreRestartRewrite rewrite = StoreRestartRewrite.fromConfig(system.settings().config());
    ProfileSharding.init(system, deps, bounds, active);
    rewrite.attach(system, deps.store());
    return new ShardedResolver(ClusterSharding.get(system), resolveTimeout);
  }

  private ShardedResolver(ClusterSharding sharding, Duration resolveTimeout) {
    this.sharding = sharding;
    this.resolveTimeout = resolveTimeout;
  }

  @Override
  public CompletionStage<Resolution> resolve(
      String customerId, String partnerId, long deadlineEpochMs) {
    return sharding
        .entityRefFor(ProfileEntity.ENTITY_KEY, customerId)
        .ask(
            replyTo -> new ProfileEntity.Resolve(partnerId, deadlineEpochMs, replyTo),
            resolveTimeout);
  }
}
