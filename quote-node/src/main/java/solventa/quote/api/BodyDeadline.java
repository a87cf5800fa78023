package solventa.quote.api;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.ClassicActorSystemProvider;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.apache.pekko.japi.function.Function;

/**
 * A quote whose body is still streaming when its head is parsed: the body is read into memory with
 * Pekko HTTP's {@code toStrict}, bounded by {@code quote.http.body-timeout} and {@code max-body},
 * then the request goes on as one whose body came with its head. A body that does not arrive in
 * time is the client's 408 problem naming {@code body} (never the request timeout's 503, which
 * counts as shedding); one over {@code max-body} a 413 (at once when its declared length is over,
 * else when the stream passes it); one the client cut off a 400.
 */
final class BodyDeadline {
  private BodyDeadline() {}

  static CompletionStage<HttpResponse> read(
      HttpRequest request,
      Duration timeout,
      long maxBody,
      ClassicActorSystemProvider system,
      Function<HttpRequest, CompletionStage<HttpResponse>> next) {
    // a body declared larger than max-body is refused at once, before a byte of it is read: the
    // answer must not depend on how the stream happens to fail when it is cut off
    java.util.OptionalLong declared = request.entity().getContentLengthOption();
    if (declared.isPresent() && declared.getAsLong() > maxBody) {
      return CompletableFuture.completedFuture(Problem.tooLarge(maxBody).response());
    }
    return request
        .entity()
        .toStrict(timeout.toMillis(), maxBody, system)
        .handle(
            (strict, e) ->
                e == null
                    ? apply(next, request.withEntity(strict))
                    : CompletableFuture.completedFuture(refusal(cause(e), timeout, maxBody)))
        .thenCompose(answer -> answer);
  }

  /** The answer to a body that could not be read whole. */
  static HttpResponse refusal(Throwable cause, Duration timeout, long maxBody) {
    // the stream may wrap the size or time-out failure in its own exception: look down the chain
    for (Throwable c = cause; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof TimeoutException) {
        return Problem.bodyTimeout(timeout.toMillis()).response();
      }
      if (c instanceof EntityStreamSizeException) {
        return Problem.tooLarge(maxBody).response();
      }
    }
    return Problem.badRequest("body", "the request body could not be read: it ended early")
        .response();
  }

  private static CompletionStage<HttpResponse> apply(
      Function<HttpRequest, CompletionStage<HttpResponse>> next, HttpRequest request) {
    try {
      return next.apply(request);
    } catch (Exception e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private static Throwable cause(Throwable e) {
    Throwable c = e;
    while ((c instanceof CompletionException || c instanceof ExecutionException)
        && c.getCause() != null) {
      c = c.getCause();
    }
    return c;
  }
}
