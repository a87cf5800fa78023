package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import org.apache.pekko.management.javadsl.PekkoManagement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.InvalidAdapterConfigException;
import solventa.adapter.model.ProviderSettings;
import solventa.lab.FreePort;
import solventa.lab.LabToken;
import solventa.platform.AdminToken;

/**
 * The breaker inspection routes mounted by real Pekko Management (through reference.conf's {@code
 * pekko.management.http.routes.of-adapter}) and called over loopback HTTP.
 */
class BreakerManagementRoutesIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static ActorTestKit kit;
  private static String base;
  private static OfAdapter adapter;
  private static final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    int port = FreePort.find();
    kit = ActorTestKit.create("BreakerManagementRoutesIT", LabFixture.managementConfig(port));
    // no provider needed: a closed loopback port; the routes only read the breaker
    ProviderSettings s =
        LabFixture.reference()
            .withBaseUrl("http://127.0.0.1:" + FreePort.find())
            .withBreaker(
                BreakerSettings.rate(50, Duration.ofSeconds(10), 10, Duration.ofMinutes(5)));
    adapter = OfAdapter.create(kit.system(), AdapterSettings.of(s, true));
    AdapterRegistry.get(kit.system()).register(adapter); // what the node's wiring does
    PekkoManagement.get(kit.system().classicSystem())
        .start()
        .toCompletableFuture()
        .get(20, TimeUnit.SECONDS);
    base = "http://127.0.0.1:" + port;
  }

  @AfterAll
  static void stop() throws Exception {
    PekkoManagement.get(kit.system().classicSystem())
        .stop()
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    kit.shutdownTestKit();
  }

  private static HttpResponse<String> send(String method, String url) throws Exception {
    return send(method, url, LabToken.bearer());
  }

  private static HttpResponse<String> send(String method, String url, String authorization)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(10));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Issue 14 and decision 0042: forcing the breaker needs the bearer token, missing or wrong is a
   * 401 with a problem naming the header; reading does not need it.
   */
  @Test
  void forcingWithoutTheTokenOrWithAWrongOneIs401WithAProblem() throws Exception {
    BreakerState before = adapter.state();
    String url = base + "/of-adapter/providers/ofb/force-open";
    HttpResponse<String> none = send("POST", url, null);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    assertThat(none.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = JSON.readTree(none.body());
    assertThat(problem.path("status").asInt()).isEqualTo(401);
    assertThat(problem.path("field").asText()).isEqualTo("Authorization");
    assertThat(problem.path("detail").asText()).contains("bearer token is required");
    HttpResponse<String> wrong = send("POST", url, "Bearer not-" + LabToken.value());
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.headers().firstValue("WWW-Authenticate"))
        .hasValue("Bearer error=\"invalid_token\"");
    assertThat(JSON.readTree(wrong.body()).path("detail").asText()).contains("not valid");
    assertThat(send("POST", url, "Basic " + LabToken.value()).statusCode()).isEqualTo(401);
    assertThat(send("POST", base + "/of-adapter/providers/ofb/force-close", null).statusCode())
        .isEqualTo(401);
    assertThat(adapter.state()).as("nothing forced").isEqualTo(before);
    assertThat(send("GET", base + "/of-adapter/providers/ofb", null).statusCode()).isEqualTo(200);
  }

  /**
   * Decision 0042: a mutating route takes at most 4 KiB of body (Pekko's withSizeLimit), whether
   * its length is declared or it streams in chunks; beyond that, 413 with a problem naming the
   * body, and nothing changes. Without the token the body is never read: 401.
   */
  @Test
  void aBodyOverTheLimitIs413WithAProblemAndForcesNothing() throws Exception {
    BreakerState before = adapter.state();
    String url = base + "/of-adapter/providers/ofb/force-open";
    byte[] big = new byte[(int) BreakerManagementRoutes.MAX_BODY_BYTES + 1];
    java.util.Arrays.fill(big, (byte) 'x');
    HttpResponse<String> declared =
        client.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", LabToken.bearer())
                .POST(HttpRequest.BodyPublishers.ofByteArray(big))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(declared.statusCode()).as(declared.body()).isEqualTo(413);
    assertThat(declared.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = JSON.readTree(declared.body());
    assertThat(problem.path("status").asInt()).isEqualTo(413);
    assertThat(problem.path("field").asText()).isEqualTo("body");
    assertThat(problem.path("detail").asText()).contains("4096 bytes");
    // no Content-Length: the body streams in chunks and the limit cuts it while it is read
    HttpResponse<String> chunked =
        client.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", LabToken.bearer())
                .POST(
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> new java.io.ByteArrayInputStream(new byte[64 * 1024])))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(chunked.statusCode()).as(chunked.body()).isEqualTo(413);
    assertThat(JSON.readTree(chunked.body()).path("field").asText()).isEqualTo("body");
    HttpResponse<String> anonymous =
        client.send(
            HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofByteArray(big))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(anonymous.statusCode()).isEqualTo(401);
    assertThat(adapter.state()).as("nothing forced").isEqualTo(before);
    // a small body within the limit is accepted (the route ignores it)
    HttpResponse<String> small =
        client.send(
            HttpRequest.newBuilder(URI.create(base + "/of-adapter/providers/ofb/force-close"))
                .header("Authorization", LabToken.bearer())
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(small.statusCode()).as(small.body()).isEqualTo(200);
    assertThat(adapter.state()).isEqualTo(BreakerState.CLOSED);
  }

  /**
   * A refusal decided before the body is read (no token) discards the body first (DrainedRefusal):
   * the client that sent 1 MiB reads its 401, and the connection stays open for the next request.
   * Without the discard Pekko closes a connection whose body was left unread, so the second request
   * on the socket gets no answer (and a client still writing may see a reset instead of the 401).
   */
  @Test
  void aRefusedBodyIsDiscardedAndTheConnectionStaysOpen() throws Exception {
    BreakerState before = adapter.state();
    URI u = URI.create(base);
    byte[] body = new byte[1 << 20];
    java.util.Arrays.fill(body, (byte) 'x');
    try (java.net.Socket socket = new java.net.Socket(u.getHost(), u.getPort())) {
      socket.setSoTimeout(10_000);
      solventa.lab.RawHttpReply refused =
          solventa.lab.RawHttpReply.exchange(
              socket,
              "POST",
              "/of-adapter/providers/ofb/force-open",
              "application/octet-stream",
              body);
      assertThat(refused.statusLine()).startsWith("HTTP/1.1 401");
      assertThat(JSON.readTree(refused.body()).path("field").asText()).isEqualTo("Authorization");
      solventa.lab.RawHttpReply next =
          solventa.lab.RawHttpReply.exchange(
              socket, "GET", "/of-adapter/providers/ofb", null, null);
      assertThat(next.statusLine())
          .as("the same connection answers again")
          .startsWith("HTTP/1.1 200");
    }
    assertThat(adapter.state()).as("nothing forced").isEqualTo(before);
  }

  /**
   * A force whose body stalls (Content-Length 100, one byte sent) is Pekko's 408 once the read's 2
   * s pass, with a problem naming the body; nothing is forced. A raw socket: an HTTP client sends a
   * body only once it has it.
   */
  @Test
  void aForceWhoseBodyStallsIs408WithAProblem() throws Exception {
    BreakerState before = adapter.state();
    URI u = URI.create(base);
    try (java.net.Socket socket = new java.net.Socket(u.getHost(), u.getPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("POST /of-adapter/providers/ofb/force-open HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      + "Authorization: "
                      + LabToken.bearer()
                      + "\r\nContent-Length: 100\r\n\r\n{")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      solventa.lab.RawHttpReply reply = solventa.lab.RawHttpReply.read(socket.getInputStream());
      assertThat(reply.statusLine()).startsWith("HTTP/1.1 408");
      assertThat(JSON.readTree(reply.body()).path("field").asText()).isEqualTo("body");
    }
    assertThat(adapter.state()).as("nothing forced").isEqualTo(before);
  }

  /**
   * Decision 0042: the routes Management builds from the system's config refuse a token shorter
   * than 16 characters and the retired default, naming the setting and only the token's length.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"short-token", "ha01-actuarial-trace"})
  void aWeakTokenRefusesTheRoutesNamingTheSetting(String weak) {
    ActorTestKit other =
        ActorTestKit.create(
            "BreakerManagementRoutesWeak",
            LabFixture.systemConfig("of-adapter.management.token = \"" + weak + "\""));
    try {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () ->
                  new BreakerManagementRoutes(
                      (org.apache.pekko.actor.ExtendedActorSystem) other.system().classicSystem()))
          .isInstanceOf(InvalidAdapterConfigException.class)
          .hasMessageStartingWith("of-adapter.management.token = <redacted, " + weak.length())
          .hasMessageNotContaining(weak.equals("short-token") ? weak : "no-such-text");
    } finally {
      other.shutdownTestKit();
    }
  }

  @Test
  void getAnswersTheSnapshotAsJson() throws Exception {
    HttpResponse<String> r = send("GET", base + "/of-adapter/providers/ofb");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    JsonNode body = JSON.readTree(r.body());
    assertThat(body.get("provider").asText()).isEqualTo("ofb");
    assertThat(body.get("policy").asText()).isEqualTo("rate");
    assertThat(body.get("state").asText()).isIn("CLOSED", "OPEN");
    assertThat(body.get("pool").get("poolSize").asInt()).isEqualTo(32);
    assertThat(body.get("outcomes").has("BULKHEAD_REJECTED")).isTrue();
    assertThat(body.has("lastTimeToOpenMs")).isTrue();
  }

  @Test
  void unknownProviderIs404() throws Exception {
    assertThat(send("GET", base + "/of-adapter/providers/acme").statusCode()).isEqualTo(404);
  }

  @Test
  void forceOpenThenForceCloseMoveTheBreakerAndShowTransitions() throws Exception {
    HttpResponse<String> opened = send("POST", base + "/of-adapter/providers/ofb/force-open");
    assertThat(opened.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(opened.body()).get("state").asText()).isEqualTo("OPEN");
    assertThat(adapter.state()).isEqualTo(BreakerState.OPEN);

    HttpResponse<String> closed = send("POST", base + "/of-adapter/providers/ofb/force-close");
    JsonNode body = JSON.readTree(closed.body());
    assertThat(body.get("state").asText()).isEqualTo("CLOSED");
    JsonNode last = body.get("transitions").get(body.get("transitions").size() - 1);
    assertThat(last.get("from").asText()).isEqualTo("OPEN");
    assertThat(last.get("to").asText()).isEqualTo("CLOSED");
    assertThat(Instant.parse(last.get("at").asText())).isBeforeOrEqualTo(Instant.now());
  }

  /**
   * Read-only management, allow-force = false and no configured token each refuse the POSTs with
   * 403, even with the right bearer token.
   */
  @Test
  void forcingIsRefusedWhenReadOnlyOrNotAllowed() throws Exception {
    var readOnly =
        new BreakerManagementRoutes(
                AdapterRegistry.get(kit.system()), true, AdminToken.of(LabToken.value()))
            .routes(
                ManagementRouteProviderSettings.create(
                        org.apache.pekko.http.javadsl.model.Uri.create("http://127.0.0.1"))
                    .withReadOnly(true));
    var notAllowed =
        new BreakerManagementRoutes(
                AdapterRegistry.get(kit.system()), false, AdminToken.of(LabToken.value()))
            .routes(
                ManagementRouteProviderSettings.create(
                        org.apache.pekko.http.javadsl.model.Uri.create("http://127.0.0.1"))
                    .withReadOnly(false));
    var noToken =
        new BreakerManagementRoutes(AdapterRegistry.get(kit.system()), true, AdminToken.of(""))
            .routes(
                ManagementRouteProviderSettings.create(
                        org.apache.pekko.http.javadsl.model.Uri.create("http://127.0.0.1"))
                    .withReadOnly(false));
    for (var route : java.util.List.of(readOnly, notAllowed, noToken)) {
      int port = FreePort.find();
      ServerBinding binding =
          Http.get(kit.system())
              .newServerAt("127.0.0.1", port)
              .bind(route)
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
      try {
        BreakerState before = adapter.state();
        HttpResponse<String> r =
            send("POST", "http://127.0.0.1:" + port + "/of-adapter/providers/ofb/force-open");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).containsAnyOf("read-only", "allow-force", "no admin token set");
        assertThat(adapter.state()).isEqualTo(before);
        assertThat(
                send("GET", "http://127.0.0.1:" + port + "/of-adapter/providers/ofb").statusCode())
            .as("reading stays allowed")
            .isEqualTo(200);
      } finally {
        binding.unbind().toCompletableFuture().get(10, TimeUnit.SECONDS);
      }
    }
  }
}
