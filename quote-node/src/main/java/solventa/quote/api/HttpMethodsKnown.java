package solventa.quote.api;

import org.apache.pekko.actor.ClassicActorSystemProvider;
import org.apache.pekko.http.javadsl.model.HttpMethod;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.model.RequestEntityAcceptances;
import org.apache.pekko.http.javadsl.settings.ServerSettings;

/**
 * The HTTP methods the quote API's server parses besides Pekko HTTP's own: {@code QUERY}, the safe
 * method with a body (IETF HTTP working group, "The HTTP QUERY Method"). Pekko's parser refuses a
 * method it does not know before any route (501, answered 400 by {@link ParseErrorProblems}); a
 * method of HTTP itself is not the client's mistake, so it reaches the routes and is answered 405
 * with {@code Allow} like any other method a resource does not serve. Registered through Pekko
 * HTTP's own setting for it ({@code ParserSettings.withCustomMethods}).
 */
public final class HttpMethodsKnown {
  /** {@code QUERY}: safe, idempotent, takes a body. */
  public static final HttpMethod QUERY =
      HttpMethods.custom("QUERY", true, true, RequestEntityAcceptances.Expected);

  private HttpMethodsKnown() {}

  /** The server's settings from the system's configuration, with {@link #QUERY} parsed. */
  public static ServerSettings serverSettings(ClassicActorSystemProvider system) {
    ServerSettings settings = ServerSettings.create(system.classicSystem());
    return settings.withParserSettings(settings.getParserSettings().withCustomMethods(QUERY));
  }
}
