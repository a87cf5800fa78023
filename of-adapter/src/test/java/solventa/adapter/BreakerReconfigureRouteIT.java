package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.model.Uri;
import org.apache.pekko.management.javadsl.ManagementRouteProviderSettings;
import org.apache.pekko.management.javadsl.PekkoManagement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.CustomerIdFormat;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.ProviderSettings;
import solventa.lab.FreePort;
import solventa.lab.LabToken;
import solventa.platform.AdminToken;

/**
 * {@code POST /of-adapter/providers/<name>/breaker}: the breaker's settings replaced at runtime,
 * through real Pekko Management over loopback HTTP. The adapters call a closed loopback port, so
 * every fetch is a fast CONNECTION failure.
 */
class BreakerReconfigureRouteIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration RESET = Duration.ofMinutes(5);
  private static final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static ActorTestKit kit;
  private static String base;
  private static OfAdapter ofb;

  @BeforeAll
  static void start() throws Exception {
    int port = FreePort.find();
    kit = ActorTestKit.create("BreakerReconfigureRouteIT", LabFixture.managementConfig(port));
    ofb = adapter("ofb", BreakerSettings.count(5, RESET));
    adapter("other", new BreakerSettings(BreakerPolicy.NONE, 5, 50, RESET, 10, RESET));
    PekkoManagement.get(kit.system().classicSystem())
        .start()
        .toCompletableFuture()
        .get(20, TimeUnit.SECONDS);
    base = "http://127.0.0.1:" + port + "/of-adapter/providers/";
  }

  private static OfAdapter adapter(String name, BreakerSettings breaker) {
    ProviderSettings s =
        new ProviderSettings(
            name,
            URI.create("http://127.0.0.1:" + FreePort.find()),
            LabFixture.reference().timeout(),
            LabFixture.reference().pool(),
            breaker,
            "of-adapter.providers." + name + ".dispatcher",
            CustomerIdFormat.standard());
    OfAdapter a = OfAdapter.create(kit.system(), AdapterSettings.of(s, true));
    AdapterRegistry.get(kit.system()).register(a); // what the node's wiring does
    return a;
  }

  @AfterAll
  static void stop() throws Exception {
    PekkoManagement.get(kit.system().classicSystem())
        .stop()
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
    kit.shutdownTestKit();
  }

  private static HttpResponse<String> post(String url, String authorization) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url))
            .POST(HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(10));
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String url) throws Exception {
    return post(url, LabToken.bearer());
  }

  /** The problem's field, after checking status and content type. */
  private static JsonNode problem(HttpResponse<String> r, int status) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode p = JSON.readTree(r.body());
    assertThat(p.path("status").asInt()).isEqualTo(status);
    return p;
  }

  @Test
  void newSettingsAnswer200WithThemInTheSnapshotAndTheBreakerRunsOnThem() throws Exception {
    HttpResponse<String> rate =
        post(base + "ofb/breaker?policy=rate&minimum-calls=2&failure-rate-threshold=50&window=30");
    assertThat(rate.statusCode()).as(rate.body()).isEqualTo(200);
    JsonNode body = JSON.readTree(rate.body());
    assertThat(body.get("policy").asText()).isEqualTo("rate");
    assertThat(body.get("state").asText()).isEqualTo("CLOSED");
    assertThat(body.get("minimumCalls").asInt()).isEqualTo(2);
    assertThat(body.get("failureRateThreshold").asDouble()).isEqualTo(50.0);
    assertThat(body.get("windowMs").asLong()).isEqualTo(30_000);
    assertThat(body.get("consecutiveFailures").asInt()).as("left out: kept").isEqualTo(5);
    assertThat(body.get("resetTimeoutMs").asLong()).as("left out: kept").isEqualTo(300_000);
    assertThat(body.get("halfOpenProbes").asInt()).as("left out: kept").isEqualTo(1);
    assertThat(ofb.breakerSettings())
        .isEqualTo(
            new BreakerSettings(BreakerPolicy.RATE, 5, 50, Duration.ofSeconds(30), 2, RESET));

    HttpResponse<String> count =
        post(
            base
                + "ofb/breaker?policy=count&consecutive-failures=2&reset-timeout=60000"
                + "&half-open-probes=3");
    JsonNode after = JSON.readTree(count.body());
    assertThat(count.statusCode()).as(count.body()).isEqualTo(200);
    assertThat(after.get("policy").asText()).isEqualTo("count");
    assertThat(after.get("consecutiveFailures").asInt()).isEqualTo(2);
    assertThat(after.get("resetTimeoutMs").asLong()).isEqualTo(60_000);
    assertThat(after.get("halfOpenProbes").asInt()).isEqualTo(3);
    assertThat(ofb.breakerSettings().halfOpenProbes()).isEqualTo(3);
    assertThat(after.get("minimumCalls").asInt()).isEqualTo(2);
    for (int i = 0; i < 2; i++) {
      assertThat(LabFixture.kind(LabFixture.await(ofb.fetch("c00001000"))))
          .isEqualTo(FailureKind.CONNECTION);
    }
    // the caller's answer can come before the breaker's verdict: wait for it, bounded
    assertThat(LabFixture.eventually(Duration.ofSeconds(5), () -> ofb.state() == BreakerState.OPEN))
        .as("two failures open it (N was 5)")
        .isTrue();

    HttpResponse<String> read =
        client.send(
            HttpRequest.newBuilder(URI.create(base + "ofb")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(JSON.readTree(read.body()).get("consecutiveFailures").asInt()).isEqualTo(2);
    HttpResponse<String> again = post(base + "ofb/breaker?policy=count");
    assertThat(JSON.readTree(again.body()).get("state").asText())
        .as("a reconfiguration starts closed")
        .isEqualTo("CLOSED");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "x"})
  void aMinimumCallsThatCannotRunIs400NamingItAndChangesNothing(String value) throws Exception {
    BreakerSettings before = ofb.breakerSettings();
    JsonNode p = problem(post(base + "ofb/breaker?policy=rate&minimum-calls=" + value), 400);
    assertThat(p.path("field").asText()).isEqualTo("minimum-calls");
    assertThat(p.path("detail").asText()).startsWith("minimum-calls = " + value + ": ");
    assertThat(ofb.breakerSettings()).isEqualTo(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "101"})
  void halfOpenProbesOutOfRangeIs400NamingThemAndChangesNothing(String value) throws Exception {
    BreakerSettings before = ofb.breakerSettings();
    JsonNode p = problem(post(base + "ofb/breaker?policy=count&half-open-probes=" + value), 400);
    assertThat(p.path("field").asText()).isEqualTo("half-open-probes");
    assertThat(p.path("detail").asText())
        .isEqualTo("half-open-probes = " + value + ": must be in 1..100");
    assertThat(ofb.breakerSettings()).isEqualTo(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"?policy=none", "?policy=none&minimum-calls=2", "", "?window=30"})
  void aPolicyOfNoneOrNoneAtAllIs400NamingPolicy(String query) throws Exception {
    BreakerSettings before = ofb.breakerSettings();
    JsonNode p = problem(post(base + "ofb/breaker" + query), 400);
    assertThat(p.path("field").asText()).isEqualTo("policy");
    assertThat(p.path("detail").asText()).startsWith("policy = ");
    assertThat(ofb.breakerSettings()).isEqualTo(before);
  }

  @Test
  void withoutTheTokenIs401() throws Exception {
    BreakerSettings before = ofb.breakerSettings();
    HttpResponse<String> r = post(base + "ofb/breaker?policy=count&consecutive-failures=3", null);
    assertThat(problem(r, 401).path("field").asText()).isEqualTo("Authorization");
    assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    assertThat(ofb.breakerSettings()).isEqualTo(before);
  }

  @Test
  void unknownProviderIs404AndAProviderWithoutABreakerIs409() throws Exception {
    problem(post(base + "acme/breaker?policy=count"), 404);
    JsonNode p = problem(post(base + "other/breaker?policy=count&consecutive-failures=2"), 409);
    assertThat(p.path("detail").asText()).contains("other", "no breaker to reconfigure");
    assertThat(AdapterRegistry.get(kit.system()).find("other").orElseThrow().breakerSettings())
        .extracting(BreakerSettings::policy)
        .isEqualTo(BreakerPolicy.NONE);
  }

  @Test
  void whenForcingIsNotAllowedIs403() throws Exception {
    var notAllowed =
        new BreakerManagementRoutes(
                AdapterRegistry.get(kit.system()), false, AdminToken.of(LabToken.value()))
            .routes(
                ManagementRouteProviderSettings.create(Uri.create("http://127.0.0.1"))
                    .withReadOnly(false));
    int port = FreePort.find();
    ServerBinding binding =
        Http.get(kit.system())
            .newServerAt("127.0.0.1", port)
            .bind(notAllowed)
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
    try {
      BreakerSettings before = ofb.breakerSettings();
      JsonNode p =
          problem(
              post(
                  "http://127.0.0.1:"
                      + port
                      + "/of-adapter/providers/ofb/breaker?policy=count&consecutive-failures=3"),
              403);
      assertThat(p.path("detail").asText()).contains("allow-force");
      assertThat(ofb.breakerSettings()).isEqualTo(before);
    } finally {
      binding.unbind().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }
}
