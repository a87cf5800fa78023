package solventa.ops.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import solventa.ops.lab.NodeProcess;

/**
 * The edge's hostile-input rows: malformed HTTP on raw sockets, and a corpus of invalid JSON
 * bodies. Each input is sent a bounded number of times, each answer judged against what a correct
 * node answers, and the node must still quote afterwards.
 */
final class EdgeHostile {
  static final int HTTP_ATTEMPTS = 5;
  static final int READ_TIMEOUT_MS = 4_000;
  static final int JSON_PER_KIND = 30;
  static final int QUOTES_AFTER = 5;

  private static final HttpClient CLIENT = solventa.ops.lab.Http.newClient();

  private EdgeHostile() {}

  /**
   * Row 3: the malformed and the unusual-but-valid HTTP cases, each {@value #HTTP_ATTEMPTS} times.
   */
  static FaultRow http(NodeProcess node, List<String> customers, EdgeSettings settings) {
    String fault = "hostile HTTP";
    long closeWithinMs = settings.headTimeoutMs() + EdgeBounds.CLOSE_SLACK_MS;
    String injected =
        "raw sockets to the node, each case "
            + HTTP_ATTEMPTS
            + " times (read timeout "
            + READ_TIMEOUT_MS / 1000
            + " s): duplicate Content-Length, Content-Length with chunked, a 64 KiB header,"
            + " 1,000 headers, two pipelined quotes, half-close after a request, garbage request"
            + " lines; a legit quote after each";
    String expected =
        "a 4xx for each malformed case (for a request line without its end, a 4xx or the"
            + " connection closed by the node within head-timeout + "
            + EdgeBounds.CLOSE_SLACK_MS / 1000
            + " s = "
            + closeWithinMs
            + " ms), both answers in order for pipelining, the answer after a half-close; fails"
            + " on a 5xx, no answer within the bound, a later close, a wrong status or order, or a"
            + " failed legit quote after a case";
    try {
      int port = URI.create(node.baseUrl()).getPort();
      Map<String, Map<String, Integer>> outcomes = new LinkedHashMap<>();
      Map<String, Long> slowest = new LinkedHashMap<>();
      long exchanges = 0;
      long wrong = 0;
      long afterFailed = 0;
      for (int attempt = 0; attempt < HTTP_ATTEMPTS; attempt++) {
        String a = customers.get(attempt % customers.size());
        String b = customers.get((attempt + 1) % customers.size());
        for (EdgeHttpCases.Case c : EdgeHttpCases.all(port, a, b, attempt)) {
          RawHttp.Exchange e = exchange(port, c);
          String v = EdgeHttpCases.verdict(c, e, closeWithinMs);
          boolean ok = "ok".equals(v) || "closed".equals(v);
          String key = "ok".equals(v) ? statuses(e) : "closed".equals(v) ? "closed by the node" : v;
          outcomes.computeIfAbsent(c.name(), k -> new TreeMap<>()).merge(key, 1, Integer::sum);
          slowest.merge(c.name(), e.millis(), Math::max);
          exchanges++;
          wrong += ok ? 0 : 1;
          afterFailed += quoteAfter(node, a) ? 0 : 1;
        }
      }
      boolean up = node.isAlive() && node.ready();
      StringBuilder m = new StringBuilder();
      outcomes.forEach(
          (name, o) ->
              m.append(name)
                  .append(": ")
                  .append(o)
                  .append(" (slowest ")
                  .append(slowest.get(name))
                  .append(" ms); "));
      m.append(
          String.format(
              Locale.ROOT,
              "errors = %d wrong exchanges of %d (5xx, no answer, wrong status or order) + %d"
                  + " failed legit quotes of %d after them; node %s",
              wrong,
              exchanges,
              afterFailed,
              exchanges,
              up ? "up and ready" : "DOWN or not ready"));
      long errors = wrong + afterFailed;
      return new FaultRow(
          fault,
          injected,
          null,
          exchanges * 2,
          errors,
          null,
          null,
          expected,
          m.toString(),
          errors == 0 && up);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  private static RawHttp.Exchange exchange(int port, EdgeHttpCases.Case c) {
    try {
      return RawHttp.exchange(
          port, c.request(), c.expectedAnswers(), READ_TIMEOUT_MS, c.halfClose());
    } catch (IOException e) {
      return new RawHttp.Exchange(List.of(), "connect failed: " + e.getMessage(), 0);
    }
  }

  // the answers' statuses joined with '+', e.g. "200+200"
  private static String statuses(RawHttp.Exchange e) {
    List<String> s = new ArrayList<>();
    e.answers().forEach(a -> s.add(String.valueOf(a.status())));
    return String.join("+", s);
  }

  private static boolean quoteAfter(NodeProcess node, String customer) {
    try {
      return node.quote(customer, "life").status() == 200;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Row 4: the invalid-body corpus, each body once. */
  static FaultRow json(NodeProcess node, List<String> customers, long seed) {
    String fault = "hostile JSON";
    List<EdgeJsonCorpus.Body> corpus = EdgeJsonCorpus.build(customers.get(0), JSON_PER_KIND, seed);
    String injected =
        corpus.size()
            + " invalid quote bodies (seed "
            + seed
            + ", "
            + JSON_PER_KIND
            + " of each of "
            + EdgeJsonCorpus.Kind.values().length
            + " kinds, all below max-body), POSTed once each to /v1/quotes; then "
            + QUOTES_AFTER
            + " legit quotes";
    String expected =
        "every body a 400 application/problem+json naming a field, never a 5xx; the node still"
            + " quotes";
    try {
      String url = node.baseUrl() + "/v1/quotes";
      Map<EdgeJsonCorpus.Kind, Map<String, Integer>> by = new LinkedHashMap<>();
      long wrong = 0;
      for (EdgeJsonCorpus.Body b : corpus) {
        String v = judge(post(url, b.bytes()));
        by.computeIfAbsent(b.kind(), k -> new TreeMap<>()).merge(v, 1, Integer::sum);
        wrong += v.equals("400 with field") ? 0 : 1;
      }
      long afterFailed = 0;
      for (int i = 0; i < QUOTES_AFTER; i++) {
        afterFailed += quoteAfter(node, customers.get(i % customers.size())) ? 0 : 1;
      }
      boolean up = node.isAlive() && node.ready();
      StringBuilder m = new StringBuilder();
      by.forEach(
          (k, o) -> m.append(k.name().toLowerCase(Locale.ROOT)).append(' ').append(o).append("; "));
      m.append(
          String.format(
              Locale.ROOT,
              "errors = %d bodies not answered 400 problem+json with a field, of %d, + %d failed"
                  + " legit quotes of %d after; node %s",
              wrong,
              corpus.size(),
              afterFailed,
              QUOTES_AFTER,
              up ? "up and ready" : "DOWN or not ready"));
      long errors = wrong + afterFailed;
      return new FaultRow(
          fault,
          injected,
          null,
          corpus.size() + QUOTES_AFTER,
          errors,
          null,
          null,
          expected,
          m.toString(),
          errors == 0 && up);
    } catch (Exception e) {
      return FaultRow.failed(fault, injected, expected, e);
    }
  }

  /** One answer to an invalid body, as status, content type and body (status 0: no answer). */
  record Reply(int status, String contentType, String body) {}

  private static Reply post(String url, byte[] body) throws InterruptedException {
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(5))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    try {
      HttpResponse<String> r = CLIENT.send(req, HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
    } catch (IOException e) {
      return new Reply(0, "", e.getClass().getSimpleName());
    }
  }

  /** The verdict on one answer: "400 with field", or what it was instead. */
  static String judge(Reply r) {
    if (r.status() == 0) {
      return "no answer (" + r.body() + ")";
    }
    if (r.status() != 400) {
      return String.valueOf(r.status());
    }
    if (!r.contentType().startsWith("application/problem+json")) {
      return "400 as " + r.contentType();
    }
    return EdgeHttpCases.field(r.body(), "field").isEmpty()
        ? "400 without field"
        : "400 with field";
  }
}
