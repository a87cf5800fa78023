package solventa.ops.faults;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import solventa.gatling.QuoteRequests;

/**
 * The hostile HTTP row's cases: requests written by hand on a raw socket, each with what a correct
 * node answers (a 4xx for the malformed ones, the right answers in order for the valid ones), and
 * the verdict on what one exchange saw.
 */
final class EdgeHttpCases {
  /**
   * One case.
   *
   * @param name what it sends
   * @param request the bytes, written in one write
   * @param halfClose whether the socket's output is shut after the write
   * @param lines for a valid case, the line of business of each answer expected in order (each a
   *     200); empty for a malformed case (one 4xx expected)
   * @param incomplete a malformed head the server's parser may still be waiting on (a request line
   *     without its end): a 4xx, or the connection closed by the node's head timeout, is correct
   */
  record Case(
      String name, byte[] request, boolean halfClose, List<String> lines, boolean incomplete) {
    Case(String name, byte[] request, boolean halfClose, List<String> lines) {
      this(name, request, halfClose, lines, false);
    }

    boolean valid() {
      return !lines.isEmpty();
    }

    int expectedAnswers() {
      return valid() ? lines.size() : 1;
    }
  }

  private EdgeHttpCases() {}

  /** Every case for the node on {@code port}; {@code a} and {@code b} are known customers. */
  static List<Case> all(int port, String a, String b, int attempt) {
    String body = QuoteRequests.body(a, "life");
    int n = body.getBytes(StandardCharsets.UTF_8).length;
    List<Case> cases = new ArrayList<>();
    // the larger length first on even attempts, second on odd ones
    String more = "Content-Length: " + (n + 5);
    String exact = "Content-Length: " + n;
    cases.add(
        new Case(
            "duplicate Content-Length",
            RawHttp.quote(
                port, body, attempt % 2 == 0 ? List.of(more, exact) : List.of(exact, more), false),
            false,
            List.of()));
    String chunked = Integer.toHexString(n) + "\r\n" + body + "\r\n0\r\n\r\n";
    cases.add(
        new Case(
            "Content-Length with Transfer-Encoding: chunked",
            RawHttp.quote(port, chunked, List.of(exact, "Transfer-Encoding: chunked"), false),
            false,
            List.of()));
    cases.add(
        new Case(
            "one 64 KiB header",
            RawHttp.quote(port, body, List.of("X-Huge: " + "a".repeat(64 * 1024)), true),
            false,
            List.of()));
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      many.add("X-Many-" + i + ": v");
    }
    cases.add(new Case("1,000 headers", RawHttp.quote(port, body, many, true), false, List.of()));
    byte[] first = RawHttp.quote(port, body, List.of(), true);
    byte[] second = RawHttp.quote(port, QuoteRequests.body(b, "auto"), List.of(), true);
    byte[] both = new byte[first.length + second.length];
    System.arraycopy(first, 0, both, 0, first.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    cases.add(
        new Case("pipelining (two quotes in one write)", both, false, List.of("life", "auto")));
    cases.add(new Case("half-close after a full request", first, true, List.of("life")));
    // the third column: a request line without its end, which the parser may wait on
    String[][] garbage = {
      {"control bytes", "\u0001\u0002\u0003 GARBAGE !!! %%%\r\n\r\n", ""},
      {"a method alone", "GET\r\n\r\n", "incomplete"},
      {"version HTTP/9.9", "POST /v1/quotes HTTP/9.9\r\nHost: x\r\n\r\n", ""},
      {"words", "HELLO WORLD THIS IS NOT HTTP\r\n\r\n", ""},
      {"a cut version", "POST /v1/quotes?%zz HTT\r\n\r\n", ""}
    };
    String[] g = garbage[attempt % garbage.length];
    cases.add(
        new Case(
            "garbage request line (" + g[0] + ")",
            g[1].getBytes(StandardCharsets.ISO_8859_1),
            false,
            List.of(),
            !g[2].isEmpty()));
    return cases;
  }

  /**
   * The verdict on one exchange: {@code "ok"}, {@code "closed"} (an incomplete head's connection
   * closed by the node within {@code closeWithinMs}: correct), or what was wrong ({@code "5xx"},
   * {@code "no answer: <how reading ended>"}, {@code "closed after N ms, beyond ..."}, {@code
   * "wrong: <statuses>"}).
   */
  static String verdict(Case c, RawHttp.Exchange e, long closeWithinMs) {
    List<RawHttp.Answer> answers = e.answers();
    if (answers.stream().anyMatch(a -> a.status() >= 500)) {
      return "5xx: " + statusList(answers);
    }
    if (c.incomplete() && answers.isEmpty() && closedByNode(e.end())) {
      return e.millis() <= closeWithinMs
          ? "closed"
          : "closed after " + e.millis() + " ms, beyond " + closeWithinMs + " ms";
    }
    if (answers.size() < c.expectedAnswers()) {
      return "no answer: " + e.end();
    }
    if (!c.valid()) {
      int s = answers.get(0).status();
      return s >= 400 && s < 500 ? "ok" : "wrong: " + s;
    }
    for (int i = 0; i < c.lines().size(); i++) {
      RawHttp.Answer a = answers.get(i);
      String line = field(a.bodyText(), "lineOfBusiness");
      if (a.status() != 200 || !c.lines().get(i).equals(line)) {
        return "wrong: answer " + (i + 1) + " " + a.status() + " " + line;
      }
    }
    return "ok";
  }

  // the node closed the connection (end of stream, or a reset)
  private static boolean closedByNode(String end) {
    return "closed".equals(end) || end.toLowerCase(java.util.Locale.ROOT).contains("reset");
  }

  private static String statusList(List<RawHttp.Answer> answers) {
    return String.join("+", answers.stream().map(a -> String.valueOf(a.status())).toList());
  }

  /** A string field's value in a flat JSON answer ({@code "name":"value"}), "" when absent. */
  static String field(String body, String name) {
    String key = "\"" + name + "\":\"";
    int i = body == null ? -1 : body.indexOf(key);
    if (i < 0) {
      return "";
    }
    int from = i + key.length();
    int to = body.indexOf('"', from);
    return to < 0 ? "" : body.substring(from, to);
  }
}
