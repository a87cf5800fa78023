package solventa.ops.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigResolveOptions;

/**
 * The quote node's cluster settings that bound the cluster rows, read from the node's own {@code
 * cluster.conf} (on the runner's classpath with the node), so that a row's bound follows the
 * configuration the nodes run rather than a copy of it.
 */
final class NodeClusterSettings {
  static final String DOWN_REMOVAL_MARGIN = "pekko.cluster.down-removal-margin";
  static final String STABLE_AFTER = "pekko.cluster.split-brain-resolver.stable-after";

  private NodeClusterSettings() {}

  /** The node's removal margin, whole seconds rounded up: {@link #removalMarginSec(Config)}. */
  static int removalMarginSec() {
    return removalMarginSec(
        ConfigFactory.parseResources("cluster.conf")
            .resolve(ConfigResolveOptions.defaults().setAllowUnresolved(true)));
  }

  /**
   * How long Pekko's sharding waits after a downing before it moves the downed node's shards: the
   * cluster's {@code down-removal-margin} when set, else (Pekko's rule with the split brain
   * resolver as the downing provider) the resolver's {@code stable-after}; 0 when neither is set.
   * Whole seconds, rounded up.
   */
  static int removalMarginSec(Config c) {
    String margin = c.hasPath(DOWN_REMOVAL_MARGIN) ? c.getString(DOWN_REMOVAL_MARGIN) : "off";
    java.time.Duration d;
    if (!margin.equalsIgnoreCase("off")) {
      d = c.getDuration(DOWN_REMOVAL_MARGIN);
    } else if (c.hasPath(STABLE_AFTER)) {
      d = c.getDuration(STABLE_AFTER);
    } else {
      return 0;
    }
    return (int) Math.ceil(d.toMillis() / 1000.0);
  }
}
