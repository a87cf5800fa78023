package solventa.lab;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real Toxiproxy server answers its admin API and really delays TCP traffic. */
class ToxiproxyServerIT {
  private static ToxiproxyServer toxiproxy;
  private static ServerSocket echo;
  private static Thread echoThread;

  @BeforeAll
  static void start() throws IOException {
    toxiproxy = ToxiproxyServer.start();
    echo = new ServerSocket(0, 50, InetAddress.getByName(FreePort.LOOPBACK));
    echoThread = new Thread(ToxiproxyServerIT::serveEcho, "echo");
    echoThread.setDaemon(true);
    echoThread.start();
  }

  @AfterAll
  static void stop() throws IOException {
    echo.close();
    long pid = toxiproxy.port();
    toxiproxy.close();
    assertThat(toxiproxy.isRunning()).isFalse();
    assertThat(FreePort.isListening((int) pid)).isFalse();
  }

  /** A local echo server: one byte in, the same byte out, until the client closes. */
  private static void serveEcho() {
    while (!echo.isClosed()) {
      try {
        Socket s = echo.accept();
        Thread t =
            new Thread(
                () -> {
                  try (s;
                      InputStream in = s.getInputStream();
                      OutputStream out = s.getOutputStream()) {
                    int b;
                    while ((b = in.read()) >= 0) {
                      out.write(b);
                      out.flush();
                    }
                  } catch (IOException ignored) {
                    // client went away
                  }
                });
        t.setDaemon(true);
        t.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  @Test
  void answersVersionThroughTheJavaClient() throws IOException {
    assertThat(toxiproxy.client().version()).isNotBlank();
  }

  @Test
  void latencyToxicDelaysTheRoundTripAndRemovingItRestoresTheBaseline() throws IOException {
    Proxy proxy = toxiproxy.createProxy("echo", echo.getLocalPort());
    int port = ToxiproxyServer.listenPort(proxy);
    long baseline = medianRoundTripMillis(port);

    proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 200);
    long delayed = medianRoundTripMillis(port);

    proxy.toxics().get("slow").remove();
    long restored = medianRoundTripMillis(port);
    proxy.delete();

    assertThat(delayed - baseline).isGreaterThanOrEqualTo(190);
    assertThat(restored).isLessThan(baseline + 100);
  }

  private static long medianRoundTripMillis(int port) throws IOException {
    List<Long> samples = new ArrayList<>();
    try (Socket s = new Socket(FreePort.LOOPBACK, port)) {
      s.setSoTimeout(5_000);
      s.setTcpNoDelay(true);
      for (int i = 0; i < 5; i++) {
        long t0 = System.nanoTime();
        s.getOutputStream().write('x');
        s.getOutputStream().flush();
        assertThat(s.getInputStream().read()).isEqualTo('x');
        samples.add((System.nanoTime() - t0) / 1_000_000);
      }
    }
    Collections.sort(samples);
    return samples.get(samples.size() / 2);
  }
}
