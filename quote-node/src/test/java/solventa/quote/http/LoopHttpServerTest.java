package solventa.quote.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.BootstrapSetup;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.stream.Materializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import solventa.quote.NodeLoop;

/**
 * Decision 0034: Pekko HTTP's server layer on the node loop's own sockets serves kept-alive
 * connections, bodies larger than its read-ahead both ways, closes what the HTTP layer or the
 * client closes and gives the connection back (after an early answer, without resetting a client
 * still sending), and at the connection limit leaves new connections waiting until one closes. Real
 * sockets on loopback; the handler echoes the body and names the thread that answered.
 */
class LoopHttpServerTest {
  private static final int MAX_CONNECTIONS = 3;
  private static final long WAIT_S = 10;

  private NodeLoop loop;
  private ActorSystem<Void> system;
  private LoopHttpServer server;
  private final Set<String> answeredOn = ConcurrentHashMap.newKeySet();
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    loop = new NodeLoop("lt", 2, 2, true);
    system =
        systemOn(
            loop,
            "loop-http",
            "pekko.http.server.max-connections = "
                + MAX_CONNECTIONS
                + "\n"
                + "pekko.http.server.parsing.max-content-length = 4m\n");
    Materializer mat = Materializer.matFromSystem(system);
    server =
        LoopHttpServer.bind(
            loop,
            system,
            "127.0.0.1",
            0,
            (HttpRequest request) -> {
              answeredOn.add(Thread.currentThread().getName());
              if (request.getUri().path().equals("/early")) {
                // a body over 64 KB is refused once 64 KB have been read, as the quote API's 413:
                // the rest of the body is never read and Pekko HTTP closes the connection
                return request
                    .entity()
                    .withSizeLimit(64 * 1024)
                    .toStrict(5_000, mat)
                    .handle(
                        (e, failure) ->
                            failure == null
                                ? HttpResponse.create().withEntity("small enough")
                                : HttpResponse.create().withStatus(413).withEntity("too large"));
              }
              return request
                  .entity()
                  .toStrict(5_000, mat)
                  .thenApply(e -> HttpResponse.create().withEntity(e.getData()));
            });
  }

  /** A local actor system whose default dispatcher is {@code loop}, with {@code config} on top. */
  static ActorSystem<Void> systemOn(NodeLoop loop, String name, String config) {
    Config c =
        ConfigFactory.parseString("pekko.actor.provider = local\n" + config)
            .withFallback(ConfigFactory.defaultReference());
    return ActorSystem.create(
        Behaviors.empty(),
        name,
        BootstrapSetup.create(c)
            .withDefaultExecutionContext(ExecutionContexts.fromExecutorService(loop)));
  }

  @AfterEach
  void stop() throws Exception {
    for (Socket s : sockets) {
      s.close();
    }
    server.unbind();
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    loop.shutdown();
    assertThat(loop.awaitTermination(WAIT_S, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void manyRequestsOnOneKeptAliveConnectionAreAnsweredInOrderOnTheLoop() throws Exception {
    Socket s = connect();
    for (int i = 0; i < 200; i++) {
      byte[] body = ("request " + i).getBytes(StandardCharsets.UTF_8);
      send(s, body, false);
      assertThat(new String(readResponse(s).body, StandardCharsets.UTF_8))
          .isEqualTo("request " + i);
    }
    assertThat(server.openConnections()).isEqualTo(1);
    assertThat(answeredOn).allMatch(t -> t.startsWith("lt-"));
  }

  @Test
  void aBodyLargerThanTheReadAheadGoesBothWaysWhole() throws Exception {
    Socket s = connect();
    byte[] body = new byte[3 * LoopConnection.READ_AHEAD + 12345];
    for (int i = 0; i < body.length; i++) {
      body[i] = (byte) (i * 31 + 7);
    }
    // The whole request is sent before the answer is read, so the answer outgrows the socket's
    // buffers and the server has to wait for it to be writable.
    send(s, body, false);
    Response r = readResponse(s);
    assertThat(r.status).isEqualTo(200);
    assertThat(r.body.length).isEqualTo(body.length);
    assertThat(Arrays.equals(r.body, body)).isTrue();
    send(s, "after".getBytes(StandardCharsets.UTF_8), false);
    assertThat(new String(readResponse(s).body, StandardCharsets.UTF_8)).isEqualTo("after");
  }

  @Test
  void connectionCloseIsAnsweredThenClosedAndTheConnectionIsGivenBack() throws Exception {
    Socket s = connect();
    send(s, "bye".getBytes(StandardCharsets.UTF_8), true);
    assertThat(new String(readResponse(s).body, StandardCharsets.UTF_8)).isEqualTo("bye");
    assertThat(s.getInputStream().read()).as("end of stream after the answer").isEqualTo(-1);
    awaitOpen(0);
  }

  @Test
  void connectionsTheClientClosesAreGivenBack() throws Exception {
    for (int i = 0; i < MAX_CONNECTIONS; i++) {
      Socket s = connect();
      send(s, "x".getBytes(StandardCharsets.UTF_8), false);
      readResponse(s);
    }
    assertThat(server.openConnections()).isEqualTo(MAX_CONNECTIONS);
    for (Socket s : sockets) {
      s.close();
    }
    awaitOpen(0);
    // and the limit counts again from zero: new connections are served
    Socket again = connect();
    send(again, "again".getBytes(StandardCharsets.UTF_8), false);
    assertThat(new String(readResponse(again).body, StandardCharsets.UTF_8)).isEqualTo("again");
  }

  @Test
  void aConnectionBeyondTheLimitWaitsUntilOneClosesAndTheOthersGoOn() throws Exception {
    List<Socket> held = new ArrayList<>();
    for (int i = 0; i < MAX_CONNECTIONS; i++) {
      Socket s = connect();
      send(s, "x".getBytes(StandardCharsets.UTF_8), false);
      readResponse(s);
      held.add(s);
    }
    Socket beyond = connect(); // the kernel's backlog takes it; the server does not accept it yet
    send(beyond, "waited".getBytes(StandardCharsets.UTF_8), false);
    beyond.setSoTimeout(300);
    assertThatThrownBy(() -> beyond.getInputStream().read())
        .as("no answer while the limit is reached")
        .isInstanceOf(java.net.SocketTimeoutException.class);
    send(held.get(0), "still".getBytes(StandardCharsets.UTF_8), false);
    assertThat(new String(readResponse(held.get(0)).body, StandardCharsets.UTF_8))
        .isEqualTo("still");
    assertThat(server.openConnections()).isEqualTo(MAX_CONNECTIONS);
    held.get(1).close();
    beyond.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_S));
    assertThat(new String(readResponse(beyond).body, StandardCharsets.UTF_8)).isEqualTo("waited");
    assertThat(server.openConnections()).isEqualTo(MAX_CONNECTIONS);
  }

  @Test
  void anAnswerBeforeTheBodyReachesAClientStillSendingItAndTheConnectionEndsWithoutAReset()
      throws Exception {
    Socket s = connect();
    int length = 3 * 1024 * 1024;
    s.getOutputStream()
        .write(
            ("POST /early HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    CompletableFuture<Void> sent =
        CompletableFuture.runAsync(
            () -> {
              byte[] chunk = new byte[64 * 1024];
              try {
                for (int n = 0; n < length; n += chunk.length) {
                  s.getOutputStream().write(chunk);
                }
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    Response r = readResponse(s);
    assertThat(r.status).isEqualTo(413);
    assertThat(new String(r.body, StandardCharsets.UTF_8)).isEqualTo("too large");
    // the server read and dropped the rest: the client's whole body went out, no reset
    sent.get(WAIT_S, TimeUnit.SECONDS);
    assertThat(s.getInputStream().read()).as("end of stream, not a reset").isEqualTo(-1);
    s.close();
    awaitOpen(0);
  }

  @Test
  void garbageIsAnswered400ByPekkoHttpAndClosed() throws Exception {
    Socket s = connect();
    s.getOutputStream()
        .write(
            "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon in this header\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
    Response r = readResponse(s);
    assertThat(r.status).isEqualTo(400);
    assertThat(s.getInputStream().read()).isEqualTo(-1);
    awaitOpen(0);
  }

  @Test
  void afterUnbindNoConnectionIsAccepted() throws Exception {
    int port = server.localAddress().getPort();
    server.unbind().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void concurrentClientsAreAllAnswered() throws Exception {
    List<CompletableFuture<String>> answers = new ArrayList<>();
    for (int c = 0; c < MAX_CONNECTIONS; c++) {
      Socket s = connect();
      int client = c;
      answers.add(
          CompletableFuture.supplyAsync(
              () -> {
                StringBuilder last = new StringBuilder();
                for (int i = 0; i < 100; i++) {
                  try {
                    send(s, (client + ":" + i).getBytes(StandardCharsets.UTF_8), false);
                    last.setLength(0);
                    last.append(new String(readResponse(s).body, StandardCharsets.UTF_8));
                  } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                }
                return last.toString();
              }));
    }
    for (int c = 0; c < MAX_CONNECTIONS; c++) {
      assertThat(answers.get(c).get(WAIT_S, TimeUnit.SECONDS)).isEqualTo(c + ":99");
    }
  }

  private Socket connect() throws IOException {
    Socket s = new Socket("127.0.0.1", server.localAddress().getPort());
    s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_S));
    sockets.add(s);
    return s;
  }

  private void awaitOpen(int n) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
    while (server.openConnections() != n && System.nanoTime() < until) {
      Thread.sleep(5);
    }
    assertThat(server.openConnections()).isEqualTo(n);
  }

  private static void send(Socket s, byte[] body, boolean close) throws IOException {
    OutputStream out = s.getOutputStream();
    String head =
        "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + (close ? "Connection: close\r\n" : "")
            + "\r\n";
    // one write: a second small one would wait for the first's delayed ACK (Nagle), 40 ms a request
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.write(head.getBytes(StandardCharsets.US_ASCII));
    request.write(body);
    out.write(request.toByteArray());
    out.flush();
  }

  private record Response(int status, byte[] body) {}

  /** Reads one response with a Content-Length (what the echo answers). */
  private static Response readResponse(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed in the head: " + head);
      }
      head.write(b);
      matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String[] lines = head.toString(StandardCharsets.US_ASCII).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    int length = 0;
    for (String line : lines) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    if (body.length < length) {
      throw new IOException("connection closed in the body");
    }
    return new Response(status, body);
  }
}
