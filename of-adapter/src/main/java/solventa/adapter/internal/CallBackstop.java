package solventa.adapter.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.Scheduler;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;

/**
 * The backstop of a provider call the breaker admitted: runs the call's body and ends the call as
 * failed if the body never ends within the call timeout (the adapter's own hard timeout always ends
 * it first), so {@link ProviderBreaker} always has an outcome to record.
 */
final class CallBackstop {
  private CallBackstop() {}

  /**
   * Runs {@code body}; the returned stage completes with its result, or exceptionally if the body
   * threw, failed or did not end within {@code callTimeout} (a timer on Pekko's scheduler).
   */
  static CompletableFuture<FetchResult> run(
      Supplier<CompletionStage<FetchResult>> body, Duration callTimeout, Scheduler scheduler) {
    CompletableFuture<FetchResult> ended = new CompletableFuture<>();
    Cancellable backstop =
        scheduler.scheduleOnce(
            callTimeout,
            () ->
                ended.completeExceptionally(
                    new TimeoutException("no outcome within " + callTimeout.toMillis() + " ms")),
            ProviderBreaker.SAME_THREAD);
    try {
      body.get()
          .whenComplete(
              (r, e) -> {
                backstop.cancel();
                if (e == null) {
                  ended.complete(r);
                } else {
                  ended.completeExceptionally(e);
                }
              });
    } catch (RuntimeException e) {
      backstop.cancel();
      ended.completeExceptionally(e);
    }
    return ended;
  }

  /** Only reachable if the body broke its promise never to fail (or never ended). */
  static FetchResult bodyFailed(Throwable e) {
    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    return new FetchResult.Failed(
        FailureKind.CONNECTION, "adapter call failed: " + cause, Duration.ZERO);
  }
}
