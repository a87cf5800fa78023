package solventa.quote.profile;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.event.connection.ConnectionActivatedEvent;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import solventa.quote.profile.internal.ProfileCodec;
import solventa.quote.settings.QuoteSettings;
import solventa.signals.CanonicalProfile;

/**
 * {@link ProfileStore} on Redis through Lettuce's async API: one shared connection, keys {@code
 * <key-prefix><customerId>}, values in {@link ProfileCodec}'s JSON, each with a lifetime of {@code
 * quote.redis.ttl} from its write (24 h by default; the server's {@code allkeys-lru} may evict
 * sooner). When to refresh is the entity's policy ({@code refresh-after}); how old a fallback may
 * be is {@code quote.max-staleness}.
 *
 * <p>While Redis is unreachable, commands fail at once instead of queueing (so an entity's recovery
 * never waits for a dead server) and the connection reconnects in the background every 500 ms at
 * most; each command also has {@code quote.redis.timeout}. The connection is opened at start-up
 * (blocking, bounded); a node whose Redis is down at start serves without it and connects in the
 * background every {@code CONNECT_RETRY} (it used to refuse to start).
 *
 * <p><b>A newer value is never replaced by an older one.</b> A write is a compare-and-set inside
 * Redis ({@link #WRITE_IF_NOT_OLDER}, one Lua script, atomic on the server): the stored value is
 * kept when its {@code fetchedAtMs} is later than the one written. This covers a late retry of a
 * failed write, two nodes writing one customer during a split brain or a hand-over, and a backdated
 * bench seed. A stored value without {@code fetchedAtMs} (written before the field existed, or by
 * hand) is replaced. {@link #keptNewer()} counts the writes that found a newer value.
 *
 * <p>A failed write is logged at WARN once when writes start failing, and at INFO once when one
 * succeeds again, with the number that failed in between: a Redis outage logs two lines, not one
 * per entity and retry. The count is also in the node's stats ({@code redisErrors}).
 *
 * <p><b>A restart is noticed.</b> Each time the connection becomes active (Lettuce's {@link
 * ConnectionActivatedEvent}: the first connect and every reconnect), the store reads the server's
 * {@code run_id} ({@code INFO server}), which a Redis draws anew at every start. When it differs
 * from the one read before, the server restarted and may have lost every value it held (without
 * persistence it comes back empty): the store logs it, counts it ({@link #restartsSeen()}) and runs
 * its {@link #whenRestarted} listeners. A reconnect to the same server (a network blip, a killed
 * client connection) is not a restart.
 */
public final class RedisProfileStore implements ProfileStore {
  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(RedisProfileStore.class);

  /**
   * KEYS[1] the customer's key; ARGV[1] the value, ARGV[2] its fetchedAtMs, ARGV[3] the lifetime in
   * ms. Writes unless the stored value is newer; returns 1 when written, 0 when kept.
   */
  static final String WRITE_IF_NOT_OLDER =
      """
      local current = redis.call('GET', KEYS[1])
      if current then
        local ok, stored = pcall(cjson.decode, current)
        if ok and type(stored) == 'table' and type(stored['fetchedAtMs']) == 'number'
            and stored['fetchedAtMs'] > tonumber(ARGV[2]) then
          return 0
        end
      end
      redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
      return 1
      """;

  private final AtomicLong keptNewer = new AtomicLong();
  private final AtomicLong failingSince = new AtomicLong(); // failed writes since the last success
  private final AtomicReference<String> runId = new AtomicReference<>(); // the server's, once read
  private final AtomicLong restartsSeen = new AtomicLong();
  private final List<Runnable> restartListeners = new CopyOnWriteArrayList<>();

  private final ClientResources resources;
  private final RedisClient client;
  private final RedisURI uri;
  private final String keyPrefix;
  private final long ttlMillis;
  // null until the first connection succeeds; Lettuce reconnects it by itself afterwards
  private volatile StatefulRedisConnection<String, String> connection;
  private volatile boolean closed;

  /** Delay between connection attempts while Redis has never been reached. */
  static final Duration CONNECT_RETRY = Duration.ofMillis(500);

  /** Reads of the server's run_id after a connection became active, before giving up on it. */
  static final int RUN_ID_ATTEMPTS = 10;

  private RedisProfileStore(QuoteSettings.Redis settings) {
    this.keyPrefix = settings.keyPrefix();
    this.ttlMillis = settings.ttl().toMillis();
    this.resources =
        ClientResources.builder()
            .reconnectDelay(
                Delay.exponential(
                    Duration.ofMillis(20),
                    Duration.ofMillis(500),
                    2,
                    java.util.concurrent.TimeUnit.MILLISECONDS))
            .build();
    resources
        .eventBus()
        .get()
        .filter(ConnectionActivatedEvent.class::isInstance)
        .subscribe(e -> checkServer(RUN_ID_ATTEMPTS));
    this.uri = RedisURI.create(settings.uri());
    this.client = RedisClient.create(resources, uri);
    client.setOptions(
        ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .timeoutOptions(TimeoutOptions.enabled(settings.timeout()))
            .socketOptions(
                io.lettuce.core.SocketOptions.builder()
                    .connectTimeout(settings.timeout().multipliedBy(4))
                    .build())
            .build());
    try {
      this.connection = client.connect();
    } catch (RuntimeException e) {
      // the cache is an optimisation: serve without it and keep trying in the background
      log.warn(
          "Redis unreachable at start (quote.redis.uri = {}): {}; serving without it, connecting"
              + " every {} ms",
          settings.uri(),
          e.getMessage(),
          CONNECT_RETRY.toMillis());
      scheduleConnect();
    }
  }

