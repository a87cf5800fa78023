package solventa.ops.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigResolveOptions;
import java.util.Locale;

/**
 * The node's HTTP server bounds, as it runs them: the quote node's {@code application.conf} (on the
 * runner's classpath, the same build the lab starts) over pekko-http's {@code reference.conf}. The
 * lab passes no {@code pekko.http.server} override to its nodes, so these are the effective values.
 *
 * @param maxConnections {@code pekko.http.server.max-connections}
 * @param idleTimeout {@code pekko.http.server.idle-timeout}
 * @param requestTimeout {@code pekko.http.server.request-timeout}
 * @param backlog {@code pekko.http.server.backlog} (the listen socket's accept queue)
 * @param maxHeaderCount {@code pekko.http.parsing.max-header-count} (server's view)
 * @param maxHeaderValue {@code pekko.http.parsing.max-header-value-length}, bytes
 * @param maxBody {@code quote.http.max-body}, bytes
 * @param headTimeoutMs {@code quote.http.head-timeout}: a new connection without a complete head
 *     within it is closed
 * @param bodyTimeoutMs {@code quote.http.body-timeout}: a body not arrived within it is a 408
 */
record EdgeSettings(
    int maxConnections,
    String idleTimeout,
    String requestTimeout,
    int backlog,
    int maxHeaderCount,
    long maxHeaderValue,
    long maxBody,
    long headTimeoutMs,
    long bodyTimeoutMs) {

  /** The effective settings, read from the node's configuration files. */
  static EdgeSettings read() {
    return of(node());
  }

  /**
   * How the node treats customers the provider does not know ({@code quote.unknown-customers}), as
   * it runs it: read and validated by the node's own type.
   */
  static solventa.quote.profile.UnknownCustomers unknownCustomers() {
    return solventa.quote.profile.UnknownCustomers.fromConfig(node());
  }

  /** A whole-number setting {@code key} as the node runs it (its configuration files). */
  static int nodeInt(String key) {
    return node().getInt(key);
  }

  /** {@code quote.shutdown.unready-delay} as the node runs it, ms. */
  static long unreadyDelayMs() {
    return node().getDuration("quote.shutdown.unready-delay").toMillis();
  }

  private static Config node() {
    return ConfigFactory.parseResources(EdgeSettings.class.getClassLoader(), "application.conf")
        .withFallback(ConfigFactory.defaultReference(EdgeSettings.class.getClassLoader()))
        .resolve(ConfigResolveOptions.defaults().setAllowUnresolved(true));
  }

  static EdgeSettings of(Config c) {
    Config server = c.getConfig("pekko.http.server");
    // the server's parsing block holds only its overrides of pekko.http.parsing
    Config parsing = server.getConfig("parsing").withFallback(c.getConfig("pekko.http.parsing"));
    return new EdgeSettings(
        server.getInt("max-connections"),
        server.getString("idle-timeout"),
        server.getString("request-timeout"),
        server.getInt("backlog"),
        parsing.getInt("max-header-count"),
        parsing.getBytes("max-header-value-length"),
        c.getBytes("quote.http.max-body"),
        c.getDuration("quote.http.head-timeout").toMillis(),
        c.getDuration("quote.http.body-timeout").toMillis());
  }

  /** One phrase for a row's measured cell. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "node settings: max-connections %d, backlog %d, idle-timeout %s, request-timeout %s,"
            + " head-timeout %d ms, body-timeout %d ms, max-header-count %d,"
            + " max-header-value-length %d B, max-body %d B",
        maxConnections,
        backlog,
        idleTimeout,
        requestTimeout,
        headTimeoutMs,
        bodyTimeoutMs,
        maxHeaderCount,
        maxHeaderValue,
        maxBody);
  }
}
