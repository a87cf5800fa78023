package solventa.adapter;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import scala.concurrent.ExecutionContextExecutor;
import solventa.adapter.internal.AdapterActor;
import solventa.adapter.internal.AdapterMetrics;
import solventa.adapter.internal.Call;
import solventa.adapter.internal.ProviderBreaker;
import solventa.adapter.internal.ProviderClient;
import solventa.adapter.internal.ThrottleHold;
import solventa.adapter.model.BreakerSettings;
import solventa.adapter.model.BreakerState;
import solventa.adapter.model.FailureKind;
import solventa.adapter.model.FetchResult;
import solventa.adapter.model.ProviderSettings;
import solventa.adapter.model.Transition;
import solventa.signals.SignalRequirement;

/**
 * :AdaptadorOF for one provider: the {@link ProfileFetcher} the quote node calls. Owns the hard
 * timeout (every call completes by {@code timeout} after {@link #fetch}, plus scheduling jitter),
 * the circuit breaker, the bulkhead (its actor on the provider's own dispatcher and a bounded
 * connection pool) and the provider's metrics. A caller may stop waiting at any time (the 120 ms
 * budget): the call still runs to its own end and its outcome is what the breaker sees.
 *
 * <p>Thread-safe. Created once per provider per actor system. It does not register itself: its
 * creator registers it in {@code AdapterRegistry} so that the breaker management routes find it.
 */
public final class OfAdapter implements ProfileFetcher {
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  /** Supervision backoff of the adapter actor. */
  private static final Duration MIN_BACKOFF = Duration.ofMillis(100);

  private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

  /** Pekko's own call timeout: a backstop only; the adapter's deadline always fires first. */
  private static final Duration BREAKER_BACKSTOP = Duration.ofSeconds(5);

  private final ActorSystem<?> system;
  private final ProviderSettings settings;
  private final Clock clock;
  private final AdapterMetrics metrics;
  private final ProviderBreaker breaker;
  private final ActorRef<AdapterActor.Command> actor;
  private final ExecutionContextExecutor timers;

  private OfAdapter(
      ActorSystem<?> system, ProviderSettings settings, SignalRequirement required, Clock clock) {
    this.system = system;
    this.settings = settings;
    this.clock = clock;
    this.metrics = new AdapterMetrics(settings.name(), settings.pool().maxConnections());
    this.breaker =
        new ProviderBreaker(
            settings.name(),
            settings.breaker(),
            clock,
            system.classicSystem().scheduler(),
            settings.timeout().plus(BREAKER_BACKSTOP),
            metrics);
    DispatcherSelector dispatcher = DispatcherSelector.fromConfig(settings.dispatcher());
    this.timers = system.dispatchers().lookup(dispatcher);
    ThrottleHold hold = new ThrottleHold(clock);
    ProviderClient client = new ProviderClient(system, settings, required, timers, clock, hold);
    this.actor =
        system.systemActorOf(
            Behaviors.supervise(AdapterActor.create(client, breaker, metrics, hold))
                .onFailure(
                    Exception.class,
                    SupervisorStrategy.restartWithBackoff(MIN_BACKOFF, MAX_BACKOFF, 0.2)),
            "of-adapter-" + settings.name() + "-" + INSTANCES.incrementAndGet(),
            dispatcher);
  }

  /** The adapter of the settings' default provider, on the system's wall clock. */
  public static OfAdapter create(ActorSystem<?> system, AdapterSettings settings) {
    return create(system, settings, Clock.systemUTC());
  }

  /**
   * The adapter of the default provider. {@code clock} stamps profiles and transitions and drives
   * the rate window; deadlines and the reset timeout run on Pekko's scheduler.
   */
  public static OfAdapter create(ActorSystem<?> system, AdapterSettings settings, Clock clock) {
    return new OfAdapter(
        system, settings.defaultProviderSettings(), settings.requiredSignals(), clock);
  }

