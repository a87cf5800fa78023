package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.vocabulary.Arm;

/**
 * Decision 0026: the server answers {@code POST /v1/quotes} with a plain handler when the body is
 * already in memory, and through the routing DSL otherwise (a streamed body, other methods). Both
 * must answer a quote the same way; these tests send the same body both ways over a raw socket (a
 * {@code Content-Length} body in one write, and a chunked body whose last chunk comes later) and
 * compare the answers.
 */
class QuoteHandlerIT {
  static NodeTestBed lab;
  static QuoteNode node;

  @BeforeAll
  static void startAll() {
    lab = NodeTestBed.start();
    node =
        NodeTestBed.node(lab.overrides(Arm.C, lab.proxy("handler"), "handler:"), Clock.systemUTC());
    assertThat(NodeTestBed.eventually(100, Duration.ofMillis(100), node::isReady)).isTrue();
    QuoteArmsIT.warmUp(node);
  }

  @AfterAll
  static void stopAll() {
    NodeTestBed.closeAll(node, lab);
  }

  @Test
  void aStreamedQuoteIsAnsweredAsAnInMemoryOne() {
    QuoteArmsIT.makeKnown(node, "c00061001"); // both answers CACHED, from the same profile
    Raw inMemory = sameAnswerBothWays(NodeTestBed.quoteBody("c00061001"));
    assertThat(inMemory.status()).isEqualTo(200);
  }

  @Test
  void anInvalidStreamedQuoteGetsTheSame400AsAnInMemoryOne() {
    String body = NodeTestBed.quoteBody("c00061002").replace("\"partnerId\":\"partner-1\",", "");
    Raw inMemory = sameAnswerBothWays(body);
    assertThat(inMemory.status()).isEqualTo(400);
    assertThat(inMemory.json().path("field").asText()).isEqualTo("partnerId");
    assertThat(inMemory.json().path("quoteId").asText()).startsWith("q-");
  }

  /** Sends {@code body} in memory, then streamed; asserts the same answer; returns the first. */
  private static Raw sameAnswerBothWays(String body) {
    Raw inMemory = send(body, false);
    Raw streamed = send(body, true);
    assertThat(streamed.status()).isEqualTo(inMemory.status());
    assertThat(streamed.contentType()).isEqualTo(inMemory.contentType());
    assertThat(withoutVolatileFields(streamed.json()))
        .isEqualTo(withoutVolatileFields(inMemory.json()));
    return inMemory;
  }

  @Test
  void otherMethodsOnTheQuotePathStillGetA405Problem() {
    NodeTestBed.Answer a = NodeTestBed.get(node.httpPort(), "/v1/quotes");
    assertThat(a.status()).isEqualTo(405);
    assertThat(a.contentType()).startsWith("application/problem+json");
    assertThat(a.json().path("status").asInt()).isEqualTo(405);
  }

  /**
   * RFC 9110: a 405 names the methods the target serves in {@code Allow}. A method the API does not
   * serve is a 405 with its Allow, with or without a body: TRACE, HEAD and CONNECT with a body are
   * refused by Pekko's parser (422 on its own) before any route, and answered 405 too.
   */
  @Test
  void anUnservedMethodIsA405WithAllowWithOrWithoutABody() throws Exception {
    String quote = NodeTestBed.quoteBody("c00000011");
    for (String[] c :
        new String[][] {
          {"TRACE", "/health", null, "GET"},
          {"TRACE", "/ready", null, "GET"},
          {"DELETE", "/v1/quotes", null, "POST"},
          {"PUT", "/v1/quotes", quote, "POST"},
          {"POST", "/health", quote, "GET"},
          {"TRACE", "/v1/quotes", quote, "POST"},
          {"HEAD", "/v1/quotes", quote, "POST"},
          {"QUERY", "/health", null, "GET"},
          {"QUERY", "/v1/quotes", quote, "POST"},
        }) {
      String body = c[2] == null ? "" : c[2];
      Raw r =
          raw(
              c[0]
                  + " "
                  + c[1]
                  + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + (c[2] == null
                      ? ""
                      : "Content-Type: application/json\r\nContent-Length: "
                          + body.getBytes(StandardCharsets.UTF_8).length
                          + "\r\n")
                  + "\r\n"
                  + body);
      String what = c[0] + " " + c[1] + (c[2] == null ? "" : " with a body");
      assertThat(r.status()).as(what + ": " + r.body()).isEqualTo(405);
      assertThat(r.allow()).as(what).isEqualTo(c[3]);
      if (!c[0].equals("HEAD")) {
        assertThat(r.contentType()).as(what).startsWith("application/problem+json");
        assertThat(r.json().path("status").asInt()).as(what).isEqualTo(405);
      }
    }
    assertThat(NodeTestBed.quote(node, "c00000011").status()).isEqualTo(200);
  }

