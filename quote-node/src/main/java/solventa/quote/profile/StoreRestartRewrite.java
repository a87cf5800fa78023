package solventa.quote.profile;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.stream.javadsl.Source;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * After Redis restarted ({@link ProfileStore#whenRestarted}), every profile entity this node hosts
 * writes its last known value again ({@link ProfileEntity.Rewrite}).
 *
 * <p>An entity writes when its value changes and when it stops; between those, Redis is trusted to
 * keep what it took. A Redis that restarts without persistence breaks that trust: it comes back
 * empty, and a value the node still holds would be lost at the entity's next passivation or the
 * node's next crash. So the node asks sharding which entities it hosts ({@link
 * GetShardRegionState}, sharding's own query) and tells each one, through its entity reference, at
 * most {@code quote.redis.rewrite-rate} per second (Pekko Streams' {@code throttle}), so that a
 * node with many entities does not hand Redis all their writes at once as it comes back. Each write
 * is the store's compare-and-set: a newer value another node wrote meanwhile is kept.
 *
 * @param rate entities told per second, from {@code quote.redis.rewrite-rate}
 */
public record StoreRestartRewrite(int rate) {
  public static final String RATE = "quote.redis.rewrite-rate";

  /** How long sharding may take to list the entities this node hosts. */
  static final Duration QUERY_TIMEOUT = Duration.ofSeconds(5);

  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(StoreRestartRewrite.class);

  public StoreRestartRewrite {
    if (rate < 1 || rate > 100_000) {
      throw new InvalidQuoteSettings(
          RATE, Integer.toString(rate), "must be between 1 and 100000 entities a second");
    }
  }

  /** Reads {@code quote.redis.rewrite-rate}; a value out of range refuses the start. */
  public static StoreRestartRewrite fromConfig(Config root) {
    return new StoreRestartRewrite(root.getInt(RATE));
  }

  /** From now on, a restart of {@code store}'s server has this node's entities write again. */
  void attach(ActorSystem<?> system, ProfileStore store) {
    store.whenRestarted(() -> rewriteAll(system));
  }

  private void rewriteAll(ActorSystem<?> system) {
    ClusterSharding sharding = ClusterSharding.get(system);
    AskPattern.<ClusterShardingQuery, ShardRegion.CurrentShardRegionState>ask(
            sharding.shardState(),
            replyTo -> new GetShardRegionState(ProfileEntity.ENTITY_KEY, replyTo),
            QUERY_TIMEOUT,
            system.scheduler())
        .whenComplete(
            (state, e) -> {
              if (e != null) {
                LOG.warn("Redis restarted, but the entities to write again could not be listed", e);
                return;
              }
              List<String> ids =
                  state.getShards().stream().flatMap(s -> s.getEntityIds().stream()).toList();
              LOG.info(
                  "Redis restarted: {} entities write their values again, {} a second",
                  ids.size(),
                  rate);
              Source.from(ids)
                  .throttle(rate, Duration.ofSeconds(1))
                  .runForeach(
                      id ->
                          sharding
                              .entityRefFor(ProfileEntity.ENTITY_KEY, id)
                              .tell(ProfileEntity.Rewrite.INSTANCE),
                      system);
            });
  }
}
