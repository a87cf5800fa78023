package solventa.quote.node;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import solventa.lab.FreePort;
import solventa.vocabulary.Arm;

/**
 * The node as the runner starts it: its own JVM from {@code target/classes} plus {@code
 * target/runtime.classpath}, configured by {@code -D} only, Kamon initialised, logs to a file.
 */
class MainIT {
  static NodeTestBed lab;
  static Proxy proxy;

  @BeforeAll
  static void start() {
    lab = NodeTestBed.start();
    proxy = lab.proxy("ofb-main");
  }

  @AfterAll
  static void stop() {
    if (lab != null) {
      lab.close();
    }
  }

  private static List<String> command(Map<String, Object> props) throws IOException {
    String cp =
        Path.of("target/classes").toAbsolutePath()
            + java.io.File.pathSeparator
            + Files.readString(Path.of("target/runtime.classpath")).trim();
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-XX:+UseSerialGC");
    cmd.add("-cp");
    cmd.add(cp);
    props.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
    cmd.add("solventa.quote.node.Main");
    return cmd;
  }

  @Test
  void startsFromTheCommandLineAnswersQuotesStatsAndMetrics() throws Exception {
    Map<String, Object> props = lab.overrides(Arm.C_PRIME, proxy, "ofp-main:");
    int httpPort = FreePort.find();
    int prometheusPort = FreePort.find();
    Path log = Path.of("target/main-it.log").toAbsolutePath();
    Files.deleteIfExists(log);
    props.put("quote.http.port", httpPort);
    props.put("kamon.prometheus.embedded-server.port", prometheusPort);
    props.put("quote.log.file", log);
    // the runner's way of naming the seed list
    props.put(
        "pekko.cluster.seed-nodes.0",
        "pekko://quote@127.0.0.1:" + props.get("pekko.remote.artery.canonical.port"));
    Process p =
        new ProcessBuilder(command(props))
            .redirectErrorStream(true)
            .redirectOutput(Path.of("target/main-it.out").toFile())
            .start();
    try {
      assertThat(
              NodeTestBed.eventually(
                  120,
                  Duration.ofMillis(500),
                  () -> p.isAlive() && FreePort.isListening(httpPort) && ready(httpPort)))
          .as("the node answers /ready (see target/main-it.out)")
          .isTrue();
      NodeTestBed.Answer q =
          NodeTestBed.post(httpPort, "/v1/quotes", NodeTestBed.quoteBody("c00000300"));
      assertThat(q.status()).as(q.body()).isEqualTo(200);
      assertThat(q.json().path("arm").asText()).isEqualTo("C'");
      int mgmt = (Integer) props.get("pekko.management.http.port");
      assertThat(NodeTestBed.get(mgmt, "/quote/stats").json().path("arm").asText()).isEqualTo("C'");
      assertThat(NodeTestBed.get(mgmt, "/cluster/members").status()).isEqualTo(200);
      assertThat(
              NodeTestBed.eventually(
                  30,
                  Duration.ofMillis(500),
                  () ->
                      NodeTestBed.get(prometheusPort, "/metrics").body().contains("quote_quotes")))
          .as("Kamon exports the quote metrics")
          .isTrue();
      String scrape = NodeTestBed.get(prometheusPort, "/metrics").body();
      assertThat(scrape)
          .as("the adapter's breaker, pool and call metrics reach Prometheus too")
          .contains("of_adapter_breaker_state")
          .contains("of_adapter_pool_in_flight")
          .contains("of_adapter_call_latency");
      // the quote's latency reaches the scrape at Kamon's next tick (5 s)
      java.util.regex.Pattern threshold =
          java.util.regex.Pattern.compile("quote_latency_seconds_bucket\\{[^}]*le=\"0\\.225\"");
      assertThat(
              NodeTestBed.eventually(
                  30,
                  Duration.ofMillis(500),
                  () ->
                      threshold.matcher(NodeTestBed.get(prometheusPort, "/metrics").body()).find()))
          .as("the latency histogram has a bucket boundary on the p95 threshold (225 ms)")
          .isTrue();
      assertThat(NodeTestBed.get(prometheusPort, "/metrics").body())
          .as("and on the p99 threshold (475 ms)")
          .containsPattern("quote_latency_seconds_bucket\\{[^}]*le=\"0\\.475\"");
      assertThat(NodeTestBed.get(mgmt, "/of-adapter/providers/ofb").json().path("state").asText())
          .as("the breaker is inspectable over Pekko Management")
          .isEqualTo("CLOSED");
      assertThat(NodeTestBed.eventually(20, Duration.ofMillis(250), () -> logContains(log)))
          .as("logs go to -Dquote.log.file")
          .isTrue();
    } finally {
      p.destroy();
      if (!p.waitFor(20, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
  }

  @Test
  void refusesToStartWithAnUnknownArmNamingTheKey() throws Exception {
    Map<String, Object> props = lab.overrides(Arm.C, proxy, "ofp-main:");
    props.put("quote.arm", "Q");
    Process p = new ProcessBuilder(command(props)).redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out).contains("quote.arm = Q");
  }

  /** The rating engine's settings refuse as the node's do: before any port opens, exit 2. */
  @Test
  void refusesToStartWithAnUnknownDefaultProfileNamingTheKey() throws Exception {
    Map<String, Object> props = lab.overrides(Arm.C, proxy, "ofp-main:");
    props.put("rating.default-profile", "segments");
    Process p = new ProcessBuilder(command(props)).redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(out)
        .contains("quote node refused to start")
        .contains("rating.default-profile = segments: must be line or segment");
  }

  private static boolean ready(int port) {
    try {
      return NodeTestBed.get(port, "/ready").status() == 200;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean logContains(Path log) {
    try {
      return Files.exists(log) && Files.readString(log).contains("quote node up");
    } catch (IOException e) {
      return false;
    }
  }
}