  /**
   * Fetches a profile. Completes normally, with {@link FetchResult.Failed} on any failure, by the
   * hard timeout at the latest. Fast failures ({@code BREAKER_OPEN}, {@code BULKHEAD_REJECTED})
   * complete at once, and so does {@code REFUSED_ID}: an id the provider's format or the URL path
   * does not admit ({@link CustomerIdFormat}) is never sent and never reaches the breaker.
   *
   * @throws IllegalArgumentException if {@code customerId} is null or blank (a caller bug, not
   *     provider input)
   */
  @Override
  public CompletionStage<FetchResult> fetch(String customerId) {
    if (customerId == null || customerId.isBlank()) {
      throw new IllegalArgumentException("customerId must be a non-blank id, got: " + customerId);
    }
    if (!settings.customerIds().accepts(customerId)) {
      metrics.recordOutcome(FailureKind.REFUSED_ID.name(), Duration.ZERO);
      return CompletableFuture.<FetchResult>completedFuture(
              new FetchResult.Failed(
                  FailureKind.REFUSED_ID,
                  "not sent: the id is not of " + settings.customerIds().describe(),
                  Duration.ZERO))
          .minimalCompletionStage();
    }
    Call call = new Call(customerId, clock.instant(), settings.timeout(), metrics);
    call.deadlineTimer(
        system
            .classicSystem()
            .scheduler()
            .scheduleOnce(settings.timeout(), () -> expire(call), timers));
    actor.tell(new AdapterActor.Fetch(call));
    // callers get a read-only view: they cannot complete or cancel the call for everyone
    return call.outcome().toCompletableFuture().minimalCompletionStage();
  }

  private void expire(Call call) {
    String detail =
        call.dispatched()
            ? "no answer within " + settings.timeout().toMillis() + " ms"
            : "waited " + settings.timeout().toMillis() + " ms for a pool connection";
    call.expire(new FetchResult.Failed(FailureKind.TIMEOUT, detail, Duration.ZERO));
  }

  public String provider() {
    return settings.name();
  }

  public ProviderSettings settings() {
    return settings;
  }

  public BreakerState state() {
    return breaker.state();
  }

  /** Listens to every breaker transition; a listener's exception is logged, never propagated. */
  public void addTransitionListener(Consumer<Transition> listener) {
    breaker.addTransitionListener(Objects.requireNonNull(listener, "listener"));
  }

  /** Requests actually sent to the provider (not counting fast failures). */
  public long providerCalls() {
    return metrics.providerCalls();
  }

  /** How many times the supervisor restarted the adapter actor. */
  public long actorRestarts() {
    return metrics.restarts();
  }

  /**
   * The breaker settings in force: the configured ones ({@code settings().breaker()}) until {@link
   * #reconfigureBreaker} replaces them.
   */
  public BreakerSettings breakerSettings() {
    return breaker.settings();
  }

  public AdapterSnapshot snapshot() {
    BreakerSettings b = breaker.settings();
    return new AdapterSnapshot(
        settings.name(),
        b.policy().configName(),
        breaker.state(),
        breaker.transitions(),
        metrics.outcomes(),
        metrics.lastTimeToOpenMs(),
        metrics.inFlight(),
        metrics.maxInFlight(),
        settings.pool().maxConnections(),
        metrics.queued(),
        metrics.rejected(),
        b.consecutiveFailures(),
        b.failureRateThreshold(),
        b.window().toMillis(),
        b.minimumCalls(),
        b.resetTimeout().toMillis(),
        b.halfOpenProbes(),
        metrics.duplicateCalls());
  }

  /** Experiments only: trips the breaker now (it then half-opens after the reset timeout). */
  public void forceOpen() {
    breaker.forceOpen();
  }

  /** Experiments only: a fresh closed breaker, counters and window cleared. */
  public void forceClose() {
    breaker.forceClose();
  }

  /**
   * Experiments only: a fresh closed breaker on {@code next} (its state machine, opening decision
   * and window), counters and window cleared, so that one running node measures several settings,
   * each from an empty window. A call in flight ends on the breaker it started on and never counts
   * in the new one. The snapshot and {@link #breakerSettings()} report {@code next} from then on.
   *
   * @throws IllegalArgumentException if {@code next} is null or its policy is {@code none}
   * @throws IllegalStateException if this adapter runs without a breaker (policy {@code none})
   */
  public void reconfigureBreaker(BreakerSettings next) {
    breaker.reconfigure(next);
  }

  /** Test hook: makes the adapter actor throw once, to show supervision restarts it. */
  void crashActorForTest() {
    actor.tell(AdapterActor.Crash.INSTANCE);
  }

  /** Stops the adapter actor; calls in flight still end. Its creator unregisters it. */
  public void stop() {
    system.classicSystem().stop(org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(actor));
  }
}
