package solventa.quote.node;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code docs/openapi.yaml} as the quote node's tests hold every answer to it: Atlassian's OpenAPI
 * validator (swagger-request-validator) checks a response's status, media type, documented headers
 * and body against the operation the request named, and a request against the operation's
 * parameters and body schema. {@link NodeTestBed} calls {@link #requireDocumented} on every answer
 * a test receives from a node's quote API, so each HTTP test of the node is also a contract test.
 *
 * <p>An answer to a request the document has no operation for (another method on a documented path,
 * an unknown path) must be the problem the API gives it: 405 with {@code Allow} (RFC 9110), or 404.
 */
final class OpenApiContract {
  static final Path DOC = Path.of("..", "docs", "openapi.yaml");

  private static final OpenApiInteractionValidator VALIDATOR =
      OpenApiInteractionValidator.createForInlineApiSpecification(read(DOC)).build();

  /** The quote API ports of the nodes the tests started: their answers are checked. */
  private static final Set<Integer> QUOTE_PORTS = ConcurrentHashMap.newKeySet();

  /** Answers checked so far (what a test can print, and assert is not zero). */
  private static final AtomicLong CHECKED = new AtomicLong();

  private OpenApiContract() {}

  private static String read(Path doc) {
    try {
      return Files.readString(doc);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Answers from {@code quotePort} are the quote API's, which {@link #requireDocumented} checks;
   * those from {@code managementPort} are not (a port an earlier node's quote API had).
   */
  static void quoteApiAt(int quotePort, int managementPort) {
    QUOTE_PORTS.remove(managementPort);
    QUOTE_PORTS.add(quotePort);
  }

  static boolean isQuoteApi(int port) {
    return QUOTE_PORTS.contains(port);
  }

  static long checked() {
    return CHECKED.get();
  }

  /** One answer as the validator reads it. */
  record Exchange(
      String method,
      String path,
      int status,
      String contentType,
      Map<String, List<String>> headers,
      String body) {
    @Override
    public String toString() {
      return method + " " + path + " → " + status + " " + contentType + " " + body;
    }
  }

  /**
   * The ways {@code e}'s answer departs from the document (empty: none). An operation the document
   * has is checked by the validator; any other request must be answered 405 with {@code Allow}, or
   * 404, with a problem body.
   */
  static List<String> violations(Exchange e) {
    Request.Method method =
        java.util.Arrays.stream(Request.Method.values())
            .filter(m -> m.name().equalsIgnoreCase(e.method()))
            .findFirst()
            .orElse(null);
    if (method == null || !documents(e.path(), method)) {
      if (e.status() == 405) {
        return e.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Allow"))
            ? List.of()
            : List.of("a 405 without Allow (RFC 9110)");
      }
      return e.status() == 404 ? List.of() : List.of("not documented, and not a 404 or 405");
    }
    SimpleResponse.Builder response =
        SimpleResponse.Builder.status(e.status()).withContentType(e.contentType());
    if (e.body() != null && !e.body().isEmpty()) {
      response.withBody(e.body());
    }
    e.headers().forEach((name, values) -> response.withHeader(name, values));
    return messages(VALIDATOR.validateResponse(e.path(), method, response.build()));
  }

  /**
   * The ways a request body departs from {@code POST /v1/quotes}'s schema (empty: the document
   * calls it valid).
   */
  static List<String> requestViolations(String path, String body) {
    return messages(
        VALIDATOR.validateRequest(
            SimpleRequest.Builder.post(path)
                .withContentType("application/json")
                .withBody(body)
                .build()));
  }

  /** Throws naming the exchange and each violation, unless the answer is as documented. */
  static void requireDocumented(Exchange e) {
    CHECKED.incrementAndGet();
    List<String> v = violations(e);
    if (!v.isEmpty()) {
      throw new AssertionError(
          "an answer of the quote API departs from docs/openapi.yaml: " + e + v);
    }
  }

  private static boolean documents(String path, Request.Method method) {
    ValidationReport r =
        VALIDATOR.validateRequest(
            new SimpleRequest.Builder(method, path).withContentType("application/json").build());
    return r.getMessages().stream()
        .noneMatch(
            m ->
                m.getKey().equals("validation.request.path.missing")
                    || m.getKey().equals("validation.request.operation.notAllowed"));
  }

  private static List<String> messages(ValidationReport report) {
    return report.getMessages().stream()
        .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
        .map(m -> m.getKey() + ": " + m.getMessage())
        .toList();
  }
}
