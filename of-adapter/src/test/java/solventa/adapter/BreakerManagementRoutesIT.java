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
import solventa.lab.FreePort;
import solventa.lab.LabToken;

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
    kit =
        ActorTestKit.create(
            "BreakerManagementRoutesIT",
            LabFixture.systemConfig(
                "pekko.management.http.hostname = \"127.0.0.1\"\n"
                    + "pekko.management.http.port = "
                    + port
                    + "\npekko.management.http.route-providers-read-only = false"
                    + "\nof-adapter.management.allow-force = true"
                    + "\nof-adapter.management.token = \""
                    + LabToken.value()
                    + "\""));
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

  /** Issue 14: forcing the breaker needs the bearer token; reading does not. */
  @Test
  void forcingWithoutTheTokenIs401AndWithAWrongOneIs403() throws Exception {
    BreakerState before = adapter.state();
    String url = base + "/of-adapter/providers/ofb/force-open";
    HttpResponse<String> none = send("POST", url, null);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    assertThat(none.body()).contains("bearer token is required");
    HttpResponse<String> wrong = send("POST", url, "Bearer not-" + LabToken.value());
    assertThat(wrong.statusCode()).isEqualTo(403);
    assertThat(wrong.body()).contains("not valid");
    assertThat(send("POST", url, "Basic " + LabToken.value()).statusCode()).isEqualTo(401);
    assertThat(adapter.state()).as("nothing forced").isEqualTo(before);
    assertThat(send("GET", base + "/of-adapter/providers/ofb", null).statusCode()).isEqualTo(200);
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
