package solventa.adapter.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.pekko.actor.Scheduler;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.apache.pekko.pattern.CircuitBreaker;
import org.apache.pekko.pattern.CircuitBreakerOpenException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.concurrent.ExecutionContext;
import solventa.adapter.BreakerPolicy;
import solventa.adapter.BreakerSettings;
import solventa.adapter.BreakerState;
import solventa.adapter.FailureKind;
import solventa.adapter.FetchResult;
import solventa.adapter.Transition;

/**
 * One provider's circuit breaker: Pekko's {@link CircuitBreaker} is the only state machine (closed,
 * open, half-open, reset timeout), for both policies. Only the opening decision differs, and it
 * lives in the call's failure-definition function:
 *
 * <ul>
 *   <li>{@code count}: Pekko's own counter with {@code maxFailures = N}; a call counts as a failure
 *       iff its {@link FailureKind#countsAsBreakerFailure()}; a success resets the run.
 *   <li>{@code rate}: {@code maxFailures = 1}, and a failure is reported to Pekko only when the
 *       {@link SlidingFailureWindow} says the threshold is reached, so that one report trips it.
 *   <li>{@code none}: no failure is ever reported, so the machine stays closed (arms A and B).
 * </ul>
 *
 * In half-open, both policies report the probe's own outcome (exactly one probe is let through by
 * Pekko; a failure reopens, a success closes). Closing clears the window.
 *
 * <p>Time to open: from the start of the first failed call of an episode to the open transition. An
 * episode starts with a failure while closed and no failure tallied (count: consecutive run; rate:
 * no failure left in the window) and ends when the breaker opens or the tally drops to zero.
 *
 * <p>Forcing (experiments only): {@link #forceOpen()} trips the current state machine (normal reset
 * timeout follows); {@link #forceClose()} replaces it with a fresh closed one; {@link #reconfigure}
 * does the same with other settings. Settings, window and state machine are one immutable {@code
 * Machine}, swapped whole under this object's lock: a call is judged by the machine it started on,
 * and a call of a replaced machine never touches the current one. Transitions of a replaced machine
 * are ignored. Transition listeners run synchronously on the thread that made the transition (a
 * parasitic executor keeps their order); their exceptions are logged, never propagated.
 */
public final class ProviderBreaker {
  private static final Logger log = LoggerFactory.getLogger(ProviderBreaker.class);

  /** Runs a continuation on the thread that completed its stage (always one of the node's). */
  private static final java.util.concurrent.Executor SAME_THREAD = Runnable::run;

  /** Transitions kept for the snapshot. */
  public static final int KEPT_TRANSITIONS = 32;

  /**
   * One generation of the breaker: its settings, the rate policy's window (null for the other
   * policies) and Pekko's state machine, replaced together.
   */
  private record Machine(
      BreakerSettings settings, SlidingFailureWindow window, CircuitBreaker cb) {}

  private final String provider;
  private final Clock clock;
  private final Scheduler scheduler;
  private final Duration callTimeout;
  private final AdapterMetrics metrics;
  // swapped only while holding this, so a verdict taken under the lock sees a stable machine
  private final AtomicReference<Machine> current = new AtomicReference<>();
  private final List<Consumer<Transition>> listeners = new CopyOnWriteArrayList<>();
  private final ArrayDeque<Transition> transitions = new ArrayDeque<>();

  // guarded by this
  private BreakerState lastState = BreakerState.CLOSED;
  private Instant episodeStart;

  /**
   * @param scheduler Pekko's scheduler: it times the reset timeout (tests use ManualTime)
   * @param callTimeout a bound above which Pekko itself would fail a call; the adapter's own hard
   *     timeout always ends calls first, so this is only a backstop
   */
  public ProviderBreaker(
      String provider,
      BreakerSettings settings,
      Clock clock,
      Scheduler scheduler,
      Duration callTimeout,
      AdapterMetrics metrics) {
    this.provider = provider;
    this.clock = clock;
    this.scheduler = scheduler;
    this.callTimeout = callTimeout;
    this.metrics = metrics;
    current.set(newMachine(settings));
  }

