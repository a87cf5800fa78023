package solventa.providerdouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A real HTTP/1.1 client for the tests, timing each call. */
final class TestHttp {
  static final ObjectMapper JSON = new ObjectMapper();

  record Result(int status, HttpResponse<String> response, double elapsedMs) {
    JsonNode json() {
      try {
        return JSON.readTree(response.body());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    double delayMs() {
      return Double.parseDouble(header("x-double-delay-ms"));
    }
  }

  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  Result get(URI uri) {
    return send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build());
  }

  CompletableFuture<Result> getAsync(URI uri) {
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build();
    long start = System.nanoTime();
    return client
        .sendAsync(request, HttpResponse.BodyHandlers.ofString())
        .thenApply(r -> new Result(r.statusCode(), r, (System.nanoTime() - start) / 1e6));
  }

  Result put(URI uri, String body) {
    return send(
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .header("Authorization", solventa.lab.LabToken.bearer())
            .PUT(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  Result post(URI uri) {
    return send(
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", solventa.lab.LabToken.bearer())
            .POST(HttpRequest.BodyPublishers.noBody())
            .build());
  }

  private Result send(HttpRequest request) {
    long start = System.nanoTime();
    try {
      HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
      return new Result(r.statusCode(), r, (System.nanoTime() - start) / 1e6);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
