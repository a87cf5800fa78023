package solventa.quote;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.pekko.actor.BootstrapSetup;
import org.apache.pekko.dispatch.ExecutionContexts;
import solventa.quote.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.dispatcher}: the size of the actor system's default dispatcher, where the HTTP
 * server's streams, the profile entities and the quote path's continuations run. Validated on
 * construction (a bad value refuses the start, naming the key and the value).
 *
 * <p>Pekko sizes its default dispatcher at 8 threads or more whatever the machine; on the lab's
 * 2-core nodes most of them only wake up, find little to do and park again, and each wake-up costs
 * system time (decision 0027). The work on this dispatcher never blocks, so one thread per
 * processor keeps both cores busy.
 *
 * <p>Pekko also keeps a separate internal dispatcher (at least 4 threads) for its own actors, among
 * them the cluster sharding region and shard that route every quote to its entity and the TCP
 * connections the HTTP server reads and writes. A quote then crosses between the two pools four
 * times. With {@code shareInternal} Pekko's internal dispatcher is an alias of the default one: one
 * pool for the whole node.
 *
 * <p>{@code executor = loop} (decision 0030) runs the dispatcher on the node's own {@link
 * NodeLoop}, which also keeps rating's cost timer; {@code fork-join} keeps Pekko's fork-join pool
 * (and rating's own timer thread).
 *
 * @param threads the dispatcher's threads (its pool's parallelism)
 * @param shareInternal whether Pekko's internal dispatcher is the default dispatcher
 * @param executor the pool the default dispatcher runs on
 * @param spillAt with {@link Executor#LOOP}: tasks waiting at which a parked thread is woken though
 *     another is awake
 * @param transport what carries the quote API's connections ({@code quote.http.transport}, decision
 *     0034): {@link Transport#LOOP} needs {@link Executor#LOOP}
 * @param scheduler what runs Pekko's timers ({@code quote.dispatcher.scheduler}, decision 0036):
 *     {@link Timers#LOOP} needs {@link Executor#LOOP}
 */
public record DispatcherSettings(
    int threads,
    boolean shareInternal,
    Executor executor,
    int spillAt,
    Transport transport,
    Timers scheduler) {
  public static final String THREADS = "quote.dispatcher.threads";
  public static final String SHARE_INTERNAL = "quote.dispatcher.share-internal";
  public static final String EXECUTOR = "quote.dispatcher.executor";
  public static final String SPILL_AT = "quote.dispatcher.spill-at";
  public static final String TRANSPORT = "quote.http.transport";
  public static final String SCHEDULER = "quote.dispatcher.scheduler";

  /** What runs Pekko's timers. */
  public enum Timers {
    /** The node loop's timer queue ({@link LoopScheduler}). */
    LOOP,
    /** Pekko's own scheduler and its ticking thread. */
    PEKKO
  }

  /** {@code loop} for "loop", {@code pekko} for "pekko", else empty. */
  private static <T> Optional<T> loopOrPekko(String text, T loop, T pekko) {
    return switch (text == null ? "" : text) {
      case "loop" -> Optional.of(loop);
      case "pekko" -> Optional.of(pekko);
      default -> Optional.empty();
    };
  }

  /** What carries the quote API's connections. */
  public enum Transport {
    /** The node loop's worker 0 accepts, reads and writes the sockets itself. */
    LOOP,
    /** Pekko's TCP layer, with its own selector thread. */
    PEKKO
  }

  /** The pool behind the default dispatcher. */
  public enum Executor {
    /** The node's {@link NodeLoop}, which also runs rating's cost timer. */
    LOOP,
    /** Pekko's fork-join pool. */
    FORK_JOIN;

    /** Parses "loop" or "fork-join"; empty when the text names neither. */
    static Optional<Executor> parse(String text) {
      return switch (text == null ? "" : text) {
        case "loop" -> Optional.of(LOOP);
        case "fork-join" -> Optional.of(FORK_JOIN);
        default -> Optional.empty();
      };
    }
  }

  /** Largest {@code spill-at} accepted. */
  public static final int MAX_SPILL_AT = 1024;

  /** Most threads accepted: far above any processor count the lab runs on. */
  public static final int MAX_THREADS = 64;

  /** At least this many when sized from the processors: one busy thread must not stall the rest. */
  static final int MIN_FROM_PROCESSORS = 2;

  public DispatcherSettings {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new InvalidQuoteSettings(
          THREADS, String.valueOf(threads), "must be 0 (one per processor) or 1.." + MAX_THREADS);
    }
    if (executor == null) {
      throw new InvalidQuoteSettings(EXECUTOR, "null", "must be loop or fork-join");
    }
    if (spillAt < 1 || spillAt > MAX_SPILL_AT) {
      throw new InvalidQuoteSettings(
          SPILL_AT, String.valueOf(spillAt), "must be 1.." + MAX_SPILL_AT);
    }
    loopOnlyOnTheLoop(TRANSPORT, transport, Transport.LOOP, executor);
    loopOnlyOnTheLoop(SCHEDULER, scheduler, Timers.LOOP, executor);
  }

  /**
   * Refuses a missing {@code value} at {@code key}, and its {@code loop} choice unless the executor
   * is the loop.
   */
  private static <T> void loopOnlyOnTheLoop(String key, T value, T loop, Executor executor) {
    if (value == null) {
      throw new InvalidQuoteSettings(key, "null", "must be loop or pekko");
    }
    if (value == loop && executor != Executor.LOOP) {
      throw new InvalidQuoteSettings(
          key, "loop", "needs " + EXECUTOR + " = loop (it is fork-join); use pekko");
    }
  }

  /**
   * Reads {@code quote.dispatcher.*}; {@code threads = 0} means one per processor the JVM sees, at
   * least 2.
   */
  public static DispatcherSettings fromConfig(Config root) {
    int threads = QuoteSettings.wholeNumber(root, THREADS);
    if (threads == 0) {
      threads = Math.max(MIN_FROM_PROCESSORS, Runtime.getRuntime().availableProcessors());
    }
    boolean shareInternal;
    try {
      shareInternal = root.getBoolean(SHARE_INTERNAL);
    } catch (ConfigException.WrongType | ConfigException.BadValue e) {
      throw new InvalidQuoteSettings(
          SHARE_INTERNAL, root.getValue(SHARE_INTERNAL).render(), "must be on or off");
    }
    Executor executor = choice(root, EXECUTOR, Executor::parse, "must be loop or fork-join");
    Transport transport =
        autoLoopOrPekko(root, TRANSPORT, executor, Transport.LOOP, Transport.PEKKO);
    Timers scheduler = autoLoopOrPekko(root, SCHEDULER, executor, Timers.LOOP, Timers.PEKKO);
    return new DispatcherSettings(
        threads,
        shareInternal,
        executor,
        QuoteSettings.wholeNumber(root, SPILL_AT),
        transport,
        scheduler);
  }

  /**
   * The value at {@code key}: "loop", "pekko", or "auto" ({@code loop} with the loop executor, else
   * {@code pekko}); any other text refuses the start.
   */
  private static <T> T autoLoopOrPekko(
      Config root, String key, Executor executor, T loop, T pekko) {
    Optional<T> auto = Optional.of(executor == Executor.LOOP ? loop : pekko);
    return choice(
        root,
        key,
        text -> "auto".equals(text) ? auto : loopOrPekko(text, loop, pekko),
        "must be auto, loop or pekko");
  }

  /**
   * The value at {@code key} as {@code parse} reads it; a text it does not know refuses the start.
   */
  private static <T> T choice(
      Config root,
      String key,
      java.util.function.Function<String, Optional<T>> parse,
      String rule) {
    return parse
        .apply(root.getValue(key).unwrapped().toString())
        .orElseThrow(() -> new InvalidQuoteSettings(key, root.getValue(key).render(), rule));
  }

  /**
   * {@code root} with Pekko's default dispatcher pinned to {@link #threads} threads, and its
   * internal dispatcher an alias of the default one if {@link #shareInternal}.
   */
  public Config applyTo(Config root) {
    String pool = DEFAULT_DISPATCHER + ".fork-join-executor.";
    Map<String, Object> pinned = new HashMap<>();
    pinned.put(pool + "parallelism-min", threads);
    pinned.put(pool + "parallelism-max", threads);
    if (shareInternal) {
      pinned.put("pekko.actor.internal-dispatcher", DEFAULT_DISPATCHER);
    }
    return ConfigFactory.parseMap(pinned).withFallback(root);
  }

  /**
   * The actor system's bootstrap: {@link #applyTo} the configuration, and with a {@code loop} the
   * default dispatcher runs on it (Pekko's {@code default-executor} takes a supplied execution
   * context; the actor system does not shut it down, its owner does), and with {@link Timers#LOOP}
   * so do Pekko's timers ({@link LoopScheduler}).
   */
  public BootstrapSetup bootstrap(Config root, NodeLoop loop) {
    Config config = applyTo(root);
    if (loop != null && scheduler == Timers.LOOP) {
      // Pekko makes its scheduler by reflection from the configuration: hand it the loop there
      Map<String, Object> timers = new HashMap<>();
      timers.put("pekko.scheduler.implementation", LoopScheduler.class.getName());
      timers.put(LoopScheduler.LOOP_KEY, LoopScheduler.offer(loop));
      config = ConfigFactory.parseMap(timers).withFallback(config);
    }
    BootstrapSetup setup = BootstrapSetup.create(config);
    return loop == null
        ? setup
        : setup.withDefaultExecutionContext(ExecutionContexts.fromExecutorService(loop));
  }

  private static final String DEFAULT_DISPATCHER = "pekko.actor.default-dispatcher";
}
