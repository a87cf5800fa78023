package solventa.adapter.internal;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.Scheduler;
import org.apache.pekko.dispatch.ExecutionContexts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.concurrent.ExecutionContext;
import solventa.adapter.model.BreakerPolicy;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.Transition;

/**
 * One provider's circuit breaker: Resilience4j's {@link CircuitBreaker} is the state machine
 * (closed, open, half-open), its sliding windows count the outcomes and its half-open state admits
 * the probes. When it opens is the {@link OpeningPolicy}'s configuration:
 *
 * <ul>
 *   <li>{@code count}: N consecutive counted failures ({@link ConsecutiveFailures});
 *   <li>{@code rate}: the failure rate over a sliding time window holding at least the minimum
 *       number of calls ({@link FailureRate});
 *   <li>{@code none}: never; the machine is disabled and reported CLOSED ({@link NeverOpens}).
 * </ul>
 *
 * <p>Outcomes: a counted failure ({@link FailureKind#countsAsBreakerFailure()}, or a body that
 * failed) is recorded as an error; a profile or a business answer as a success; anything else never
 * reached the provider and is not recorded (its permission is given back). An outcome counts only
 * in the state it was admitted in: a call still running when the breaker changed state (opened,
 * half-opened, closed) is not recorded when it ends, so a half-open verdict rests on its own probes
 * and a window never holds a call from before a close.
 *
 * <p>Open to half-open: after {@code reset-timeout}, a timer on Pekko's scheduler (Resilience4j's
 * own wait and its transition thread are not used). Half-open admits {@code half-open-probes}
 * calls; every other call gets {@code BREAKER_OPEN}. The probes decide as the policy says: count
 * closes once all k succeeded and reopens at the first failed one; rate closes when their failure
 * rate is under the threshold. Closing starts a fresh window.
 *
 * <p>Time to open: from the start of the first failed call of an episode to the open transition. An
 * episode starts with a failure while closed and no failure tallied (count: consecutive run; rate:
 * no failure left in the window) and ends when the breaker opens or the tally drops to zero.
 *
 * <p>Forcing (experiments only): {@link #forceOpen()} opens the current state machine (its reset
 * timeout follows as after any opening); {@link #forceClose()} replaces it with a fresh closed one;
 * {@link #reconfigure} does the same with other settings. Settings, policy and state machine are
 * one immutable {@code Machine}, swapped whole under this object's lock: a call is judged by the
 * machine it started on, and a call of a replaced machine never touches the current one.
 * Transitions of a replaced machine are ignored. Every change of Resilience4j's state is made under
 * this object's lock; transition listeners run afterwards, outside it, on the thread that made the
 * transition; their exceptions are logged, never propagated.
 */
public final class ProviderBreaker {
  private static final Logger log = LoggerFactory.getLogger(ProviderBreaker.class);

  /** Runs the reset and backstop timers on Pekko's scheduler thread: they only take a lock. */
  static final ExecutionContext SAME_THREAD = ExecutionContexts.fromExecutor(Runnable::run);

  /** Transitions kept for the snapshot. */
  public static final int KEPT_TRANSITIONS = 32;

  /** What Resilience4j records for a counted failure (it wants a throwable; no stack is taken). */
  private static final Throwable COUNTED_FAILURE = new CountedFailure();

  /** One generation of the breaker: its settings, their opening policy and the state machine. */
  private record Machine(BreakerSettings settings, OpeningPolicy policy, CircuitBreaker cb) {}

  private final String provider;
  private final Clock clock;
  private final Scheduler scheduler;
  private final Duration callTimeout;
  private final AdapterMetrics metrics;
  // swapped only while holding this, so a verdict taken under the lock sees a stable machine
  private final AtomicReference<Machine> current = new AtomicReference<>();
  private final List<Consumer<Transition>> listeners = new CopyOnWriteArrayList<>();

  // guarded by this
  private final ArrayDeque<Transition> transitions = new ArrayDeque<>();
  private final List<Transition> unpublished = new ArrayList<>();
  private BreakerState lastState = BreakerState.CLOSED;
  private Instant episodeStart;

  /** Changes of state of the current machine: a call counts only if none happened meanwhile. */
  private long period;

  private Cancellable resetTimer;

  /**
   * @param scheduler Pekko's scheduler: it times the reset timeout (tests use ManualTime)
   * @param callTimeout a bound after which a call that never ended counts as failed; the adapter's
   *     own hard timeout always ends calls first, so this is only a backstop
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
    OpeningPolicy policy = OpeningPolicy.of(settings.policy());
    CircuitBreaker cb = CircuitBreaker.of(provider, policy.config(settings, clock));
    cb.getEventPublisher()
        .onStateTransition(e -> onTransition(cb, e.getStateTransition().getToState()));
    return new Machine(settings, policy, cb);
  }

  /**
   * Runs {@code body} through the breaker. While open (or when the half-open probes are all out)
   * the body is not run and the result is {@code Failed(BREAKER_OPEN)}. The returned stage never
   * completes exceptionally, and completes only after the breaker has recorded the outcome.
   *
   * @param callStart when the caller asked (the start of the episode if this call fails)
   */
  public CompletionStage<FetchResult> call(
      Instant callStart, Supplier<CompletionStage<FetchResult>> body) {
    Machine m;
    long admittedIn;
    synchronized (this) {
      m = current.get();
      if (!m.cb().tryAcquirePermission()) {
        return CompletableFuture.completedFuture(
            new FetchResult.Failed(FailureKind.BREAKER_OPEN, "breaker open", Duration.ZERO));
      }
      admittedIn = period;
    }
    return CallBackstop.run(body, callTimeout, scheduler)
        .handle(
            (r, e) -> {
              FetchResult result = e == null ? r : CallBackstop.bodyFailed(e);
              record(m, admittedIn, callStart, result, e != null);
              return result;
            });
  }