  private Machine newMachine(BreakerSettings settings) {
    SlidingFailureWindow window =
        settings.policy() == BreakerPolicy.RATE
            ? new SlidingFailureWindow(
                clock, settings.window(), settings.minimumCalls(), settings.failureRateThreshold())
            : null;
    int maxFailures =
        switch (settings.policy()) {
          case COUNT -> settings.consecutiveFailures();
          case RATE -> 1;
          case NONE -> Integer.MAX_VALUE; // never reported a failure anyway, see isTrippingFailure
        };
    ExecutionContext sameThread = ExecutionContexts.fromExecutor(Runnable::run);
    CircuitBreaker cb =
        new CircuitBreaker(
            sameThread, scheduler, maxFailures, callTimeout, settings.resetTimeout());
    cb.addOnOpenListener(() -> onTransition(cb, BreakerState.OPEN));
    cb.addOnHalfOpenListener(() -> onTransition(cb, BreakerState.HALF_OPEN));
    cb.addOnCloseListener(() -> onTransition(cb, BreakerState.CLOSED));
    return new Machine(settings, window, cb);
  }

  /**
   * Runs {@code body} through the breaker. While open (or when a half-open probe is already out)
   * the body is not run and the result is {@code Failed(BREAKER_OPEN)}. The returned stage never
   * completes exceptionally.
   *
   * @param callStart when the caller asked (the start of the episode if this call fails)
   */
  public CompletionStage<FetchResult> call(
      Instant callStart, Supplier<CompletionStage<FetchResult>> body) {
    Machine m = current.get();
    CompletionStage<FetchResult> guarded;
    try {
      guarded =
          m.cb()
              .callWithCircuitBreakerCS(
                  body::get, (result, error) -> isTrippingFailure(m, callStart, result, error));
    } catch (RuntimeException e) {
      guarded = CompletableFuture.failedFuture(e);
    }
    // Pekko hands back a Scala-converted stage whose plain handle() would run on the JDK common
    // pool (a new thread per call when its parallelism is 1): run it where the call completed
    return guarded.handleAsync(
        (r, e) -> {
          if (e == null) {
            return r;
          }
          Throwable cause =
              e instanceof java.util.concurrent.CompletionException ? e.getCause() : e;
          if (cause instanceof CircuitBreakerOpenException) {
            return new FetchResult.Failed(FailureKind.BREAKER_OPEN, "breaker open", Duration.ZERO);
          }
          // only reachable if the body broke its promise never to fail
          return new FetchResult.Failed(
              FailureKind.CONNECTION, "adapter call failed: " + cause, Duration.ZERO);
        },
        SAME_THREAD);
  }

  /** The failure-definition function Pekko calls once per call that went through. */
  private boolean isTrippingFailure(
      Machine m, Instant callStart, Optional<FetchResult> result, Optional<Throwable> err) {
    boolean failure =
        err.isPresent()
            || result
                .map(r -> r instanceof FetchResult.Failed f && f.kind().countsAsBreakerFailure())
                .orElse(true);
    if (m.settings().policy() == BreakerPolicy.NONE) {
      return false; // no breaker: nothing ever trips it
    }
    CircuitBreaker cb = m.cb();
    synchronized (this) {
      if (m != current.get()) {
        return failure; // a replaced machine: its verdict is not ours to track
      }
      if (cb.isHalfOpen()) {
        return failure; // the probe decides alone
      }
      if (!cb.isClosed()) {
        return false; // a straggler ending after the breaker opened
      }
      SlidingFailureWindow window = m.window();
      if (window != null) {
        if (window.failures() == 0) {
          episodeStart = null; // the earlier episode aged out of the window
        }
        if (failure && episodeStart == null) {
          episodeStart = callStart;
        }
        return window.recordAndCheck(failure);
      }
      if (!failure) {
        episodeStart = null; // a success breaks the consecutive run
      } else if (episodeStart == null) {
        episodeStart = callStart;
      }
      return failure;
    }
  }

