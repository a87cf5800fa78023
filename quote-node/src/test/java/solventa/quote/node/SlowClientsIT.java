package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * The quote API's bounds on slow and idle clients, on the real server over loopback: a connection
 * that has not delivered a complete head within {@code quote.http.head-timeout} is closed (a
 * dripped head, a silent connection, a request line without its end); a stalled body is a 408
 * problem naming {@code body} within {@code quote.http.body-timeout}, not a shed; a kept-alive
 * connection outlives the head timeout between requests, and a head dripped on it is closed by the
 * idle timeout. Each test's bounds are short here (head 1 s, body 1 s, idle 5 s) to keep it quick.
 */
class SlowClientsIT {
  static final long HEAD_MS = 1_000;
  static final long BODY_MS = 1_000;
  static final long IDLE_MS = 5_000;

  /** What a loaded 2-core machine may add to a timer and a close. */
  static final long SLACK_MS = 1_500;

  static NodeTestBed lab;
  static Proxy proxy;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("slow-clients");
    Map<String, Object> o = lab.overrides(Arm.A, proxy, "slow-clients:");
    o.put("quote.http.head-timeout", HEAD_MS + "ms");
    o.put("quote.http.body-timeout", BODY_MS + "ms");
    o.put("pekko.http.server.idle-timeout", IDLE_MS + "ms");
    node = NodeTestBed.node(o, Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    QuoteArmsIT.warmUp(node);
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  @Test
  void aDrippedHeadIsClosedWithinTheHeadTimeout() throws IOException {
    try (Socket s = connect()) {
      long t0 = System.nanoTime();
      write(s, "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      Ended e = dripUntilClosed(s, "X-Slow: x\r\n", 20_000);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf(Locale.ROOT, "dripped head: %s after %d ms%n", e, ms);
      assertThat(e.closed()).as("closed by the node").isTrue();
      assertThat(e.answer()).as("never a 5xx").doesNotStartWith("HTTP/1.1 5");
      assertThat(ms).isBetween(HEAD_MS - 100, HEAD_MS + SLACK_MS);
    }
  }

  @Test
  void aSilentConnectionIsClosedWithinTheHeadTimeout() throws IOException {
    try (Socket s = connect()) {
      long t0 = System.nanoTime();
      Ended e = readUntilClosed(s, HEAD_MS + SLACK_MS + 2_000);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf(Locale.ROOT, "silent connection: %s after %d ms%n", e, ms);
      assertThat(e.closed()).isTrue();
      assertThat(e.answer()).isEmpty();
      assertThat(ms).isBetween(HEAD_MS - 100, HEAD_MS + SLACK_MS);
    }
  }

  @Test
  void aRequestLineWithoutItsEndDoesNotHoldTheConnection() throws IOException {
    try (Socket s = connect()) {
      long t0 = System.nanoTime();
      write(s, "GET\r\n\r\n");
      Ended e = readUntilClosed(s, HEAD_MS + SLACK_MS + 2_000);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf(Locale.ROOT, "a method alone: %s after %d ms%n", e, ms);
      assertThat(e.closed()).isTrue();
      // closed without an answer, or a 4xx if the parser refuses it first
      assertThat(e.answer())
          .satisfiesAnyOf(
              a -> assertThat(a).isEmpty(), a -> assertThat(a).startsWith("HTTP/1.1 4"));
      assertThat(ms).isLessThanOrEqualTo(HEAD_MS + SLACK_MS);
    }
  }

  @Test
  void aStalledBodyIsA408ProblemNamingTheBodyNotAShed() throws IOException {
    long shedBefore = NodeTestBed.stats(node).path("shed").path("requestTimeout").asLong();
    try (Socket s = connect()) {
      byte[] body = NodeTestBed.quoteBody("c00000011").getBytes(StandardCharsets.UTF_8);
      long t0 = System.nanoTime();
      write(
          s,
          "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              + "Content-Length: "
              + body.length
              + "\r\n\r\n");
      s.getOutputStream().write(body, 0, 20); // then nothing more
      s.getOutputStream().flush();
      Reply r = Reply.read(s, BODY_MS + SLACK_MS + 3_000);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf(Locale.ROOT, "stalled body: %s after %d ms%n", r, ms);
      assertThat(r.status()).isEqualTo(408);
      assertThat(r.header("content-type")).startsWith("application/problem+json");
      assertThat(r.body()).contains("\"field\":\"body\"").contains("\"status\":408");
      assertThat(ms).isBetween(BODY_MS - 100, BODY_MS + SLACK_MS);
    }
    assertThat(NodeTestBed.stats(node).path("shed").path("requestTimeout").asLong())
        .as("not counted as shedding")
        .isEqualTo(shedBefore);
  }

  @Test
  void aSlowBodyWithinTheBodyTimeoutIsQuoted() throws Exception {
    try (Socket s = connect()) {
      byte[] body = NodeTestBed.quoteBody("c00000012").getBytes(StandardCharsets.UTF_8);
      write(
          s,
          "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              + "Content-Length: "
              + body.length
              + "\r\n\r\n");
      int quarter = body.length / 4;
      for (int i = 0; i < 4; i++) {
        int from = i * quarter;
        int to = i == 3 ? body.length : from + quarter;
        s.getOutputStream().write(body, from, to - from);
        s.getOutputStream().flush();
        Thread.sleep(BODY_MS / 8);
      }
      Reply r = Reply.read(s, 5_000);
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }
  }

  @Test
  void aKeptAliveConnectionOutlivesTheHeadTimeoutAndItsDrippedHeadMeetsTheIdleTimeout()
      throws Exception {
    try (Socket s = connect()) {
      assertThat(quoteOn(s, "c00000013").status()).isEqualTo(200);
      Thread.sleep(HEAD_MS + 500);
      assertThat(quoteOn(s, "c00000014").status())
          .as("the head timeout bounds a connection's first head only")
          .isEqualTo(200);
      long t0 = System.nanoTime();
      write(s, "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      Ended e = dripUntilClosed(s, "X-Slow: x\r\n", 20_000);
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf(
          Locale.ROOT, "dripped head on a kept-alive connection: %s after %d ms%n", e, ms);
      assertThat(e.closed()).isTrue();
      assertThat(e.answer()).doesNotStartWith("HTTP/1.1 5");
      // measured from the last request, which came just before the drip began
      assertThat(ms).isBetween(IDLE_MS - 1_000, IDLE_MS + SLACK_MS);
    }
  }

  // ---- raw HTTP over loopback

  private static Socket connect() throws IOException {
    Socket s = new Socket("127.0.0.1", node.httpPort());
    s.setTcpNoDelay(true);
    return s;
  }

  private static void write(Socket s, String text) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write(text.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  private static Reply quoteOn(Socket s, String customer) throws IOException {
    byte[] body = NodeTestBed.quoteBody(customer).getBytes(StandardCharsets.UTF_8);
    write(
        s,
        "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n\r\n");
    s.getOutputStream().write(body);
    s.getOutputStream().flush();
    return Reply.read(s, 5_000);
  }

  /** How a connection ended: closed by the node (or not within the bound), and what it sent. */
  record Ended(boolean closed, String answer) {}

  /** Sends {@code line} one byte every 200 ms until the node closes the connection; bounded. */
  private static Ended dripUntilClosed(Socket s, String line, long maxMs) throws IOException {
    byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    s.setSoTimeout(200);
    long until = System.nanoTime() + maxMs * 1_000_000;
    for (int i = 0; System.nanoTime() < until; i++) {
      try {
        s.getOutputStream().write(bytes[i % bytes.length]);
        s.getOutputStream().flush();
      } catch (IOException e) {
        return new Ended(true, got.toString(StandardCharsets.ISO_8859_1));
      }
      if (readSome(s, got)) {
        return new Ended(true, got.toString(StandardCharsets.ISO_8859_1));
      }
    }
    return new Ended(false, got.toString(StandardCharsets.ISO_8859_1));
  }

  private static Ended readUntilClosed(Socket s, long maxMs) throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    s.setSoTimeout(200);
    long until = System.nanoTime() + maxMs * 1_000_000;
    while (System.nanoTime() < until) {
      if (readSome(s, got)) {
        return new Ended(true, got.toString(StandardCharsets.ISO_8859_1));
      }
    }
    return new Ended(false, got.toString(StandardCharsets.ISO_8859_1));
  }

  // reads what arrived within the socket's timeout into got; true when the node closed
  private static boolean readSome(Socket s, ByteArrayOutputStream got) {
    byte[] buf = new byte[4096];
    try {
      int n = s.getInputStream().read(buf);
      if (n < 0) {
        return true;
      }
      got.write(buf, 0, n);
      return false;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true; // reset
    }
  }

  /** One answer: status, headers (lower-case names), body by its Content-Length. */
  record Reply(int status, Map<String, String> headers, String body) {
    String header(String name) {
      return headers.getOrDefault(name, "");
    }

    static Reply read(Socket s, long maxMs) throws IOException {
      s.setSoTimeout((int) maxMs);
      InputStream in = s.getInputStream();
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      byte[] end = {'\r', '\n', '\r', '\n'};
      while (matched < 4) {
        int c = in.read();
        if (c < 0) {
          return new Reply(0, Map.of(), "closed: " + head.toString(StandardCharsets.ISO_8859_1));
        }
        head.write(c);
        matched = c == end[matched] ? matched + 1 : (c == '\r' ? 1 : 0);
      }
      String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      Map<String, String> headers = new java.util.HashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(
              lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
              lines[i].substring(colon + 1).trim());
        }
      }
      int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
      byte[] body = in.readNBytes(length);
      return new Reply(status, headers, new String(body, StandardCharsets.UTF_8));
    }
  }
}
