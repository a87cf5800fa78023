package solventa.providerdouble.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import solventa.lab.ToxiproxyServer;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.HealthyTail;
import solventa.providerdouble.server.ProviderDouble;
import solventa.vocabulary.ProviderState;

/**
 * Each provider state of the experiment card (Provider states) as a real HTTP client sees it: the
 * real double behind the real Toxiproxy, switched hot by {@link ProviderStateControl}.
 */
class ProviderStateControlTest {

  private static final String PATH = "/open-banking/profile-bundle/v1/customers/c00000042";

  private static ActorSystem<Void> system;
  private static ProviderDouble provider;
  private static ToxiproxyServer toxiproxy;
  private static Proxy proxy;
  private static ProviderStateControl control;
  private static URI throughProxy;

  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  @BeforeAll
  static void start() {
    system = ActorSystem.create(Behaviors.empty(), "provider-state-control-test");
    provider =
        ProviderDouble.start(
            system, DoubleSettings.defaults(7).withAdminToken(solventa.lab.LabToken.value()));
    toxiproxy = ToxiproxyServer.start();
    proxy = toxiproxy.createProxy("provider-double", provider.port());
    throughProxy = URI.create("http://127.0.0.1:" + ToxiproxyServer.listenPort(proxy) + PATH);
    control = new ProviderStateControl(provider.baseUri(), proxy, solventa.lab.LabToken.value());
  }

  @AfterAll
  static void stop() {
    if (toxiproxy != null) {
      toxiproxy.close();
    }
    if (provider != null) {
      provider.close();
    }
    system.terminate();
  }

  @BeforeEach
  void healthy() {
    control.setHealthyTail(HealthyTail.P99);
    control.apply(ProviderState.HEALTHY);
    control.setErrors(0, 0, 0);
  }

  @Test
  void healthyAndSlowSetTheDoublesProfileWithoutToxics() throws Exception {
    control.apply(ProviderState.SLOW);
    assertThat(toxicNames()).isEmpty();
    HttpResponse<String> slow = get();
    assertThat(slow.statusCode()).isEqualTo(200);
    assertThat(slow.headers().firstValue("x-double-profile")).contains("slow");

    control.apply(ProviderState.HEALTHY);
    assertThat(toxicNames()).isEmpty();
    assertThat(get().headers().firstValue("x-double-profile")).contains("healthy");
  }

