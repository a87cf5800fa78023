package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

/** The node's own process ends when its coordinated shutdown has run (a SIGTERM, a downing). */
class MainExitTest {

  @Test
  void theProcessEntryPointTurnsExitJvmOnAndAnExplicitSettingWins() {
    var loaded = ConfigFactory.load();
    assertThat(loaded.getBoolean(Main.EXIT_JVM)).as("Pekko's default, for in-JVM nodes").isFalse();
    assertThat(Main.withExitWhenDowned(loaded).getBoolean(Main.EXIT_JVM)).isTrue();
    String before = System.getProperty(Main.EXIT_JVM);
    System.setProperty(Main.EXIT_JVM, "off");
    try {
      assertThat(Main.withExitWhenDowned(loaded)).isSameAs(loaded);
    } finally {
      if (before == null) {
        System.clearProperty(Main.EXIT_JVM);
      } else {
        System.setProperty(Main.EXIT_JVM, before);
      }
    }
  }
}
