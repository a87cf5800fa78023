package solventa.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static solventa.adapter.LabFixture.await;
import static solventa.adapter.LabFixture.kind;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.CustomerIdFormat;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.PoolSettings;
import solventa.adapter.model.ProviderSettings;

/**
 * Bad provider answers are counted adapter failures and never crash the actor. The answers come
 * from a tiny raw HTTP server of this test (127.0.0.1), since only a hand-written socket can send
 * truncated or lying responses; it stands in for no component of ours.
 */
class MalformedPayloadIT {
  private static ActorTestKit kit;
  private static ServerSocket server;
  private static Thread acceptor;
  private static OfAdapter adapter;

  private static final String GOOD_BODY =
      "{\"data\":{\"qualification\":{\"informedPatrimony\":{\"amount\":"
          + "{\"amount\":\"10.00\",\"currency\":\"BRL\"}}}}}";

  @BeforeAll
  static void start() throws IOException {
    kit = ActorTestKit.create("MalformedPayloadIT", LabFixture.systemConfig(""));
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor = new Thread(MalformedPayloadIT::serve, "malformed-server");
    acceptor.setDaemon(true);
    acceptor.start();
    ProviderSettings s =
        LabFixture.reference()
            .withBaseUrl("http://127.0.0.1:" + server.getLocalPort())
            .withTimeout(Duration.ofSeconds(3)) // cold JVM: the behaviour here is not timing
            .withPool(new PoolSettings(2, 4))
            .withBreaker(BreakerSettings.count(1_000, Duration.ofSeconds(5)))
            // this server picks its answer by the id, which names the answer
            .withCustomerIds(CustomerIdFormat.of("[a-z0-9-]+"));
    adapter = OfAdapter.create(kit.system(), AdapterSettings.of(s, false));
  }

  @AfterAll
  static void stop() throws IOException {
    server.close();
    kit.shutdownTestKit();
  }

  /** One response per connection, chosen by the customer id in the path; then close. */
  private static void serve() {
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        StringBuilder head = new StringBuilder();
        int c;
        while (head.length() < 8192 && (c = in.read()) != -1) {
          head.append((char) c);
          if (head.toString().endsWith("\r\n\r\n")) {
            break;
          }
        }
        String path = head.toString().split(" ", 3)[1];
        String id = path.substring(path.lastIndexOf('/') + 1);
        OutputStream out = s.getOutputStream();
        out.write(response(id).getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      } catch (IOException | RuntimeException e) {
        // closed by the test, or a client that hung up: next
      }
    }
  }

  private static String response(String id) {
    return switch (id) {
      case "good" -> http(200, GOOD_BODY);
      case "truncated-json" -> http(200, GOOD_BODY.substring(0, 40));
      case "bad-amount" -> http(200, GOOD_BODY.replace("10.00", "ten"));
      // well-formed JSON of another schema: an endpoint's data array, not the bundle's object
      case "wrong-schema" -> http(200, "{\"data\":[{\"personalId\":\"p1\"}],\"meta\":{}}");
      case "html" -> http(200, "<html><body>maintenance</body></html>");
      // a well-formed JSON document of 2 MiB: over the adapter's 1 MiB body limit
      case "oversized" -> http(200, "{\"data\":{},\"pad\":\"" + "x".repeat(2 << 20) + "\"}");
      case "empty" -> http(200, "");
      case "status-429" -> http(429, "{}");
      case "status-529" -> http(529, "{}");
      case "status-503" -> http(503, "{}");
      // headers promise 500 bytes, 20 arrive, then the connection closes
      case "cut-body" ->
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500"
              + "\r\nConnection: close\r\n\r\n"
              + GOOD_BODY.substring(0, 20);
      case "not-http" -> "SSH-2.0-OpenSSH_9.6\r\n";
      default -> http(404, "{}");
    };
  }

  private static String http(int status, String body) {
    return "HTTP/1.1 "
        + status
        + " X\r\nContent-Type: application/json\r\nContent-Length: "
        + body.getBytes(StandardCharsets.ISO_8859_1).length
        + "\r\nConnection: close\r\n\r\n"
        + body;
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "truncated-json, MALFORMED",
    "bad-amount, MALFORMED",
    "html, MALFORMED",
    "wrong-schema, MALFORMED",
    "empty, MALFORMED",
    "oversized, MALFORMED",
    "status-429, THROTTLED",
    "status-529, THROTTLED",
    "status-503, HTTP_STATUS",
    "cut-body, CONNECTION",
    "not-http, CONNECTION"
  })
  void badAnswersAreCountedFailuresAndTheAdapterKeepsServing(String id, FailureKind expected) {
    long before = adapter.snapshot().outcomes().get(expected.name());
    FetchResult r = await(adapter.fetch(id));
    assertThat(kind(r)).as(String.valueOf(r)).isEqualTo(expected);
    assertThat(expected.countsAsBreakerFailure()).isTrue();
    assertThat(adapter.snapshot().outcomes().get(expected.name())).isEqualTo(before + 1);
    assertThat(adapter.actorRestarts()).isZero();
    assertThat(await(adapter.fetch("good"))).isInstanceOf(FetchResult.Fetched.class);
  }
}
