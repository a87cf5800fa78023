package solventa.quote.api;

import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.ParsingErrorHandler;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.scaladsl.model.ErrorInfo;
import org.apache.pekko.http.scaladsl.model.StatusCode;
import org.apache.pekko.http.scaladsl.settings.ServerSettings;

/**
 * Pekko HTTP's answer to a request too malformed to reach a route (its parser's error, before any
 * request context exists), as a problem body like every other error of the node: configured as
 * {@code pekko.http.server.parsing.error-handler}, Pekko HTTP's own extension point for this
 * answer. The status is Pekko's (400, 413, 414, 431…), except the two its parser gives in the 5xx
 * range for a client's own mistake: an unknown method (501) and an HTTP version other than 1.0 and
 * 1.1 (505) are answered 400 naming the part of the request line, since the request line does not
 * match what this API accepts (RFC 9112 lets a server answer such a line 400). The parser's summary
 * goes to the log; the body names the cause without echoing the client's bytes.
 */
public final class ParseErrorProblems extends ParsingErrorHandler {

  @Override
  public HttpResponse handle(
      StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
    log.warning("illegal HTTP request, answered with a problem: {}", info.summary());
    return problem(status.intValue()).response();
  }

  /** The problem answered for the parser's status. */
  static Problem problem(int status) {
    return switch (status) {
      case 501 ->
          Problem.badRequest("method", "the request line's method is not one this API accepts");
      case 505 ->
          Problem.badRequest(
              "version",
              "the request line's HTTP version is not 1.1 or 1.0, which this API speaks");
      case 413 -> Problem.of(413, "Payload Too Large", "the request's body is over the limit");
      case 414 -> Problem.of(414, "URI Too Long", "the request's target is over the limit");
      case 431 ->
          Problem.of(
              431,
              "Request Header Fields Too Large",
              "a header, or the number of headers, is over the limit");
      default ->
          status >= 400 && status < 500
              ? Problem.of(status, "Bad Request", "the request could not be read as HTTP/1.1")
              : Problem.of(400, "Bad Request", "the request could not be read as HTTP/1.1");
    };
  }
}
