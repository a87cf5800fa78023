package solventa.quote.api;

import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.ParsingErrorHandler;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.headers.Allow;
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
 *
 * <p>A request with a body whose method takes none (TRACE, HEAD, CONNECT: Pekko's parser answers it
 * 422 before any route) is answered 405 Method Not Allowed, as the same method without a body is:
 * no resource of this API serves these methods. Its {@code Allow} names {@code POST}, the one
 * method of this API that takes a body ({@code POST /v1/quotes}): the parser refuses the request
 * before its target reaches a route, so the answer cannot list the methods of that target.
 */
public final class ParseErrorProblems extends ParsingErrorHandler {

  @Override
  public HttpResponse handle(
      StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
    log.warning("illegal HTTP request, answered with a problem: {}", info.summary());
    HttpResponse response = problem(status.intValue()).response();
    return status.intValue() == BODY_ON_A_METHOD_WITHOUT_ONE
        ? response.addHeader(Allow.create(HttpMethods.POST))
        : response;
  }

  /** The status Pekko's parser gives a body on a method that takes none (TRACE, HEAD, CONNECT). */
  static final int BODY_ON_A_METHOD_WITHOUT_ONE = 422;

  /** The problem answered for the parser's status. */
  static Problem problem(int status) {
    return switch (status) {
      case 501 ->
          Problem.badRequest("method", "the request line's method is not one this API accepts");
      case 505 ->
          Problem.badRequest(
              "version",
              "the request line's HTTP version is not 1.1 or 1.0, which this API speaks");
      case BODY_ON_A_METHOD_WITHOUT_ONE ->
          Problem.of(
              405,
              "Method Not Allowed",
              "the request's method is not one this API serves with a body; allowed: POST");
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
