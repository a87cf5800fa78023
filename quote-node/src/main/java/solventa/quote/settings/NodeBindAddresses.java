package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import solventa.platform.BindAddress;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * The check of every address the node listens on, before any port opens: loopback only unless
 * {@value QuoteSettings#ALLOW_NON_LOOPBACK_KEY} is on; a refusal names the key, its value and the
 * remedy.
 */
final class NodeBindAddresses {
  private NodeBindAddresses() {}

  /**
   * Every address the node listens on, checked before any port opens: the quote API ({@code
   * quote.http.host}), Pekko Management ({@code pekko.management.http.bind-hostname}, or its {@code
   * hostname} when that is empty, as Pekko does), Artery ({@code
   * pekko.remote.artery.canonical.hostname} and {@code bind.hostname}, which falls back to the
   * canonical one when empty) and Kamon's Prometheus endpoint when it runs. Each must be a loopback
   * address ({@code 127.0.0.1}, {@code ::1}, {@code localhost}) unless {@value
   * QuoteSettings#ALLOW_NON_LOOPBACK_KEY} is on; a wildcard ({@code 0.0.0.0}, {@code ::}, empty) or
   * any other address is refused, naming its key and value. Names other than {@code localhost} are
   * not resolved here: a name counts as non-loopback, and so do Pekko's placeholders for the
   * machine's own address ({@code <getHostAddress>}, {@code <hostname>}).
   *
   * @throws InvalidQuoteSettings naming the first address refused
   */
  static void check(Config root) {
    String allowKey = QuoteSettings.ALLOW_NON_LOOPBACK_KEY;
    boolean allowed;
    try {
      allowed = root.hasPath(allowKey) && root.getBoolean(allowKey);
    } catch (ConfigException.WrongType e) {
      throw new InvalidQuoteSettings(
          allowKey, root.getValue(allowKey).render(), "must be on or off");
    }
    if (allowed) {
      return;
    }
    bindAddress(root, "quote.http.host", null);
    bindAddress(root, "pekko.management.http.bind-hostname", "pekko.management.http.hostname");
    bindAddress(root, "pekko.remote.artery.canonical.hostname", null);
    bindAddress(
        root, "pekko.remote.artery.bind.hostname", "pekko.remote.artery.canonical.hostname");
    if (root.hasPath("kamon.prometheus.start-embedded-http-server")
        && root.getBoolean("kamon.prometheus.start-embedded-http-server")) {
      bindAddress(root, "kamon.prometheus.embedded-server.hostname", null);
    }
  }

  /**
   * Refuses the address at {@code key} (or, when it is empty, at {@code fallback}) unless loopback.
   */
  private static void bindAddress(Config root, String key, String fallback) {
    String named = key;
    String value = root.hasPath(key) ? root.getString(key).strip() : "";
    if (value.isEmpty() && fallback != null) {
      named = fallback;
      value = root.hasPath(fallback) ? root.getString(fallback).strip() : "";
    }
    if (BindAddress.isLoopback(value)) {
      return;
    }
    String remedy =
        ": the node binds loopback only (127.0.0.1); set "
            + QuoteSettings.ALLOW_NON_LOOPBACK_KEY
            + " = on only where the network is the deployment's own, and bind the host's name on"
            + " it (compose: the service name)"
            + (named.equals(key) ? "" : "; " + key + " is empty, so Pekko binds " + fallback);
    if (value.isEmpty()) {
      throw new InvalidQuoteSettings(named, "<empty>", "name the address to bind" + remedy);
    }
    if (BindAddress.isWildcard(value)) {
      throw new InvalidQuoteSettings(
          named, value, "a wildcard address listens on every interface of the host" + remedy);
    }
    throw new InvalidQuoteSettings(named, value, "not a loopback address" + remedy);
  }
}
