package solventa.quote.api;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.NotUsed;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.japi.function.Function;
import org.apache.pekko.stream.javadsl.Flow;
import solventa.quote.settings.HttpTimeouts;

/**
 * The per-connection handler flow the quote API binds ({@code bindFlow}: Pekko HTTP materializes it
 * once per connection), with the bounds Pekko HTTP's settings lack, made of Pekko Streams'
 * operators on the connection's stream of parsed requests:
 *
 * <ul>
 *   <li>{@code initialTimeout(head-timeout)}: the first request must come out of Pekko's parser
 *       within the head timeout of the connection's start. A slow client dripping its head, a
 *       request line without its end, or a connection that sends nothing is closed then.
 *   <li>{@code idleTimeout(idle-timeout)}: a connection that completes no request for the idle
 *       timeout is closed, bytes or not (Pekko's own idle timeout restarts with every byte), which
 *       bounds a head dripped on a kept-alive connection.
 * </ul>
 *
 * <p>Either ends the request stream as completed, not failed: Pekko HTTP then closes the connection
 * once the answers it owes are sent, where a failed handler flow would make it answer a 500 for the
 * client's own silence. No request is open at that moment (none was parsed), so no answer is owed;
 * the client sees the connection closed. Then, as Pekko's own {@code bind} does, each request goes
 * to the handler with at most {@code pipelining-limit} in flight.
 */
public final class ConnectionTimeouts {
  private ConnectionTimeouts() {}

  public static Flow<HttpRequest, HttpResponse, NotUsed> flow(
      Function<HttpRequest, CompletionStage<HttpResponse>> handler,
      HttpTimeouts timeouts,
      int pipeliningLimit) {
    return Flow.of(HttpRequest.class)
        .initialTimeout(timeouts.head())
        .idleTimeout(timeouts.idle())
        .onErrorComplete(TimeoutException.class)
        .mapAsync(pipeliningLimit, handler);
  }
}
