package solventa.quote.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.settings.ConnectionPoolSettings;
import org.apache.pekko.stream.Materializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import solventa.quote.NodeLoop;

/**
 * Decision 0035: Pekko HTTP's client pool over connections the node loop makes: a request and its
 * answer over a kept-alive connection to a real HTTP server, a refused connect failing at once, and
 * a server that accepts and never answers: the idle timeout closes the connection (the server sees
 * it closed), which is what gives an unanswered call's pool slot back. Real sockets on loopback.
 */
class LoopClientTransportTest {
  private static final long WAIT_S = 10;
  private static final long DELAY_MS = 20;

  private NodeLoop loop;
  private ActorSystem<Void> system;
  private LoopHttpServer server;
  private final List<AutoCloseable> closeables = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    loop = new NodeLoop("lc", 2, 2, true);
    system = LoopHttpServerTest.systemOn(loop, "loop-client", "");
    Materializer mat = Materializer.matFromSystem(system);
    // the loop's own timer: no JDK delayer thread
    java.util.concurrent.Executor delayed =
        task -> loop.schedule(task, TimeUnit.MILLISECONDS.toNanos(DELAY_MS));
    server =
        LoopHttpServer.bind(
            loop,
            system,
            "127.0.0.1",
            0,
            (HttpRequest request) ->
                request
                    .entity()
                    .toStrict(5000, mat)
                    // a while on every request, so that concurrent ones need several connections;
                    // every stage on an explicit executor (none on the JDK's common pool)
                    .thenApplyAsync(e -> e, delayed)
                    .thenApplyAsync(
                        e ->
                            HttpResponse.create()
                                .withEntity(
                                    HttpEntities.create("answer to " + request.getUri().path())),
                        Runnable::run));
  }

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable c : closeables) {
      c.close();
    }
    server.unbind().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    system.terminate();
    system.getWhenTerminated().toCompletableFuture().get(WAIT_S, TimeUnit.SECONDS);
    loop.shutdownNow();
  }

  private ConnectionPoolSettings pool(Duration idleTimeout) {
    ConnectionPoolSettings defaults = ConnectionPoolSettings.create(system.classicSystem());
    return defaults
        .withMaxConnections(2)
        .withMaxRetries(0)
        .withConnectionSettings(
            defaults
                .getConnectionSettings()
                .withIdleTimeout(idleTimeout)
                .withConnectingTimeout(Duration.ofSeconds(2)))
        .withTransport(new LoopClientTransport(loop));
  }

  private HttpResponse get(String url, ConnectionPoolSettings pool) throws Exception {
    Http http = Http.get(system);
    return http.singleRequest(
            HttpRequest.GET(url),
            http.defaultClientHttpsContext(),
            pool,
            system.classicSystem().log())
        .toCompletableFuture()
        .get(WAIT_S, TimeUnit.SECONDS);
  }

  private String body(HttpResponse r) throws Exception {
    return r.entity()
        .toStrict(5000, Materializer.matFromSystem(system))
        .toCompletableFuture()
        .get(WAIT_S, TimeUnit.SECONDS)
        .getData()
        .utf8String();
  }

  @Test
  void requestsGoOverTheLoopsConnectionsAndComeBack() throws Exception {
    ConnectionPoolSettings pool = pool(Duration.ofSeconds(5));
    String base = "http://127.0.0.1:" + server.localAddress().getPort();
    for (int i = 0; i < 5; i++) {
      HttpResponse r = get(base + "/p" + i, pool);
      assertThat(r.status().intValue()).isEqualTo(200);
      assertThat(body(r)).isEqualTo("answer to /p" + i);
    }
  }

  @Test
  void concurrentRequestsEachGetTheirOwnAnswerOverSeveralConnections() throws Exception {
    ConnectionPoolSettings pool = pool(Duration.ofSeconds(5)).withMaxConnections(4);
    String base = "http://127.0.0.1:" + server.localAddress().getPort();
    Http http = Http.get(system);
    get(base + "/first", pool); // the pool's own start
    long threadsBefore = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
    List<CompletableFuture<String>> answers = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      answers.add(
          http.singleRequest(
                  HttpRequest.GET(base + "/c" + i),
                  http.defaultClientHttpsContext(),
                  pool,
                  system.classicSystem().log())
              .thenComposeAsync(
                  r ->
                      r.entity()
                          .toStrict(5000, Materializer.matFromSystem(system))
                          .thenApplyAsync(
                              e -> r.status().intValue() + " " + e.getData().utf8String(),
                              Runnable::run),
                  Runnable::run)
              .toCompletableFuture());
    }
    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i).get(WAIT_S, TimeUnit.SECONDS)).isEqualTo("200 answer to /c" + i);
    }
    assertThat(server.openConnections()).as("connections the pool opened").isBetween(2, 4);
    // issue 12: opening connections starts no thread (no stage on the JDK's common pool)
    assertThat(ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - threadsBefore)
        .as("threads started while the pool opened its connections")
        .isZero();
  }

  @Test
  void aRefusedConnectFailsTheRequest() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    ConnectionPoolSettings pool = pool(Duration.ofSeconds(5));
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> get("http://127.0.0.1:" + closedPort + "/x", pool))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining("connecting to /127.0.0.1:" + closedPort + " failed")
        .hasMessageContaining("Connection refused");
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void aServerThatNeverAnswersHasItsConnectionClosedAtTheIdleTimeout() throws Exception {
    ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    closeables.add(silent);
    CompletableFuture<String> seen = new CompletableFuture<>();
    Thread acceptor =
        new Thread(
            () -> {
              try (Socket s = silent.accept()) {
                s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_S));
                InputStream in = s.getInputStream();
                byte[] buf = new byte[4096];
                StringBuilder got = new StringBuilder();
                // read the request, answer nothing, and wait for the client to close
                for (int n; (n = in.read(buf)) >= 0; ) {
                  got.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                }
                seen.complete(got.toString());
              } catch (IOException e) {
                seen.completeExceptionally(e);
              }
            },
            "silent-server");
    acceptor.setDaemon(true);
    acceptor.start();
    ConnectionPoolSettings pool = pool(Duration.ofMillis(300));
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> get("http://127.0.0.1:" + silent.getLocalPort() + "/slow", pool))
        .isInstanceOf(ExecutionException.class);
    String request = seen.get(WAIT_S, TimeUnit.SECONDS);
    Duration closedAfter = Duration.ofNanos(System.nanoTime() - t0);
    assertThat(request).startsWith("GET /slow HTTP/1.1");
    assertThat(closedAfter).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    assertThat(closedAfter).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void onlyAnIpAddressIsConnectedOnTheLoop() {
    assertThat(LoopClientTransport.isIpLiteral("127.0.0.1")).isTrue();
    assertThat(LoopClientTransport.isIpLiteral("::1")).isTrue();
    assertThat(LoopClientTransport.isIpLiteral("10.0.0.255")).isTrue();
    assertThat(LoopClientTransport.isIpLiteral("localhost")).isFalse();
    assertThat(LoopClientTransport.isIpLiteral("toxiproxy")).isFalse();
    assertThat(LoopClientTransport.isIpLiteral("256.1.1.1")).isFalse();
    assertThat(LoopClientTransport.isIpLiteral("1.2.3")).isFalse();
  }
}
