package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * The graceful stop on the real server, watched from outside over fresh loopback connections: once
 * the stop begins, {@code /ready} answers 503 DRAINING at once, the node still accepts new
 * connections and quotes for {@code quote.shutdown.unready-delay}, answers the quotes in flight
 * (one sent before the stop, one sent just before the unbind, both held by a slow provider), and
 * refuses new connections only after the delay.
 */
class ShutdownIT {
  static final long DELAY_MS = 2_000;
  static final long PROVIDER_MS = 500;

  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("shutdown");
    Map<String, Object> o = lab.overrides(Arm.A, proxy, "shutdown:");
    o.put("quote.shutdown.unready-delay", DELAY_MS + "ms");
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    QuoteArmsIT.warmUp(node);
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  /** One look from outside: ms since the stop began, and the answer or "refused". */
  record Look(long atMs, String what) {}

  @Test
  void readinessFlipsFirstInFlightQuotesAreAnsweredAndNewConnectionsAreRefusedOnlyAfterTheDelay()
      throws Exception {
    int port = node.httpPort();
    assertThat(get(port, "/ready")).startsWith("200");
    NodeTestBed.latency(proxy, PROVIDER_MS);
    CompletableFuture<String> before =
        CompletableFuture.supplyAsync(() -> quote(port, "c00000021"));
    Thread.sleep(100);
    long t0 = System.nanoTime();
    CompletableFuture<Void> stop = CompletableFuture.runAsync(node::close);
    CompletableFuture<String> atUnbind = null;
    List<Look> looks = new ArrayList<>();
    long refusedAt = -1;
    while (ms(t0) < DELAY_MS + 5_000 && refusedAt < 0) {
      long at = ms(t0);
      String r = get(port, "/ready");
      looks.add(new Look(at, r));
      if (r.equals("refused")) {
        refusedAt = at;
      }
      if (atUnbind == null && at >= DELAY_MS - PROVIDER_MS + 100) {
        atUnbind = CompletableFuture.supplyAsync(() -> quote(port, "c00000022"));
      }
      Thread.sleep(100);
    }
    String quoteBefore = before.get();
    String quoteAtUnbind = atUnbind == null ? "not sent" : atUnbind.get();
    stop.get();
    System.out.printf(
        Locale.ROOT,
        "stop: looks %s; quote sent before the stop %s; sent %d ms before the unbind %s%n",
        looks,
        quoteBefore,
        PROVIDER_MS - 100,
        quoteAtUnbind);
    // the stop runs on another thread: the first look may come just before it begins
    Look first =
        looks.stream().filter(l -> l.what().contains("DRAINING")).findFirst().orElseThrow();
    assertThat(first.atMs()).as("/ready DRAINING at once").isLessThan(500);
    assertThat(looks)
        .as("every look from then until the delay ends: connected, DRAINING")
        .filteredOn(l -> l.atMs() >= first.atMs() && l.atMs() < DELAY_MS)
        .allSatisfy(l -> assertThat(l.what()).startsWith("503").contains("DRAINING"))
        .hasSizeGreaterThan(5);
    assertThat(refusedAt)
        .as("new connections refused after the delay")
        .isGreaterThanOrEqualTo(DELAY_MS);
    assertThat(refusedAt).as("and not long after it").isLessThan(DELAY_MS + 3_000);
    assertThat(quoteBefore).as("in flight at the stop").startsWith("200");
    assertThat(quoteAtUnbind).as("in flight at the unbind").startsWith("200");
  }

  private static long ms(long t0) {
    return (System.nanoTime() - t0) / 1_000_000;
  }

  /** A GET on a fresh connection: "status body", or "refused" when the connect is refused. */
  private static String get(int port, String path) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      SlowClientsIT.Reply r = SlowClientsIT.Reply.read(s, 5_000);
      return r.status() + " " + r.body();
    } catch (ConnectException e) {
      return "refused";
    } catch (IOException e) {
      return "failed: " + e.getMessage();
    }
  }

  /** A quote on a fresh connection: "status body" or how it failed. */
  private static String quote(int port, String customer) {
    byte[] body = NodeTestBed.quoteBody(customer).getBytes(StandardCharsets.UTF_8);
    try (Socket s = new Socket("127.0.0.1", port)) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      SlowClientsIT.Reply r = SlowClientsIT.Reply.read(s, 10_000);
      return r.status() + " " + r.body();
    } catch (IOException e) {
      return "failed: " + e;
    }
  }
}