  /** Records one admitted call's outcome in the machine and state it was admitted in. */
  private void record(
      Machine m, long admittedIn, Instant callStart, FetchResult result, boolean bodyFailed) {
    boolean failure =
        bodyFailed || (result instanceof FetchResult.Failed f && f.kind().countsAsBreakerFailure());
    boolean success =
        !failure
            && (result instanceof FetchResult.Fetched
                || (result instanceof FetchResult.Failed f && f.kind().isBusinessAnswer()));
    List<Transition> told;
    synchronized (this) {
      if (m != current.get() || admittedIn != period) {
        return; // a replaced machine's call, or one that outlived the state it was admitted in
      }
      CircuitBreaker cb = m.cb();
      if (!failure && !success) {
        cb.releasePermission(); // never reached the provider: says nothing about it
        return;
      }
      if (cb.getState() == CircuitBreaker.State.CLOSED) {
        if (m.policy().episodeOver(failure, cb.getMetrics())) {
          episodeStart = null;
        }
        if (failure && episodeStart == null) {
          episodeStart = callStart;
        }
      }
      // no duration: the breaker judges outcomes, and a slow call is the hard timeout's to fail
      if (failure
          && cb.getState() == CircuitBreaker.State.HALF_OPEN
          && m.policy().aFailedProbeReopens()) {
        // before Resilience4j records it: with the other probes' successes its rate would be
        // under the threshold, and it would close
        cb.transitionToOpenState();
      } else if (failure) {
        cb.onError(0, TimeUnit.NANOSECONDS, COUNTED_FAILURE);
      } else {
        cb.onSuccess(0, TimeUnit.NANOSECONDS);
      }
      told = drain();
    }
    publish(told);
  }

  /** Resilience4j's transition event, on the thread that made it (always under this lock). */
  private void onTransition(CircuitBreaker cb, CircuitBreaker.State r4jState) {
    synchronized (this) {
      Machine m = current.get();
      if (cb != m.cb()) {
        return; // a replaced machine's
      }
      period++;
      BreakerState to = reported(r4jState);
      if (to == lastState) {
        return;
      }
      Transition t = new Transition(lastState, to, clock.instant());
      lastState = to;
      remember(t);
      if (to == BreakerState.OPEN && t.from() == BreakerState.CLOSED && episodeStart != null) {
        metrics.recordTimeToOpen(Duration.between(episodeStart, t.at()).toMillis());
      }
      if (to != BreakerState.HALF_OPEN) {
        episodeStart = null;
      }
      if (to == BreakerState.OPEN) {
        scheduleHalfOpen(m, period);
      }
      unpublished.add(t);
    }
  }

  /** After the reset timeout, on Pekko's scheduler: half-open, if still in this opening. */
  private void scheduleHalfOpen(Machine m, long openedIn) {
    resetTimer =
        scheduler.scheduleOnce(
            m.settings().resetTimeout(),
            () -> {
              List<Transition> told;
              synchronized (this) {
                if (m != current.get()
                    || period != openedIn
                    || m.cb().getState() != CircuitBreaker.State.OPEN) {
                  return;
                }
                m.cb().transitionToHalfOpenState();
                told = drain();
              }
              publish(told);
            },
            SAME_THREAD);
  }

  private static BreakerState reported(CircuitBreaker.State s) {
    return switch (s) {
      case OPEN, FORCED_OPEN -> BreakerState.OPEN;
      case HALF_OPEN -> BreakerState.HALF_OPEN;
      default -> BreakerState.CLOSED; // CLOSED, and DISABLED (no breaker), METRICS_ONLY
    };
  }

  private List<Transition> drain() {
    if (unpublished.isEmpty()) {
      return List.of();
    }
    List<Transition> told = List.copyOf(unpublished);
    unpublished.clear();
    return told;
  }

  private void remember(Transition t) {
    transitions.addLast(t);
    while (transitions.size() > KEPT_TRANSITIONS) {
      transitions.removeFirst();
    }
  }

  private void publish(List<Transition> told) {
    for (Transition t : told) {
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
  }

  public BreakerState state() {
    return reported(current.get().cb().getState());
  }

  public boolean isOpen() {
    return state() == BreakerState.OPEN;
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

  /** Opens the breaker now; the reset timeout then runs as after any opening. */
  public void forceOpen() {
    List<Transition> told;
    synchronized (this) {
      Machine m = current.get();
      if (!m.policy().opens() || m.cb().getState() == CircuitBreaker.State.OPEN) {
        return; // no breaker to trip, or already open
      }
      m.cb().transitionToOpenState();
      told = drain();
    }
    publish(told);
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
      if (resetTimer != null) {
        resetTimer.cancel(); // the old machine's reset is not ours any more
        resetTimer = null;
      }
      period++;
      episodeStart = null;
      if (lastState != BreakerState.CLOSED) {
        t = new Transition(lastState, BreakerState.CLOSED, clock.instant());
        lastState = BreakerState.CLOSED;
        remember(t);
      }
    }
    if (t != null) {
      publish(List.of(t));
    }
  }
}
