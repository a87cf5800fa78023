package solventa.ops.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The rolling restart's rotation against real HTTP on loopback: two servers answering {@code
 * /ready} as a node does (200 READY, or 503 DRAINING); the rotation drops one at its first 503,
 * takes it back at its next 200, and never lists a removed member.
 */
class ReadyRotationTest {
  private static HttpServer readyServer(AtomicBoolean ready) throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    s.createContext(
        "/ready",
        ex -> {
          boolean r = ready.get();
          byte[] body =
              (r ? "{\"status\":\"READY\"}" : "{\"status\":\"DRAINING\"}")
                  .getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(r ? 200 : 503, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
    s.start();
    return s;
  }

  private static String url(HttpServer s) {
    return "http://127.0.0.1:" + s.getAddress().getPort();
  }

  private static boolean within(long ms, BooleanSupplier condition) throws InterruptedException {
    long until = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < until) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(20);
    }
    return condition.getAsBoolean();
  }

  @Test
  void theRotationFollowsReadyAndForgetsRemovedMembers() throws Exception {
    AtomicBoolean aReady = new AtomicBoolean(true);
    AtomicBoolean bReady = new AtomicBoolean(true);
    HttpServer a = readyServer(aReady);
    HttpServer b = readyServer(bReady);
    try (ReadyRotation r = new ReadyRotation(List.of(url(a), url(b)), 100)) {
      assertThat(r.urls()).containsExactly(url(a), url(b));
      long drained = System.currentTimeMillis();
      aReady.set(false);
      assertThat(within(2_000, () -> r.urls().equals(List.of(url(b))))).isTrue();
      assertThat(r.leftMs(url(a))).isBetween(drained, drained + 2_000);
      assertThat(r.joinedMs(url(a))).isEqualTo(-1);
      aReady.set(true);
      assertThat(within(2_000, () -> r.urls().contains(url(a)))).isTrue();
      assertThat(r.joinedMs(url(a))).isGreaterThanOrEqualTo(r.leftMs(url(a)));
      r.remove(url(b));
      assertThat(r.urls()).containsExactly(url(a));
      Thread.sleep(300);
      assertThat(r.urls()).as("a removed member stays out").containsExactly(url(a));
      String gone = "http://127.0.0.1:1"; // nothing listens: never ready
      r.add(gone);
      Thread.sleep(300);
      assertThat(r.urls()).containsExactly(url(a));
      assertThat(r.joinedMs(gone)).isEqualTo(-1);
    } finally {
      a.stop(0);
      b.stop(0);
    }
  }
}
