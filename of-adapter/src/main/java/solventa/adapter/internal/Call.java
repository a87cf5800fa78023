package solventa.adapter.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pekko.actor.Cancellable;
import solventa.adapter.model.FetchResult;

/**
 * One fetch from the caller's side: its start, its deadline and the promise the caller waits on.
 * Completed exactly once, by whichever comes first: the provider's result, the deadline timer, or a
 * fast failure (breaker open, bulkhead full). The first completion records the outcome.
 */
public final class Call {
  private final String customerId;
  private final Instant start;
  private final long startNanos;
  private final long deadlineNanos;

  /** What the caller waits on; completed once, after the breaker has seen the outcome. */
  private final CompletableFuture<FetchResult> promise = new CompletableFuture<>();

  /** The provider attempt the breaker watches: its result, or TIMEOUT at the deadline. */
  private final CompletableFuture<FetchResult> attempt = new CompletableFuture<>();

  private final AdapterMetrics metrics;
  private final AtomicBoolean ended = new AtomicBoolean();
  private volatile boolean dispatched;
  private volatile Cancellable deadlineTimer;

  public Call(String customerId, Instant start, Duration timeout, AdapterMetrics metrics) {
    this.customerId = customerId;
    this.start = start;
    this.startNanos = System.nanoTime();
    this.deadlineNanos = startNanos + timeout.toNanos();
    this.metrics = metrics;
    metrics.asked(customerId);
  }

  public String customerId() {
    return customerId;
  }

  public Instant start() {
    return start;
  }

  public long deadlineNanos() {
    return deadlineNanos;
  }

  public boolean isDone() {
    return ended.get();
  }

  /** What the caller waits on. */
  public CompletionStage<FetchResult> outcome() {
    return promise;
  }

  /** The attempt the breaker watches; it completes at the deadline at the latest. */
  public CompletionStage<FetchResult> attempt() {
    return attempt;
  }

  /** The provider answered (or the pool failed): ends the attempt unless the deadline did. */
  public void attemptEnded(FetchResult result) {
    attempt.complete(result);
  }

  /**
   * The deadline: a call on the wire ends its attempt (the breaker counts the timeout, then the
   * caller hears it); a call still waiting for a connection ends directly (never reached the
   * provider, so the breaker does not count it).
   */
  public void expire(FetchResult timeout) {
    if (dispatched) {
      attempt.complete(timeout);
    } else {
      complete(timeout);
    }
  }

  public void markDispatched() {
    dispatched = true;
  }

  public boolean dispatched() {
    return dispatched;
  }

  public void deadlineTimer(Cancellable timer) {
    this.deadlineTimer = timer;
    if (ended.get()) {
      timer.cancel();
    }
  }

  /**
   * Completes the call with {@code result}, its latency measured from the caller's start. False
   * when the call had already ended (the later result is dropped, not counted).
   */
  public boolean complete(FetchResult result) {
    Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
    FetchResult timed =
        result instanceof FetchResult.Fetched f
            ? new FetchResult.Fetched(f.profile(), took)
            : new FetchResult.Failed(
                ((FetchResult.Failed) result).kind(), ((FetchResult.Failed) result).detail(), took);
    if (!ended.compareAndSet(false, true)) {
      return false;
    }
    Cancellable timer = deadlineTimer;
    if (timer != null) {
      timer.cancel();
    }
    metrics.settled(customerId);
    // counted before anyone sees the result, so a reader of the result sees it counted
    metrics.recordOutcome(
        timed instanceof FetchResult.Failed f ? f.kind().name() : AdapterMetrics.SUCCESS, took);
    promise.complete(timed);
    return true;
  }
}
