package solventa.adapter;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.ProviderSettings;
import solventa.lab.ToxiproxyServer;

/** Shared helpers of the adapter's integration tests (real double, real Toxiproxy). */
final class LabFixture {
  private static final AtomicInteger PROXIES = new AtomicInteger();

  private LabFixture() {}

  /** Test system config: loopback, a second provider's dispatcher, quiet logs. */
  static Config systemConfig(String extra) {
    return ConfigFactory.parseString(
            extra
                + "\npekko.loglevel = WARNING"
                + "\nof-adapter.providers.other.dispatcher = ${of-adapter.providers.ofb.dispatcher}")
        .withFallback(ConfigFactory.load())
        .resolve();
  }

  /**
   * A system whose Pekko Management listens on 127.0.0.1:{@code port} with mutating routes allowed,
   * the breaker's force routes on and the lab's admin token: what the management routes' tests
   * start.
   */
  static Config managementConfig(int port) {
    return systemConfig(
        "pekko.management.http.hostname = \"127.0.0.1\"\n"
            + "pekko.management.http.port = "
            + port
            + "\npekko.management.http.route-providers-read-only = false"
            + "\nof-adapter.management.allow-force = true"
            + "\nof-adapter.management.token = \""
            + solventa.lab.LabToken.value()
            + "\"");
  }

  static ProviderSettings reference() {
    return AdapterSettings.fromConfig(ConfigFactory.load()).defaultProviderSettings();
  }

  static Proxy proxy(ToxiproxyServer toxiproxy, String what, int upstreamPort) {
    return toxiproxy.createProxy(what + "-" + PROXIES.incrementAndGet(), upstreamPort);
  }

  static String url(Proxy proxy) {
    return "http://127.0.0.1:" + ToxiproxyServer.listenPort(proxy);
  }

  /**
   * The double accepts and never answers (the experiment card (Provider states) unresponsive): both
   * directions time out.
   */
  static void unresponsive(Proxy proxy) {
    try {
      proxy.toxics().timeout("up", ToxicDirection.UPSTREAM, 0);
      proxy.toxics().timeout("down", ToxicDirection.DOWNSTREAM, 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Connections reset at the request's first byte (the experiment card (Provider states) down). */
  static void down(Proxy proxy) {
    try {
      proxy.toxics().resetPeer("reset", ToxicDirection.UPSTREAM, 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void slow(Proxy proxy, long millis) {
    try {
      proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, millis);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void clearToxics(Proxy proxy) {
    try {
      for (var t : proxy.toxics().getAll()) {
        t.remove();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Test code may block: the result of one fetch, with a bound far above any deadline. */
  static FetchResult await(CompletionStage<FetchResult> stage) {
    return stage.toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  static FailureKind kind(FetchResult r) {
    return r instanceof FetchResult.Failed f ? f.kind() : null;
  }

  /** Polls {@code condition} every 20 ms until it holds or {@code max} passes; bounded. */
  static boolean eventually(Duration max, BooleanSupplier condition) {
    long deadline = System.nanoTime() + max.toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return true;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return condition.getAsBoolean();
  }
}
