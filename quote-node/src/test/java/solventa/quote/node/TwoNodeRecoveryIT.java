package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.typed.Cluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.quote.profile.ProfileEntity;
import solventa.vocabulary.Arm;

/**
 * Two quote nodes (arm C) in one cluster on loopback: sharding spreads the profile entities over
 * both, and an entity whose node leaves starts on the other one and recovers its last known value
 * from Redis.
 */
class TwoNodeRecoveryIT {
  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode first;
  static QuoteNode second;

  @BeforeAll
  static void startCluster() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("ofb-2n");
    Map<String, Object> o1 = lab.overrides(Arm.C, proxy, "ofp-2n:");
    String seed = "pekko://quote@127.0.0.1:" + o1.get("pekko.remote.artery.canonical.port");
    o1.put("pekko.cluster.seed-nodes", List.of(seed));
    o1.put("pekko.cluster.jmx.multi-mbeans-in-same-jvm", "on");
    Map<String, Object> o2 = lab.overrides(Arm.C, proxy, "ofp-2n:");
    o2.put("pekko.cluster.seed-nodes", List.of(seed));
    o2.put("pekko.cluster.jmx.multi-mbeans-in-same-jvm", "on");
    first = NodeTestBed.node(o1, Clock.systemUTC());
    second = NodeTestBed.node(o2, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(150, Duration.ofMillis(100), () -> upMembers(first) == 2))
        .isTrue();
    assertThat(NodeTestBed.eventually(50, Duration.ofMillis(100), () -> upMembers(second) == 2))
        .isTrue();
  }

  @AfterAll
  static void stop() {
    NodeTestBed.closeAll(second, first, lab);
  }

  private static long upMembers(QuoteNode n) {
    var members = Cluster.get(n.system()).state().getMembers();
    long up = 0;
    for (var m : members) {
      if (m.status() == MemberStatus.up()) {
        up++;
      }
    }
    return up;
  }

  /** The customer ids whose entities run on {@code n} right now. */
  private static Set<String> hostedOn(QuoteNode n) throws Exception {
    ShardRegion.CurrentShardRegionState state =
        AskPattern
            .<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery,
                ShardRegion.CurrentShardRegionState>
                ask(
                    org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding.get(n.system())
                        .shardState(),
                    replyTo -> new GetShardRegionState(ProfileEntity.ENTITY_KEY, replyTo),
                    Duration.ofSeconds(5),
                    n.system().scheduler())
            .toCompletableFuture()
            .get();
    return state.getShards().stream()
        .flatMap(s -> s.getEntityIds().stream())
        .collect(Collectors.toSet());
  }

  @Test
  void anEntityWhoseNodeLeavesRecoversItsLastKnownValueFromRedisOnTheOtherNode() throws Exception {
    // quote 30 customers through the first node: sharding puts some entities on the second
    for (int i = 0; i < 30; i++) {
      String id = String.format("c0000%04d", 200 + i);
      QuoteArmsIT.makeKnown(first, id);
    }
    Set<String> onSecond = hostedOn(second);
    Set<String> onFirst = hostedOn(first);
    assertThat(onSecond).as("sharding spreads entities over both nodes").isNotEmpty();
    assertThat(onFirst).isNotEmpty();
    String moved = onSecond.iterator().next();

    RedisClient client = RedisClient.create(lab.redis.uri());
    try (StatefulRedisConnection<String, String> conn = client.connect()) {
      assertThat(
              NodeTestBed.eventually(
                  50, Duration.ofMillis(100), () -> conn.sync().get("ofp-2n:" + moved) != null))
          .as("the second node persisted its entity's profile")
          .isTrue();
    } finally {
      client.shutdown();
    }

    // from now on the provider cannot be the source of a profile
    NodeTestBed.unresponsive(proxy);
    try {
      second.close(); // leaves the cluster; its shards hand off
      second = null;
      assertThat(NodeTestBed.eventually(150, Duration.ofMillis(100), () -> upMembers(first) == 1))
          .isTrue();
      long callsBefore = first.provider().providerCalls();
      AtomicReference<NodeTestBed.Answer> hit = new AtomicReference<>();
      assertThat(
              NodeTestBed.eventually(
                  20,
                  Duration.ofMillis(250),
                  () -> {
                    NodeTestBed.Answer a = NodeTestBed.quote(first, moved);
                    hit.set(a);
                    return a.status() == 200 && "CACHED".equals(a.origin());
                  }))
          .as(() -> "recovered from Redis; last answer " + hit.get())
          .isTrue();
      assertThat(hit.get().json().path("profile").path("ageMs").asLong()).isGreaterThan(0);
      assertThat(hostedOn(first)).contains(moved);
      assertThat(first.provider().providerCalls()).isEqualTo(callsBefore);
    } finally {
      NodeTestBed.healthy(proxy);
    }
  }
}
