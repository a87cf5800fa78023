package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.cluster.sharding.ClusterShardingSettings;
import org.junit.jupiter.api.Test;

/**
 * The node's sharding settings as Pekko itself reads them from the node's configuration: the
 * rebalance algorithm that reaches balance in a round or two (its absolute limit set), not the
 * older one that moves one shard per interval for minutes after a node joins, during which a node's
 * failure strands the shard in hand-off.
 */
class ShardingSettingsTest {

  @Test
  void theNodeRebalancesWithPekkosRecommendedAlgorithm() {
    Config node = ConfigFactory.load();
    ClusterShardingSettings settings =
        ClusterShardingSettings.apply(node.getConfig("pekko.cluster.sharding"));
    assertThat(settings.tuningParameters().leastShardAllocationAbsoluteLimit())
        .as("rebalance-absolute-limit > 0 switches the newer algorithm on")
        .isEqualTo(20);
    assertThat(settings.tuningParameters().leastShardAllocationRelativeLimit()).isEqualTo(0.1);
    assertThat(settings.tuningParameters().rebalanceInterval().toSeconds()).isEqualTo(10);
  }
}