  @Test
  void aRequestLineTheParserRefusesIsA400ProblemNamingItsPartNeverA5xx() throws Exception {
    // Pekko's parser alone would answer 501 (unknown method) and 505 (HTTP/9.9)
    Raw method = raw("HELLO /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(method.status()).isEqualTo(400);
    assertThat(method.contentType()).startsWith("application/problem+json");
    assertThat(NodeTestBed.JSON.readTree(method.body()).path("field").asText()).isEqualTo("method");
    Raw version = raw("GET /health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n");
    assertThat(version.status()).isEqualTo(400);
    assertThat(NodeTestBed.JSON.readTree(version.body()).path("field").asText())
        .isEqualTo("version");
    Raw header =
        raw("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "a".repeat(65_536) + "\r\n\r\n");
    assertThat(header.status()).isEqualTo(431);
    assertThat(header.contentType()).startsWith("application/problem+json");
    assertThat(NodeTestBed.JSON.readTree(header.body()).path("status").asInt()).isEqualTo(431);
    // and the node still quotes
    assertThat(NodeTestBed.get(node.httpPort(), "/health").status()).isEqualTo(200);
  }

  /**
   * Strict JSON at the edge: a body not declared as JSON is a 415 problem naming Content-Type; a
   * duplicate key or content after the object is a 400 problem naming the field, in memory or
   * streamed, and nothing reaches resolution.
   */
  @Test
  void aBodyNotDeclaredJsonIsA415AndADuplicateKeyOrTrailingContentA400() throws Exception {
    String valid = NodeTestBed.quoteBody("c00000011");
    for (String type : new String[] {"text/plain", "application/x-www-form-urlencoded", null}) {
      Raw r =
          raw(
              "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  + (type == null ? "" : "Content-Type: " + type + "\r\n")
                  + "Content-Length: "
                  + valid.getBytes(StandardCharsets.UTF_8).length
                  + "\r\nConnection: close\r\n\r\n"
                  + valid);
      assertThat(r.status()).as(type + ": " + r.body()).isEqualTo(415);
      assertThat(r.contentType()).startsWith("application/problem+json");
      assertThat(r.json().path("field").asText()).isEqualTo("Content-Type");
    }
    String duplicate =
        valid.replace(
            "\"partnerId\":\"partner-1\",", "\"partnerId\":\"partner-1\",\"partnerId\":\"p2\",");
    assertThat(duplicate).isNotEqualTo(valid);
    Raw dup = sameAnswerBothWays(duplicate);
    assertThat(dup.status()).isEqualTo(400);
    assertThat(dup.json().path("field").asText()).isEqualTo("partnerId");
    Raw trailing = sameAnswerBothWays(valid + " {}");
    assertThat(trailing.status()).isEqualTo(400);
    assertThat(trailing.json().path("field").asText()).isEqualTo("body");
  }

  // a request written as is; the server answers a parse error and closes
  private static Raw raw(String request) throws IOException {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", node.httpPort()), 5000);
      s.setSoTimeout(5000);
      s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      return parse(s.getInputStream());
    }
  }

  /** The quote id differs per attempt, and the profile's age moves between two quotes. */
  private static JsonNode withoutVolatileFields(JsonNode answer) {
    ObjectNode copy = answer.deepCopy();
    copy.remove("quoteId");
    if (copy.path("profile") instanceof ObjectNode profile) {
      profile.remove("ageMs");
    }
    return copy;
  }

  record Raw(int status, String contentType, String allow, String body) {
    JsonNode json() {
      try {
        return NodeTestBed.JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * One request on its own connection. Chunked: the body in two chunks, the second (and the end)
   * written 50 ms after the first, so the server cannot have the body in memory with its headers.
   */
  private static Raw send(String body, boolean chunked) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /v1/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Connection: close\r\n"
            + (chunked
                ? "Transfer-Encoding: chunked\r\n"
                : "Content-Length: " + bytes.length + "\r\n")
            + "\r\n";
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", node.httpPort()), 5000);
      s.setSoTimeout(5000);
      OutputStream out = s.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      if (chunked) {
        int half = bytes.length / 2;
        writeChunk(out, bytes, 0, half);
        out.flush();
        Thread.sleep(50); // the test's own client thread: lets the first chunk arrive alone
        writeChunk(out, bytes, half, bytes.length - half);
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      } else {
        out.write(bytes);
      }
      out.flush();
      return parse(s.getInputStream());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void writeChunk(OutputStream out, byte[] b, int from, int length)
      throws IOException {
    out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.write(b, from, length);
    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
  }

  // the server answers with Content-Length and closes (Connection: close): read to the end
  private static Raw parse(InputStream in) throws IOException {
    String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    int split = all.indexOf("\r\n\r\n");
    String[] head = all.substring(0, split).split("\r\n");
    int status = Integer.parseInt(head[0].split(" ")[1]);
    String contentType = "";
    String allow = null;
    for (String h : head) {
      String lower = h.toLowerCase(java.util.Locale.ROOT);
      if (lower.startsWith("content-type:")) {
        contentType = h.substring("content-type:".length()).trim();
      } else if (lower.startsWith("allow:")) {
        allow = h.substring("allow:".length()).trim();
      }
    }
    return new Raw(status, contentType, allow, all.substring(split + 4));
  }
}
