package solventa.quote.node;

import com.typesafe.config.Config;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.management.javadsl.PekkoManagement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import solventa.quote.api.ConnectionTimeouts;
import solventa.quote.api.HttpMethodsKnown;
import solventa.quote.api.QuoteRoutes;
import solventa.quote.domain.Pricing;
import solventa.quote.domain.QuoteService;
import solventa.quote.domain.RatingPricing;
import solventa.quote.management.NodeStack;
import solventa.quote.management.QuoteStatsRegistry;
import solventa.quote.management.RunnerOnlyGuard;
import solventa.quote.profile.DirectResolver;
import solventa.quote.profile.OfAdapterPort;
import solventa.quote.profile.ProfileEntity;
import solventa.quote.profile.ProfileResolver;
import solventa.quote.profile.ProfileStore;
import solventa.quote.profile.ProviderPort;
import solventa.quote.profile.RedisProfileStore;
import solventa.quote.profile.ShardedResolver;
import solventa.quote.settings.QuoteSettings;
import solventa.quote.stats.ActuarialTrace;
import solventa.quote.stats.QuoteStats;
import solventa.signals.SignalRequirement;

/**
 * One running quote node: the cluster member, its profile entities' sharding (arms B/C/C'), the
 * Redis store, the adapter, rating, the quote API and Pekko Management (cluster HTTP, the adapter's
 * breaker route, the stats route). {@link #start} blocks until all of it is up — start-up is the
 * one place where blocking is allowed — and refuses to start on invalid configuration.
 *
 * <p>Start order: settings (refuse early), rating (PostgreSQL), Redis, actor system + cluster,
 * adapter, sharding, HTTP, management, then the warm-up ({@link NodeWarmup}) before {@code /ready}
 * says READY.
 *
 * <p>Stop ({@link #close}, or SIGTERM through Pekko's JVM hook): Pekko's coordinated shutdown, in
 * its phases ({@link NodeShutdown}): {@code /ready} says DRAINING while the node keeps serving for
 * {@code quote.shutdown.unready-delay}; then the quote API stops accepting and answers the quotes
 * in flight within {@code quote.shutdown.drain-deadline}; management stops; every profile entity
 * writes a value Redis has not taken ({@code quote.shutdown.flush-deadline}) and its shards hand
 * over; the node leaves the cluster, and Redis and rating close last.
 */