  private void scheduleConnect() {
    if (!closed) {
      resources
          .eventExecutorGroup()
          .schedule(this::connectAsync, CONNECT_RETRY.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void connectAsync() {
    if (closed) {
      return;
    }
    client
        .connectAsync(StringCodec.UTF8, uri)
        .whenComplete(
            (c, e) -> {
              if (e != null) {
                scheduleConnect();
              } else if (closed) {
                c.closeAsync();
              } else {
                connection = c;
                log.info(
                    "Redis connected at {}: the cache is back",
                    uri.getHost() + ":" + uri.getPort());
              }
            });
  }

  /**
   * Reads the server's run_id and compares it with the last one read; retried every {@link
   * #CONNECT_RETRY} while the connection is not usable yet, at most {@code attemptsLeft} times.
   */
  private void checkServer(int attemptsLeft) {
    if (closed || attemptsLeft <= 0) {
      return;
    }
    StatefulRedisConnection<String, String> c = connection;
    if (c == null || !c.isOpen()) {
      retryCheck(attemptsLeft - 1);
      return;
    }
    c.async()
        .info("server")
        .whenComplete(
            (info, e) -> {
              String now = e == null ? runId(info) : null;
              if (now == null) {
                retryCheck(attemptsLeft - 1);
              } else {
                serverIs(now);
              }
            });
  }

  private void retryCheck(int attemptsLeft) {
    if (!closed && attemptsLeft > 0) {
      resources
          .eventExecutorGroup()
          .schedule(
              () -> checkServer(attemptsLeft), CONNECT_RETRY.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** The server answered with {@code now} as its run_id: a different one is a restart. */
  void serverIs(String now) {
    String before = runId.getAndSet(now);
    if (before != null && !before.equals(now)) {
      restartsSeen.incrementAndGet();
      log.info(
          "Redis restarted (its run_id changed): it may have lost the values it held; the node's"
              + " entities write theirs again");
      restartListeners.forEach(Runnable::run);
    }
  }

  /** The {@code run_id} of an {@code INFO server} answer, null when it has none. */
  static String runId(String info) {
    if (info == null) {
      return null;
    }
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("run_id:")) {
        String id = line.substring("run_id:".length()).trim();
        return id.isEmpty() ? null : id;
      }
    }
    return null;
  }

  @Override
  public void whenRestarted(Runnable listener) {
    restartListeners.add(listener);
  }

  /** The server's run_id as last read, null until read. */
  String knownRunId() {
    return runId.get();
  }

  /** Restarts of the server noticed since the store connected (a changed run_id). */
  public long restartsSeen() {
    return restartsSeen.get();
  }

  /** Whether the store has a connection (it may still be reconnecting after an outage). */
  public boolean connected() {
    return connection != null;
  }

  private RedisAsyncCommands<String, String> commands() {
    StatefulRedisConnection<String, String> c = connection;
    if (c == null) {
      throw new IllegalStateException("Redis not reached yet");
    }
    return c.async();
  }

  /**
   * Connects (blocking, at start-up only, bounded by the connect timeout). A Redis that cannot be
   * reached does not stop the node: the store answers every command with a failure (the entities
   * count it and carry on without the cache, retrying their writes) until a background attempt
   * connects.
   */
  public static RedisProfileStore connect(QuoteSettings.Redis settings) {
    return new RedisProfileStore(settings);
  }

  /** The Redis key of a customer's profile. */
  public String key(String customerId) {
    return keyPrefix + customerId;
  }

  @Override
  public CompletionStage<Optional<CanonicalProfile>> load(String customerId) {
    if (connection == null) {
      return CompletableFuture.failedFuture(new IllegalStateException("Redis not reached yet"));
    }
    return commands()
        .get(key(customerId))
        .thenApply(v -> v == null ? Optional.<CanonicalProfile>empty() : decodeOrEmpty(v));
  }

  @Override
  public CompletionStage<Void> save(CanonicalProfile profile) {
    if (connection == null) {
      IllegalStateException notYet = new IllegalStateException("Redis not reached yet");
      logWrite(null, notYet);
      return CompletableFuture.failedFuture(notYet);
    }
    String[] keys = {key(profile.customerId())};
    return commands()
        .<Long>eval(
            WRITE_IF_NOT_OLDER,
            ScriptOutputType.INTEGER,
            keys,
            ProfileCodec.encode(profile),
            Long.toString(profile.fetchedAt().toEpochMilli()),
            Long.toString(ttlMillis))
        .whenComplete(this::logWrite)
        .thenApply(
            written -> {
              if (written != null && written == 0L) {
                keptNewer.incrementAndGet();
              }
              return null;
            });
  }

  /** Writes that found a newer value stored and left it there. */
  public long keptNewer() {
    return keptNewer.get();
  }

  // two lines per outage: the first failure after a success, and the first success after failures
  private void logWrite(Long written, Throwable error) {
    if (error != null) {
      if (failingSince.getAndIncrement() == 0) {
        log.warn(
            "Redis writes failing ({}); entities keep their values and retry, further failures are"
                + " counted in the node's stats until a write succeeds",
            String.valueOf(error.getMessage()));
      }
    } else {
      long failed = failingSince.getAndSet(0);
      if (failed > 0) {
        log.info("Redis writes succeed again after {} failed", failed);
      }
    }
  }

  // A corrupt value is treated as absent: the next refresh overwrites it.
  private static Optional<CanonicalProfile> decodeOrEmpty(String v) {
    try {
      return Optional.of(ProfileCodec.decode(v));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    closed = true;
    StatefulRedisConnection<String, String> c = connection;
    if (c != null) {
      c.close();
    }
    client.shutdown();
    resources.shutdown();
  }
}
