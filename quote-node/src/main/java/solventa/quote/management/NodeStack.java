package solventa.quote.management;

import com.typesafe.config.Config;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorSystem;

/**
 * The stack a running node is made of, read from its actor system's effective configuration and its
 * JVM, so that every report and benchmark names what ran: the default dispatcher's executor and
 * threads, whether Pekko's internal dispatcher is shared, the HTTP server and client, the scheduler
 * and its tick, Kamon's instrumentation, the JVM's flags and its garbage collector. Served on
 * {@code GET /quote/stack} (Pekko Management, read-only) and logged at start.
 *
 * <p>JVM flags are the {@code -X…} options only: {@code -D} properties carry the node's tokens and
 * trace key, and are never listed.
 */
public final class NodeStack {
  private NodeStack() {}

  /** What {@code system} runs on, as ordered name → value pairs. */
  public static Map<String, String> describe(ActorSystem<?> system) {
    return describe(system.settings().config());
  }

  /** The same from an actor system's effective configuration {@code c}, for this JVM. */
  public static Map<String, String> describe(Config c) {
    String dd = "pekko.actor.default-dispatcher";
    Map<String, String> m = new LinkedHashMap<>();
    m.put("pekko", c.getString("pekko.version"));
    m.put("pekko-http", c.getString("pekko.http.version"));
    m.put(
        "dispatcher",
        c.getString(dd + ".executor")
            + " (Pekko's fork-join pool), parallelism "
            + c.getInt(dd + ".fork-join-executor.parallelism-min")
            + ".."
            + c.getInt(dd + ".fork-join-executor.parallelism-max")
            + ", task peeking "
            + c.getString(dd + ".fork-join-executor.task-peeking-mode")
            + ", throughput "
            + c.getInt(dd + ".throughput"));
    m.put(
        "internal dispatcher",
        c.getValue("pekko.actor.internal-dispatcher").valueType()
                == com.typesafe.config.ConfigValueType.STRING
            ? "shared: " + c.getString("pekko.actor.internal-dispatcher")
            : "Pekko's own");
    m.put("http server", "Pekko HTTP newServerAt(...).bind on Pekko's TCP (pekko.io.tcp)");
    m.put("http client", "Pekko HTTP host connection pool on Pekko's TCP");
    m.put(
        "scheduler",
        c.getString("pekko.scheduler.implementation")
            + ", tick "
            + c.getDuration("pekko.scheduler.tick-duration").toMillis()
            + " ms");
    m.put(
        "rating cost timer",
        "Pekko's scheduler, asked for the whole ticks it is measured to add less (the median"
            + " lateness of the last 256 cost timers, floored, at most 2 ticks)");
    m.put(
        "kamon instrumentation",
        c.hasPath("quote.metrics.instrumentation") && c.getBoolean("quote.metrics.instrumentation")
            ? "on (agent attached)"
            : "off (explicit metrics only)");
    m.put("jvm flags", String.join(" ", jvmFlags(jvmArguments())));
    m.put("garbage collector", garbageCollectors());
    return m;
  }

  /** This JVM's collectors as the JVM names them (G1 when no flag chooses another). */
  static String garbageCollectors() {
    return String.join(
        ", ",
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(java.lang.management.GarbageCollectorMXBean::getName)
            .toList());
  }

  /** This JVM's start arguments. */
  static List<String> jvmArguments() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments();
  }

  /** The {@code -X…} options of {@code arguments}; never a {@code -D} property (secrets). */
  static List<String> jvmFlags(List<String> arguments) {
    return arguments.stream().filter(a -> a.startsWith("-X")).toList();
  }
}