public final class QuoteNode implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(QuoteNode.class);
  private static final Duration STARTUP = Duration.ofSeconds(30);

  private final ActorSystem<Void> system;
  private final QuoteSettings settings;
  private final ProviderPort provider;
  private final Pricing pricing;
  private final ProfileStore store;
  private final QuoteStats stats;
  private final ServerBinding binding;
  private final int managementPort;
  private final NodeWarmup.Outcome warmup;

  private QuoteNode(
      ActorSystem<Void> system,
      QuoteSettings settings,
      ProviderPort provider,
      Pricing pricing,
      ProfileStore store,
      QuoteStats stats,
      ServerBinding binding,
      int managementPort,
      NodeWarmup.Outcome warmup) {
    this.system = system;
    this.settings = settings;
    this.provider = provider;
    this.pricing = pricing;
    this.store = store;
    this.stats = stats;
    this.binding = binding;
    this.managementPort = managementPort;
    this.warmup = warmup;
  }

  /** What the start-up warm-up did ({@link NodeWarmup.Outcome#NONE} when it is off). */
  NodeWarmup.Outcome warmup() {
    return warmup;
  }

  /**
   * Starts a node with the real adapter ({@link OfAdapterPort}), which refuses a provider body
   * without the signals rating requires ({@link Pricing#profileRequirement()}).
   */
  public static QuoteNode start(Config config) {
    return start(
        config,
        (system, required) -> OfAdapterPort.create(system, config, required),
        Clock.systemUTC());
  }

  /**
   * Starts a node with the given adapter factory (called once, with the node's actor system).
   *
   * @throws QuoteSettings.InvalidQuoteSettings the configuration names a bad key and value
   */
  public static QuoteNode start(Config config, Function<ActorSystem<?>, ProviderPort> adapter) {
    return start(config, adapter, Clock.systemUTC());
  }

  /** As {@link #start(Config, Function)} with an injected clock (tests drive profile age). */
  public static QuoteNode start(
      Config config, Function<ActorSystem<?>, ProviderPort> adapter, Clock clock) {
    return start(config, (system, required) -> adapter.apply(system), clock);
  }

  /**
   * As {@link #start(Config, Function, Clock)}; the factory is also given the signals rating
   * requires of a customer's profile, which a real adapter enforces.
   */
  public static QuoteNode start(
      Config config,
      BiFunction<ActorSystem<?>, SignalRequirement, ProviderPort> adapter,
      Clock clock) {
    NodeSettings node = NodeSettings.fromConfig(config);
    SchedulerCostTimer costTimer = new SchedulerCostTimer();
    Pricing pricing = RatingPricing.start(config, clock, costTimer);
    ProfileStore store = null;
    ActorSystem<Void> system = null;
    try {
      store = RedisProfileStore.connect(node.quote().redis());
      system = ActorSystem.create(Behaviors.empty(), "quote", node.dispatcher().applyTo(config));
      costTimer.attach(system);
      ProviderPort port = adapter.apply(system, pricing.profileRequirement());
      return serve(system, config, node, port, clock, pricing, store);
    } catch (RuntimeException e) {
      if (system != null) {
        system.terminate();
        awaitQuietly(system.getWhenTerminated());
      }
      if (store != null) {
        store.close();
      }
      pricing.close();
      throw e;
    }
  }

  /**
   * The node on its running actor system, its rating and its Redis: the resolver of its arm, the
   * quote API, management, the graceful stop's phases, then the warm-up. The caller stops what
   * started when this throws.
   */
  private static QuoteNode serve(
      ActorSystem<Void> system,
      Config config,
      NodeSettings node,
      ProviderPort adapterPort,
      Clock clock,
      Pricing pricing,
      ProfileStore store) {
    QuoteSettings settings = node.quote();
    WarmupSettings warmup = node.warmup();
    NodeWarmup.SkippingProvider skipping =
        warmup.provider() == WarmupSettings.ProviderMode.SKIP && warmup.quotes() > 0
            ? new NodeWarmup.SkippingProvider(adapterPort, warmup)
            : null;
    ProviderPort provider = skipping != null ? skipping : adapterPort;
    QuoteStats stats = new QuoteStats(settings.arm(), clock, settings.stats().sacrificedCapacity());
    ActuarialTrace trace = new ActuarialTrace(settings.traceSalt());
    // the one place that asks whether the arm has a cache: the service never does
    ProfileResolver resolver =
        settings.arm().usesCache()
            ? startSharding(system, node, provider, store, stats, clock, trace)
            : new DirectResolver(
                system, provider, stats, clock, settings.resolveTimeout(), node.partnerBudget());
    registerStats(system, config, settings, stats, provider, store, trace);
    QuoteService service = new QuoteService(settings, resolver, provider, pricing, stats, trace);
    java.util.concurrent.atomic.AtomicBoolean warmedUp =
        new java.util.concurrent.atomic.AtomicBoolean(false);
    java.util.concurrent.atomic.AtomicBoolean draining =
        new java.util.concurrent.atomic.AtomicBoolean(false);
    QuoteRoutes routes =
        new QuoteRoutes(
            service,
            settings.http().maxBody(),
            node.timeouts().body(),
            () -> warmedUp.get() && isUp(system),
            draining::get,
            settings.http().maxInFlight());
    ServerBinding binding = bind(system, config, node, routes);
    org.apache.pekko.http.javadsl.model.Uri management =
        await(PekkoManagement.get(Adapter.toClassic(system)).start());
    NodeShutdown.register(system, binding, node.shutdown(), draining, store, pricing);
    NodeWarmup.Outcome warmed = warmUp(system, binding, warmup, stats, provider);
    if (skipping != null) {
      skipping.done();
    }
    warmedUp.set(true);
    log.info(
        "quote node up: arm {} on {} (management {}); stack {}",
        settings.arm().label(),
        binding.localAddress(),
        management,
        NodeStack.describe(system));
    return new QuoteNode(
        system, settings, provider, pricing, store, stats, binding, management.port(), warmed);
  }

  /**
   * The quote API bound at {@code quote.http.host} and {@code port}; per connection, the head and
   * idle bounds Pekko HTTP's settings lack ({@link ConnectionTimeouts}).
   */
  private static ServerBinding bind(
      ActorSystem<Void> system, Config config, NodeSettings node, QuoteRoutes routes) {
    QuoteSettings.Http http = node.quote().http();
    return await(
        Http.get(system)
            .newServerAt(http.host(), http.port())
            .withSettings(HttpMethodsKnown.serverSettings(system))
            .bindFlow(
                ConnectionTimeouts.flow(
                    routes.handler(system),
                    node.timeouts(),
                    config.getInt("pekko.http.server.pipelining-limit"))));
  }

  /**
   * The customer profile entities of an arm with a cache, sharded over the cluster, and the
   * resolver that asks them.
   */
  private static ProfileResolver startSharding(
      ActorSystem<Void> system,
      NodeSettings node,
      ProviderPort provider,
      ProfileStore store,
      QuoteStats stats,
      Clock clock,
      ActuarialTrace trace) {
    QuoteSettings settings = node.quote();
    solventa.quote.profile.ActiveEntities active =
        new solventa.quote.profile.ActiveEntities(node.entityBounds().maxActive());
    stats.activeEntities(active::active);
    return ShardedResolver.start(
        system,
        new ProfileEntity.Deps(
            settings,
            provider,
            store,
            stats,
            clock,
            trace::pseudonym,
            node.shutdown().flushDeadline(),
            node.unknownCustomers(),
            node.refresh(),
            node.partnerBudget()),
        node.entityBounds(),
        active,
        settings.resolveTimeout());
  }

  /** The management routes' view of this node: its stats, adapter, store and the runner's token. */
  private static void registerStats(
      ActorSystem<Void> system,
      Config config,
      QuoteSettings settings,
      QuoteStats stats,
      ProviderPort provider,
      ProfileStore store,
      ActuarialTrace trace) {
    QuoteStatsRegistry.get(system)
        .register(
            new QuoteStatsRegistry.Source(
                stats,
                provider,
                settings.arm().usesCache() ? store : null,
                settings.stats().resetEnabled(),
                solventa.platform.AdminToken.fromSetting(
                    RunnerOnlyGuard.TOKEN_KEY, config.getString(RunnerOnlyGuard.TOKEN_KEY)),
                trace::pseudonym));
  }

  /** Waits (bounded) for cluster membership, then runs the warm-up and zeroes the stats it left. */
  private static NodeWarmup.Outcome warmUp(
      ActorSystem<?> system,
      ServerBinding binding,
      WarmupSettings warmup,
      QuoteStats stats,
      ProviderPort provider) {
    if (warmup.quotes() == 0) {
      return NodeWarmup.Outcome.NONE;
    }
    long until = System.nanoTime() + STARTUP.toNanos();
    while (!isUp(system) && System.nanoTime() < until) {
      try {
        Thread.sleep(50); // start-up only: the one place a thread may wait
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while starting", e);
      }
    }
    NodeWarmup.Outcome o =
        NodeWarmup.run(
                system,
                binding.localAddress().getHostString(),
                binding.localAddress().getPort(),
                warmup)
            .taking(NodeWarmup.Path.of(stats)); // before the reset: what the quotes took
    stats.reset(provider);
    NodeWarmup.logOutcome(o, warmup);
    return o;
  }

  private static boolean isUp(ActorSystem<?> system) {
    return Cluster.get(system).selfMember().status() == MemberStatus.up();
  }

  /**
   * True once this node is an Up cluster member and its warm-up is over (what {@code GET /ready}
   * reports); {@link #start} returns only after the warm-up.
   */
  public boolean isReady() {
    return isUp(system);
  }

  public ActorSystem<Void> system() {
    return system;
  }

  public QuoteSettings settings() {
    return settings;
  }

  public QuoteStats stats() {
    return stats;
  }

  public ProviderPort provider() {
    return provider;
  }

  public ProfileStore store() {
    return store;
  }

  public int httpPort() {
    return binding.localAddress().getPort();
  }

  public int managementPort() {
    return managementPort;
  }

  /**
   * The graceful stop: runs Pekko's coordinated shutdown (see the class comment) and waits for it;
   * SIGTERM runs the same phases through Pekko's JVM hook. Idempotent.
   */
  @Override
  public void close() {
    awaitQuietly(CoordinatedShutdown.get(system).runAll(CoordinatedShutdown.unknownReason()));
    awaitQuietly(system.getWhenTerminated());
  }

  private static <T> T await(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture().get(STARTUP.toSeconds(), TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("quote node start-up failed: " + e.getCause(), e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("quote node start-up timed out", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting", e);
    }
  }

  private static void awaitQuietly(CompletionStage<?> stage) {
    try {
      stage.toCompletableFuture().get(STARTUP.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      log.debug("ignored while stopping: {}", e.toString());
    }
  }
}
