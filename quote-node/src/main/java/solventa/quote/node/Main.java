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

  public static void main(String[] args) {
    // Before anything touches SLF4J: choose the file configuration when asked for.
    if (System.getProperty("quote.log.file") != null
        && System.getProperty("logback.configurationFile") == null) {
      System.setProperty("logback.configurationFile", "logback-file.xml");
    }
    Config config;
    try {
      config = ConfigFactory.load();
      QuoteSettings.fromConfig(config); // refuse before attaching agents or opening ports
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
      System.exit(e instanceof QuoteSettings.InvalidQuoteSettings ? 2 : 1);
    }
  }
}
