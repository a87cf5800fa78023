package solventa.platform;

import static org.apache.pekko.http.javadsl.server.Directives.extractMaterializer;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity;
import static org.apache.pekko.http.javadsl.server.Directives.onComplete;

import java.util.function.Supplier;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * A management route's refusal that is decided before the request's body is read (no token, a wrong
 * one, a read-only management): the body is discarded first, then {@code refusal} answers.
 *
 * <p>Why: Pekko HTTP closes a connection whose request body was left unread when the response is
 * sent, and a client still writing its body then sees the connection reset instead of the answer
 * (Pekko's documentation, "Discarding the HTTP Request Entity"). Discarding streams the body into
 * nothing: it is never buffered, and Pekko's own {@code
 * pekko.http.server.parsing.max-content-length} bounds how much is read (a larger body fails the
 * discard, and the refusal is sent as before, on a connection Pekko then closes); {@code
 * pekko.http.server.request-timeout} bounds how long.
 */
public final class DrainedRefusal {
  private DrainedRefusal() {}

  /**
   * Discards the request's body, then answers with {@code refusal}, whether the discard ended well.
   */
  public static Route route(Supplier<Route> refusal) {
    return extractMaterializer(
        mat ->
            extractRequestEntity(
                entity ->
                    entity.isKnownEmpty()
                        ? refusal.get()
                        : onComplete(
                            entity.discardBytes(mat).completionStage(), done -> refusal.get())));
  }
}