  private void onTransition(CircuitBreaker cb, BreakerState to) {
    Transition t;
    synchronized (this) {
      Machine m = current.get();
      if (cb != m.cb() || lastState == to) {
        return; // a replaced machine's, or already told
      }
      t = new Transition(lastState, to, clock.instant());
      lastState = to;
      remember(t);
      if (to == BreakerState.OPEN && t.from() == BreakerState.CLOSED && episodeStart != null) {
        metrics.recordTimeToOpen(Duration.between(episodeStart, t.at()).toMillis());
      }
      if (to != BreakerState.HALF_OPEN) {
        episodeStart = null;
      }
      if (to == BreakerState.CLOSED && m.window() != null) {
        m.window().clear();
      }
    }
    publish(t);
  }

  private void remember(Transition t) {
    transitions.addLast(t);
    while (transitions.size() > KEPT_TRANSITIONS) {
      transitions.removeFirst();
    }
  }

  private void publish(Transition t) {
    metrics.recordTransition(t);
    log.info("breaker of provider {}: {} -> {} at {}", provider, t.from(), t.to(), t.at());
    for (Consumer<Transition> l : listeners) {
      try {
        l.accept(t);
      } catch (RuntimeException e) {
        log.warn("a transition listener of provider {} threw; ignored", provider, e);
      }
    }
  }

  public BreakerState state() {
    CircuitBreaker cb = current.get().cb();
    if (cb.isOpen()) {
      return BreakerState.OPEN;
    }
    return cb.isHalfOpen() ? BreakerState.HALF_OPEN : BreakerState.CLOSED;
  }

  public boolean isOpen() {
    return current.get().cb().isOpen();
  }

  public BreakerPolicy policy() {
    return current.get().settings().policy();
  }

  /** The settings the breaker runs on now (those of the last {@link #reconfigure}, if any). */
  public BreakerSettings settings() {
    return current.get().settings();
  }

  public synchronized List<Transition> transitions() {
    return List.copyOf(transitions);
  }

  public void addTransitionListener(Consumer<Transition> listener) {
    listeners.add(listener);
  }

  /** Trips the breaker now; the reset timeout then runs as after any opening. */
  public void forceOpen() {
    Machine m = current.get();
    if (m.settings().policy() == BreakerPolicy.NONE) {
      return; // no breaker to trip
    }
    CircuitBreaker cb = m.cb();
    // each fail() moves Pekko's counter one step; N + 1 steps always reach open
    for (int i = 0; i <= m.settings().consecutiveFailures() && !cb.isOpen(); i++) {
      cb.fail();
    }
  }

  /** Discards the current state machine for a fresh closed one (counters and window cleared). */
  public void forceClose() {
    replace(null);
    log.debug("breaker of provider {} force-closed", provider);
  }

  /**
   * Experiments only: like {@link #forceClose()}, a fresh closed state machine with counters and
   * window cleared (a CLOSED transition if it was not closed), but the new machine, the opening
   * decision and the window run on {@code next}. A call in flight keeps the machine it started on:
   * its outcome never counts in the new one.
   *
   * @throws IllegalArgumentException if {@code next} is null or its policy is {@code none}
   * @throws IllegalStateException if this breaker's policy is {@code none} (an arm without a
   *     breaker stays without one)
   */
  public void reconfigure(BreakerSettings next) {
    if (next == null || next.policy() == BreakerPolicy.NONE) {
      throw new IllegalArgumentException(
          "provider "
              + provider
              + ": a breaker is reconfigured to count or rate, not to "
              + (next == null ? "null" : next.policy().configName()));
    }
    replace(next);
    log.info("breaker of provider {} reconfigured: {}", provider, next);
  }

  /** Swaps in a fresh closed machine on {@code next} (null: the current settings). */
  private void replace(BreakerSettings next) {
    Transition t = null;
    synchronized (this) {
      Machine old = current.get();
      if (next != null && old.settings().policy() == BreakerPolicy.NONE) {
        throw new IllegalStateException(
            "provider "
                + provider
                + " runs without a breaker (policy none): no breaker to reconfigure");
      }
      current.set(newMachine(next != null ? next : old.settings()));
      episodeStart = null;
      if (lastState != BreakerState.CLOSED) {
        t = new Transition(lastState, BreakerState.CLOSED, clock.instant());
        lastState = BreakerState.CLOSED;
        remember(t);
      }
    }
    if (t != null) {
      publish(t);
    }
  }
}
