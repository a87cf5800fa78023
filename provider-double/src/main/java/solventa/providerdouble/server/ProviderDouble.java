package solventa.providerdouble.server;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.server.Directives;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.providerdouble.CustomerUniverse;
import solventa.providerdouble.DoubleSettings;
import solventa.providerdouble.internal.AdminRoutes;
import solventa.providerdouble.internal.ClientQuota;
import solventa.providerdouble.internal.Counters;
import solventa.providerdouble.internal.DoubleState;
import solventa.providerdouble.internal.LagRecorder;
import solventa.providerdouble.internal.ProfileRoutes;

/**
 * A running provider double: the provider API and the admin API on one loopback port.
 *
 * <p>Owns its timer thread (one {@link ScheduledThreadPoolExecutor} that only completes futures and
 * fires delayed latency changes): a dedicated timer has sub-millisecond resolution, where the actor
 * system's scheduler ticks in 10 ms steps and would round every sampled latency up. Holds no
 * durable state: after {@link #close()} a new double starts from its settings again.
 */
public final class ProviderDouble implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ProviderDouble.class);
  private static final Duration BIND_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration TERMINATE_DEADLINE = Duration.ofSeconds(2);

  private final ServerBinding binding;
  private final ScheduledThreadPoolExecutor timer;
  private final DoubleSettings settings;

  private ProviderDouble(
      ServerBinding binding, ScheduledThreadPoolExecutor timer, DoubleSettings settings) {
    this.binding = binding;
    this.timer = timer;
    this.settings = settings;
  }

  /**
   * Binds the double and waits for the binding (start-up only: the one place this module blocks).
   *
   * @throws IllegalStateException if it cannot bind within 15 s
   */
  public static ProviderDouble start(ActorSystem<?> system, DoubleSettings settings) {
    try {
      return startAsync(system, settings, Clock.systemUTC())
          .toCompletableFuture()
          .get(BIND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while binding the provider double", e);
    } catch (Exception e) {
      throw new IllegalStateException(
          "provider double could not bind " + settings.host() + ":" + settings.port(), e);
    }
  }

  /** Binds the double; {@code clock} stamps {@code meta.requestDateTime}. */
  public static CompletionStage<ProviderDouble> startAsync(
      ActorSystem<?> system, DoubleSettings settings, Clock clock) {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "provider-double-timer");
              t.setDaemon(true);
              return t;
            });
    timer.setRemoveOnCancelPolicy(true);
    CustomerUniverse universe =
        new CustomerUniverse(settings.seed(), settings.universe(), settings.incompleteShare());
    DoubleState state =
        new DoubleState(
            settings.seed(), settings.profile(), settings.errors(), settings.healthyTail(), timer);
    LagRecorder lag = new LagRecorder();
    Counters counters = new Counters();
    ClientQuota quota = new ClientQuota(settings.quotaPerSecond());
    // links.self must name the port actually bound, known only after binding
    java.util.concurrent.atomic.AtomicReference<String> self =
        new java.util.concurrent.atomic.AtomicReference<>();
    var profileRoutes =
        new ProfileRoutes(
            universe, state, timer, lag, counters, clock, self, settings.noConsent(), quota);
    var adminRoutes = new AdminRoutes(settings, universe, state, lag, counters, quota);
    var route = Directives.concat(profileRoutes.route(), adminRoutes.route());
    return Http.get(system)
        .newServerAt(settings.host(), settings.port())
        .bind(route)
        .handle(
            (binding, failure) -> {
              if (failure != null) {
                timer.shutdownNow();
                throw new java.util.concurrent.CompletionException(failure);
              }
              self.set("http://" + settings.host() + ":" + binding.localAddress().getPort());
              log.info(
                  "provider double on {} (seed {}, universe {}, incomplete share {}, profile {})",
                  binding.localAddress(),
                  settings.seed(),
                  settings.universe(),
                  settings.incompleteShare(),
                  settings.profile());
              return new ProviderDouble(binding, timer, settings);
            });
  }

  public int port() {
    return binding.localAddress().getPort();
  }

  public String host() {
    return settings.host();
  }

  /** {@code http://127.0.0.1:PORT}: the provider API and, under {@code /admin}, the admin API. */
  public URI baseUri() {
    return URI.create("http://" + settings.host() + ":" + port());
  }

  public DoubleSettings settings() {
    return settings;
  }

  /** Unbinds, ends open connections (2 s deadline) and stops the timer. */
  public CompletionStage<Void> unbind() {
    return binding
        .terminate(TERMINATE_DEADLINE)
        .handle(
            (terminated, failure) -> {
              timer.shutdownNow();
              return null;
            });
  }

  /** {@link #unbind()} and wait for it (tests, shutdown). */
  @Override
  public void close() {
    try {
      unbind()
          .toCompletableFuture()
          .get(TERMINATE_DEADLINE.toMillis() + 3000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      log.warn("provider double did not stop cleanly", e);
      timer.shutdownNow();
    }
  }
}