  @Test
  void degradedAddsAtLeast150MsToTheDoublesOwnLatency() throws Exception {
    control.apply(ProviderState.DEGRADED);
    assertThat(toxicNames()).containsExactly(ProviderStateControl.LATENCY_TOXIC);
    for (int i = 0; i < 3; i++) {
      long start = System.nanoTime();
      HttpResponse<String> r = get();
      double elapsedMs = (System.nanoTime() - start) / 1e6;
      double ownMs = Double.parseDouble(r.headers().firstValue("x-double-delay-ms").orElseThrow());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("x-double-profile")).contains("degraded");
      assertThat(elapsedMs)
          .as("call %d: own %.1f ms + 150 ms toxic", i, ownMs)
          .isGreaterThanOrEqualTo(ownMs + 150 - 2);
    }
  }

  @Test
  void unresponsiveReturnsNoByteUntilTheClientGivesUp() throws Exception {
    control.apply(ProviderState.UNRESPONSIVE);
    assertThat(toxicNames())
        .containsExactlyInAnyOrder(
            ProviderStateControl.TIMEOUT_UP_TOXIC, ProviderStateControl.TIMEOUT_DOWN_TOXIC);
    try (Socket socket = new Socket("127.0.0.1", ToxiproxyServer.listenPort(proxy))) {
      socket.setSoTimeout(1_000); // the client gives up after 1 s
      send(socket);
      InputStream in = socket.getInputStream();
      long start = System.nanoTime();
      assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class);
      assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(990);
    }
  }

  @Test
  void downResetsTheConnectionAtOnce() throws Exception {
    control.apply(ProviderState.DOWN);
    assertThat(toxicNames()).containsExactly(ProviderStateControl.RESET_TOXIC);
    try (Socket socket = new Socket("127.0.0.1", ToxiproxyServer.listenPort(proxy))) {
      socket.setSoTimeout(5_000);
      long start = System.nanoTime();
      send(socket);
      int first;
      try {
        first = socket.getInputStream().read();
      } catch (SocketException reset) {
        first = -2; // connection reset by peer
      }
      double elapsedMs = (System.nanoTime() - start) / 1e6;
      assertThat(first).as("no HTTP byte, the connection is reset or closed").isLessThan(0);
      assertThat(elapsedMs).as("at once, not after the double's latency").isLessThan(500);
    }
    assertThatThrownBy(this::get).isInstanceOf(IOException.class);
  }

  @Test
  void recoveryRemovesTheToxicsAtOnceAndReturnsToHealthyAfterTheWindow() throws Exception {
    // as the runner does: the double is settled at healthy before the outage it recovers from
    control.apply(ProviderState.HEALTHY);
    control.apply(ProviderState.DOWN);
    long applied = System.nanoTime();
    control.apply(ProviderState.RECOVERY, Duration.ofSeconds(1));

    assertThat(toxicNames()).isEmpty();
    assertThat(control.doubleState().at("/latency/profile").asText()).isEqualTo("degraded");
    assertThat(control.doubleState().at("/pending/profile").asText()).isEqualTo("healthy");
    HttpResponse<String> during = get();
    assertThat(during.statusCode()).isEqualTo(200);
    assertThat(during.headers().firstValue("x-double-profile"))
        .as("inside the window the provider answers degraded, not at the profile it had before")
        .contains("degraded");

    String profile = "degraded";
    for (int i = 0; i < 40 && !profile.equals("healthy"); i++) {
      Thread.sleep(100);
      profile = control.doubleState().at("/latency/profile").asText();
    }
    double tookMs = (System.nanoTime() - applied) / 1e6;
    assertThat(profile).isEqualTo("healthy");
    assertThat(tookMs).isGreaterThanOrEqualTo(1_000);
    assertThat(get().headers().firstValue("x-double-profile")).contains("healthy");
    assertThat(control.doubleState().path("pending").isNull()).isTrue();
  }

  /**
   * The recovery read as healthy: a window of 0 leaves the double healthy at once, none pending.
   */
  @Test
  void recoveryWithAWindowOfZeroIsHealthyAtOnce() throws Exception {
    control.apply(ProviderState.DOWN);
    control.apply(ProviderState.RECOVERY, Duration.ZERO);
    assertThat(toxicNames()).isEmpty();
    assertThat(control.doubleState().at("/latency/profile").asText()).isEqualTo("healthy");
    assertThat(control.doubleState().path("pending").isNull()).isTrue();
    assertThat(get().headers().firstValue("x-double-profile")).contains("healthy");
  }

  /** The healthy tail read as the p95 holds for every healthy state set after it. */
  @Test
  void theHealthyTailReadingHoldsForTheStatesSetAfterIt() throws Exception {
    control.setHealthyTail(HealthyTail.P95);
    control.apply(ProviderState.SLOW);
    control.apply(ProviderState.HEALTHY);
    assertThat(control.doubleState().path("healthyTail").asText()).isEqualTo("p95");
    assertThat(control.doubleState().at("/latency/p99Ms").asDouble()).isGreaterThan(290);
    control.apply(ProviderState.RECOVERY, Duration.ofSeconds(5));
    assertThat(control.doubleState().at("/pending/p99Ms").asDouble()).isGreaterThan(290);
    control.setHealthyTail(HealthyTail.P99);
    assertThat(control.doubleState().at("/pending/p99Ms").asDouble()).isEqualTo(200.0);
  }

  @Test
  void switchingStateWhileConnectionsAreOpenNeedsNoRestart() throws Exception {
    int port = provider.port();
    control.resetLag();
    assertThat(get().statusCode()).isEqualTo(200);

    // a call in flight while the state changes still completes
    CompletableFuture<HttpResponse<String>> inFlight =
        client.sendAsync(request(), HttpResponse.BodyHandlers.ofString());
    control.apply(ProviderState.SLOW);
    assertThat(inFlight.get().statusCode()).isEqualTo(200);

    // the same client and its pooled connection see each state in turn
    assertThat(get().headers().firstValue("x-double-profile")).contains("slow");
    control.apply(ProviderState.DOWN);
    assertThatThrownBy(this::get).isInstanceOf(IOException.class);
    control.apply(ProviderState.HEALTHY);
    assertThat(get().headers().firstValue("x-double-profile")).contains("healthy");

    assertThat(provider.port()).isEqualTo(port);
    assertThat(toxiproxy.client().getProxy("provider-double").getListen())
        .isEqualTo(proxy.getListen());
    assertThat(control.lag().count()).as("one double served all of it").isEqualTo(4);
  }

  @Test
  void applyReplacesThePreviousStatesToxics() throws Exception {
    control.apply(ProviderState.DEGRADED);
    control.apply(ProviderState.DOWN);
    assertThat(toxicNames()).containsExactly(ProviderStateControl.RESET_TOXIC);
    control.apply(ProviderState.UNRESPONSIVE);
    assertThat(toxicNames()).hasSize(2).doesNotContain(ProviderStateControl.RESET_TOXIC);
    control.apply(ProviderState.HEALTHY);
    assertThat(toxicNames()).isEmpty();
  }

  @Test
  void isKeepingUpAnswersFromTheDoublesLag() throws Exception {
    control.resetLag();
    assertThat(control.isKeepingUp(Duration.ofMillis(50))).as("no evidence yet").isFalse();
    for (int i = 0; i < 5; i++) {
      get();
    }
    LagSnapshot lag = control.lag();
    assertThat(lag.count()).isEqualTo(5);
    assertThat(control.isKeepingUp(Duration.ofMillis(500))).isTrue();
    assertThat(lag.keepingUp(Duration.ofNanos(-1))).isFalse();
  }

  @Test
  void setsTheDoublesErrorShares() throws Exception {
    control.setErrors(0, 1, 0);
    assertThat(get().statusCode()).isEqualTo(504);
    assertThatThrownBy(() -> control.setErrors(2, 0, 0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("share429");
  }

  private HttpRequest request() {
    return HttpRequest.newBuilder(throughProxy).timeout(Duration.ofSeconds(5)).GET().build();
  }

  private HttpResponse<String> get() throws IOException, InterruptedException {
    return client.send(request(), HttpResponse.BodyHandlers.ofString());
  }

  private static List<String> toxicNames() throws IOException {
    return proxy.toxics().getAll().stream().map(Toxic::getName).toList();
  }

  private static void send(Socket socket) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(
        ("GET " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }
}
