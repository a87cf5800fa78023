package solventa.lab;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The real Toxiproxy server (Go binary installed by {@code bin/setup} into {@code .tools/bin}) on
 * 127.0.0.1, with its admin API reached through {@code toxiproxy-java}. Every proxy it creates
 * listens on 127.0.0.1 and forwards to 127.0.0.1.
 */
public final class ToxiproxyServer implements AutoCloseable {
  private final int port;
  private final ManagedProcess process;
  private final ToxiproxyClient client;

  private ToxiproxyServer(int port, ManagedProcess process) {
    this.port = port;
    this.process = process;
    this.client = new ToxiproxyClient(FreePort.LOOPBACK, port);
  }

  public static ToxiproxyServer start() {
    return start(FreePort.find());
  }

  public static ToxiproxyServer start(int port) {
    Path bin = LabPaths.toxiproxyBinary();
    if (!Files.isExecutable(bin)) {
      throw new LabException(
          "the Toxiproxy server is not installed at "
              + bin
              + ": run bin/setup (it installs it with `go install"
              + " github.com/Shopify/toxiproxy/v2/cmd/server@"
              + toxiproxyVersion()
              + "`; needs Go: `apt-get install golang-go`)");
    }
    FreePort.requireFree(port, "toxiproxy");
    Path dir = LabPaths.serverDir("toxiproxy", port);
    ManagedProcess p =
        ManagedProcess.start(
            "toxiproxy",
            List.of(bin.toString(), "-host", FreePort.LOOPBACK, "-port", Integer.toString(port)),
            dir.resolve("toxiproxy.log"),
            Map.of("LOG_LEVEL", "warn"));
    ToxiproxyServer server = new ToxiproxyServer(port, p);
    p.awaitReady(server::answersVersion, Duration.ofSeconds(20));
    return server;
  }

  /** The pinned version bin/setup installs (read from {@code .tools/toxiproxy.version}). */
  static String toxiproxyVersion() {
    try {
      return Files.readString(LabPaths.root().resolve("bin/toxiproxy.version")).trim();
    } catch (IOException e) {
      return "<version in bin/toxiproxy.version>";
    }
  }

  private boolean answersVersion() {
    try {
      return !client.version().isBlank();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  public int port() {
    return port;
  }

  public ToxiproxyClient client() {
    return client;
  }

  /** A proxy {@code name} on a free 127.0.0.1 port forwarding to 127.0.0.1:{@code upstreamPort}. */
  public Proxy createProxy(String name, int upstreamPort) {
    int listen = FreePort.find();
    try {
      return client.createProxy(
          name, FreePort.LOOPBACK + ":" + listen, FreePort.LOOPBACK + ":" + upstreamPort);
    } catch (IOException e) {
      throw new LabException("Toxiproxy could not create proxy " + name, e);
    }
  }

  /** The port a proxy listens on. */
  public static int listenPort(Proxy proxy) {
    String listen = proxy.getListen();
    return Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
  }

  public boolean isRunning() {
    return process.isAlive();
  }

  @Override
  public void close() {
    process.close();
  }
}
