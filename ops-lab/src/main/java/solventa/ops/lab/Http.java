package solventa.ops.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** The runner's HTTP client for the lab's own processes (loopback only). */
public final class Http {
  public static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT = newClient();

  /**
   * A client with the runner's settings (HTTP/1.1, 2 s to connect) and a connection pool of its
   * own: a fault row that must not share connections with the runner's calls builds one here.
   */
  public static HttpClient newClient() {
    return HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(2))
        .version(HttpClient.Version.HTTP_1_1)
        .build();
  }

  private Http() {}

  public record Reply(int status, String body, long latencyMs) {}

  /** True when {@code GET url} answers 200; false on any other status or failure (a probe). */
  public static boolean ok(String url) {
    try {
      return get(url).status() == 200;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  public static Reply get(String url) throws IOException {
    return send(HttpRequest.newBuilder(loopback(url)).timeout(Duration.ofSeconds(5)).GET().build());
  }

  public static Reply post(String url, String json) throws IOException {
    return send(
        HttpRequest.newBuilder(loopback(url))
            .timeout(Duration.ofSeconds(5))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  /** A POST to a mutating management route, presenting the lab's admin token. */
  public static Reply postAdmin(String url, String json) throws IOException {
    return send(
        HttpRequest.newBuilder(loopback(url))
            .timeout(Duration.ofSeconds(5))
            .header("Content-Type", "application/json")
            .header("Authorization", solventa.lab.LabToken.bearer())
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  public static CompletableFuture<Reply> postAsync(String url, String json) {
    long t0 = System.nanoTime();
    HttpRequest req =
        HttpRequest.newBuilder(loopback(url))
            .timeout(Duration.ofSeconds(5))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
    return CLIENT
        .sendAsync(req, HttpResponse.BodyHandlers.ofString())
        .handle(
            (r, e) ->
                new Reply(
                    e == null ? r.statusCode() : 0,
                    e == null ? r.body() : e.toString(),
                    (System.nanoTime() - t0) / 1_000_000));
  }

  public static JsonNode json(String url) throws IOException {
    Reply r = get(url);
    if (r.status() != 200) {
      throw new IOException("GET " + url + " answered " + r.status() + ": " + r.body());
    }
    return JSON.readTree(r.body());
  }

  /**
   * A GET that presents the lab's admin token: {@code GET /quote/entities} lists customer ids in
   * clear only to the runner (pseudonyms to anyone else).
   */
  public static JsonNode jsonAdmin(String url) throws IOException {
    Reply r =
        send(
            HttpRequest.newBuilder(loopback(url))
                .timeout(Duration.ofSeconds(5))
                .header("Authorization", solventa.lab.LabToken.bearer())
                .GET()
                .build());
    if (r.status() != 200) {
      throw new IOException("GET " + url + " answered " + r.status() + ": " + r.body());
    }
    return JSON.readTree(r.body());
  }

  private static Reply send(HttpRequest req) throws IOException {
    long t0 = System.nanoTime();
    try {
      HttpResponse<String> r = CLIENT.send(req, HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.body(), (System.nanoTime() - t0) / 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** {@code url} as a URI, refused unless it names 127.0.0.1 or localhost. */
  public static URI loopback(String url) {
    URI u = URI.create(url);
    if (!"127.0.0.1".equals(u.getHost()) && !"localhost".equals(u.getHost())) {
      throw new IllegalArgumentException("the runner only talks to loopback, not " + url);
    }
    return u;
  }
}
