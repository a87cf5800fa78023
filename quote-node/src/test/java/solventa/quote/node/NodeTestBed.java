package solventa.quote.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import solventa.lab.FreePort;
import solventa.lab.LabToken;
import solventa.lab.PostgresServer;
import solventa.lab.RedisServerProcess;
import solventa.lab.ToxiproxyServer;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.LatencyProfile;
import solventa.providerdouble.server.ProviderDouble;
import solventa.quote.profile.OfAdapterPort;
import solventa.vocabulary.Arm;

/**
 * The real parts an integration test class shares: Redis 7, PostgreSQL 16 (rating's rule book),
 * Toxiproxy and the provider double (fast and seeded, so the timings under test are the toxics'),
 * plus helpers to start quote nodes in-process and call them over loopback HTTP. (Named apart from
 * the {@code lab} module, whose processes it uses: this is one test class's bed, not the lab.)
 */
final class NodeTestBed implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  final RedisServerProcess redis;
  final PostgresServer postgres;
  final ToxiproxyServer toxiproxy;
  final ActorSystem<Void> bench;
  final ProviderDouble provider;

  private NodeTestBed() {
    redis = RedisServerProcess.start();
    postgres = PostgresServer.start();
    postgres.createDatabase("rating");
    toxiproxy = ToxiproxyServer.start();
    bench =
        ActorSystem.create(
            Behaviors.empty(),
            "bench",
            ConfigFactory.parseString("pekko.actor.provider = local, pekko.loglevel = WARNING")
                .withFallback(ConfigFactory.defaultReference()));
    // fast, so that healthy calls always fit the 120 ms budget and the toxics set the timing
    provider =
        ProviderDouble.start(
            bench, DoubleSettings.defaults(42).withProfile(LatencyProfile.custom(5, 20)));
  }

  static NodeTestBed start() {
    return new NodeTestBed();
  }

  /** A Toxiproxy proxy in front of the double, one per node so that toxics stay per test. */
  Proxy proxy(String name) {
    return toxiproxy.createProxy(name, provider.port());
  }

  static void unresponsive(Proxy proxy) {
    try {
      proxy.toxics().timeout("unresponsive", ToxicDirection.UPSTREAM, 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void latency(Proxy proxy, long ms) {
    try {
      proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, ms);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void healthy(Proxy proxy) {
    try {
      for (Toxic t : proxy.toxics().getAll()) {
        t.remove();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * -D-style overrides for a node of {@code arm} calling the provider through {@code proxy}: a card
   * arm by its label, any other arm by its label and traits.
   */
  Map<String, Object> overrides(Arm arm, Proxy proxy, String keyPrefix) {
    Map<String, Object> m = new HashMap<>();
    m.put("quote.arm", arm.label());
    if (!Arm.card().contains(arm)) {
      // an arm the card does not name: the node reads it as its label and every trait
      m.put("quote.traits.cache", arm.usesCache());
      m.put("quote.traits.falls-back", arm.fallsBack());
      m.put("quote.traits.coalesces", arm.coalesces());
      m.put("quote.breaker", arm.breaker() ? "on" : "off");
    }
    m.put("quote.http.port", 0);
    m.put("quote.redis.uri", redis.uri());
    m.put("quote.redis.key-prefix", keyPrefix);
    m.put("quote.stats.reset-enabled", true);
    m.put("quote.warmup.quotes", 0); // tests count every call; NodeWarmupIT turns it on
    m.put("quote.stats.reset-token", LabToken.value());
    m.put("quote.trace.salt", LabToken.traceKey());
    m.put("of-adapter.management.token", LabToken.value());
    m.put("pekko.management.http.route-providers-read-only", false);
    m.put("pekko.management.http.port", FreePort.find());
    m.put("pekko.remote.artery.canonical.port", FreePort.find());
    m.put("pekko.loglevel", "WARNING");
    m.put("pekko.coordinated-shutdown.run-by-jvm-shutdown-hook", "off");
    // no balancer to wait for; ShutdownIT sets its own delay
    m.put("quote.shutdown.unready-delay", "0s");
    m.put(
        "of-adapter.providers.ofb.base-url",
        "http://127.0.0.1:" + ToxiproxyServer.listenPort(proxy));
    m.put("of-adapter.providers.ofb.breaker.reset-timeout", "1s");
    m.put("rating.jdbc-url", postgres.jdbcUrl("rating"));
    m.put("rating.user", postgres.user());
    m.put("rating.password", postgres.password());
    return m;
  }

  static Config config(Map<String, Object> overrides) {
    return ConfigFactory.load(
        ConfigFactory.parseMap(overrides)
            .withFallback(ConfigFactory.parseResourcesAnySyntax("application")));
  }

  /**
   * A node started from {@code overrides}. The management and remoting ports are found free a
   * moment before the node binds them, and another process's outgoing connection can take one in
   * between: on such a bind failure the node is started again on fresh ports, at most three times.
   */
  static QuoteNode node(Map<String, Object> overrides, Clock clock) {
    Map<String, Object> o = new HashMap<>(overrides);
    for (int attempt = 1; ; attempt++) {
      Config config = config(o);
      try {
        QuoteNode node =
            QuoteNode.start(
                config,
                (system, required) -> OfAdapterPort.create(system, config, required),
                clock);
        // every answer of its quote API is held to docs/openapi.yaml; its management port is not
        // the quote API, whatever node had that port before
        OpenApiContract.quoteApiAt(node.httpPort(), node.managementPort());
        return node;
      } catch (RuntimeException e) {
        if (attempt == 3 || !portTaken(e)) {
          throw e;
        }
        o.put("pekko.management.http.port", FreePort.find());
        o.put("pekko.remote.artery.canonical.port", FreePort.find());
      }
    }
  }

  private static boolean portTaken(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.net.BindException
          || String.valueOf(t.getMessage()).contains("Address already in use")) {
        return true;
      }
    }
    return false;
  }

  /** One HTTP answer with its wall time. */
  record Answer(int status, String body, long elapsedMs, String contentType, String retryAfter) {
    JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String origin() {
      return json().path("profile").path("origin").asText();
    }
  }

  static String quoteBody(String customerId) {
    return quoteBody("partner-1", customerId);
  }

  /** A quote body of {@code partnerId}'s for {@code customerId}. */
  static String quoteBody(String partnerId, String customerId) {
    return "{\"partnerId\":\""
        + partnerId
        + "\",\"customerId\":\""
        + customerId
        + "\",\"lineOfBusiness\":\"auto\",\"insuredObject\":{\"vehicleValue\":30000,\"vehicleYear\":2020}}";
  }

  static Answer quote(QuoteNode node, String customerId) {
    return post(node.httpPort(), "/v1/quotes", quoteBody(customerId));
  }

  static CompletableFuture<Answer> quoteAsync(QuoteNode node, String customerId) {
    return quoteAsync(node, "partner-1", customerId);
  }

  /** One quote of {@code partnerId}'s, sent without waiting for its answer. */
  static CompletableFuture<Answer> quoteAsync(QuoteNode node, String partnerId, String customerId) {
    long start = System.nanoTime();
    return HTTP.sendAsync(
            request(node.httpPort(), "/v1/quotes")
                .POST(HttpRequest.BodyPublishers.ofString(quoteBody(partnerId, customerId)))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .thenApply(r -> answer(r, start));
  }

  static Answer post(int port, String path, String body) {
    return send(request(port, path).POST(HttpRequest.BodyPublishers.ofString(body)).build());
  }

  /** A POST to a mutating admin route, presenting the lab's bearer token. */
  static Answer postAdmin(int port, String path, String body) {
    return postAdmin(port, path, body, LabToken.bearer());
  }

  static Answer postAdmin(int port, String path, String body, String authorization) {
    return send(
        request(port, path)
            .header("Authorization", authorization)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  static Answer get(int port, String path) {
    return send(request(port, path).GET().build());
  }

  /** A GET to a runner-only read, presenting the lab's bearer token. */
  static Answer getAdmin(int port, String path) {
    return send(request(port, path).header("Authorization", LabToken.bearer()).GET().build());
  }

  private static HttpRequest.Builder request(int port, String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(5))
        .header("Content-Type", "application/json");
  }

  private static Answer send(HttpRequest request) {
    long start = System.nanoTime();
    try {
      return answer(HTTP.send(request, HttpResponse.BodyHandlers.ofString()), start);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The answer; one of a node's quote API must be as docs/openapi.yaml says, or this throws. */
  private static Answer answer(HttpResponse<String> r, long start) {
    Answer a =
        new Answer(
            r.statusCode(),
            r.body(),
            (System.nanoTime() - start) / 1_000_000,
            r.headers().firstValue("Content-Type").orElse(""),
            r.headers().firstValue("Retry-After").orElse(null));
    URI uri = r.request().uri();
    if (OpenApiContract.isQuoteApi(uri.getPort())) {
      OpenApiContract.requireDocumented(
          new OpenApiContract.Exchange(
              r.request().method(),
              uri.getPath(),
              r.statusCode(),
              a.contentType(),
              r.headers().map(),
              a.body()));
    }
    return a;
  }

  static JsonNode stats(QuoteNode node) {
    return get(node.managementPort(), "/quote/stats").json();
  }

  /**
   * Polls {@code condition} every {@code every} at most {@code attempts} times; false if it never
   * held. Bounded by construction: it always stops.
   */
  static boolean eventually(int attempts, Duration every, BooleanSupplier condition) {
    for (int i = 0; i < attempts; i++) {
      if (condition.getAsBoolean()) {
        return true;
      }
      try {
        Thread.sleep(every.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return condition.getAsBoolean();
  }

  /**
   * Closes each part that is not null, in the order given (nodes before the lab that serves them):
   * what every test class's {@code @AfterAll} does. A part that throws does not keep the rest open;
   * its exception is rethrown at the end.
   */
  static void closeAll(AutoCloseable... parts) {
    RuntimeException failure = null;
    for (AutoCloseable part : parts) {
      try {
        if (part != null) {
          part.close();
        }
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("closing a test resource failed", e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void close() {
    provider.close();
    bench.terminate();
    toxiproxy.close();
    postgres.close();
    redis.close();
  }
}
