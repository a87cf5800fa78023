package solventa.quote.settings;

import com.typesafe.config.Config;
import java.time.Duration;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * The quote API's bounds on slow and idle clients, read together so that they are checked against
 * each other at start (a refusal names the key and the value).
 *
 * <ul>
 *   <li>{@code quote.http.head-timeout}: a new connection that has not delivered a complete request
 *       head within it is closed. Pekko HTTP's own timeouts do not cover a head: its request
 *       timeout starts once the head is complete, and its idle timeout restarts with every byte.
 *   <li>{@code quote.http.body-timeout}: a quote whose body has not fully arrived within it (from
 *       its head) is answered 408. Shorter than the request timeout, so that a stalled body is the
 *       client's 408 and never a 503 counted as shedding.
 *   <li>{@code pekko.http.server.idle-timeout}: a connection with no byte moving for it is closed
 *       (Pekko HTTP), and so is one that completes no request for it, bytes or not (a head dripped
 *       on a reused connection). Longer than a request at its timeout followed by the next head.
 *   <li>{@code pekko.http.server.request-timeout}: read here as the bound the others must respect.
 * </ul>
 */
public record HttpTimeouts(Duration head, Duration body, Duration idle, Duration request) {
  public static final String HEAD = "quote.http.head-timeout";
  public static final String BODY = "quote.http.body-timeout";
  public static final String IDLE = "pekko.http.server.idle-timeout";
  public static final String REQUEST = "pekko.http.server.request-timeout";

  public HttpTimeouts {
    DurationSettings.requirePositive(HEAD, head);
    DurationSettings.requirePositive(BODY, body);
    DurationSettings.requirePositive(IDLE, idle);
    DurationSettings.requirePositive(REQUEST, request);
    shorter(HEAD, head, REQUEST, request);
    shorter(BODY, body, REQUEST, request);
    Duration requestThenHead = request.plus(head);
    if (idle.compareTo(requestThenHead) <= 0) {
      throw new InvalidQuoteSettings(
          IDLE,
          idle.toMillis() + "ms",
          "must be longer than "
              + REQUEST
              + " + "
              + HEAD
              + " ("
              + requestThenHead.toMillis()
              + "ms): a quote answered at its timeout, then the next head, must fit in it");
    }
  }

  /** The node's values; refused naming the key and the value when one is off. */
  public static HttpTimeouts fromConfig(Config root) {
    return new HttpTimeouts(
        DurationSettings.read(root, HEAD),
        DurationSettings.read(root, BODY),
        DurationSettings.read(root, IDLE),
        DurationSettings.read(root, REQUEST));
  }

  private static void shorter(String key, Duration d, String boundKey, Duration bound) {
    if (d.compareTo(bound) >= 0) {
      throw new InvalidQuoteSettings(
          key,
          d.toMillis() + "ms",
          "must be shorter than " + boundKey + " (" + bound.toMillis() + "ms)");
    }
  }
}
