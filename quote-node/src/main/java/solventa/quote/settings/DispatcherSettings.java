package solventa.quote.settings;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import java.util.HashMap;
import java.util.Map;
import solventa.quote.settings.QuoteSettings.InvalidQuoteSettings;

/**
 * {@code quote.dispatcher}: the size of the actor system's default dispatcher, Pekko's fork-join
 * pool, where the HTTP server's streams, the profile entities and the quote path's continuations
 * run. Validated on construction (a bad value refuses the start, naming the key and the value).
 * Everything else about the node's threads is Pekko's own configuration: its TCP layer ({@code
 * pekko.io.tcp}), its HTTP server ({@code pekko.http.server}) and its scheduler ({@code
 * pekko.scheduler.tick-duration}), set in {@code application.conf}.
 *
 * <p>Pekko sizes its default dispatcher at 8 threads or more whatever the machine; on the lab's
 * 2-core nodes most of them only wake up, find little to do and park again, and each wake-up costs
 * system time. The work on this dispatcher never blocks, so one thread per processor keeps both
 * cores busy.
 *
 * <p>Pekko also keeps a separate internal dispatcher (at least 4 threads) for its own actors, among
 * them the cluster sharding region and shard that route every quote to its entity and the TCP
 * connections the HTTP server reads and writes. A quote then crosses between the two pools four
 * times. With {@code shareInternal} Pekko's internal dispatcher is an alias of the default one: one
 * pool for the whole node. What that costs: Pekko keeps the internal dispatcher apart so that a
 * flood of user work cannot delay its own actors (cluster heartbeats, sharding's coordinator); on
 * this node nothing on the default dispatcher blocks and the edge sheds above {@code
 * quote.http.max-in-flight}, so the queue it shares stays short.
 *
 * @param threads the dispatcher's threads (its pool's parallelism)
 * @param shareInternal whether Pekko's internal dispatcher is the default dispatcher
 */
public record DispatcherSettings(int threads, boolean shareInternal) {
  public static final String THREADS = "quote.dispatcher.threads";
  public static final String SHARE_INTERNAL = "quote.dispatcher.share-internal";

  /**
   * Keys of the node's former own event loop, transport and timers, replaced by Pekko's standard
   * stack: set, they refuse the start rather than being silently ignored.
   */
  static final java.util.List<String> REMOVED =
      java.util.List.of(
          "quote.dispatcher.executor",
          "quote.dispatcher.spill-at",
          "quote.dispatcher.scheduler",
          "quote.http.transport");

  /** Most threads accepted: far above any processor count the lab runs on. */
  public static final int MAX_THREADS = 64;

  /** At least this many when sized from the processors: one busy thread must not stall the rest. */
  static final int MIN_FROM_PROCESSORS = 2;

  public DispatcherSettings {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new InvalidQuoteSettings(
          THREADS, String.valueOf(threads), "must be 0 (one per processor) or 1.." + MAX_THREADS);
    }
  }

  /**
   * Reads {@code quote.dispatcher.*}; {@code threads = 0} means one per processor the JVM sees, at
   * least 2.
   */
  public static DispatcherSettings fromConfig(Config root) {
    for (String key : REMOVED) {
      if (root.hasPath(key)) {
        throw new InvalidQuoteSettings(
            key,
            root.getValue(key).render(),
            "was removed: the node runs Pekko's own dispatcher, TCP layer and"
                + " scheduler; tune them with pekko.* settings");
      }
    }
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
    return new DispatcherSettings(threads, shareInternal);
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

  private static final String DEFAULT_DISPATCHER = "pekko.actor.default-dispatcher";
}
