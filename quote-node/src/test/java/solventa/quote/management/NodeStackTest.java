package solventa.quote.management;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import solventa.quote.settings.DispatcherSettings;

/** Issue 32: the node names the stack it runs, from its effective configuration. */
class NodeStackTest {
  private static Config effective(String overrides) {
    Config root = ConfigFactory.parseString(overrides).withFallback(ConfigFactory.load());
    return DispatcherSettings.fromConfig(root).applyTo(root);
  }

  @Test
  void namesPekkosDispatcherSchedulerAndTickFromTheConfiguration() {
    Map<String, String> s =
        NodeStack.describe(
            effective("quote.dispatcher.threads = 3\npekko.scheduler.tick-duration = 10ms"));
    assertThat(s.get("dispatcher")).contains("default-executor").contains("parallelism 3..3");
    assertThat(s.get("internal dispatcher")).isEqualTo("shared: pekko.actor.default-dispatcher");
    assertThat(s.get("scheduler")).contains("LightArrayRevolverScheduler").endsWith("tick 10 ms");
    assertThat(s.get("kamon instrumentation")).startsWith("off");
    assertThat(s).containsKeys("pekko", "pekko-http", "http server", "http client", "jvm flags");
    assertThat(s.get("dispatcher")).contains("task peeking FIFO");
    assertThat(
            NodeStack.describe(
                    effective(
                        "pekko.actor.default-dispatcher.fork-join-executor.task-peeking-mode ="
                            + " LIFO"))
                .get("dispatcher"))
        .contains("task peeking LIFO");
  }

  @Test
  void namesTheGarbageCollectorsThisJvmRuns() {
    List<String> names =
        java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(java.lang.management.GarbageCollectorMXBean::getName)
            .toList();
    assertThat(names).isNotEmpty();
    assertThat(NodeStack.describe(effective("")).get("garbage collector"))
        .isEqualTo(String.join(", ", names));
  }

  @Test
  void theShippedTickIsOneMillisecondAndTheInternalDispatcherCanBePekkosOwn() {
    assertThat(NodeStack.describe(effective("")).get("scheduler")).endsWith("tick 1 ms");
    assertThat(
            NodeStack.describe(effective("quote.dispatcher.share-internal = off"))
                .get("internal dispatcher"))
        .isEqualTo("Pekko's own");
  }

  /** The JVM's -D properties carry the admin token and the trace key: never listed. */
  @Test
  void listsOnlyTheJvmsXFlagsNeverItsProperties() {
    assertThat(
            NodeStack.jvmFlags(
                List.of("-Xms512m", "-Dquote.trace.salt=secret", "-XX:ActiveProcessorCount=2")))
        .containsExactly("-Xms512m", "-XX:ActiveProcessorCount=2");
  }
}
