package solventa.quote.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import kamon.Kamon;
import solventa.quote.settings.QuoteSettings;

/**
 * The quote node's own JVM. Every setting comes from {@code application.conf} with {@code -D}
 * overrides, e.g. {@code -Dquote.arm=B -Dquote.http.port=8081 -Dpekko.management.http.port=8559
 * -Dpekko.remote.artery.canonical.port=25521 -Dkamon.prometheus.embedded-server.port=9096
 * -Dquote.redis.uri=redis://127.0.0.1:6379 -Dof-adapter.providers.ofb.base-url=http://...
 * -Drating.jdbc-url=... -Dquote.stats.reset-enabled=true}. With {@code -Dquote.log.file=PATH} logs
 * go to that file instead of the console.
 *
 * <p>Exit status 2 when the configuration is refused (the message names the key and value), 1 on
 * any other start-up failure.
 */
public final class Main {
  private Main() {}

  /** The setting that makes the node's JVM end when its coordinated shutdown has run. */
  static final String EXIT_JVM = "pekko.coordinated-shutdown.exit-jvm";

  /**
   * The node's own process ends once its coordinated shutdown has run, whatever started it: a
   * SIGTERM, or the cluster downing the node (split-brain resolver, {@code
   * run-coordinated-shutdown-when-down}). A downed node whose JVM stayed up would answer nothing
   * but keep its ports and look alive to a process supervisor; ended, the orchestrator restarts it.
   * Pekko's default (off) suits nodes started inside another JVM (the tests), so only this entry
   * point turns it on, and {@code -Dpekko.coordinated-shutdown.exit-jvm=off} still wins.
   */
  static Config withExitWhenDowned(Config loaded) {
    if (System.getProperty(EXIT_JVM) != null) {
      return loaded;
    }
    return ConfigFactory.parseString(EXIT_JVM + " = on").withFallback(loaded);
  }

  public static void main(String[] args) {
    // Before anything touches SLF4J: choose the file configuration when asked for.
    if (System.getProperty("quote.log.file") != null
        && System.getProperty("logback.configurationFile") == null) {
      System.setProperty("logback.configurationFile", "logback-file.xml");
    }
    Config config;
    try {
      config = withExitWhenDowned(ConfigFactory.load());
      // refuse before attaching agents or opening ports: the node's, the adapter's and the
      // rating engine's settings alike
      QuoteSettings.fromConfig(config);
      solventa.rating.RatingSettings.fromConfig(config);
    } catch (RuntimeException e) {
      System.err.println("quote node refused to start: " + e.getMessage());
      System.exit(2);
      return;
    }
    try {
      // Explicit metrics and the Prometheus reporter always; the bytecode agent only when asked
      // for (it must attach before the actor system exists).
      if (config.getBoolean("quote.metrics.instrumentation")) {
        Kamon.init(config);
      } else {
        Kamon.initWithoutAttaching(config);
      }
      QuoteNode node = QuoteNode.start(config);
      Runtime.getRuntime().addShutdownHook(new Thread(node::close, "quote-node-shutdown"));
    } catch (RuntimeException e) {
      System.err.println("quote node failed to start: " + e);
      e.printStackTrace();
      Kamon.stop();
      System.exit(e instanceof solventa.platform.InvalidSetting ? 2 : 1);
    }
  }
}
